import Precept
import PreceptSwiftUI
import Testing

@testable import PreceptTool

/// `lint` and `check` turn a file whose evaluation stopped on the total budget into an input
/// error (exit status 2), never a clean pass.
@Suite struct EvaluationBudgetTests {
  @Test func aFileStoppedByTheTotalBudgetIsAnInputError() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset demo.each 1.0.0
        rule each {
          severity error
          on * as n
          require n.type != ""
        }
        """)
    let engine = Engine(rulesets: [ruleset], limits: EvaluationLimits(fileCostBudget: 20))
    let text =
      "struct V: View {\n  var body: some View {\n" + String(repeating: "    Text(\"a\")\n", count: 50) + "  }\n}\n"
    let model = ViewModel(try SwiftUIReader.read(SourceFile(name: "many.swift", text: text)))
    let (report, inputErrors) = Evaluation.evaluate(engine, count: 1) { _ in
      .success(Evaluation.Input(model: model, suppressions: nil))
    }
    #expect(report.stopped != nil)
    let error = try #require(inputErrors.first)
    #expect(error.file == "many.swift")
    #expect(error.message.contains("total budget of 20 cost units per file"))
  }
}
