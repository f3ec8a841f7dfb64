import Foundation
import Testing

@testable import Precept

/// The parser's golden tests: every `Golden/parser/*.cel` (one expression) and `*.precept`
/// (a ruleset file) is parsed and dumped with `ASTDump`, followed by the rendered diagnostics;
/// the result must equal the `.ast` file beside it.
@Suite struct ParserGoldenTests {
  static let inputs = Golden.inputs("parser", ["cel", "precept"])

  @Test func goldenFolderIsNotEmpty() {
    #expect(Self.inputs.count >= 20)
  }

  @Test(arguments: inputs)
  func golden(_ name: String) {
    let source = SourceFile(name: name, bytes: Golden.bytes("parser", name))
    Golden.verify(
      ParserGoldenTests.dump(source, isRuleset: name.hasSuffix(".precept")), "parser", Golden.sibling(name, "ast"))
  }

  /// The dump of what the parser built, then its diagnostics as a user sees them.
  static func dump(_ source: SourceFile, isRuleset: Bool) -> String {
    var out = ""
    let diagnostics: [Diagnostic]
    if isRuleset {
      let (ruleset, found) = Parser.parseRuleset(source)
      if let ruleset { out += ASTDump.dump(ruleset, source) }
      diagnostics = found
    } else {
      let (expr, found) = Parser.parseExpression(source)
      if let expr { out += ASTDump.dump(expr, source) }
      diagnostics = found
    }
    if !diagnostics.isEmpty {
      out += "--- diagnostics ---\n" + diagnostics.map { $0.rendered() }.joined(separator: "\n") + "\n"
    }
    return out
  }
}

@Suite struct ParserTests {
  func parse(_ text: String) -> (Expr?, [Diagnostic]) {
    Parser.parseExpression(SourceFile(name: "t.cel", text: text))
  }

  func dump(_ text: String) -> String? {
    let source = SourceFile(name: "t.cel", text: text)
    return Parser.parseExpression(source).0.map { ASTDump.dump($0, source) }
  }

  @Test func publicDumpThrowsTheDiagnostics() throws {
    #expect(try ASTDump.expression(SourceFile(name: "x", text: "1")) == "(int 1 1:1-1:2)\n")
    #expect(throws: DiagnosticError.self) { try ASTDump.expression(SourceFile(name: "x", text: "1 +")) }
    #expect(throws: DiagnosticError.self) { try ASTDump.ruleset(SourceFile(name: "x", text: "rule")) }
    let ruleset = try ASTDump.ruleset(SourceFile(name: "x", text: "ruleset a 1.0.0"))
    #expect(ruleset == "(ruleset a 1:9-1:10\n  (version 1.0.0 1:11-1:16))\n")
  }

  @Test func precedenceMatchesExplicitParentheses() {
    let pairs = [
      ("a || b && c", "a || (b && c)"),
      ("a && b == c", "a && (b == c)"),
      ("a == b + c", "a == (b + c)"),
      ("a + b * c", "a + (b * c)"),
      ("a - b - c", "(a - b) - c"),
      ("a / b % c", "(a / b) % c"),
      ("a => b => c", "a => (b => c)"),
      ("a ? b : c ? d : e", "a ? b : (c ? d : e)"),
      ("a || b => c", "(a || b) => c"),
      ("a ? b : c => d", "(a ? b : c) => d"),
      ("!a == b", "(!a) == b"),
      ("-a.b", "-(a.b)"),
      ("a in b && c", "(a in b) && c"),
      ("a < b == c", "(a < b) == c"),
    ]
    for (plain, explicit) in pairs {
      #expect(dump(plain).map(stripSpans) == dump(explicit).map(stripSpans), "\(plain)")
    }
  }

