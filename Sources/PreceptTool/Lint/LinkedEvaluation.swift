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

  /// Evaluates `files` with uses linked across all of them, for the platforms given.
  /// `previous` are the results of an earlier run by file name: a file whose linked model is
  /// the same is not evaluated again. Returns the report, the input errors and every file's
  /// result by name.
  static func evaluateLinked(
    _ engine: Engine, _ files: [ReadSwift], platforms: PlatformSet?, ruleIDs: RuleIDCheck,
    previous: [String: LinkedResult] = [:]
  ) -> (Report, [Diagnostic], [String: LinkedResult]) {
    let documents: [ViewDocument?] = files.map { read in
      guard case .success(let (_, read)) = read else { return nil }
      var document = read
      document.platforms = platforms
      return document
    }
    let linker = ViewLinker(ViewIndex(documents.map { $0 ?? ViewDocument(file: "", nodes: []) }))

    var runOptions = EvaluationOptions()
    runOptions.runBudget = RunBudget(limit: engine.limits.runCostBudget)
    let options = runOptions
    let evaluated = Mutex<[(LinkedResult, Input)?]>(Array(repeating: nil, count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      guard let document = documents[index], case .success(let (source, _)) = files[index] else { return }
      let linked = linker.link(document, file: index)
      let input = Evaluation.input(ViewModel(linked.document), source: source, ruleIDs: ruleIDs)
      let report: Report
      if let earlier = previous[document.file], earlier.document.document == linked.document {
        report = earlier.report
      } else {
        report = engine.evaluate(input.model, options: options)
      }
      evaluated.withLock { $0[index] = (LinkedResult(document: linked, report: report), input) }
    }
    let results = evaluated.withLock { $0 }
    var reports = results.map { $0?.0.report }
    LinkedFindings.reconcile(&reports, results.map { $0?.0.document })

    var report = Report()
    var inputErrors: [Diagnostic] = []
    var kept: [String: LinkedResult] = [:]
    for index in files.indices {
      guard var partial = reports[index], let (result, input) = results[index] else {
        if case .failure(let error) = files[index] { inputErrors += error.diagnostics }
        continue
      }
      kept[result.document.document.file] = result
      if let suppressions = input.suppressions, !suppressions.isEmpty {
        partial.suppressFindings { suppressions.suppresses($0.rule, line: $0.line) }
      }
      inputErrors += input.problems
      // A file whose evaluation stopped was not fully checked: an input error, not a pass.
      if let stopped = partial.stopped {
        inputErrors.append(
          Diagnostic(
            .error, stopped.message, file: stopped.file,
            location: SourceLocation(line: stopped.line, column: stopped.column)))
      }
      report.merge(partial)
    }
    report.summary.rules = engine.rules.count
    report.sort()
    return (report, inputErrors, kept)
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
  func run(_ files: [InputPath], _ read: [Evaluation.ReadSwift]) -> (Report, [Diagnostic]) {
    state.withLock { state in
      let (report, errors, results) = lint(read, state.results)
      if keeps {
        state.files = files
        state.read = Dictionary(zip(files, read), uniquingKeysWith: { first, _ in first })
        state.results = results
      }
      return (report, errors)
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
