import Testing

@testable import Precept

/// Inputs the fuzz targets (Tests/Fuzz) found to crash, hang or exhaust memory, minimised, each
/// with what it must do instead.
@Suite struct FuzzRegressionTests {
  /// viewmodel target: a node without a position (line and column 0) that fails a rule crashed
  /// the text report when the model's file exists, because the caret was placed at column −1.
  @Test func findingOnNodeWithoutPositionRendersAsText() throws {
    let model = try ViewModel(
      json: SourceFile(name: "m.json", text: #"{"viewmodel":1,"file":"S.swift","nodes":[{"type":"Button"}]}"#))
    let engine = Engine(rulesets: [
      try Ruleset(text: "ruleset r 1.0.0\nrule b {\n severity error\n on Button\n require false\n}")
    ])
    let report = engine.evaluate(model)
    #expect(report.findings.count == 1)
    let text = ReportRenderer(rules: engine.rules) { _, _ in "" }.text(report)
    #expect(text.hasPrefix("S.swift:0:0: error: "))
  }

  @Test func diagnosticAtColumnZeroPutsTheCaretFirst() {
    let diagnostic = Diagnostic(
      .error, "m", file: "f", location: SourceLocation(line: 3, column: 0), length: 4, lineText: "Button(x)")
    #expect(diagnostic.rendered().hasSuffix("3 | Button(x)\n  | ^~~~"))
  }

  /// Found by review: a finding quoted its whole source line, so 16,000 findings on one 200 KB
  /// line of minified Swift made a 3 GB report. Long lines are quoted around the caret.
  @Test func longLinesAreQuotedAroundTheCaret() {
    let line = String(repeating: "Text(\"é\") ", count: 20_000)
    let diagnostic = Diagnostic(
      .error, "m", file: "f", location: SourceLocation(line: 1, column: 100_001), length: 4, lineText: line)
    let lines = diagnostic.rendered().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    let quoted = lines[2].dropFirst("1 | ".count)
    let caret = lines[3].dropFirst("  | ".count)
    #expect(quoted.unicodeScalars.count == Diagnostic.quotedWidth + 2)
    #expect(quoted.hasPrefix("…") && quoted.hasSuffix("…"))
    // The caret stays under the character at column 100,001: the "T" of a "Text".
    let column = caret.unicodeScalars.count - 4
    #expect(caret.hasSuffix("^~~~"))
    #expect(Array(quoted.unicodeScalars)[column] == "T")
    #expect(
      Diagnostic(.error, "m", file: "f", location: SourceLocation(line: 1, column: 3), lineText: "short").rendered()
        .hasSuffix("1 | short\n  |   ^"))
  }
}
