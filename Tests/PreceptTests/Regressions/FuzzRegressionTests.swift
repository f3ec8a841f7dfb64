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
}
