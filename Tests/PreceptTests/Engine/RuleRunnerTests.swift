import Testing

@testable import Precept

/// What the engine does before a rule's program runs: a ruleset with no node to visit in a
/// file makes no VM for it.
@Suite struct RuleRunnerTests {
  static let nodes = """
    [{"type": "VStack", "line": 1, "column": 1, "children": [
       {"type": "Text", "line": 2, "column": 3, "args": [{"kind": "string", "value": "Title"}],
        "modifiers": [{"name": "font", "line": 2, "column": 20, "args": [{"kind": "member", "value": ".title"}]}]},
       {"type": "Text", "line": 3, "column": 3, "args": [{"kind": "string", "value": "Body"}]},
       {"type": "Image", "line": 4, "column": 3, "args": [{"kind": "string", "value": "logo"}],
        "modifiers": [{"name": "onTapGesture", "line": 4, "column": 20, "args": []}]},
       {"type": "Button", "line": 5, "column": 3, "args": [{"kind": "string", "value": "Go"}],
        "modifiers": [{"name": "font", "line": 5, "column": 20, "args": [{"kind": "member", "value": ".body"}]},
                      {"name": "padding", "line": 5, "column": 30, "args": []}]},
       {"type": "Menu", "line": 6, "column": 3, "children": [
         {"type": "Button", "line": 7, "column": 5, "args": [{"kind": "string", "value": "Delete"}],
          "modifiers": [{"name": "font", "line": 7, "column": 20, "args": []}]}]}]}]
    """

  /// Runs the one ruleset's rules over the model with outcomes recorded, and says how many
  /// times its VM ran a program (nil: it never made one).
  static func run(_ text: String, _ nodes: String = nodes) throws -> (report: Report, runs: Int?) {
    let ruleset = try Ruleset(text: text)
    let engine = Engine(rulesets: [ruleset])
    let runner = RuleRunner(
      engine: engine, ruleset: 0, plans: engine.plans[0], model: try model(nodes),
      options: EvaluationOptions(recordOutcomes: true))
    var report = Report()
    var budget = TotalBudget(limits: .standard, run: nil)
    runner.run(into: &report, budget: &budget)
    return (report, runner.vm?.runs)
  }

  @Test func aRulesetWithNothingToVisitMakesNoVM() throws {
    let (report, runs) = try Self.run(
      """
      ruleset runner 1.0.0
      rule toggles {
        severity info
        on Toggle as t
        require t.children.size() > 0
      }
      """)
    #expect(runs == nil)
    #expect(report.ruleCounts["runner/toggles"] == OutcomeCounts())
  }

  @Test func aRuleOnSeveralTypesVisitsTheirNodesOnceEachInPreorder() throws {
    let (report, runs) = try Self.run(
      """
      ruleset runner 1.0.0
      rule texts {
        severity info
        on Button | Text as n
        require true
      }
      """)
    #expect(runs == 4)
    #expect(report.outcomes.map(\.node.line) == [2, 3, 5, 7])
    #expect(report.ruleCounts["runner/texts"] == OutcomeCounts(passed: 4))
  }
}