  private func stripSpans(_ dump: String) -> String {
    dump.replacingOccurrences(of: #" \d+:\d+-\d+:\d+"#, with: "", options: .regularExpression)
  }

  @Test func recoveryReportsSeveralErrorsInOneFile() {
    let text = """
      ruleset r 1.0.0
      let a = 1 + * 2
      rule x { severity error on T require ) }
      rule y { severity error on T require 1 + }
      unknown "item"
      let b = (]
      rule z { severity info on T require true }
      """
    let (ruleset, diagnostics) = Parser.parseRuleset(SourceFile(name: "r.precept", text: text))
    #expect(diagnostics.count >= 5)
    #expect(diagnostics.map(\.location.line) == diagnostics.map(\.location.line).sorted())
    // The items after the errors are still parsed.
    #expect(ruleset?.rules.map(\.id.value) == ["x", "y", "z"])
    #expect(diagnostics.contains { $0.message == "unknown ruleset item 'unknown'" })
  }

  @Test func manyErrorsDoNotAccumulateTowardsTheNestingLimit() {
    // Each rule fails deep inside an expression; none of the later rules may see a raised depth.
    var text = "ruleset r 1.0.0\n"
    // Each failure used to leave five levels counted; 90 of them exceed the limit of 200.
    for index in 0..<90 { text += "rule r\(index) { severity info on T require f(g(h([1 + ]))) }\n" }
    text += "let ok = " + String(repeating: "(", count: 99) + "1" + String(repeating: ")", count: 99) + "\n"
    let (_, diagnostics) = Parser.parseRuleset(SourceFile(name: "r.precept", text: text))
    #expect(diagnostics.count == 90)
    #expect(!diagnostics.contains { $0.message.contains("nested") })
  }

  @Test func hyphenatedNamesAndIds() throws {
    let text =
      "ruleset my-company.menu-basic 1.0.0\nimport other-set.x ^1.0\nrule a-1-b2 { severity info on T require true }"
    let (ruleset, diagnostics) = Parser.parseRuleset(SourceFile(name: "r", text: text))
    #expect(diagnostics.isEmpty)
    #expect(ruleset?.name.value == "my-company.menu-basic")
    #expect(ruleset?.imports.first?.name.value == "other-set.x")
    #expect(ruleset?.imports.first?.range.value == "^1.0")
    #expect(ruleset?.rules.first?.id.value == "a-1-b2")
  }

  @Test func rawTextsStopAtCommentsAndLineEnds() {
    let text = "ruleset a 1.2.3-rc.1+b5 // comment\nimport b  >=1.0 <2.0 || 3.x   // comment\nimport c ~1.2\n"
    let (ruleset, _) = Parser.parseRuleset(SourceFile(name: "r", text: text))
    #expect(ruleset?.version.value == "1.2.3-rc.1+b5")
    #expect(ruleset?.imports.map(\.range.value) == [">=1.0 <2.0 || 3.x", "~1.2"])
  }

  @Test func missingVersionAndRange() {
    let (_, diagnostics) = Parser.parseRuleset(SourceFile(name: "r", text: "ruleset a\nimport b\n"))
    #expect(
      diagnostics.map(\.message) == [
        "expected a version after the ruleset name", "expected a version range after 'import b'",
      ])
  }

  @Test func negativeLiteralsFoldIntoTheLiteral() {
    #expect(dump("-9223372036854775808") == "(int -9223372036854775808 1:1-1:21)\n")
    #expect(
      parse("9223372036854775808").1.first?.message
        == "integer literal '9223372036854775808' does not fit in a 64-bit int")
    #expect(
      parse("-9223372036854775809").1.first?.message
        == "integer literal '-9223372036854775809' does not fit in a 64-bit int")
    #expect(dump("-0.0") == "(double -0.0 1:1-1:5)\n")
  }

  @Test func templatesSplitIntoTextAndHoles() throws {
    let text = "ruleset a 1.0.0\nrule r { severity info on T require true message \"a{node.type}b{{c}}d{'}'}\" }"
    let (ruleset, diagnostics) = Parser.parseRuleset(SourceFile(name: "r", text: text))
    #expect(diagnostics.isEmpty)
    let parts = try #require(ruleset?.rules.first?.message?.parts)
    #expect(parts.count == 4)
    guard parts.count == 4, case .text("a") = parts[0], case .expression = parts[1], case .text("b{c}d") = parts[2],
      case .expression(let last) = parts[3], case .string("}") = last.kind
    else {
      Issue.record("unexpected template parts \(parts)")
      return
    }
  }

  @Test func templateErrorsPointIntoTheHole() {
    let cases: [(String, String, Int)] = [
      ("\"a {1 +} b\"", "expected an expression, found end of file", 25),
      ("\"a {} b\"", "expected an expression, found end of file", 22),
      ("\"a { b\"", "unterminated '{' in template; write '{{' for a literal brace", 21),
      ("\"a } b\"", "unmatched '}' in template; write '}}' for a literal brace", 21),
      ("\"{1 2}\"", "unexpected number '2' in template expression", 22),
    ]
    for (template, message, column) in cases {
      let text = "rule r { message \(template) }"
      let (_, diagnostics) = Parser.parseRuleset(SourceFile(name: "r", text: "ruleset a 1.0.0\n" + text))
      #expect(diagnostics.first?.message == message, "\(template)")
      #expect(diagnostics.first?.location == Precept.SourceLocation(line: 2, column: column), "\(template)")
    }
  }
}

