import Testing

@testable import Precept

/// Ruleset source that nests deeply, in any direction, is an error or compiles; the checker and
/// compiler never recurse deeper than the parser's nesting limit.
@Suite struct NestingRegressionTests {
  static let nestingError = "expression is nested more deeply than the limit of 200 levels"

  func ruleset(requiring condition: String, lets: String = "") -> String {
    "ruleset deep 1.0.0\n\(lets)rule r {\n  severity error\n  on Button\n  require \(condition)\n}\n"
  }

  func diagnostics(_ source: String) -> [String] {
    do {
      _ = try Ruleset(text: source)
      return []
    } catch {
      return error.diagnostics.map(\.message)
    }
  }

  /// Found by review: operator chains parse in a loop, so `1 + 1 + …` was not counted against
  /// the nesting limit, and the checker overflowed the stack recursing down its left side
  /// (10,000 terms, 40 KB of source).
  @Test(arguments: [
    Array(repeating: "1", count: 10_000).joined(separator: " + ") + " == 0",
    Array(repeating: "true", count: 10_000).joined(separator: " && "),
    "node" + String(repeating: ".parent", count: 10_000) + " == null",
    "[1]" + String(repeating: "[0]", count: 10_000) + " == 1",
    "'a'" + String(repeating: ".trim()", count: 10_000) + " == 'a'",
  ])
  func longLeftLeaningChainsAreNestingErrors(condition: String) {
    #expect(diagnostics(ruleset(requiring: condition)) == [Self.nestingError])
  }

  @Test func expressionsCountChainsToo() {
    #expect(throws: DiagnosticError.self) {
      try CompiledExpression(Array(repeating: "1", count: 10_000).joined(separator: " - "))
    }
  }

  @Test func chainsWithinTheLimitCompile() throws {
    let sum = try CompiledExpression(Array(repeating: "1", count: 150).joined(separator: " + "))
    #expect(sum.evaluate() == .success(.int(150)))
    #expect(diagnostics(ruleset(requiring: "node" + String(repeating: ".parent", count: 150) + " == null")) == [])
  }

  /// Found by review: the search for recursive lets recursed once per let in a chain, and
  /// overflowed the stack on 8,000 lets that each call the next.
  @Test func longChainsOfLetsCompile() throws {
    let count = 20_000
    let lets = (0..<count).map { "let a\($0) = a\($0 + 1) + 1\n" }.joined() + "let a\(count) = 0\n"
    #expect(diagnostics(ruleset(requiring: "a0 == \(count)", lets: lets)) == [])
  }

  @Test func longCyclesOfLetsAreReportedOnce() {
    let count = 20_000
    let lets = (0..<count).map { "let a\($0) = a\(($0 + 1) % count)\n" }.joined()
    let messages = diagnostics(ruleset(requiring: "a0", lets: lets))
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("lets cannot be recursive: a0 → a1 → a2") == true)
  }

  /// Host functions a let needs are found through any number of lets.
  @Test func hostFunctionsAreFoundThroughChainsOfLets() throws {
    let count = 2_000
    let lets = (0..<count).map { "let a\($0) = a\($0 + 1)\n" }.joined() + "let a\(count) = check(1)\n"
    let source = ruleset(requiring: "a0", lets: "host check(x)\n" + lets)
    let engine = Engine(rulesets: [try Ruleset(text: source)])
    let model = try ViewModel(json: SourceFile(name: "m.json", text: #"{"viewmodel":1,"nodes":[{"type":"Button"}]}"#))
    #expect(engine.evaluate(model).notRun.map(\.reason) == [.hostFunctionMissing])
  }
}
