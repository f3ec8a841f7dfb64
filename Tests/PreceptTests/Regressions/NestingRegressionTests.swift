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
      try Expression(Array(repeating: "1", count: 10_000).joined(separator: " - "))
    }
  }

  @Test func chainsWithinTheLimitCompile() throws {
    let sum = try Expression(Array(repeating: "1", count: 150).joined(separator: " + "))
    #expect(sum.evaluate() == .success(.int(150)))
    #expect(diagnostics(ruleset(requiring: "node" + String(repeating: ".parent", count: 150) + " == null")) == [])
  }
}
