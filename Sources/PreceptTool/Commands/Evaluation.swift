import Foundation
import Precept

/// What `lint` and `check` share: choosing rulesets, evaluating models on every core, and
/// writing the report with the right exit status.
enum Evaluation {
  static let rulesetOption = OptionSpec(
    name: "--ruleset", short: "-r", value: "FILE|DIR",
    help: "a ruleset file or a folder of them (repeatable); default: the standard rulesets")
  static let formatOption = OptionSpec(
    name: "--format", short: "-f", value: "FORMAT", help: "text (default), json, sarif, github, xcode or html")
  static let failOnOption = OptionSpec(
    name: "--fail-on", value: "SEVERITY", help: "exit 1 on findings at or above error (default), warning or info")
  static let showReviewOption = OptionSpec(
    name: "--show-review", help: "list every check that needs a person (text and SARIF; JSON always lists them)")
  static let acceptNotRunOption = OptionSpec(
    name: "--accept-not-run",
    help: "exit 0 or 1 even when a rule could not run on a node (for a ruleset you cannot fix)")
  static let outputOption = OptionSpec(
    name: "--output", short: "-o", value: "FILE", help: "write the report to FILE instead of standard output")

  static let platformOption = OptionSpec(
    name: "--platform", value: "NAME",
    help: "a platform the app ships (repeatable or comma-separated: iOS, iPadOS, macOS, \"Mac Catalyst\", tvOS, "
      + "watchOS, visionOS); default: precept.json's platforms, else those the code mentions, else iOS")

  /// The platforms `--platform` names, else the configuration's, else nil (the code decides).
  static func platforms(_ arguments: ParsedArguments, _ configuration: ProjectConfiguration?) throws -> PlatformSet? {
    let given = arguments.values("--platform").flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !arguments.values("--platform").isEmpty else { return configuration?.platforms }
    var platforms: PlatformSet = []
    for name in given {
      guard let platform = PlatformSet(name: name) else {
        throw UsageError(message: "unknown platform '\(name)' for --platform; expected one of \(PlatformSet.nameList)")
      }
      platforms.insert(platform)
    }
    guard !platforms.isEmpty else { throw UsageError(message: "--platform needs a platform name") }
    return platforms
  }

  /// What a project ships when it does not say: every platform its files mention in `#if`
  /// conditions and imports (each file's reader default), else in availability annotations,
  /// or nil — iOS — when none mentions any.
  static func mentionedPlatforms(_ documents: [ViewDocument]) -> PlatformSet? {
    var strong: PlatformSet = []
    var weak: PlatformSet = []
    for document in documents {
      if document.platformsFromAvailability {
        weak.formUnion(document.platforms ?? [])
      } else {
        strong.formUnion(document.platforms ?? [])
      }
    }
    let union = strong.isEmpty ? weak : strong
    return union.isEmpty ? nil : union
  }

  static let layerOption = OptionSpec(
    name: "--layer", value: "FILE",
    help: "an accessibility layer file that extends (or, with \"base\": \"none\", replaces) the standard one, "
      + "Rulesets/swiftui.layer.json (Grammar/layer.md)")

  /// The accessibility layer `--layer` names, else the standard one.
  static func layer(_ arguments: ParsedArguments, _ console: Console) throws -> AccessibilityLayer {
    guard let path = arguments.value("--layer") else { return .standard }
    return try AccessibilityLayer(try readInput(path, console))
  }

  static let configOption = OptionSpec(
    name: "--config", value: "FILE", help: "the project configuration (default: precept.json in this folder, if any)")

  /// The engine `lint` and `check` run: the rulesets named by `--ruleset`, else those of the
  /// project configuration (standard ones, locked packs, local paths), else the standard ones;
  /// with the configuration's severity overrides and disabled rules.
  static func engine(_ arguments: ParsedArguments) throws -> (Engine, ProjectConfiguration?) {
    let configuration = try ProjectConfiguration.find(arguments.value("--config"))
    let engine = try self.engine(rulesetPaths: arguments.values("--ruleset"), configuration: configuration).engine
    return (engine, configuration)
  }

