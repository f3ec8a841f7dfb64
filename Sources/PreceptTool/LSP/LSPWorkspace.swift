import Foundation
import Precept
import PreceptSwiftUI

/// The Swift files of the workspace folder, read once when the server starts, so that an open
/// document is linked to the views, helper functions and computed properties the other files
/// declare, as `precept lint FOLDER` links them: a finding depends on the whole project, not
/// on the one file being edited.
///
/// Open documents take the place of their files on disk (what the editor holds is what is
/// linted); a document outside the folder joins the project while it is open. Every check
/// re-links the project and evaluates again only the files whose linked model changed
/// (`Evaluation.evaluateLinked`'s `previous`), so a keystroke costs linking plus one file's
/// evaluation, not a whole lint.
struct LSPWorkspace {
  /// The files found under the folder, in `lint`'s order, as read at the start (or when saved).
  private var files: [String] = []
  private var disk: [String: Evaluation.ReadSwift] = [:]
  /// The open Swift documents, as last read from the editor's text.
  private var open: [String: Evaluation.ReadSwift] = [:]
  private var openOrder: [String] = []
  private var results: [String: Evaluation.LinkedResult] = [:]
  /// The platforms the project names (`--platform`, `precept.json`); nil: those the files
  /// mention, as lint chooses them.
  let shipped: PlatformSet?
  /// Input errors of walking the folder (an unreadable folder): not any open document's.
  private(set) var problems: [Diagnostic] = []

  /// Reads the Swift files under `root` (none without a root), skipping what the project
  /// excludes.
  init(root: String?, configuration: ProjectConfiguration?, platforms: PlatformSet?) {
    if let root {
      let walker = FileWalker(excludes: (configuration?.exclude ?? []).map(Glob.init))
      let (found, problems) = walker.files([root])
      self.problems = problems
      files = found.map(\.name)
      let read = Mutex<[Evaluation.ReadSwift?]>(Array(repeating: nil, count: found.count))
      DispatchQueue.concurrentPerform(iterations: found.count) { index in
        let result = Evaluation.read(found[index], stdin: nil).flatMap { source in
          Result { () throws(DiagnosticError) in (source, try SwiftUIReader.read(source)) }
        }
        read.withLock { $0[index] = result }
      }
      for (name, result) in zip(files, read.withLock { $0 }) { disk[name] = result! }
    }
    shipped = platforms
  }

  /// Notes an open document's text (its path is `source.name`).
  mutating func update(_ source: SourceFile) {
    if open[source.name] == nil { openOrder.append(source.name) }
    open[source.name] = Result { () throws(DiagnosticError) in (source, try SwiftUIReader.read(source)) }
  }

  /// Notes that a document was closed: its file on disk counts again, read anew.
  mutating func close(_ path: String) {
    guard open.removeValue(forKey: path) != nil else { return }
    openOrder.removeAll { $0 == path }
    if disk[path] != nil {
      disk[path] = Evaluation.read(InputPath(path), stdin: nil).flatMap { source in
        Result { () throws(DiagnosticError) in (source, try SwiftUIReader.read(source)) }
      }
    }
  }

  /// Lints the project as it now is: the report of every file, the input errors, and each
  /// file's result (its linked document resolves fixes) with what was read.
  mutating func lint(_ engine: Engine, ruleIDs: RuleIDCheck) -> (
    report: Report, inputErrors: [Diagnostic], linked: [String: Evaluation.LinkedResult],
    read: [Evaluation.ReadSwift]
  ) {
    let names = files + openOrder.filter { disk[$0] == nil }
    let read = names.map { open[$0] ?? disk[$0]! }
    let platforms = shipped ?? Evaluation.mentionedPlatforms(read.compactMap { try? $0.get().1 })
    let (report, errors, results) = Evaluation.evaluateLinked(
      engine, read, platforms: platforms, layer: .standard, ruleIDs: ruleIDs, previous: results)
    self.results = results
    return (report, errors, results, read)
  }
}
