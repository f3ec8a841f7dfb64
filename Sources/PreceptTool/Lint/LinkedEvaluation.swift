import Dispatch
import Precept
import PreceptSwiftUI

/// Lint's evaluation of Swift files read beforehand, with the uses of the project's views
/// linked across all of them: index and link the views of every file read, evaluate each
/// linked model (on every core), then place findings on linked views once (`LinkedFindings`)
/// before suppression comments apply. Every phase's output is in input order, so the result
/// does not depend on timing.
extension Evaluation {
  /// One Swift file as read: its source and the reader's document, or why it could not be read.
  typealias ReadSwift = Result<(SourceFile, ViewDocument), DiagnosticError>

  /// What one file's evaluation gave before findings on linked views were placed: kept by a
  /// watch, so that a re-lint evaluates again only the files whose linked model changed.
  struct LinkedResult: Sendable {
    var document: LinkedDocument
    var report: Report
  }

  /// What one file's evaluation leaves for merging: its result, and what of its input applies
  /// to its report after findings on linked views are placed.
  private struct Evaluated: Sendable {
    var result: LinkedResult
    var suppressions: Suppressions?
    var previews: PreviewCode?
    var problems: [Diagnostic]
  }

  /// A range of files merged: their report, input errors and results, in file order.
  private struct MergedRange: Sendable {
    var report = Report()
    var inputErrors: [Diagnostic] = []
    var kept: [LinkedResult] = []
  }

  /// Evaluates `files` with uses linked across all of them, for the platforms given.
  /// `previous` are the results of an earlier run by file name: a file whose linked model is
  /// the same is not evaluated again. Returns the report, the input errors and every file's
  /// result by name. With `linksViews` false every file is evaluated on its own, as read
  /// (`lint --no-link-views`: what linking costs is the difference).
  static func evaluateLinked(
    _ engine: Engine, _ files: [ReadSwift], platforms: PlatformSet?, layer: AccessibilityLayer,
    ruleIDs: RuleIDCheck, previous: [String: LinkedResult] = [:], includePreviews: Bool = false,
    linksViews: Bool = true
  ) -> (Report, [Diagnostic], [String: LinkedResult]) {
    let documents: [ViewDocument?] = files.map { read in
      guard case .success(let (_, read)) = read else { return nil }
      var document = read
      document.platforms = platforms
      return document
    }
    let linker =
      linksViews ? ViewLinker(ViewIndex(documents.map { $0 ?? ViewDocument(file: "", nodes: []) })) : nil

    var runOptions = EvaluationOptions()
    runOptions.runBudget = RunBudget(limit: engine.limits.runCostBudget)
    let options = runOptions
    // Largest first, as files are read: a large file left for last would keep one core busy
    // while the others wait.
    let order = Evaluation.largestFirst(
      files.map { read in
        guard case .success(let (source, _)) = read else { return 0 }
        return source.bytes.count
      })
    var results = Concurrently.map(files.count, order: order) { index -> Evaluated? in
      guard let document = documents[index], case .success(let (source, _)) = files[index] else { return nil }
      let linked =
        linker?.link(document, file: index) ?? LinkedDocument(document: document, expansions: [], blocked: [])
      let report: Report
      let input: Input
      if let earlier = previous[document.file], earlier.document.document == linked.document {
        // The same linked model: its report stands, and the model is not flattened again.
        report = earlier.report
        input = Evaluation.input(
          ViewModel(ViewDocument(file: document.file, nodes: [])), source: source, ruleIDs: ruleIDs,
          previewsOf: includePreviews ? nil : document)
      } else {
        input = Evaluation.input(
          ViewModel(linked.document, layer: layer), source: source, ruleIDs: ruleIDs,
          previewsOf: includePreviews ? nil : document)
        report = engine.evaluate(input.model, options: options)
      }
      // The model is released here, on this core, and not kept: the rest needs only these.
      return Evaluated(
        result: LinkedResult(document: linked, report: report), suppressions: input.suppressions,
        previews: input.previews, problems: input.problems)
    }
    var reports = results.map { $0?.result.report }
    LinkedFindings.reconcile(&reports, results.map { $0?.result.document })

    // Each file's suppressions and previews apply, and the files' reports are merged in order,
    // a range of files on each core; the ranges' reports are then merged in order. Merging is
    // associative (lists concatenated in order, counts added), so this is the report merging
    // the files one by one gives. Each file's report and result are handed to the core that
    // merges it, which releases what it no longer needs.
    let reconciled = Handoff(reports)
    reports = []
    let outcomes = Handoff(results)
    results = []
    let ranges = Concurrently.ranges(files.count, parts: Concurrently.rangeCount)
    let parts = Concurrently.map(ranges.count) { part -> MergedRange in
      var merged = MergedRange()
      for index in ranges[part] {
        guard var partial = reconciled.take(index), let evaluated = outcomes.take(index) else {
          if case .failure(let error) = files[index] { merged.inputErrors += error.diagnostics }
          continue
        }
        merged.kept.append(evaluated.result)
        if let suppressions = evaluated.suppressions, !suppressions.isEmpty {
          partial.suppressFindings { suppressions.suppresses($0.rule, line: $0.line) }
        }
        if let previews = evaluated.previews { partial.restrict { _, line in !previews.contains(line: line) } }
        merged.inputErrors += evaluated.problems
        // A file whose evaluation stopped was not fully checked: an input error, not a pass.
        if let stopped = partial.stopped {
          merged.inputErrors.append(
            Diagnostic(
              .error, stopped.message, file: stopped.file,
              location: SourceLocation(line: stopped.line, column: stopped.column)))
        }
        merged.report.merge(partial)
      }
      return merged
    }
    var report = Report()
    var inputErrors: [Diagnostic] = []
    var kept: [String: LinkedResult] = [:]
    for part in parts {
      report.merge(part.report)
      inputErrors += part.inputErrors
      for result in part.kept { kept[result.document.document.file] = result }
    }
    // The ranges' reports, copied into the whole one, are freed on another thread; so are the
    // project's view index and the documents it was made of, which are no longer needed.
    Concurrently.release((consume parts, consume linker, consume documents))
    report.summary.rules = engine.rules.count
    report.sort()
    return (report, inputErrors, kept)
  }

