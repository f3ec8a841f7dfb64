import Foundation
import Testing

@testable import Precept

/// Random and mutated inputs through every stage — lexer, parser, AST dump, checker, compiler,
/// bytecode invariants, evaluation — asserting that nothing crashes and every compiled program
/// is well formed. Evaluation is bounded by the cost budget in `limits`; hangs in the other
/// stages are what the libFuzzer targets' `-timeout` catches (`Tests/Fuzz`), since this suite
/// never times anything. The seed is fixed, so a failure reproduces.
@Suite struct FuzzTests {

  /// Tokens the grammar knows, to build inputs from.
  static let vocabulary: [String] = {
    var words = [
      "ruleset", "rule", "review", "let", "host", "import", "title", "summary", "help", "use", "avoid", "when",
      "instead", "allow", "golden", "severity", "error", "warning", "info", "wcag", "on", "as", "inside", "require",
      "forbid", "message", "fix", "must", "dont", "suggest", "category", "check", "node", "in", "true", "false", "null",
      "has", "x", "l", "m", "s", "n", "Menu", "Button", "*", "|", "(", ")", "[", "]", "{", "}", "{{", "}}", ".", ",",
      ":",
      "?", "+", "-", "*", "/", "%", "!", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "=>", "=", "&", "^1.0", "1.0.0",
      "0", "1", "-1", "42u", "0x1F", "1.5", ".5", "1e308", "1e999", "9223372036854775807", "-9223372036854775808",
      "18446744073709551615u", "\"\"", "\"a\"", "'b'", "\"\"\"t\"\"\"", "r\"\\d\"", "b\"\\xff\"", "\"{x}\"",
      "\"\\u00e9\"",
      "\"\\q\"", "\"unterminated", "`field`", "`", "//", "\n", "\t", "#", "é", "\u{0}",
    ]
    words += Builtin.allCases.map(\.name)
    words += NodeField.allCases.map(\.name)
    words += Macro.allCases.map(\.rawValue) + ["existsOne"]
    return words
  }()

  /// Example inputs: every golden input and every example of the language reference.
  static let corpus: [(isRuleset: Bool, text: String)] = {
    var corpus: [(Bool, String)] = []
    for folder in ["parser", "checker", "compiler"] {
      for name in Golden.inputs(folder, ["cel", "precept"]) {
        corpus.append((name.hasSuffix(".precept"), String(decoding: Golden.bytes(folder, name), as: UTF8.self)))
      }
    }
    for block in ReferenceExamplesTests.blocks where block.language == "precept" {
      corpus.append((true, block.code.joined(separator: "\n")))
    }
    for block in ReferenceExamplesTests.blocks where block.language == "cel" {
      for line in block.code where !line.isEmpty { corpus.append((false, line)) }
    }
    return corpus
  }()

  static let bindings: [String: Value] = [
    "x": .int(3), "l": .list([.int(1), .int(2), .string("a"), .list([])]),
    "m": .map([Value.MapEntry(.string("a"), .int(1)), Value.MapEntry(.string("b"), .list([.bool(true)]))]),
    "s": .string("Hello, Wörld"), "n": .null,
  ]

  static let limits = EvaluationLimits(costBudget: 20_000, maximumStringLength: 1 << 16, maximumCollectionSize: 5_000)

  static let host = HostFunction("h", parameterCount: 1) { arguments in arguments[0] }

  // MARK: Pipelines

