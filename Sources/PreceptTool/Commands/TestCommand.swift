import Foundation
import Precept
import PreceptSwiftUI

extension Command {
  static let testCommand = Command(
    name: "test",
    summary: "run rulesets' fixtures and report rule coverage",
    usage: "precept test [DIR|RULESET…] [--min-fixtures N] [--verbose]",
    details: """
      Runs the fixtures beside each ruleset: for RULESET.precept, every Swift file in the
      folder RULESET.tests/ (and the ruleset's golden patterns). A fixture states what it
      expects in comments:

          // expect: menu.basic/trigger-name, global/focus-visible
          // expect: nothing

      The rule ids of its findings — from the ruleset and its imports — must be exactly
      those. Then, per rule, it reports in how many fixtures the rule was seen failing and
      passing (review items: needing review). DIR defaults to Rulesets/ if it exists, else
      the current folder.

      Exit status: 0 when every fixture meets its expectations and every rule is seen failing
      and passing in at least --min-fixtures fixtures each (default 1); 1 otherwise; 2 for
      a usage error or a ruleset that does not compile.
      """,
    options: [
      OptionSpec(name: "--min-fixtures", value: "N", help: "fixtures each rule must fail and pass in (default 1)"),
      OptionSpec(name: "--verbose", short: "-v", help: "list every fixture, not only failures"),
    ],
    run: { arguments, console in
      let minimum =
        try arguments.value("--min-fixtures").map { text in
          guard let value = Int(text), value >= 0 else {
            if !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) }) {
              throw UsageError(message: "--min-fixtures is too large (max \(Int.max))")
            }
            throw UsageError(message: "--min-fixtures needs a whole number")
          }
          return value
        } ?? 1
      let paths =
        arguments.positionals.isEmpty
        ? [FileManager.default.fileExists(atPath: "Rulesets") ? "Rulesets" : "."] : arguments.positionals
      let rulesetFiles = try paths.flatMap { path in try RulesetFixtures.rulesetFiles(path) }
      guard !rulesetFiles.isEmpty else {
        throw InputError(message: "no .precept files in \(paths.joined(separator: ", "))")
      }
      let (library, entries) = try Evaluation.library(rulesetFiles)
      var run = FixtureRun(console: console, verbose: arguments.flag("--verbose"))
      for entry in entries {
        try run.test(try library.ruleset(entry), fixtures: RulesetFixtures.fixtures(of: entry.source.name))
      }
      return run.finish(minimum: minimum)
    })
}

/// Where fixtures live: `NAME.tests/*.swift` beside `NAME.precept`.
enum RulesetFixtures {
  /// The ruleset files a path names: the file itself, or the `.precept` files in a folder.
  static func rulesetFiles(_ path: String) throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(message: "no such file or folder: \(path)")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = try FileManager.default.contentsOfDirectory(atPath: path)
    return names.filter { $0.hasSuffix(".precept") }.sorted().map { (path as NSString).appendingPathComponent($0) }
  }

  static func fixtures(of rulesetFile: String) -> [String] {
    let folder = String(rulesetFile.dropLast(".precept".count)) + ".tests"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
  }

  /// The rule ids a fixture expects, from its `// expect:` comments (nil when it has none).
  static func expectations(_ source: SourceFile) -> Set<String>? {
    var expected: Set<String>?
    for line in 1...max(1, source.lineStarts.count) {
      let text = source.lineText(line).trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("//") else { continue }
      let comment = text.dropFirst(2).trimmingCharacters(in: .whitespaces)
      guard comment.hasPrefix("expect:") else { continue }
      let ids = comment.dropFirst("expect:".count).split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
      expected = (expected ?? []).union(ids.filter { $0 != "nothing" })
    }
    return expected
  }
}

/// Fixture results and rule coverage across the rulesets tested.
private struct FixtureRun {
  let console: Console
  let verbose: Bool
  var failures = 0
  var fixtureCount = 0
  /// Per rule id: fixtures it failed in, passed in (or needed review in, for review items).
  var coverage: [String: (failing: Int, passing: Int, review: Bool)] = [:]
  var ruleOrder: [String] = []

  init(console: Console, verbose: Bool) {
    self.console = console
    self.verbose = verbose
  }

