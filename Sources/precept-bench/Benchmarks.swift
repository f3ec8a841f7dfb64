import Foundation
import Precept
import PreceptTool

/// The default run: the performance figures of the budgets (README.md beside this file), measured side by side in one process and
/// printed with their budgets.
struct Benchmarks {
  /// View-model nodes in the synthetic model.
  let nodeCount = 100_000
  /// Timed runs per figure (after one warm-up run); each figure is their median.
  let runs = 5
  var print: (String) -> Void

  /// The ruleset source every evaluation figure uses (accessibility.precept).
  static let rulesetText = String(decoding: PackageResources.accessibility_precept, as: UTF8.self)

  /// Measures and prints; false when the engine and the hand-written rules disagree, which
  /// makes the comparison meaningless.
  func run() throws(DiagnosticError) -> Bool {
    print("precept-bench")
    MachineInfo.lines.forEach(print)
    print(
      "method    thread CPU time, median of \(runs) timed runs after a warm-up run; compared figures run interleaved")
    print("")

    let ruleset = try Ruleset(text: Benchmarks.rulesetText, name: "accessibility.precept")
    let document = SyntheticScreens.document(nodeCount: nodeCount)
    let model = ViewModel(document)
    let engine = Engine(rulesets: [ruleset])

    // The comparison is honest only if both sides find the same violations.
    let report = engine.evaluate(model)
    let violations = HandWrittenRules.evaluate(model)
    let problems = Agreement.problems(ruleset: ruleset, report: report, violations: violations, model: model)
    guard problems.isEmpty else {
      print("error: the engine and the hand-written rules disagree, so their times cannot be compared:")
      problems.forEach { print("  " + $0) }
      return false
    }
    let visits = report.ruleCounts.values.reduce(0) {
      $0 + $1.failed + $1.passed + $1.inapplicable + $1.needsReview + $1.notRun
    }
    let bytes = Benchmarks.rulesetText.utf8.count
    print(
      "model     \(Format.grouped(model.nodeCount)) nodes: \(Format.grouped(document.nodes.count)) synthetic SwiftUI screens (SyntheticScreens.swift)"
    )
    print(
      "ruleset   accessibility.precept: \(ruleset.program.rules.count) rules, \(Format.grouped(bytes)) bytes; "
        + "\(Format.grouped(visits)) (rule × node) visits, \(Format.grouped(report.findings.count)) findings, "
        + "the same as the hand-written Swift rules")
    print("")

    var table = Table()

    // 1. Compile throughput.
    let repetitions = (1_000_000 + bytes - 1) / bytes
    let compileTimes = measure {
      for _ in 0..<repetitions { _ = try? Ruleset(text: opaque(Benchmarks.rulesetText)) }
    }
    let megabytesPerSecond = Double(bytes * repetitions) / compileTimes[0] / 1e6
    table.add(
      "compile ruleset source (parse, check, compile)", "\(Format.fixed(megabytesPerSecond, 2)) MB/s",
      budget: "≥ 1 MB/s", met: megabytesPerSecond >= 1,
      note: "\(repetitions) × \(Format.grouped(bytes)) bytes per run; MB = 10⁶ bytes")

    // 2 and 3. Evaluation, and the same rules hand-written in Swift.
    let times = measure(
      { _ = engine.evaluate(model) },
      { _ = opaque(HandWrittenRules.evaluate(model)) })
    let (engineTime, swiftTime) = (times[0], times[1])
    table.add("evaluate \(ruleset.program.rules.count) rules over the model", Format.duration(seconds: engineTime))
    table.add("  per node", "\(Format.fixed(engineTime / Double(model.nodeCount) * 1e9, 1)) ns")
    table.add("  per (rule × visited node)", "\(Format.fixed(engineTime / Double(visits) * 1e9, 1)) ns")
    let ratio = engineTime / swiftTime
    table.add(
      "evaluate ÷ the same rules hand-written in Swift", "\(Format.fixed(ratio, 2))×", budget: "≤ 2×", met: ratio <= 2,
      note: "Swift over the same arena: \(Format.duration(seconds: swiftTime))")

    // 4. Memory.
    let bytesPerNode = Double(model.footprint) / Double(model.nodeCount)
    table.add(
      "view-model bytes per node", Format.fixed(bytesPerNode, 1), budget: "≤ 200", met: bytesPerNode <= 200,
      note: "ViewModel.footprint ÷ nodeCount")

    // The one rule of §6: compiled once, `items` bound once, evaluated many times (as Lua and
    // the other engines are timed: the table is built before the clock starts).
    let rule = try CompiledExpression(MenuItemsRule.source, variables: ["items"])
    let bindings = ["items": MenuItemsRule.binding]
    let evaluator = rule.evaluator(bindings)
    guard evaluator.evaluateCondition() == true, MenuItemsRule.holds(MenuItemsRule.items) else {
      print("error: the menu-items rule does not hold on its items")
      return false
    }
    let count = Timing.iterations(toFill: 0.2) { _ = evaluator.evaluateCondition() }
    let bindCount = max(1, count / 20)
    let structs = MenuItemsRule.items
    let swiftCount = Timing.iterations(toFill: 0.2) { _ = MenuItemsRule.holds(opaque(structs)) }
    let ruleTimes = measure(
      { for _ in 0..<count { _ = opaque(evaluator.evaluateCondition()) } },
      { for _ in 0..<bindCount { _ = opaque(rule.evaluator(opaque(bindings))) } },
      { for _ in 0..<swiftCount { _ = opaque(MenuItemsRule.holds(opaque(structs))) } })
    let perEvaluation = ruleTimes[0] / Double(count)
    let setup = ruleTimes[1] / Double(bindCount)
    let perSwiftCheck = ruleTimes[2] / Double(swiftCount)
    table.add(
      "§6 rule over 20 menu items, evaluate", Format.duration(seconds: perEvaluation), budget: "≤ 1.1 µs",
      met: perEvaluation <= 1.1e-6,
      note: "data bound once; binding `items` and making the VM takes \(Format.duration(seconds: setup)), once")
    let ruleRatio = perEvaluation / perSwiftCheck
    table.add(
      "  ÷ the rule hand-written in Swift over structs", "\(Format.fixed(ruleRatio, 2))×", budget: "≤ 2×",
      met: ruleRatio <= 2,
      note: "Swift: \(Format.duration(seconds: perSwiftCheck)); Lua 5.4 is measured outside (README)")

    // Lint (issue 4): the reader and the whole lint beside Apple's parser, over the same files.
    let lintFigures = LintFigures(runs: runs)
    let standard: [Ruleset]
    do {
      let library = StandardRulesets.library()
      standard = try library.entries.map { try library.ruleset($0) }
    } catch {
      print("error: the standard rulesets do not compile")
      return false
    }
    let lint = lintFigures.measure(standard)
    let lines = Format.grouped(lintFigures.lineCount)
    table.add(
      "read SwiftUI source, one core", "\(Format.grouped(Int(lint.reader))) lines/s",
      budget: "≥ swiftc", met: lint.swiftc.map { lint.reader >= $0 },
      note: lint.swiftc.map {
        "swiftc -frontend -parse: \(Format.grouped(Int($0))) lines/s (\(Format.fixed(lint.reader / $0, 1))×)"
      }
        ?? "swiftc not found")
    table.add(
      "lint (read + standard rulesets), one core", "\(Format.grouped(Int(lint.lint))) lines/s",
      budget: "≥ 100,000", met: lint.lint >= 100_000,
      note: "\(lintFigures.files.count) synthetic files, \(lines) lines, \(lint.findings) findings")
    table.add(
      "lint, every core (\(ProcessInfo.processInfo.activeProcessorCount))",
      "\(Format.grouped(Int(lint.allCores))) lines/s",
      note: "wall clock")

    // Packs (issue 7): loading the standard rulesets from packs beside compiling them.
    do {
      let (fromSource, fromPacks) = try lintFigures.packs()
      table.add(
        "load the standard rulesets from packs", Format.duration(seconds: fromPacks),
        note:
          "compiling them from source: \(Format.duration(seconds: fromSource)) (\(Format.fixed(fromSource / fromPacks, 1))× slower)"
      )
    } catch {
      print("error: the standard rulesets do not pack: \(error)")
      return false
    }

    table.lines.forEach(print)
    return true
  }

  /// Runs each body once to warm up, then `runs` times, interleaved; the median seconds of each.
  private func measure(_ bodies: () -> Void...) -> [Double] {
    for body in bodies { body() }
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<runs {
      for (index, body) in bodies.enumerated() { samples[index].append(Timing.seconds(body)) }
    }
    return samples.map(Timing.median)
  }
}

/// The figures, aligned in columns, each with its budget and whether it is met.
private struct Table {
  private var rows: [(String, String, String, String, String)] = []

  mutating func add(_ name: String, _ value: String, budget: String = "", met: Bool? = nil, note: String = "") {
    rows.append((name, value, budget, met.map { $0 ? "met" : "NOT MET" } ?? "", note))
  }

  var lines: [String] {
    let header = ("figure", "measured", "budget", "", "")
    let all = [header] + rows
    let widths = [
      all.map(\.0.count).max()!, all.map(\.1.count).max()!, all.map(\.2.count).max()!, all.map(\.3.count).max()!,
    ]
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    return all.map { row in
      let columns = [pad(row.0, widths[0]), pad(row.1, widths[1]), pad(row.2, widths[2]), pad(row.3, widths[3]), row.4]
      var line = columns.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }
}