  /// The findings of one file's text, `source`, linked against the other files of a run as
  /// they were read (`files`; the entry of the same name is replaced): what `lint --fix`
  /// checks an edited file with. A finding on a copy of a declaration is as the rules made it
  /// (not placed by `LinkedFindings`), so a fix made at a use is checked on the copy it changed.
  static func relintLinked(
    _ engine: Engine, _ source: SourceFile, among files: [ReadSwift], platforms: PlatformSet?,
    layer: AccessibilityLayer, ruleIDs: RuleIDCheck, includePreviews: Bool = false, linksViews: Bool = true
  ) -> Result<[Finding], DiagnosticError> {
    Result { () throws(DiagnosticError) in try SwiftUIReader.read(source) }.map { read in
      var document = read
      document.platforms = platforms
      var documents: [ViewDocument] = files.map { file in
        guard case .success(let (_, read)) = file else { return ViewDocument(file: "", nodes: []) }
        var document = read
        document.platforms = platforms
        return document
      }
      let index = documents.firstIndex { $0.file == document.file } ?? documents.count
      if index == documents.count { documents.append(document) } else { documents[index] = document }
      let linked =
        linksViews
        ? ViewLinker(ViewIndex(documents)).link(document, file: index)
        : LinkedDocument(document: document, expansions: [], blocked: [])
      let input = Evaluation.input(
        ViewModel(linked.document, layer: layer), source: source, ruleIDs: ruleIDs,
        previewsOf: includePreviews ? nil : document)
      return Evaluation.evaluate(engine, count: 1) { _ in .success(input) }.0.findings
    }
  }

