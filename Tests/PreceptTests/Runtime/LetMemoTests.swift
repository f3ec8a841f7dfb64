import Synchronization
import Testing

@testable import Precept

/// The VM's memo of pure `let`s of one node: a let such as `hasText(b)`, called again on a node
/// it has answered for, is answered from the memo and charged what running it charged. An
/// explain-mode run never reads the memo, so it is the reference every answer is checked with.
@Suite struct LetMemoTests {
  static let lets = """
    ruleset memo 1.0.0
    host inspect(x)
    let deep(n) = n.descendants.exists(d, d.hasModifier("sheet") || d.slot("label").size() > 1)
    let named(n) = n.slot("label").size() > 0 || n.hasModifier("accessibilityLabel")
    let wide(n) = deep(n) || named(n)
    let title(n) = n.text()
    let probed(n) = inspect(n) == true
    let viaProbe(n) = probed(n) || wide(n)
    let both(a, b) = deep(a) && deep(b)
    """

  /// A ruleset of `lets` whose one rule's message shows `expression` over the node `n`.
  static func ruleset(showing expression: String) throws -> (Ruleset, Int) {
    let ruleset = try Ruleset(
      text: lets + "\nrule value { severity error on * as n require false message \"\"\"{[\(expression)]}\"\"\" }")
    return (ruleset, try #require(ruleset.program.compiledRules[0].message))
  }

  static func memo(_ name: String, in program: Program) throws -> Int32 {
    let index = try #require(program.functions.firstIndex { $0.name == name })
    return program.linkage.functions.buffer[index].memo
  }

  @Test func onlyBoolLetsOfOneParameterThatCallNoHostFunctionHaveAMemo() throws {
    let (ruleset, _) = try Self.ruleset(
      showing: "deep(n), named(n), wide(n), title(n), probed(n), viaProbe(n), both(n, n)")
    for name in ["deep", "named", "wide", "title"] {
      #expect(try Self.memo(name, in: ruleset.program) >= 0, "\(name)")
    }
    // `probed` calls the host; `viaProbe` calls `probed`; `both` takes two nodes.
    for name in ["probed", "viaProbe", "both"] {
      #expect(try Self.memo(name, in: ruleset.program) == -1, "\(name)")
    }
  }

  @Test func aCallAnsweredByTheMemoHasTheValueAndCostOfRunningIt() throws {
    let (ruleset, function) = try Self.ruleset(
      showing: "deep(n), named(n), wide(n), deep(n), named(n), wide(n), n.children.map(c, wide(c)), deep(n.parent)")
    // One VM for every node and run, so later runs find what earlier ones kept.
    let vm = VM(program: ruleset.program, model: MapScreen.model)
    for round in 0..<2 {
      for node in 0..<MapScreen.model.nodeCount {
        let plain = vm.run(function, [.node(Int32(node))])
        let plainText = "\(vm.value(of: plain))"
        let plainCost = vm.cost
        let observed = VM(program: ruleset.program, model: MapScreen.model)
        let (traced, _) = observed.runTraced(function, [.node(Int32(node))])
        #expect(plainText == "\(observed.value(of: traced))", "node \(node), round \(round)")
        #expect(plainCost == observed.cost, "node \(node), round \(round): cost")
      }
    }
    // Every node's second round is answered from the memo: at least the six direct calls each.
    #expect(vm.memoAnswers >= 6 * MapScreen.model.nodeCount)
  }

  @Test func aBudgetTheRememberedCostWouldExceedStopsTheCallWhereRunningItStops() throws {
    let (ruleset, function) = try Self.ruleset(showing: "deep(n), deep(n), deep(n)")
    let structNode = RunLoopFastPathTests.node("struct")
    var answered = 0
    let unlimited = VM(program: ruleset.program, model: MapScreen.model)
    _ = unlimited.run(function, [structNode])
    let whole = unlimited.cost
    #expect(unlimited.memoAnswers == 2)
    for budget in 1...whole + 1 {
      let limits = EvaluationLimits(costBudget: budget)
      let vm = VM(program: ruleset.program, model: MapScreen.model, limits: limits)
      let plain = vm.run(function, [structNode])
      let observed = VM(program: ruleset.program, model: MapScreen.model, limits: limits)
      let (traced, _) = observed.runTraced(function, [structNode])
      #expect("\(vm.value(of: plain))" == "\(observed.value(of: traced))", "budget \(budget)")
      #expect(vm.cost == observed.cost, "budget \(budget): cost")
      #expect(vm.budgetExceeded == observed.budgetExceeded, "budget \(budget)")
      answered += vm.memoAnswers
    }
    // The budgets span the first call's end to the third's: some runs had answers, some not.
    #expect(answered > 0)
  }

  @Test func aLetThatReturnsAnythingButABoolIsRunEveryTime() throws {
    let (ruleset, function) = try Self.ruleset(showing: "title(n), title(n), title(n)")
    let vm = VM(program: ruleset.program, model: MapScreen.model)
    let button = RunLoopFastPathTests.node("Button")
    let first = "\(vm.value(of: vm.run(function, [button])))"
    #expect(first == "\(vm.value(of: vm.run(function, [button])))")
    #expect(vm.memoAnswers == 0)
  }

  @Test func aLetThatCallsTheHostAsksTheHostAtEveryCall() throws {
    let calls = Mutex(0)
    let source = """
      \(Self.lets)
      rule first { severity error on Button as b require viaProbe(b) message "first" }
      rule second { severity error on Button as b require viaProbe(b) message "second" }
      rule third { severity error on Button as b require probed(b) message "third" }
      """
    let engine = Engine(
      rulesets: [try Ruleset(text: source)],
      hostFunctions: [
        HostFunction("inspect", parameterCount: 1) { _ in
          calls.withLock { $0 += 1 }
          return .bool(false)
        }
      ])
    let report = engine.evaluate(MapScreen.model)
    let buttons = (0..<MapScreen.model.nodeCount).count {
      MapScreen.model.string(MapScreen.model.nodes[$0].type) == "Button"
    }
    #expect(buttons > 0)
    #expect(report.notRun.isEmpty)
    // Three rules a button, each asking the host once.
    #expect(calls.withLock { $0 } == 3 * buttons)
  }

  @Test func rulesThatShareALetFindWhatTheyFoundWithoutTheMemo() throws {
    let source = """
      \(Self.lets)
      rule a { severity error on * as n when named(n) require deep(n) message "a" }
      rule b { severity error on * as n when wide(n) forbid deep(n) message "b" }
      rule c { severity error on * as n require !named(n) || wide(n) message "c" }
      """
    let engine = Engine(
      rulesets: [try Ruleset(text: source)],
      hostFunctions: [
        HostFunction("inspect", parameterCount: 1) { _ in .bool(true) }
      ])
    let report = engine.evaluate(MapScreen.model, options: EvaluationOptions(recordOutcomes: true))
    // The same outcomes one rule at a time, each in an engine of its own (no memo to share).
    for rule in ["a", "b", "c"] {
      let alone = engine.evaluate(
        MapScreen.model, options: EvaluationOptions(recordOutcomes: true, rules: ["memo/\(rule)"]))
      #expect(
        report.outcomes.filter { $0.rule == "memo/\(rule)" }.map { "\($0.node) \($0.result)" }
          == alone.outcomes.map { "\($0.node) \($0.result)" }, "\(rule)")
    }
    #expect(report.outcomes.contains { $0.result == .failed })
    #expect(report.outcomes.contains { $0.result == .passed })
  }
}
