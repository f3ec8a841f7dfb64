import Dispatch
import Precept
import PreceptSwiftUI
import Synchronization

/// Lint's pipeline over Swift sources, in phases so that a use of a view sees its declaration
/// in any file: read every file (on every core), index and link the project's views, evaluate
/// each linked model (on every core), then place findings on linked views once
/// (`LinkedFindings`) before suppression comments apply. Every phase's output is in input
/// order, so the result does not depend on timing.
extension Evaluation {
  /// One Swift input, read.
  struct SwiftInput {
    var document: ViewDocument
    var suppressions: Suppressions?
    var problems: [Diagnostic] = []
  }

  static func evaluateLinked(
    _ engine: Engine, count: Int, read: @Sendable (Int) -> Result<SwiftInput, DiagnosticError>
  ) -> (Report, [Diagnostic]) {
    let readResults = Mutex<[Result<SwiftInput, DiagnosticError>?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let result = read(index)
      readResults.withLock { $0[index] = result }
    }
    let inputs = readResults.withLock { $0 }.map { try? $0!.get() }
    let linker = ViewLinker(ViewIndex(inputs.map { $0?.document ?? ViewDocument(file: "", nodes: []) }))

    var runOptions = EvaluationOptions()
    runOptions.runBudget = RunBudget(limit: engine.limits.runCostBudget)
    let options = runOptions
    let evaluated = Mutex<[(Report, LinkedDocument)?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      guard let input = inputs[index] else { return }
      let linked = linker.link(input.document, file: index)
      let report = engine.evaluate(ViewModel(linked.document), options: options)
      evaluated.withLock { $0[index] = (report, linked) }
    }
    let results = evaluated.withLock { $0 }
    var reports = results.map { $0?.0 }
    LinkedFindings.reconcile(&reports, results.map { $0?.1 })

    var report = Report()
    var inputErrors: [Diagnostic] = []
    for index in 0..<count {
      guard var partial = reports[index], let input = inputs[index] else {
        if case .failure(let error) = readResults.withLock({ $0[index]! }) { inputErrors += error.diagnostics }
        continue
      }
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
    return (report, inputErrors)
  }

  /// Evaluates one document (a fixture, a fragment) with its own views linked.
  static func evaluateLinked(_ engine: Engine, _ document: ViewDocument) -> Report {
    let linked = ViewLinker.link([document])
    var reports: [Report?] = [engine.evaluate(ViewModel(linked[0].document))]
    LinkedFindings.reconcile(&reports, linked)
    return reports[0]!
  }
}