  /// The engine of the rulesets `rulesetPaths` name, else the configuration's, else the
  /// standard ones; and the library they were loaded from, which also resolves imports (the
  /// language server compiles the rulesets being edited against it).
  static func engine(rulesetPaths: [String], configuration: ProjectConfiguration?) throws -> (
    engine: Engine, library: RulesetLibrary
  ) {
    let (library, chosen) = try library(rulesetPaths, configuration: configuration)
    let rulesets = try self.rulesets(chosen, in: library, paths: rulesetPaths, configuration: configuration)
    let engine = Engine(
      rulesets: rulesets, severityOverrides: configuration?.severity ?? [:],
      disabledRules: Set(configuration?.disable ?? []))
    try validateWithoutHosts(engine)
    if let configuration, let source = configuration.source {
      let check = RuleIDCheck(engine, partial: !rulesetPaths.isEmpty)
      let problems = configuration.ruleNames.compactMap { setting, name, span in
        check.problem(name, rulesets: setting == "disable", in: "'\(setting)'").map { message in
          Diagnostic(.error, message, in: source, span: span)
        }
      }
      if !problems.isEmpty { throw DiagnosticError(problems) }
    }
    return (engine, library)
  }

  /// The command line registers no host functions: a ruleset that declares one cannot be
  /// checked here, which is an error at its declaration, not rules that quietly do not run.
  static func validateWithoutHosts(_ engine: Engine) throws(DiagnosticError) {
    do {
      try engine.validate()
    } catch {
      throw DiagnosticError(
        error.diagnostics.map { diagnostic in
          var diagnostic = diagnostic
          diagnostic.help =
            "the precept command provides no host functions; run this ruleset in a host that registers them"
          return diagnostic
        })
    }
  }

  static func rulesets(_ paths: [String], configuration: ProjectConfiguration? = nil) throws -> [Ruleset] {
    let (library, chosen) = try library(paths, configuration: configuration)
    return try rulesets(chosen, in: library, paths: paths, configuration: configuration)
  }

  /// The newest version of each chosen entry, compiled.
  private static func rulesets(
    _ chosen: [RulesetLibrary.Entry], in library: RulesetLibrary, paths: [String], configuration: ProjectConfiguration?
  ) throws -> [Ruleset] {
    var newest: [String: RulesetLibrary.Entry] = [:]
    for entry in chosen where newest[entry.name].map({ $0.version < entry.version }) ?? true {
      newest[entry.name] = entry
    }
    // Compiled on every core first; then each is asked for in name order, as before, so what
    // fails is reported in the same order and with the same diagnostics.
    library.compileConcurrently(newest.keys.sorted().map { newest[$0]! })
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
    if rulesets.isEmpty {
      let searched =
        paths.isEmpty
        ? (configuration.map {
          "\($0.path) names no rulesets (its \"rulesets\" and \"paths\" are empty and \"standard\" is false)"
        } ?? "nothing was searched")
        : paths.joined(separator: ", ")
      throw InputError(message: paths.isEmpty ? "no rulesets to use: \(searched)" : "no rulesets found in \(searched)")
    }
    return rulesets
  }

  /// A library holding the rulesets `paths` (or the configuration, or the standard set) name,
  /// and the standard rulesets for imports; and the entries that were asked for.
  static func library(_ paths: [String], configuration: ProjectConfiguration? = nil) throws -> (
    RulesetLibrary, [RulesetLibrary.Entry]
  ) {
    let library = RulesetLibrary()
    var chosen: [RulesetLibrary.Entry] = []
    func addPaths(_ paths: [String]) throws {
      let before = library.entries.count
      for path in paths { try library.add(path: path) }
      chosen += library.entries[before...]
    }
    if !paths.isEmpty {
      try addPaths(paths)
    } else if let configuration {
      // Locked packs first: a pack of the same name and version as a standard ruleset wins.
      if !configuration.rulesets.isEmpty {
        for pack in try ProjectPacks.installed(configuration) {
          try library.add(pack, path: pack.fileName)
          if configuration.rulesets.contains(where: { $0.name == pack.manifest.name }) {
            chosen.append(library.entries.last!)
          }
        }
      }
      if configuration.standard {
        // A built-in ruleset the project requires by name from the registry is replaced by it.
        let replaced = Set(configuration.rulesets.map(\.name))
        for entry in StandardRulesets.entries where !replaced.contains(entry.name) {
          if let loaded = library.entries.first(where: { $0.name == entry.name && $0.version == entry.version }) {
            chosen.append(loaded)
          } else {
            try library.add(entry)
            chosen.append(library.entries.last!)
          }
        }
      }
      try addPaths(configuration.paths.map(configuration.resolve))
    } else {
      chosen = StandardRulesets.entries
      for entry in chosen { try library.add(entry) }
    }
    // The standard rulesets stay importable unless a ruleset of the same name and version is loaded.
    for entry in StandardRulesets.entries
    where !library.entries.contains(where: { $0.name == entry.name && $0.version == entry.version }) {
      try library.add(entry)
    }
    return (library, chosen)
  }

