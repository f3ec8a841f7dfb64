import Foundation
import Precept

/// What `lint` and `check` share: choosing rulesets, evaluating models on every core, and
/// writing the report with the right exit status.
enum Evaluation {
  static let rulesetOption = OptionSpec(
    name: "--ruleset", short: "-r", value: "FILE|DIR",
    help: "a ruleset file or a folder of them (repeatable); default: the standard rulesets")
  static let formatOption = OptionSpec(name: "--format", short: "-f", value: "FORMAT", help: "text (default), json or sarif")
  static let failOnOption = OptionSpec(
    name: "--fail-on", value: "SEVERITY", help: "exit 1 on findings at or above error (default), warning or info")
  static let showReviewOption = OptionSpec(name: "--show-review", help: "list every check that needs a person in text output")
  static let outputOption = OptionSpec(name: "--output", short: "-o", value: "FILE", help: "write the report to FILE instead of standard output")

  /// The rulesets named by `--ruleset` (imports resolve among them and the standard ones), or
  /// the standard rulesets.
  static func rulesets(_ paths: [String]) throws(DiagnosticError) -> [Ruleset] {
    if paths.isEmpty {
      let (rulesets, diagnostics) = StandardRulesets.library().compileAll()
      guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
      return rulesets
    }
    let library = RulesetLibrary()
    for path in paths { try library.add(path: path) }
    let given = library.entries
    // The standard rulesets stay importable unless the user gave the same name and version.
    for entry in StandardRulesets.library().entries
    where !given.contains(where: { $0.name == entry.name && $0.version == entry.version }) {
      try library.add(entry.source)
    }
    var newest: [String: RulesetLibrary.Entry] = [:]
    for entry in given where newest[entry.name].map({ $0.version < entry.version }) ?? true { newest[entry.name] = entry }
    var rulesets: [Ruleset] = []
    var diagnostics: [Diagnostic] = []
    for name in newest.keys.sorted() {
      do {
        rulesets.append(try library.ruleset(newest[name]!))
      } catch {
        diagnostics += error.diagnostics
      }
    }
    guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    if rulesets.isEmpty { throw DiagnosticError(Diagnostic(.error, "no rulesets found", file: paths.joined(separator: ", "), location: SourceLocation(line: 1, column: 1))) }
    return rulesets
  }

  static func format(_ arguments: ParsedArguments) throws(UsageError) -> ReportFormat {
    guard let text = arguments.value("--format") else { return .text }
    guard let format = ReportFormat(rawValue: text) else {
      throw UsageError(message: "unknown format '\(text)'; expected text, json or sarif")
    }
    return format
  }

  static func failOn(_ arguments: ParsedArguments) throws(UsageError) -> Severity {
    guard let text = arguments.value("--fail-on") else { return .error }
    guard let severity = Severity(rawValue: text) else {
      throw UsageError(message: "unknown severity '\(text)'; expected error, warning or info")
    }
    return severity
  }

  /// One input, ready to evaluate: its model and the suppression comments of its source.
  struct Input {
    var model: ViewModel
    var suppressions: Suppressions?
  }

  /// Evaluates `count` inputs on every core; `produce` reads input `index` (or reports why it
  /// cannot). Reports are merged in input order, so output does not depend on timing.
  static func evaluate(
    _ engine: Engine, count: Int, produce: @Sendable (Int) -> Result<Input, DiagnosticError>
  ) -> (Report, [Diagnostic]) {
    let results = Mutex<[(Report?, [Diagnostic])]>(Array(repeating: (nil, []), count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let result: (Report?, [Diagnostic])
      switch produce(index) {
      case .success(let input):
        var report = engine.evaluate(input.model)
        if let suppressions = input.suppressions, !suppressions.isEmpty {
          report.suppressFindings { suppressions.suppresses($0.rule, line: $0.line) }
        }
        result = (report, [])
      case .failure(let error):
        result = (nil, error.diagnostics)
      }
      results.withLock { $0[index] = result }
    }
    var report = Report()
    var inputErrors: [Diagnostic] = []
    for (partial, errors) in results.withLock({ $0 }) {
      if let partial { report.merge(partial) }
      inputErrors += errors
    }
    report.summary.rules = engine.rules.count
    report.sort()
    return (report, inputErrors)
  }

  /// The largest input file read, so a stray multi-gigabyte file cannot exhaust memory.
  static let maximumFileSize = 64 << 20

  /// Reads an input file (or standard input for `-`) as an input error when it cannot.
  static func read(_ path: String, stdin: SourceFile?) -> Result<SourceFile, DiagnosticError> {
    if path == "-", let stdin { return .success(stdin) }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? Int, size > maximumFileSize {
      return .failure(
        DiagnosticError(
          Diagnostic(
            .error, "file is \(size) bytes, over the limit of \(maximumFileSize) bytes", file: path,
            location: SourceLocation(line: 1, column: 1))))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
      return .failure(DiagnosticError(Diagnostic(.error, reason, file: path, location: SourceLocation(line: 1, column: 1))))
    }
    return .success(SourceFile(name: path, bytes: Array(data)))
  }

  /// Writes the report and returns the exit status: 2 if an input could not be read, else 1
  /// if a finding is at or above `failOn`, else 0.
  static func finish(
    _ report: Report, inputErrors: [Diagnostic], engine: Engine, arguments: ParsedArguments, console: Console,
    sources: SourceLines
  ) throws -> Int32 {
    let format = try format(arguments)
    let failOn = try failOn(arguments)
    let output = arguments.value("--output")
    let renderer = ReportRenderer(
      rules: engine.rules, inputErrors: inputErrors, color: format == .text && output == nil && console.outStyle.enabled,
      showReviews: arguments.flag("--show-review"), toolName: "precept", toolVersion: PreceptTool.version,
      sourceLine: { file, line in sources.line(file, line) })
    let text = renderer.render(report, as: format)
    if let output {
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output))
      } catch {
        throw InputError(message: "cannot write \(output): \(error.localizedDescription)")
      }
    } else {
      console.write(text)
    }
    if !inputErrors.isEmpty { return 2 }
    return report.findings.contains { $0.severity >= failOn } ? 1 : 0
  }
}

/// Lines of source files, read once and shared between threads, for quoting under findings.
final class SourceLines: @unchecked Sendable {
  private let lock = NSLock()
  private var files: [String: SourceFile?] = [:]

  /// Remembers a file already in memory (a Swift file being linted, standard input).
  func add(_ source: SourceFile) {
    lock.withLock { files[source.name] = source }
  }

  func line(_ file: String, _ line: Int) -> String? {
    lock.withLock {
      let source: SourceFile?
      if let known = files[file] {
        source = known
      } else {
        source = FileManager.default.contents(atPath: file).map { SourceFile(name: file, bytes: Array($0)) }
        files.updateValue(source, forKey: file)  // remember unreadable files too
      }
      return source?.lineText(line)
    }
  }
}

/// A value guarded by a lock.
final class Mutex<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
