import Precept
import PreceptSwiftUI
import PreceptTool
import Testing

@testable import Precept
@testable import precept_bench

/// The engine visits a rule's nodes in batches inside the VM's run loop (`VM.visit`), and skips
/// the nodes a modifier guard rules out by an index. These tests hold it to the plainest
/// reading of the rules: every candidate bound, its guard tested, then `when` and each clause
/// run one at a time with `VM.run`, the message and fix of a failure and the checks of a review
/// item made as the runner makes them. Outcome counts, findings, review items, *not run* items
/// and the cost spent must all be the same, with and without outcomes recorded (which stops a
/// batch after every visit and uses no index).
@Suite struct VisitBatchTests {
  /// What one evaluation found, in a form both evaluators give.
  struct Found: Equatable, CustomStringConvertible {
    var counts: [String: OutcomeCounts] = [:]
    var failures: [String] = []
    var reviews: [String] = []
    var notRun: [String] = []
    var cost = 0

    var description: String {
      "\(counts.count) rules, \(failures.count) failures, \(reviews.count) reviews, \(notRun.count) not run, cost \(cost)"
    }
  }

  static func place(_ rule: String, _ model: ViewModel, _ node: Int32) -> String {
    let reference = model.reference(node)
    return "\(rule) \(reference.line):\(reference.column) \(reference.type)"
  }

  /// The engine's report, as `Found`.
  static func engine(_ engine: Engine, _ model: ViewModel, recordOutcomes: Bool) -> Found {
    let report = engine.evaluate(model, options: EvaluationOptions(recordOutcomes: recordOutcomes))
    var found = Found()
    found.counts = report.ruleCounts.filter { $0.value != OutcomeCounts() }
    found.failures = report.findings.map { "\($0.rule) \($0.line):\($0.column) \($0.nodeType)" }.sorted()
    found.reviews = report.needsReview.map { "\($0.rule) \($0.line):\($0.column) \($0.message)" }.sorted()
    found.notRun = report.notRun.map { "\($0.rule) \($0.line):\($0.column) \($0.reason) \($0.message)" }.sorted()
    found.cost = report.cost
    return found
  }

  /// The rules run one clause at a time, as the runner did before batches.
  static func reference(_ engine: Engine, _ model: ViewModel) -> Found {
    var found = Found()
    for (index, plans) in engine.plans.enumerated() {
      let program = engine.rulesets[index].program
      let vm = VM(program: program, model: model, hosts: engine.hosts, limits: engine.limits)
      let runner = RuleRunner(engine: engine, ruleset: index, plans: plans, model: model, options: EvaluationOptions())
      for plan in plans {
        var counts = OutcomeCounts()
        let rule = plan.rule
        let steps = runner.ancestorSteps(plan)
        let test = plan.guardTest?.resolved(in: model)
        let candidates = runner.candidates(plan)
        var row = [Int32](repeating: 0, count: 1 + steps.count)
        for position in 0..<candidates.count {
          let node = candidates[position]
          guard row.withUnsafeMutableBufferPointer({ runner.bind(node, steps, into: $0.baseAddress!) }) else {
            continue
          }
          let bindings = row.map { Word.node($0) }
          if let test, !test.passes(node, in: model) {
            counts.inapplicable += 1
            continue
          }
          func notRun(_ value: Word) {
            counts.notRun += 1
            let message: String
            if case .error(let error) = value {
              message = vm.heap.errorMessage(error)
              found.notRun.append(
                "\(rule.info.id) \(model.reference(node).line):\(model.reference(node).column) "
                  + "\(vm.budgetExceeded ? NotRun.Reason.costBudgetExceeded : .evaluationError) \(message)")
            } else {
              found.notRun.append(
                "\(rule.info.id) \(model.reference(node).line):\(model.reference(node).column) "
                  + "\(NotRun.Reason.evaluationError) the clause is \(vm.describeType(value)), not bool")
            }
          }
          if let when = rule.when {
            let value = vm.run(when, bindings)
            guard case .bool(let applies) = value else {
              notRun(value)
              continue
            }
            if !applies {
              counts.inapplicable += 1
              continue
            }
          }
          if plan.isReview {
            counts.needsReview += 1
            for check in rule.checks {
              let text = vm.run(check, bindings)
              let message: String
              if case .string(let id) = text {
                message = vm.heap.string(id)
              } else if case .error(let error) = text {
                message = "<error: \(vm.heap.errorMessage(error))>"
              } else {
                message = ""
              }
              found.reviews.append(
                "\(rule.info.id) \(model.reference(node).line):\(model.reference(node).column) \(message)")
            }
            continue
          }
          var outcome = "passed"
          for requirement in rule.requirements {
            let value = vm.run(requirement.function, bindings)
            guard case .bool(let holds) = value else {
              notRun(value)
              outcome = "not run"
              break
            }
            if holds == (requirement.kind != .require) {
              outcome = "failed"
              break
            }
          }
          switch outcome {
          case "passed": counts.passed += 1
          case "failed":
            counts.failed += 1
            found.failures.append(place(rule.info.id, model, node))
            if let message = rule.message { _ = vm.run(message, bindings) }
            if let fix = rule.fix { _ = vm.run(fix, bindings) }
          default: break
          }
        }
        if counts != OutcomeCounts() { found.counts[rule.info.id] = counts }
      }
      found.cost += vm.spent
    }
    found.failures.sort()
    found.reviews.sort()
    found.notRun.sort()
    return found
  }