  /// Lexes, parses, dumps, checks, compiles, verifies and evaluates one expression.
  static func runExpression(_ bytes: [UInt8], checked: Bool) -> [String] {
    var problems: [String] = []
    let source = SourceFile(name: "fuzz.cel", bytes: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    problems += lexes(source)
    let (expr, diagnostics) = Parser.parseExpression(source)
    for diagnostic in diagnostics { _ = diagnostic.rendered() }
    guard let expr else { return problems }
    _ = ASTDump.dump(expr, source)
    let expression: Precept.CompiledExpression
    do {
      expression = try Precept.CompiledExpression(text, variables: bindings.keys.sorted(), checked: checked)
    } catch {
      _ = error.rendered()
      return problems
    }
    problems += Bytecode.problems(expression.program).map { "\($0) in \(text)" }
    _ = expression.disassembly
    switch expression.evaluate(bindings, limits: limits) {
    case .success(let value): _ = Printer.literal(value)
    case .failure(let error): _ = error.message
    }
    return problems
  }

  /// Lexes, parses, dumps, checks, compiles, verifies and runs one ruleset file.
  static func runRuleset(_ bytes: [UInt8]) -> [String] {
    var problems: [String] = []
    let source = SourceFile(name: "fuzz.precept", bytes: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    problems += lexes(source)
    let (syntax, diagnostics) = Parser.parseRuleset(source)
    for diagnostic in diagnostics { _ = diagnostic.rendered() }
    guard let syntax else { return problems }
    _ = ASTDump.dump(syntax, source)
    let ruleset: Ruleset
    do {
      ruleset = try Ruleset(
        source: source, resolver: { name, _ in try Ruleset(text: "ruleset \(name) 1.0.0\nlet v = 1") })
    } catch {
      _ = error.rendered()
      return problems
    }
    problems += Bytecode.problems(ruleset.program).map { "\($0) in \(text)" }
    _ = ruleset.disassembly
    let report = Engine(rulesets: [ruleset], hostFunctions: [host], limits: limits)
      .evaluate(MapScreen.model, options: EvaluationOptions(recordOutcomes: true))
    _ = report.findings.map(\.explanation.sentence)
    return problems
  }

  /// The lexer ends on every input, with one token at most per byte.
  static func lexes(_ source: SourceFile) -> [String] {
    var lexer = Lexer(source: source)
    var count = 0
    while lexer.next().kind != .endOfFile {
      count += 1
      if count > source.bytes.count + 1 { return ["the lexer does not advance on \(source.bytes)"] }
    }
    return []
  }

  // MARK: Generators

  struct Generator {
    var random: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    static let atoms = [
      "0", "1", "-1", "42u", "0u", "1.5", "-0.0", "1e308", "0.0", "\"\"", "\"a\"", "'héllo'", "b\"\\xff\"", "true",
      "false", "null", "[]", "{}", "x", "l", "m", "s", "n", "int", "type", "9223372036854775807",
      "-9223372036854775808", "18446744073709551615u", "\"1.5\"", "\"NaN\"", "\"true\"", "[1, 2, 3]", "{\"a\": 1}",
    ]
    static let binaryOperators = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "in", "&&", "||", "=>"]
    static let fields = ["a", "b", "type", "line", "args", "missing", "`content-type`"]

    /// A random expression that mostly parses: literals, names, every operator, macros, calls.
    mutating func expression(_ depth: Int) -> String {
      if depth <= 0 || chance(25) { return pick(Self.atoms) }
      let inner = depth - 1
      switch below(13) {
      case 0, 1: return "\(expression(inner)) \(pick(Self.binaryOperators)) \(expression(inner))"
      case 2: return pick(["!", "-"]) + expression(inner)
      case 3: return "\(expression(inner)) ? \(expression(inner)) : \(expression(inner))"
      case 4:
        let macro = pick(["all", "exists", "exists_one", "existsOne", "map", "filter"])
        let extra = macro == "map" && chance(50) ? "\(expression(inner)), " : ""
        return "\(pick(["l", "m", "[1, 2]", expression(inner)])).\(macro)(v, \(extra)\(expression(inner)))"
      case 5:
        let macro = pick(["all", "exists", "existsOne", "transformList", "transformMap"])
        let extra = macro.hasPrefix("transform") && chance(50) ? "\(expression(inner)), " : ""
        return "\(pick(["l", "m", expression(inner)])).\(macro)(i, v, \(extra)\(expression(inner)))"
      case 6:
        let builtin = pick(Builtin.allCases)
        let arity = (builtin.methodArities + [below(3)]).randomElement(using: &random) ?? 0
        let args = (0..<arity).map { _ in expression(inner) }.joined(separator: ", ")
        return "\(expression(inner)).\(builtin.name)(\(args))"
      case 7:
        let builtin = pick(Builtin.allCases.filter { !$0.globalArities.isEmpty })
        let args = (0..<(builtin.globalArities.first ?? 1)).map { _ in expression(inner) }.joined(separator: ", ")
        return "\(builtin.name)(\(args))"
      case 8: return "[" + (0..<below(4)).map { _ in expression(inner) }.joined(separator: ", ") + "]"
      case 9:
        return "{" + (0..<below(3)).map { _ in "\(expression(inner)): \(expression(inner))" }.joined(separator: ", ")
          + "}"
      case 10: return "\(expression(inner))[\(expression(inner))]"
      case 11:
        return chance(30)
          ? "has(\(expression(inner)).\(pick(Self.fields)))" : "\(expression(inner)).\(pick(Self.fields))"
      default: return "(\(expression(inner)))"
      }
    }

    /// A random ruleset that mostly parses, with lets, rules, reviews and templates.
    mutating func ruleset() -> String {
      var text = "ruleset fuzz.set 1.0.\(below(3))\nhost h(a)\n"
      if chance(30) { text += "import other.set ^1.0\n" }
      for index in 0..<below(3) {
        text += "let f\(index)(a) = \(expression(2).replacingOccurrences(of: "x", with: "a"))\n"
      }
      for index in 0..<(1 + below(3)) {
        let target = pick(["Menu", "Button", "Text", "*", "Image | Badge", "Button inside Menu as p"])
        let binding = chance(70) ? " as t" : ""
        let name = binding.isEmpty ? "node" : "t"
        let body = { (generator: inout Generator) -> String in
          generator.expression(2).replacingOccurrences(of: "x", with: name + ".line")
            .replacingOccurrences(of: " s", with: " \(name).text()")
        }
        if chance(20) {
          text += "review r\(index) { on \(target)\(binding) check \"look at {\(name).type}\" }\n"
        } else {
          text += "rule r\(index) { severity \(pick(["error", "warning", "info"])) on \(target)\(binding)"
          if chance(40) { text += " when \(body(&self))" }
          text += " require \(body(&self))"
          if chance(30) { text += " forbid h(\(body(&self)))" }
          if chance(50) {
            text += " message \"\(name) {\(name).type}: {\(body(&self).replacingOccurrences(of: "\"", with: "'"))}\""
          }
          text += " }\n"
        }
      }
      return text
    }

    /// `text` with a few random edits: deletions, duplications, insertions of tokens or bytes.
    mutating func mutate(_ text: String) -> [UInt8] {
      var bytes = Array(text.utf8)
      for _ in 0..<(1 + below(4)) {
        let position = bytes.isEmpty ? 0 : below(bytes.count + 1)
        let length = min(bytes.count - position, below(12))
        switch below(7) {
        case 0: bytes.removeSubrange(position..<position + length)
        case 1: bytes.insert(contentsOf: bytes[position..<position + length], at: position)
        case 2, 3: bytes.insert(contentsOf: Array((" " + pick(FuzzTests.vocabulary) + " ").utf8), at: position)
        case 4: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
        case 5:
          bytes.insert(
            contentsOf: pick([[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0x22], [0x7B], [0x7D]]), at: position)
        default: bytes.removeSubrange(position...)
        }
      }
      return bytes
    }

    /// A run of random vocabulary tokens.
    mutating func tokenSoup() -> String {
      (0..<(1 + below(25))).map { _ in pick(FuzzTests.vocabulary) }.joined(separator: chance(50) ? " " : "")
    }
  }

  // MARK: Tests

  /// Runs `count` inputs from `make`, failing on any problem.
  static func fuzz(_ count: Int, seed: UInt64, _ make: (inout Generator) -> (isRuleset: Bool, bytes: [UInt8])) {
    var generator = Generator(random: SplitMix64(seed: seed))
    for _ in 0..<count {
      let (isRuleset, bytes) = make(&generator)
      let checked = generator.chance(80)
      let problems = isRuleset ? runRuleset(bytes) : runExpression(bytes, checked: checked)
      #expect(problems == [], "\(String(decoding: bytes, as: UTF8.self).prefix(300))")
    }
  }

  @Test func generatedExpressions() {
    Self.fuzz(2_000, seed: 1) { generator in (false, Array(generator.expression(4).utf8)) }
  }

  @Test func generatedRulesets() {
    Self.fuzz(300, seed: 2) { generator in (true, Array(generator.ruleset().utf8)) }
  }

  @Test func mutatedExamples() {
    Self.fuzz(2_000, seed: 3) { generator in
      let (isRuleset, text) = generator.pick(FuzzTests.corpus)
      return (isRuleset, generator.mutate(text))
    }
  }

  @Test func mutatedGeneratedInputs() {
    Self.fuzz(800, seed: 4) { generator in
      generator.chance(50)
        ? (false, generator.mutate(generator.expression(3))) : (true, generator.mutate(generator.ruleset()))
    }
  }

  @Test func tokenSoup() {
    Self.fuzz(1_500, seed: 5) { generator in
      let soup = generator.tokenSoup()
      return generator.chance(50) ? (false, Array(soup.utf8)) : (true, Array(("ruleset fuzz 1.0.0\n" + soup).utf8))
    }
  }

  @Test func randomBytes() {
    Self.fuzz(1_000, seed: 6) { generator in
      let bytes = (0..<generator.below(200)).map { _ in UInt8(truncatingIfNeeded: generator.random.next()) }
      return (generator.chance(50), bytes)
    }
  }
}
