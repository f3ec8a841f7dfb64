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
      folder RULESET.tests/ (and the ruleset's golden patterns). A fixture marks the line each
      finding must land on:

          Image(systemName: "ellipsis")     // <- menu.basic/trigger-name
          Button("OK") {}                   // <- button.basic/generic-label, global/focus-visible
          // v menu.basic/command-label
          (a line that cannot hold a comment, such as one inside a multi-line string)

      `// <- RULE, …` expects one finding of each RULE on its own line (write a rule twice to
      expect two); `// v RULE, …`, on a line of its own, on the next line that is not a
      marker. A fixture without findings says `// expect: nothing`. The findings of the
      ruleset and its imports must be exactly those: a missing one, an extra one or one on
      another line fails the fixture, as does a rule that could not run. Review items are not
      marked; they count in the coverage. Then, per rule, it reports in how many fixtures the
      rule was seen failing and passing (review items: needing review). DIR defaults to
      Rulesets/ if it exists, else the current folder.

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

  /// What a fixture expects: for each line, the rule ids of the findings that must land on it
  /// (a rule listed twice is expected twice); problems are markers that cannot be read.
  struct Expectations {
    var findings: [Int: [String]] = [:]
    var problems: [String] = []
    /// Whether the fixture states any expectation (a marker or `// expect: nothing`).
    var stated = false
  }

  /// Reads a fixture's markers: `// <- RULE, …` at the end of (or on) the line the findings
  /// land on, `// v RULE, …` on a line of its own above it, `// expect: nothing` for a fixture
  /// with none. Markers are found in the text, so one inside a string literal counts too.
  static func expectations(_ source: SourceFile) -> Expectations {
    var expected = Expectations()
    var pending: [(line: Int, ids: [String])] = []
    var nothingLine: Int?
    func ids(_ text: Substring, line: Int) -> [String] {
      let ids = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
      if ids.isEmpty { expected.problems.append("line \(line): a marker names no rule") }
      return ids
    }
    for line in 1...max(1, source.lineStarts.count) {
      let text = source.lineText(line)
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("//") {
        let comment = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
        if comment.hasPrefix("expect:") {
          expected.stated = true
          let rest = comment.dropFirst("expect:".count).trimmingCharacters(in: .whitespaces)
          if rest == "nothing" {
            nothingLine = nothingLine ?? line
          } else {
            expected.problems.append(
              "line \(line): '// expect: \(rest)' names rules without lines; mark each finding's line "
                + "with '// <- RULE' instead (or write '// expect: nothing')")
          }
          continue
        }
        if comment == "v" || comment.hasPrefix("v ") {
          expected.stated = true
          pending.append((line, ids(comment.dropFirst(1)[...], line: line)))
          continue
        }
      }
      for (_, ids) in pending { expected.findings[line, default: []] += ids }
      pending = []
      if let marker = text.range(of: "// <-") {
        expected.stated = true
        expected.findings[line, default: []] += ids(text[marker.upperBound...], line: line)
      }
    }
    for (line, _) in pending { expected.problems.append("line \(line): '// v' marker with no line below it") }
    if let line = nothingLine, !expected.findings.isEmpty {
      expected.problems.append("line \(line): '// expect: nothing', yet the fixture marks findings")
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
  /// Rule evaluations that could not run, across all fixtures.
  var notRun = 0
  /// Per rule id: fixtures it failed in, passed in (or needed review in, for review items).
  var coverage: [String: (failing: Int, passing: Int, review: Bool)] = [:]
  var ruleOrder: [String] = []

  init(console: Console, verbose: Bool) {
    self.console = console
    self.verbose = verbose
  }

  mutating func test(_ ruleset: Ruleset, fixtures: [String]) throws {
    let engine = Engine(rulesets: [ruleset])
    try Evaluation.validateWithoutHosts(engine)
    let ids = Set(engine.rules.filter { $0.kind == .rule }.map(\.id))
    let reviewIDs = Set(engine.rules.filter { $0.kind == .review }.map(\.id))
    for rule in ruleset.program.rules where coverage[rule.id] == nil {
      coverage[rule.id] = (0, 0, rule.kind == .review)
      ruleOrder.append(rule.id)
    }
    var inputs: [(SourceFile, RulesetFixtures.Expectations)] = []
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
      inputs.append(
        (
          SourceFile(name: "\(ruleset.name) golden pattern \(index + 1)", text: golden),
          RulesetFixtures.Expectations(stated: true)
        ))
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
      let report = Evaluation.evaluateLinked(engine, document)
      for (rule, counts) in report.ruleCounts where coverage[rule] != nil {
        if counts.failed > 0 { coverage[rule]!.failing += 1 }
        if counts.passed > 0 || counts.needsReview > 0 { coverage[rule]!.passing += 1 }
      }
      notRun += report.notRun.count
      var lines = expected.problems
      if !expected.stated {
        let found = Set(report.findings.map(\.rule)).intersection(ids)
        lines.append(
          "no expectations: mark each finding's line with '// <- RULE', or write '// expect: nothing' (found: \(list(found)))"
        )
      }
      for rule in Set(expected.findings.values.joined()).subtracting(ids).sorted() {
        if reviewIDs.contains(rule) {
          lines.append("marker names '\(rule)', a review item: review items are not findings and take no marker")
          continue
        }
        let suggestion = Spelling.closest(rule, in: ids.sorted()).map { "; did you mean '\($0)'?" } ?? ""
        lines.append("marker names '\(rule)', which is not a rule of this ruleset or its imports\(suggestion)")
      }
      lines += Self.compare(expected.findings, report.findings.filter { ids.contains($0.rule) })
      // A rule that could not run checked nothing on that node: the fixture proves nothing.
      for item in report.notRun {
        let place = item.place.map { " at \($0.file):\($0.line):\($0.column)" } ?? ""
        lines.append(
          "not run: \(item.line):\(item.column) on \(item.nodeType): \(item.rule) (\(item.reason.rawValue)): \(item.message)"
            + place + (item.clause.map { ", in \($0)" } ?? ""))
      }
      if lines.isEmpty {
        if verbose { console.print(TerminalStyle.escaped("ok   \(source.name)")) }
        continue
      }
      failures += 1
      // Names and messages come from the fixtures and rulesets: each line escaped.
      console.print(
        (["FAIL \(source.name)"] + lines.map { "  " + $0 }).map { TerminalStyle.escaped($0) }.joined(separator: "\n"))
    }
  }

  /// The differences between the findings each line expects and those that landed there: a
  /// finding missing on its line and one of the same rule on a line that expected none are
  /// reported together, as a finding on the wrong line.
  static func compare(_ expected: [Int: [String]], _ findings: [Finding]) -> [String] {
    var missing: [(line: Int, rule: String)] = []
    var extra: [Finding] = []
    var byLine: [Int: [Finding]] = [:]
    for finding in findings { byLine[finding.line, default: []].append(finding) }
    for line in Set(expected.keys).union(byLine.keys).sorted() {
      var found = byLine[line] ?? []
      for rule in expected[line] ?? [] {
        if let index = found.firstIndex(where: { $0.rule == rule }) {
          found.remove(at: index)
        } else {
          missing.append((line, rule))
        }
      }
      extra += found
    }
    var lines: [String] = []
    for item in missing {
      if let index = extra.firstIndex(where: { $0.rule == item.rule }) {
        let finding = extra.remove(at: index)
        lines.append(
          "wrong line: \(item.rule) expected on line \(item.line), found at \(finding.line):\(finding.column): \(finding.message)"
        )
      } else {
        lines.append("missing: \(item.rule) expected on line \(item.line), not found there")
      }
    }
    for finding in extra {
      lines.append("unexpected: \(finding.line):\(finding.column): \(finding.message) [\(finding.rule)]")
    }
    return lines
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
    let notRunNote = notRun == 0 ? "" : " (\(notRun) rule evaluation\(notRun == 1 ? "" : "s") could not run)"
    console.print(
      "\n\(fixtureCount) fixtures, \(failures) failed\(notRunNote); \(ruleOrder.count) rules, \(gaps) not covered both ways"
    )
    return failures == 0 && gaps == 0 ? 0 : 1
  }
}
