import Foundation
import Precept

/// `precept-bench evaluate [--nodes N] [--runs R] [--hand-written] [--only RULE | --without RULE]…`:
/// evaluates the 24 rules of `accessibility.precept` R times over a synthetic model of about N
/// nodes and prints what they found, with no timing. It is what `valgrind --tool=callgrind`
/// runs to count the instructions of evaluation alone: the difference between R = 1 and R = 0
/// (or between two R values, divided) is that of the evaluations, without building the model
/// or compiling. `--hand-written` runs the same rules written in Swift (`HandWrittenRules`)
/// instead, so the denominator of the evaluation ratio can be counted the same way; `--only`
/// evaluates just the rules named, `--without` all but them (what one rule costs among the
/// others is the difference).
struct EvaluateCommand {
  var nodes = 100_000
  var runs = 1
  var handWritten = false
  var only: Set<String> = []
  var without: Set<String> = []

  static let usage =
    "precept-bench evaluate [--nodes N] [--runs R] [--hand-written] [--only RULE | --without RULE]…  evaluate the 24 benchmark rules R times (default 1) over N nodes (default 100,000), untimed; --hand-written: the same rules in Swift; --only, --without: just these rules, all but these"

  init(arguments: [String]) throws(ExprCommand.UsageError) {
    var index = 0
    func number(_ option: String, minimum: Int) throws(ExprCommand.UsageError) -> Int {
      index += 1
      guard index < arguments.count, let value = Int(arguments[index]), value >= minimum else {
        throw ExprCommand.UsageError(message: "\(option) expects a number ≥ \(minimum)")
      }
      return value
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--nodes": nodes = try number("--nodes", minimum: 1)
      case "--runs": runs = try number("--runs", minimum: 0)
      case "--hand-written": handWritten = true
      case "--only", "--without":
        let option = arguments[index]
        index += 1
        guard index < arguments.count else { throw ExprCommand.UsageError(message: "\(option) expects a rule id") }
        if option == "--only" { only.insert(arguments[index]) } else { without.insert(arguments[index]) }
      default: throw ExprCommand.UsageError(message: "unknown option '\(arguments[index])'")
      }
      index += 1
    }
    if handWritten && !(only.isEmpty && without.isEmpty) {
      throw ExprCommand.UsageError(message: "--hand-written runs every rule; --only and --without do not apply to it")
    }
  }

  func run(print: (String) -> Void, fail: (String) -> Void) throws(DiagnosticError) -> Int32 {
    let ruleset = try Ruleset(text: Benchmarks.rulesetText, name: "accessibility.precept")
    let model = ViewModel(SyntheticScreens.document(nodeCount: nodes))
    if handWritten {
      var violations: [Violation] = []
      for _ in 0..<runs { violations = HandWrittenRules.evaluate(model) }
      print(
        "\(model.nodeCount) nodes, \(runs) runs of the hand-written rules; last run: \(violations.count) violations")
      return 0
    }
    let engine = Engine(rulesets: [ruleset])
    var report = Report()
    // Rule ids as the ruleset writes them (`button-name`) or in full (`bench.swiftui/button-name`).
    let ids = ruleset.program.rules.map(\.id)
    func full(_ id: String) -> String { id.contains("/") ? id : "\(ruleset.name)/\(id)" }
    if let unknown = only.union(without).sorted().first(where: { !ids.contains(full($0)) }) {
      fail("accessibility.precept has no rule '\(unknown)'")
      return 2
    }
    var options = EvaluationOptions()
    if !only.isEmpty || !without.isEmpty {
      options.rules = Set(
        ids.filter { (only.isEmpty || only.map(full).contains($0)) && !without.map(full).contains($0) })
    }
    for _ in 0..<runs { report = engine.evaluate(model, options: options) }
    let visits = report.ruleCounts.values.reduce(0) {
      $0 + $1.failed + $1.passed + $1.inapplicable + $1.needsReview + $1.notRun
    }
    print(
      "\(model.nodeCount) nodes, \(runs) runs; last run: \(visits) (rule × node) visits, "
        + "\(report.findings.count) findings, \(report.notRun.count) not run")
    return report.notRun.isEmpty ? 0 : 1
  }
}