/// Deep nesting must end in the limit diagnostic — never in a stack overflow, also on a thread
/// with a small stack.
@Suite struct NestingLimitTests {
  static let depth = 10_000

  /// Inputs nested far beyond the limit, one per construct that nests.
  static var deepInputs: [(String, String)] {
    let n = depth
    return [
      ("parentheses", String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n)),
      ("lists", String(repeating: "[", count: n) + String(repeating: "]", count: n)),
      ("maps", String(repeating: "{1: ", count: n) + "1" + String(repeating: "}", count: n)),
      ("calls", String(repeating: "f(", count: n) + String(repeating: ")", count: n)),
      ("not", String(repeating: "!", count: n) + "true"),
      ("negation", String(repeating: "-", count: n) + "x"),
      ("implication", Array(repeating: "a", count: n).joined(separator: " => ")),
      ("conditional", String(repeating: "a ? b : ", count: n) + "c"),
      ("sum", Array(repeating: "1", count: n).joined(separator: " + ")),
      ("or", Array(repeating: "a", count: n).joined(separator: " || ")),
      ("selection", "a" + String(repeating: ".b", count: n)),
      ("method calls", "a" + String(repeating: ".f()", count: n)),
      ("index", "a" + String(repeating: "[0]", count: n)),
      ("macros", String(repeating: "l.all(x, ", count: n) + "true" + String(repeating: ")", count: n)),
      ("index expressions", String(repeating: "a[", count: n) + "0" + String(repeating: "]", count: n)),
    ]
  }

  static func checkLimit(_ text: String) -> [String] {
    let (expr, diagnostics) = Parser.parseExpression(SourceFile(name: "deep", text: text))
    var problems: [String] = []
    if expr != nil { problems.append("parsed without a diagnostic") }
    if !diagnostics.contains(where: { $0.message == "expression is nested more deeply than the limit of 200 levels" }) {
      problems.append("no nesting diagnostic: \(diagnostics.map(\.message))")
    }
    // The same expression inside a ruleset and inside a template hole.
    let ruleset = "ruleset a 1.0.0\nlet x = \(text)\nrule r { severity info on T require true message \"{ \(text) }\" }"
    let (_, rulesetDiagnostics) = Parser.parseRuleset(SourceFile(name: "deep", text: ruleset))
    let limits = rulesetDiagnostics.filter { $0.message.hasPrefix("expression is nested more deeply") }
    if limits.count != 2 { problems.append("ruleset: \(rulesetDiagnostics.map(\.message))") }
    return problems
  }

  @Test(arguments: deepInputs.map(\.0))
  func deepNestingGivesTheLimitDiagnostic(_ construct: String) {
    let text = Self.deepInputs.first { $0.0 == construct }!.1
    #expect(Self.checkLimit(text) == [])
  }

  /// The whole expression is one level, and each bracket adds two (the bracket and the
  /// expression inside it); each operator of a chain adds one.
  @Test func nestingAtTheLimitParsesChecksAndRuns() throws {
    func parentheses(_ count: Int) -> String {
      String(repeating: "(", count: count) + "1" + String(repeating: ")", count: count)
    }
    func sum(_ terms: Int) -> String { Array(repeating: "1", count: terms).joined(separator: "+") }
    #expect(try CompiledExpression(parentheses(99)).evaluate() == .success(.int(1)))
    #expect(try CompiledExpression(sum(200)).evaluate() == .success(.int(200)))
    #expect(parse("a" + String(repeating: ".b", count: 199)).1.isEmpty)
    for text in [parentheses(100), sum(201), "a" + String(repeating: ".b", count: 200)] {
      #expect(parse(text).1.map(\.message) == ["expression is nested more deeply than the limit of 200 levels"])
    }
  }

  func parse(_ text: String) -> (Expr?, [Diagnostic]) {
    Parser.parseExpression(SourceFile(name: "t.cel", text: text))
  }

  @Test func deepNestingOnASmallStack() {
    final class Box: @unchecked Sendable {
      var problems: [String] = []
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      for (construct, text) in NestingLimitTests.deepInputs {
        box.problems += NestingLimitTests.checkLimit(text).map { "\(construct): \($0)" }
      }
      done.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    done.wait()
    #expect(box.problems == [])
  }
}
