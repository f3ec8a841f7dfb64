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

  /// A finding's clause runs again in explain mode when its explanation is first read, once,
  /// and not before: a finding never read costs no traced run.
  @Test func aFindingsClauseRunsAgainOnlyWhenItsExplanationIsRead() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset runner 1.0.0
        let named(n) = n.hasModifier("padding")
        rule texts {
          severity info
          on Button | Text as n
          require named(n)
        }
        """)
    func evaluate(_ options: EvaluationOptions) throws -> (Report, RuleRunner) {
      let engine = Engine(rulesets: [ruleset])
      let runner = RuleRunner(
        engine: engine, ruleset: 0, plans: engine.plans[0], model: try model(Self.nodes), options: options)
      var report = Report()
      var budget = TotalBudget(limits: .standard, run: nil)
      runner.run(into: &report, budget: &budget)
      return (report, runner)
    }
    let (report, runner) = try evaluate(EvaluationOptions())
    // Four nodes visited, three fail (the Button at line 5 has padding).
    #expect(report.findings.map { $0.line } == [2, 3, 7])
    #expect(runner.vm.runs == 4)
    #expect(report.findings.allSatisfy { !$0.isExplained })
    let first = report.findings[1].explanation
    #expect(runner.vm.runs == 5)
    #expect(report.findings[1].isExplained && !report.findings[0].isExplained)
    #expect(report.findings[1].explanation == first)
    #expect(runner.vm.runs == 5)
    var explained = report
    explained.explainFindings()
    #expect(runner.vm.runs == 7)
    // As made at once, when each rule failed.
    var atOnce = EvaluationOptions()
    atOnce.explainsAtOnce = true
    let (eager, eagerRunner) = try evaluate(atOnce)
    #expect(eagerRunner.vm.runs == 7)
    #expect(explained.findings.map { $0.explanation } == eager.findings.map { $0.explanation })
    #expect(first.helpers.first?.text == #"n.hasModifier("padding")"#)
  }

  /// The candidates of a selector with several types are their lists merged in preorder, and
  /// the nodes the index lists under a modifier are exactly those that have one.
  @Test func mergedCandidatesAndTheModifierIndexAgreeWithFilteringEveryNode() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset runner 1.0.0
        rule several {
          severity info
          on Button | Text | Menu as n
          require true
        }
        """)
    let engine = Engine(rulesets: [ruleset])
    let model = try model(Self.nodes)
    let runner = RuleRunner(
      engine: engine, ruleset: 0, plans: engine.plans[0], model: model, options: EvaluationOptions())
    let candidates = runner.candidates(engine.plans[0][0])
    let merged = (0..<candidates.count).map { candidates[$0] }
    let expected = (0..<Int32(model.nodeCount)).filter { ["Button", "Text", "Menu"].contains(model.typeName($0)) }
    #expect(merged == expected)
    #expect(merged.count == 5)
    for name in ["font", "padding", "onTapGesture", "absent"] {
      let id = model.stringID(name) ?? -2
      let withModifier = (0..<Int32(model.nodeCount)).filter { node in
        let entry = model.nodes[Int(node)]
        return (Int(entry.modifierStart)..<Int(entry.modifierStart + entry.modifierCount)).contains {
          model.string(model.modifiers[$0].name) == name
        }
      }
      #expect(runner.visitIndex.nodes(withModifier: id) == withModifier, "\(name)")
    }
    #expect(runner.visitIndex.nodes(withModifier: model.stringID("font")!).count == 3)
  }
}