  static func format(_ arguments: ParsedArguments) throws(UsageError) -> ReportFormat {
    guard let text = arguments.value("--format") else { return .text }
    guard let format = ReportFormat(rawValue: text) else {
      throw UsageError(message: "unknown format '\(text)'; expected text, json, sarif, github, xcode or html")
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
    /// Problems found while reading that do not stop the evaluation (a suppression comment
    /// naming an unknown rule): reported as input errors.
    var problems: [Diagnostic] = []
    /// Preview code whose findings and review items are left out (`--include-previews` keeps
    /// them: then this is nil).
    var previews: PreviewCode? = nil
  }

  /// A file's model ready to evaluate, with its suppression comments; a comment naming no
  /// loaded rule or ruleset is a problem reported as an input error. What is found in the
  /// `#Preview` and `PreviewProvider` code of `previewsOf` (the file's own document) is left out.
  static func input(
    _ model: ViewModel, source: SourceFile, ruleIDs: RuleIDCheck, previewsOf document: ViewDocument? = nil
  ) -> Input {
    let suppressions = Suppressions(source)
    let problems = suppressions.names.compactMap { name, span in
      name.isEmpty
        ? nil
        : ruleIDs.problem(name, rulesets: true, in: "a precept: comment").map {
          Diagnostic(.error, $0, in: source, span: span)
        }
    }
    let previews = document.map(PreviewCode.init)
    return Input(
      model: model, suppressions: suppressions, problems: problems,
      previews: previews?.isEmpty == false ? previews : nil)
  }

  /// Evaluates `count` inputs on every core; `produce` reads input `index` (or reports why it
  /// cannot). Reports are merged in input order, so output does not depend on timing.
  ///
  /// `order`, when given, is the order to start the inputs in (a permutation of their
  /// indices), largest first: each core takes the next input when it is done with one, so the
  /// big ones, started early, do not leave one core working alone at the end.
  static func evaluate(
    _ engine: Engine, count: Int, order: [Int]? = nil, produce: @Sendable (Int) -> Result<Input, DiagnosticError>
  ) -> (Report, [Diagnostic]) {
    let results = Mutex<[(Report?, [Diagnostic])]>(Array(repeating: (nil, []), count: count))
    var runOptions = EvaluationOptions()
    runOptions.runBudget = RunBudget(limit: engine.limits.runCostBudget)
    let options = runOptions
    precondition(order.map { $0.count == count } ?? true, "the order is a permutation of the inputs")
    DispatchQueue.concurrentPerform(iterations: count) { position in
      let index = order?[position] ?? position
      let result: (Report?, [Diagnostic])
      switch produce(index) {
      case .success(let input):
        var report = engine.evaluate(input.model, options: options)
        if let suppressions = input.suppressions, !suppressions.isEmpty {
          report.suppressFindings { suppressions.suppresses($0.rule, line: $0.line) }
        }
        if let previews = input.previews { report.restrict { _, line in !previews.contains(line: line) } }
        // A file whose evaluation stopped was not fully checked: an input error, not a pass.
        let stopped = report.stopped.map {
          [Diagnostic(.error, $0.message, file: $0.file, location: SourceLocation(line: $0.line, column: $0.column))]
        }
        result = (report, input.problems + (stopped ?? []))
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

  /// The indices of `sizes`, largest first (ties in index order): the order to hand work to
  /// the cores in, so that the longest jobs start first and the short ones fill in the end.
  static func largestFirst(_ sizes: [Int]) -> [Int] {
    sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
  }

  /// The size in bytes of the file at `path`, or 0 when it cannot be read (reading it then
  /// reports why): how long it takes to read and check, for `largestFirst`.
  static func fileSize(_ path: InputPath) -> Int {
    var info = stat()
    let found = (path.bytes + [0]).withUnsafeBufferPointer { pointer in
      pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { stat($0, &info) == 0 }
    }
    return found ? Int(info.st_size) : 0
  }

  /// The largest input file read, so a stray multi-gigabyte file cannot exhaust memory.
  static let maximumFileSize = SourceFile.maximumFileSize

  /// Reads an input file (or standard input for `-`) as an input error when it cannot.
  static func read(_ path: String, stdin: SourceFile?) -> Result<SourceFile, DiagnosticError> {
    read(InputPath(path), stdin: stdin)
  }

  static func read(_ path: InputPath, stdin: SourceFile?) -> Result<SourceFile, DiagnosticError> {
    if path.name == "-", let stdin { return .success(stdin) }
    return SourceFile.readBytes(path: path.bytes).map { SourceFile(name: path.name, bytes: $0) }.mapError { failure in
      DiagnosticError(Diagnostic(.error, failure.reason, file: path.name, location: SourceLocation(line: 1, column: 1)))
    }
  }

  /// Writes the report and returns the exit status: 2 if an input could not be read or a rule
  /// could not run (unless `--accept-not-run`), else 1 if a finding is at or above `failOn`,
  /// else 0.
  static func finish(
    _ report: Report, inputErrors: [Diagnostic], engine: Engine, arguments: ParsedArguments, console: Console,
    sources: SourceLines
  ) throws -> Int32 {
    let format = try format(arguments)
    let failOn = try failOn(arguments)
    // Explanations not made yet are made on every core, not one by one as they are written.
    var report = report
    report.explainFindings()
    let output = arguments.value("--output")
    var renderer = ReportRenderer(
      rules: engine.rules, inputErrors: inputErrors,
      color: format == .text && output == nil && console.outStyle.enabled,
      showReviews: arguments.flag("--show-review"), toolName: "precept", toolVersion: PreceptTool.version)
    renderer.sourceExcerpt = { file, line, column in sources.excerpt(file, line, column) }
    let folder = FileManager.default.currentDirectoryPath
    renderer.absolutePath = { file in
      // Standard input and other names in angle brackets are not files.
      file.hasPrefix("/") || file.hasPrefix("<")
        ? file
        : URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL
          .path
    }
    let linted = arguments.positionals.isEmpty ? "." : arguments.positionals.joined(separator: ", ")
    renderer.documentTitle = "Accessibility report: \(linted)"
    renderer.writesOnEveryCore = true
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
    // A rule that could not run checked nothing: never a clean exit, unless accepted.
    if report.summary.notRun > 0 && !arguments.flag("--accept-not-run") {
      let count = report.summary.notRun
      console.fail(
        "\(count) rule evaluation\(count == 1 ? "" : "s") could not run, so \(count == 1 ? "its" : "their") "
          + "checks were not made (listed in the report); --accept-not-run accepts that")
      return 2
    }
    return report.findings.contains { $0.severity >= failOn } ? 1 : 0
  }
}

/// Checks the rule ids and ruleset names a user wrote (`disable`, `severity`, suppression
/// comments) against the rulesets loaded, so a misspelt one is an error with a suggestion
/// instead of silently doing nothing. When `--ruleset` chose the rulesets (`partial`), names of
/// rulesets that are not loaded are not checked: they belong to another run.
struct RuleIDCheck: Sendable {
  private let rules: Set<String>
  private let rulesets: Set<String>
  private let partial: Bool

  init(_ engine: Engine, partial: Bool) {
    rules = Set(engine.rulesets.flatMap(\.program.rules).map(\.id))
    rulesets = Set(engine.rulesets.map(\.name))
    self.partial = partial
  }

  /// Why `name` is unknown ("unknown rule 'x' in 'disable'; did you mean 'y'?"), or nil when it names a
  /// loaded rule (or, with `rulesets`, a loaded ruleset).
  func problem(_ name: String, rulesets allowRulesets: Bool, in place: String) -> String? {
    if rules.contains(name) || (allowRulesets && rulesets.contains(name)) { return nil }
    let rulesetName = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
    if partial && !rulesets.contains(rulesetName) { return nil }
    let candidates = rules.sorted() + (allowRulesets ? rulesets.sorted() : [])
    let suggestion = Spelling.closest(name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    let what = !name.contains("/") && allowRulesets ? "rule or ruleset" : "rule"
    return "unknown \(what) '\(name)' in \(place)\(suggestion)"
  }
}

/// Lines of source files, read once and shared between threads, for quoting under findings
/// and for baseline keys.
///
/// Only files the user named are read: those already in memory (what `lint` read) and, for
/// `check`, files under the paths given to `--source` (compared by real path, so a symbolic
/// link out of them does not count), through the 64 MiB input limit. A view model's `file`
/// can name any path; a file outside those is not quoted (the finding is printed without an
/// excerpt). Findings come sorted by line and column, so the excerpts of one long line are
/// cut from it in one pass (see `SourceFile.excerpt`).
final class SourceLines: @unchecked Sendable {
  private let lock = NSLock()
  private var files: [String: SourceFile?] = [:]
  /// Real paths of the named files and folders that may be read from disk.
  private let roots: [String]
  private var cursor: (file: String, cursor: SourceFile.ExcerptCursor?) = ("", nil)
  private var longLine: (file: String, line: Int, digest: String)?
  /// Bytes of source stepped over to cut excerpts and baseline keys (for tests: linear, not
  /// quadratic, in the number of findings on a line).
  private(set) var bytesScanned = 0
  /// Files read from disk for quoting.
  private(set) var filesRead: [String] = []

  /// `roots`: the files and folders whose files may be read for quoting (none: only what
  /// `add` gave).
  init(roots: [String] = []) {
    self.roots = roots.compactMap(SourceLines.realPath)
  }

  /// Remembers a file already in memory (a Swift file being linted, standard input).
  func add(_ source: SourceFile) {
    lock.withLock { files[source.name] = source }
  }

  private func source(_ file: String) -> SourceFile? {
    if let known = files[file] { return known }
    var source: SourceFile?
    if let real = SourceLines.realPath(file), roots.contains(where: { real == $0 || real.hasPrefix($0 + "/") }) {
      filesRead.append(file)
      source = try? SourceFile.readBytes(file).map { SourceFile(name: file, bytes: $0) }.get()
    }
    files.updateValue(source, forKey: file)  // remember unreadable files too
    return source
  }

  /// The path with every symbolic link resolved, or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A bounded excerpt of a line around a column.
  func excerpt(_ file: String, _ line: Int, _ column: Int) -> Diagnostic.Excerpt? {
    lock.withLock {
      guard let source = source(file) else { return nil }
      var current = cursor.file == file ? cursor.cursor : nil
      let excerpt = source.excerpt(line: line, column: column, cursor: &current, scanned: &bytesScanned)
      cursor = (file, current)
      return excerpt
    }
  }

  /// Lines longer than this are fingerprinted by a digest of the whole line, computed once.
  static let longLine = 4096

  /// The text a baseline key fingerprints for a line: the line trimmed of white space, as
  /// always; for a line over `longLine` bytes, a marker and the SHA-256 of that text, computed
  /// once per line rather than once per finding. Nil when the file is not known.
  func fingerprintText(_ file: String, _ line: Int) -> String? {
    lock.withLock {
      guard let source = source(file) else { return nil }
      let length = source.lineLength(line)
      if length <= SourceLines.longLine {
        bytesScanned += length
        return source.lineText(line).trimmingCharacters(in: .whitespaces)
      }
      if let longLine, longLine.file == file, longLine.line == line { return longLine.digest }
      bytesScanned += length
      let trimmed = source.lineText(line).trimmingCharacters(in: .whitespaces)
      let digest = "\u{0}long line \(SHA256.hex(SHA256.hash(Array(trimmed.utf8))))"
      longLine = (file, line, digest)
      return digest
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
