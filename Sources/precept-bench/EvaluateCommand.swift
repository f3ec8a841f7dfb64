import Foundation
import Precept

/// `precept-bench evaluate [--nodes N] [--runs R]`: evaluates the 24 rules of
/// `accessibility.precept` R times over a synthetic model of about N nodes and prints what
/// they found, with no timing. It is what `valgrind --tool=callgrind` runs to count the
/// instructions of evaluation alone: the difference between R = 1 and R = 0 (or between two R
/// values, divided) is that of the evaluations, without building the model or compiling.
struct EvaluateCommand {
  var nodes = 100_000
  var runs = 1

  static let usage =
    "precept-bench evaluate [--nodes N] [--runs R]  evaluate the 24 benchmark rules R times (default 1) over N nodes (default 100,000), untimed"

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
      default: throw ExprCommand.UsageError(message: "unknown option '\(arguments[index])'")
      }
      index += 1
    }
  }

  func run(print: (String) -> Void) throws(DiagnosticError) -> Int32 {
    let ruleset = try Ruleset(text: Benchmarks.rulesetText, name: "accessibility.precept")
    let model = ViewModel(SyntheticScreens.document(nodeCount: nodes))
    let engine = Engine(rulesets: [ruleset])
    var report = Report()
    for _ in 0..<runs { report = engine.evaluate(model) }
    let visits = report.ruleCounts.values.reduce(0) {
      $0 + $1.failed + $1.passed + $1.inapplicable + $1.needsReview + $1.notRun
    }
    print(
      "\(model.nodeCount) nodes, \(runs) runs; last run: \(visits) (rule × node) visits, "
        + "\(report.findings.count) findings, \(report.notRun.count) not run")
    return report.notRun.isEmpty ? 0 : 1
  }
}