  mutating func test(_ ruleset: Ruleset, fixtures: [String]) throws {
    let engine = Engine(rulesets: [ruleset])
    let ids = Set(engine.rules.map(\.id))
    for rule in ruleset.program.rules where coverage[rule.id] == nil {
      coverage[rule.id] = (0, 0, rule.kind == .review)
      ruleOrder.append(rule.id)
    }
    var inputs: [(SourceFile, Set<String>?)] = []
    for path in fixtures {
      let source: SourceFile
      switch SourceFile.readBytes(path) {
      case .success(let bytes): source = SourceFile(name: path, bytes: bytes)
      case .failure(let failure): throw InputError(message: "\(path): \(failure.reason)")
      }
      inputs.append((source, RulesetFixtures.expectations(source)))
    }
    // A golden pattern is a fixture that must produce no finding of this ruleset.
    for (index, golden) in ruleset.program.metadata.golden.enumerated() {
      inputs.append((SourceFile(name: "\(ruleset.name) golden pattern \(index + 1)", text: golden), []))
    }
    for (source, expected) in inputs {
      fixtureCount += 1
      let document: ViewDocument
      do {
        document = try SwiftUIReader.read(source)
      } catch {
        failures += 1
        console.report(error.diagnostics)
        continue
      }
      let report = engine.evaluate(ViewModel(document))
      let found = Set(report.findings.map(\.rule)).intersection(ids)
      for (rule, counts) in report.ruleCounts where coverage[rule] != nil {
        if counts.failed > 0 { coverage[rule]!.failing += 1 }
        if counts.passed > 0 || counts.needsReview > 0 { coverage[rule]!.passing += 1 }
      }
      guard let expected else {
        failures += 1
        console.print(TerminalStyle.escaped("FAIL \(source.name): no '// expect:' comment (found: \(list(found)))"))
        continue
      }
      let problems = report.notRun.map { "\($0.rule) not run at \($0.line):\($0.column): \($0.message)" }
      if found == expected && problems.isEmpty {
        if verbose { console.print(TerminalStyle.escaped("ok   \(source.name)")) }
        continue
      }
      failures += 1
      var lines = ["FAIL \(source.name)"]
      let missing = expected.subtracting(found)
      let unexpected = found.subtracting(expected)
      if !missing.isEmpty { lines.append("  expected but not found: \(list(missing))") }
      for rule in unexpected.sorted() {
        for finding in report.findings where finding.rule == rule {
          lines.append("  unexpected: \(finding.line):\(finding.column): \(finding.message) [\(rule)]")
        }
      }
      lines += problems.map { "  \($0)" }
      // Names and messages come from the fixtures and rulesets: each line escaped.
      console.print(lines.map { TerminalStyle.escaped($0) }.joined(separator: "\n"))
    }
  }

  private func list(_ ids: Set<String>) -> String { ids.isEmpty ? "nothing" : ids.sorted().joined(separator: ", ") }

  func finish(minimum: Int) -> Int32 {
    let width = ruleOrder.map(\.count).max() ?? 0
    var gaps = 0
    console.print("\nrule coverage (fixtures in which each rule failed / passed):")
    for rule in ruleOrder {
      let entry = coverage[rule]!
      let padding = String(repeating: " ", count: width - rule.count + 2)
      if entry.review {
        let ok = entry.passing >= minimum
        if !ok { gaps += 1 }
        console.print("  \(rule)\(padding)review \(entry.passing)\(ok ? "" : "   NOT SEEN")")
        continue
      }
      var notes: [String] = []
      if entry.failing < minimum { notes.append("seen failing in fewer than \(minimum)") }
      if entry.passing < minimum { notes.append("seen passing in fewer than \(minimum)") }
      if !notes.isEmpty { gaps += 1 }
      console.print(
        "  \(rule)\(padding)failing \(entry.failing), passing \(entry.passing)"
          + (notes.isEmpty ? "" : "   " + notes.joined(separator: "; ")))
    }
    console.print(
      "\n\(fixtureCount) fixtures, \(failures) failed; \(ruleOrder.count) rules, \(gaps) not covered both ways")
    return failures == 0 && gaps == 0 ? 0 : 1
  }
}
