import Precept
import Testing

@testable import precept_bench

/// The benchmark compares the engine with hand-written Swift only when both find the same
/// violations; these tests check that on small models, without timing anything.
@Suite struct AgreementTests {
  let ruleset: Ruleset

  init() throws {
    ruleset = try Ruleset(text: Benchmarks.rulesetText, name: "accessibility.precept")
  }

  @Test func generatorIsDeterministic() {
    let first = SyntheticScreens.document(nodeCount: 2_000)
    #expect(first == SyntheticScreens.document(nodeCount: 2_000))
    #expect(first != SyntheticScreens.document(nodeCount: 2_000, seed: 7))
    #expect(ViewModel(first).nodeCount >= 2_000)
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func engineAndHandWrittenRulesFindTheSameViolations(seed: UInt64) {
    let model = ViewModel(SyntheticScreens.document(nodeCount: 20_000, seed: seed))
    let report = Engine(rulesets: [ruleset]).evaluate(model)
    let violations = HandWrittenRules.evaluate(model)
    #expect(Agreement.problems(ruleset: ruleset, report: report, violations: violations, model: model) == [])
    #expect(report.notRun.isEmpty)
    // Every rule both passes and fails somewhere, so agreement is not agreement on nothing.
    for id in HandWrittenRules.ids {
      let counts = report.ruleCounts["\(ruleset.name)/\(id)"]
      #expect(counts?.failed ?? 0 > 0, "\(id) never fails")
      #expect(counts?.passed ?? 0 > 0, "\(id) never passes")
    }
  }

  @Test func disagreementIsReported() {
    let model = ViewModel(SyntheticScreens.document(nodeCount: 2_000))
    let report = Engine(rulesets: [ruleset]).evaluate(model)
    var violations = HandWrittenRules.evaluate(model)
    let dropped = violations.removeFirst()
    let problems = Agreement.problems(ruleset: ruleset, report: report, violations: violations, model: model)
    let line = model.nodes[Int(dropped.node)].line
    #expect(problems == ["only the engine found \(HandWrittenRules.ids[dropped.rule]) at line \(line)"])
  }

  @Test func menuItemsRuleHoldsInBothForms() {
    let rule = try? CompiledExpression(MenuItemsRule.source, variables: ["items"])
    #expect(rule?.evaluate(["items": MenuItemsRule.binding]) == .success(.bool(true)))
    #expect(MenuItemsRule.holds(MenuItemsRule.items))
    var broken = MenuItemsRule.items
    broken[broken.count - 1].role = ""
    #expect(!MenuItemsRule.holds(broken))
  }
}
