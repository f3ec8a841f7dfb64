import Foundation
import Precept

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `precept lint --watch`: after the first report, polls the paths and, when files were added,
/// changed or removed, reads those again and re-lints, printing what changed — findings that
/// appeared (`+`) and those that are gone (`-`), in those files and in any other whose
/// findings a change moved (a use of a view declared in a changed file) — until the process
/// is interrupted.
struct Watch {
  let paths: [String]
  let walker: FileWalker
  let console: Console
  let sources: SourceLines
  /// Re-lints after the files in the first list changed and those in the second were removed:
  /// the report and input errors of every file.
  let lint: @Sendable ([InputPath], [InputPath]) -> (Report, [Diagnostic])
  /// How often the paths are looked at.
  var interval: Duration = .milliseconds(500)

  private var stamps: [InputPath: FileWalker.Stamp] = [:]
  /// What is printed for each file now: its findings and input errors, one line each.
  private var lines: [String: [String]] = [:]

  init(
    paths: [String], walker: FileWalker, console: Console, sources: SourceLines,
    lint: @escaping @Sendable ([InputPath], [InputPath]) -> (Report, [Diagnostic])
  ) {
    self.paths = paths
    self.walker = walker
    self.console = console
    self.sources = sources
    self.lint = lint
  }

  /// Takes the first lint's results as what is known.
  mutating func start(report: Report, inputErrors: [Diagnostic]) {
    let (files, _) = walker.files(paths)
    for file in files { stamps[file] = FileWalker.stamp(file.bytes) }
    lines = Watch.lines(report, inputErrors)
    console.printError("precept: watching \(files.count) Swift file\(files.count == 1 ? "" : "s"); Ctrl-C stops")
  }

  /// Polls until the process is interrupted.
  mutating func run() -> Never {
    Watch.endOnInterrupt()
    while true {
      Thread.sleep(
        forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
      poll()
    }
  }

  /// Looks at the paths once; re-lints and prints what changed, if anything did.
  mutating func poll() {
    let (files, _) = walker.files(paths)
    var current: [InputPath: FileWalker.Stamp] = [:]
    for file in files { current[file] = FileWalker.stamp(file.bytes) }
    let changed = files.filter { current[$0] != stamps[$0] }
    let removed = stamps.keys.filter { current[$0] == nil }.sorted { $0.name < $1.name }
    stamps = current
    guard !changed.isEmpty || !removed.isEmpty else { return }

    let (report, inputErrors) = lint(changed, removed)
    let fresh = Watch.lines(report, inputErrors)
    // The changed files first, then any other Swift file whose findings moved; lines of
    // anything else (a path that could not be walked) stay as they were.
    let touched = changed.map(\.name) + removed.map(\.name)
    let others = Set(files.map(\.name)).subtracting(touched).filter { lines[$0] != fresh[$0] }.sorted()
    var output: [String] = []
    for file in touched + others {
      let before = lines[file] ?? []
      let after = fresh[file] ?? []
      output += before.filter { !after.contains($0) }.map { "- \($0)" }
      output += after.filter { !before.contains($0) }.map { "+ \($0)" }
      lines[file] = after.isEmpty ? nil : after
    }
    let total = lines.values.reduce(0) { $0 + $1.count }
    let names = (changed + removed).map(\.name)
    let what = names.count == 1 ? names[0] : "\(names.count) files"
    if output.isEmpty { output.append("no change in findings") }
    console.print(
      TerminalStyle.escaped("\(what) changed:") + "\n"
        + output.map { TerminalStyle.escaped($0) }.joined(separator: "\n")
        + "\n" + "\(total) problem\(total == 1 ? "" : "s") in all")
  }

  /// Ctrl-C and SIGTERM end the watch at once, with the shell's status for them (130, 143),
  /// even when the process was started with those signals blocked (a parent's mask is
  /// inherited; test runners and some IDEs block them). An inherited "ignore SIGINT" — a
  /// background job of a script — is kept.
  static func endOnInterrupt() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    let previous = signal(SIGINT) { number in _exit(128 + number) }
    if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
      signal(SIGINT, SIG_IGN)
    }
    signal(SIGTERM) { number in _exit(128 + number) }
  }

  /// One line per finding and input error, by file: `file:line:col: severity: message [rule]`.
  static func lines(_ report: Report, _ inputErrors: [Diagnostic]) -> [String: [String]] {
    var lines: [String: [String]] = [:]
    for error in inputErrors {
      lines[error.file, default: []].append(
        "\(error.file):\(error.location.line):\(error.location.column): error: \(error.message)")
    }
    for finding in report.findings {
      lines[finding.file, default: []].append(
        "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]"
      )
    }
    for item in report.notRun {
      lines[item.file, default: []].append(
        "\(item.file):\(item.line):\(item.column): error: rule \(item.rule) was not run: \(item.message)")
    }
    return lines
  }
}