  static func check(_ engine: Engine, _ model: ViewModel, _ comment: String) {
    let expected = reference(engine, model)
    #expect(expected.failures.count > 0, "\(comment): nothing fails, so nothing is compared")
    for recordOutcomes in [false, true] {
      let found = Self.engine(engine, model, recordOutcomes: recordOutcomes)
      // The rules whose counts differ, not the two whole tables.
      let differing = Set(found.counts.keys).union(expected.counts.keys).filter {
        found.counts[$0] != expected.counts[$0]
      }
      #expect(
        differing.isEmpty,
        "\(comment), outcomes recorded: \(recordOutcomes): \(differing.sorted().map { "\($0): \(found.counts[$0].map { "\($0)" } ?? "none") against \(expected.counts[$0].map { "\($0)" } ?? "none")" })"
      )
      #expect(found.failures == expected.failures, "\(comment), outcomes recorded: \(recordOutcomes)")
      #expect(found.reviews == expected.reviews, "\(comment), outcomes recorded: \(recordOutcomes)")
      #expect(found.notRun == expected.notRun, "\(comment), outcomes recorded: \(recordOutcomes)")
      #expect(found.cost == expected.cost, "\(comment), outcomes recorded: \(recordOutcomes)")
    }
  }

  @Test func theBenchmarkRulesetOverTheSyntheticModel() throws {
    let ruleset = try Ruleset(text: Benchmarks.rulesetText, name: "accessibility.precept")
    let model = ViewModel(SyntheticScreens.document(nodeCount: 3_000))
    Self.check(Engine(rulesets: [ruleset]), model, "benchmark")
  }

  /// The standard rulesets (guards on modifiers and interactions, `inside` steps, review items,
  /// rules `on *`) over the lint figure's synthetic Swift files.
  @Test func theStandardRulesetsOverSwiftFiles() throws {
    let library = StandardRulesets.library()
    let engine = Engine(rulesets: try library.entries.map { try library.ruleset($0) })
    for file in SyntheticSwift.files(count: 12) {
      let model = ViewModel(try SwiftUIReader.read(SourceFile(name: file.name, text: file.text)))
      Self.check(engine, model, file.name)
    }
  }

  /// A budget per evaluation small enough that some clauses run out of it: those visits are
  /// *not run*, and the batch goes on with the next node.
  @Test func clausesThatRunOutOfBudgetAreNotRunAndTheRestAreVisited() throws {
    let ruleset = try Ruleset(text: Benchmarks.rulesetText, name: "accessibility.precept")
    let model = ViewModel(SyntheticScreens.document(nodeCount: 3_000))
    let engine = Engine(rulesets: [ruleset], limits: EvaluationLimits(costBudget: 40))
    let expected = Self.reference(engine, model)
    #expect(expected.notRun.contains { $0.contains("costBudgetExceeded") })
    Self.check(engine, model, "budget of 40")
  }
}