  /// Resolves the findings' fixes against each file's linked model (a finding's node is
  /// numbered there). A node copied from a declaration has no bytes in the use site's file:
  /// its fix is withheld, saying where the declaration is, unless it adds a modifier to the
  /// root of a use's expansion (its range is the use's, and the use's modifiers apply there).
  static func resolveLinkedEdits(
    _ report: inout Report, _ files: [ReadSwift], _ linked: [String: LinkedResult]
  ) {
    // Only the files of findings with a fix are looked at: most files have none.
    let withEdits = Set(report.findings.lazy.filter { $0.edit != nil }.map(\.file))
    guard !withEdits.isEmpty else { return }
    var sources: [String: (SourceFile, ViewDocument)] = [:]
    for case .success(let (source, document)) in files where withEdits.contains(source.name) {
      sources[source.name] = (source, linked[document.file]?.document.document ?? document)
    }
    Fixer.resolveEdits(&report, sources: sources)
    struct Place: Hashable {
      var file: String
      var line: Int
      var column: Int
      var type: String
    }
    var copies: [Place: ViewExpansion] = [:]
    for (file, result) in linked where withEdits.contains(file) {
      for expansion in result.document.expansions {
        copies[Place(file: file, line: expansion.line, column: expansion.column, type: expansion.type)] = expansion
      }
    }
    guard !copies.isEmpty else { return }
    for index in report.findings.indices {
      let finding = report.findings[index]
      guard var edit = finding.edit, edit.replacements.isEmpty,
        let copy = copies[Place(file: finding.file, line: finding.line, column: finding.column, type: finding.nodeType)]
      else { continue }
      edit.unresolved =
        "this \(finding.nodeType) is drawn by the declaration at \(copy.origin.file):\(copy.origin.line):"
        + "\(copy.origin.column), linked into this use: the fix would edit that declaration, which its other "
        + "uses share; fix it there or name the view at this use"
      report.findings[index].edit = edit
    }
  }

  /// Evaluates one document (a fixture, a fragment) with its own views linked.
  static func evaluateLinked(_ engine: Engine, _ document: ViewDocument) -> Report {
    let linked = ViewLinker.link([document])
    var reports: [Report?] = [engine.evaluate(ViewModel(linked[0].document))]
    LinkedFindings.reconcile(&reports, linked)
    return reports[0]!
  }
}

/// What `lint --watch` keeps between runs: every file as last read, and each one's result,
/// so that a change re-links the whole project (a view's declaration may be in another file
/// than its uses) while only the files whose linked model changed are evaluated again.
final class LinkedLintState: Sendable {
  private struct State {
    var files: [InputPath] = []
    var read: [InputPath: Evaluation.ReadSwift] = [:]
    var results: [String: Evaluation.LinkedResult] = [:]
  }
  private let state = Mutex(State())
  let lint:
    @Sendable ([Evaluation.ReadSwift], [String: Evaluation.LinkedResult]) -> (
      Report, [Diagnostic], [String: Evaluation.LinkedResult]
    )

  /// Whether the files and results are kept for `update` (a watch); a single lint frees them.
  let keeps: Bool

  init(
    keeps: Bool,
    lint:
      @escaping @Sendable ([Evaluation.ReadSwift], [String: Evaluation.LinkedResult]) -> (
        Report, [Diagnostic], [String: Evaluation.LinkedResult]
      )
  ) {
    self.lint = lint
    self.keeps = keeps
  }

  /// Lints `files` (read as `read`, in the same order), keeping them for later runs.
  /// Also returns every file's result by name (its linked document resolves fixes).
  func run(_ files: [InputPath], _ read: [Evaluation.ReadSwift]) -> (
    Report, [Diagnostic], [String: Evaluation.LinkedResult]
  ) {
    state.withLock { state in
      let (report, errors, results) = lint(read, state.results)
      if keeps {
        state.files = files
        state.read = Dictionary(zip(files, read), uniquingKeysWith: { first, _ in first })
        state.results = results
      }
      return (report, errors, results)
    }
  }

  /// Lints again after `changed` were read again (`read`) and `removed` are gone: the
  /// report and input errors of every file.
  func update(changed: [InputPath], read: [Evaluation.ReadSwift], removed: [InputPath]) -> (Report, [Diagnostic]) {
    state.withLock { state in
      for (file, result) in zip(changed, read) { state.read[file] = result }
      for file in removed { state.read[file] = nil }
      let gone = Set(removed)
      state.files = state.files.filter { !gone.contains($0) } + changed.filter { !state.files.contains($0) }
      let files = state.files
      let (report, errors, results) = lint(files.map { state.read[$0]! }, state.results)
      state.results = results
      return (report, errors)
    }
  }
}
