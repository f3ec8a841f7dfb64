import Precept

/// Whether the engine and the hand-written rules found the same violations — the condition
/// for comparing their times at all.
enum Agreement {
  /// The problems that make the comparison dishonest: rules the two sides name differently,
  /// rules that could not run, and violations only one side found (the first few of each).
  static func problems(ruleset: Ruleset, report: Report, violations: [Violation], model: ViewModel) -> [String] {
    var problems: [String] = []
    let engineRules = ruleset.program.rules.map(\.localID)
    if engineRules != HandWrittenRules.ids {
      problems.append("the ruleset's rules \(engineRules) are not the hand-written ones \(HandWrittenRules.ids)")
      return problems
    }
    for notRun in report.notRun.prefix(5) {
      problems.append("\(notRun.rule) did not run at line \(notRun.line): \(notRun.message)")
    }
    let prefix = ruleset.name + "/"
    let found = report.findings.map { "\($0.rule.dropFirst(prefix.count)) at line \($0.line)" }
    let expected = violations.map { "\(HandWrittenRules.ids[$0.rule]) at line \(model.nodes[Int($0.node)].line)" }
    let onlyEngine = difference(found, expected)
    let onlySwift = difference(expected, found)
    problems += onlyEngine.prefix(5).map { "only the engine found \($0)" }
    problems += onlySwift.prefix(5).map { "only the hand-written rules found \($0)" }
    if onlyEngine.count + onlySwift.count > 10 {
      problems.append(
        "(\(onlyEngine.count) found only by the engine, \(onlySwift.count) only by the hand-written rules)")
    }
    return problems
  }

  /// The elements of `a` not matched by one in `b`, counting repeats.
  private static func difference(_ a: [String], _ b: [String]) -> [String] {
    var remaining: [String: Int] = [:]
    for element in b { remaining[element, default: 0] += 1 }
    var result: [String] = []
    for element in a.sorted() {
      if let count = remaining[element], count > 0 {
        remaining[element] = count - 1
      } else {
        result.append(element)
      }
    }
    return result
  }
}
