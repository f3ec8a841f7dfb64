import Foundation
import Precept

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `precept lint --fix`: applies the structured fixes of a lint's findings to the files they
/// are in, checking each edited file before and after it is written.
///
/// For each file: the findings' edits, resolved against the source that was read, are chosen
/// (mechanical ones; with `placeholders`, also those that leave an Xcode placeholder for a
/// person's words), edits that overlap on one node are settled by rule order (the first
/// applies, the other is skipped), and the edited text is linted in memory — it must still
/// read as Swift and each fixed finding must be gone, or that fix fails and the rest are tried
/// again. Then, unless it is a dry run, the file is written atomically (a temporary file in the
/// same folder, renamed over it) if it has not changed since it was read, read back and checked
/// once more; a file that fails that check is restored.
struct Fixer {
  struct Options {
    /// Also apply fixes that need a person's words, with their `<#…#>` placeholders.
    var placeholders = false
    var dryRun = false
    /// Called with a file's path just before it is checked for changes and written (tests use
    /// it to change the file in between).
    var beforeWrite: ((String) -> Void)? = nil
  }

  /// What happened to one finding's fix.
  struct Outcome: Equatable {
    enum Result: Equatable {
      case applied
      /// Needs a person's words and `--fix-placeholders` was not given.
      case needsWords
      /// Not made: the reason (it overlaps another fix on the node, it cannot be placed).
      case skipped(String)
      /// Made, but the edited file did not read or still had the finding: undone.
      case failed(String)
    }

    var finding: Finding
    var result: Result
  }

  /// A file the fixes changed (or, in a dry run, would change).
  struct FileChange {
    var file: String
    var original: [UInt8]
    var fixed: [UInt8]
    /// Not written: it changed since it was read, or writing failed.
    var error: String?
  }

  /// Lints a file's text: its findings (with suppression comments applied), or the reader's
  /// error when the text is not Swift it can read.
  typealias Relint = (SourceFile) -> Result<[Finding], DiagnosticError>

  var options: Options
  let relint: Relint

  private(set) var outcomes: [Outcome] = []
  private(set) var changes: [FileChange] = []

  init(options: Options, relint: @escaping Relint) {
    self.options = options
    self.relint = relint
  }

  /// Resolves every finding's edit against the source its node was read from, so reports carry
  /// the replacements (and `--fix` knows what to change).
  static func resolveEdits(_ report: inout Report, sources: [String: (SourceFile, ViewDocument)]) {
    // The findings with an edit, by file in order of first appearance: each file's are
    // resolved on one core (its nodes listed once), the files on every core.
    var grouped: [String: [Int]] = [:]
    var order: [String] = []
    for index in report.findings.indices where report.findings[index].edit != nil {
      let file = report.findings[index].file
      if grouped[file] == nil { order.append(file) }
      grouped[file, default: []].append(index)
    }
    let (files, byFile, findings) = (order, grouped, report.findings)
    let resolved = Concurrently.map(files.count) { position -> [(Int, FixEdit)] in
      let file = files[position]
      let indices = byFile[file]!
      guard let (source, document) = sources[file] else {
        return indices.map { index in
          var edit = findings[index].edit!
          edit.unresolved = "the source of \(file) is not at hand"
          return (index, edit)
        }
      }
      let nodes = document.preorderNodes
      return indices.map { index in
        var edit = findings[index].edit!
        switch edit.resolve(nodes: nodes, source: source) {
        case .success(let replacements): edit.replacements = replacements
        case .failure(let problem): edit.unresolved = problem.reason
        }
        return (index, edit)
      }
    }
    for (index, edit) in resolved.joined() { report.findings[index].edit = edit }
  }

  /// Fixes the findings of `report` (edits resolved) in the files of `sources`.
  mutating func run(_ report: Report, sources: [String: (SourceFile, ViewDocument)]) {
    var byFile: [String: [Finding]] = [:]
    var order: [String] = []
    for finding in report.findings where finding.edit != nil {
      if byFile[finding.file] == nil { order.append(finding.file) }
      byFile[finding.file, default: []].append(finding)
    }
    for file in order {
      guard let (source, _) = sources[file] else { continue }
      fix(file, source, byFile[file]!)
    }
  }

  private mutating func fix(_ file: String, _ source: SourceFile, _ findings: [Finding]) {
    var candidates: [Finding] = []
    for finding in findings {
      let edit = finding.edit!
      if edit.replacements.isEmpty {
        outcomes.append(Outcome(finding: finding, result: .skipped(edit.unresolved ?? "it cannot be placed")))
      } else if edit.needsWords && !options.placeholders {
        outcomes.append(Outcome(finding: finding, result: .needsWords))
      } else {
        candidates.append(finding)
      }
    }
    // The more severe finding's fix first, then by rule id and place: the same choice every run.
    candidates.sort {
      ($1.severity, $0.rule, $0.edit!.replacements[0].start) < ($0.severity, $1.rule, $1.edit!.replacements[0].start)
    }
    var accepted: [Finding] = []
    for candidate in candidates {
      if let other = accepted.first(where: { Fixer.overlap($0.edit!.replacements, candidate.edit!.replacements) }) {
        outcomes.append(
          Outcome(finding: candidate, result: .skipped("it overlaps the fix of \(other.rule) on the same code")))
      } else {
        accepted.append(candidate)
      }
    }
    // Each round drops the fixes whose finding is still there; the rest are checked again.
    var fixed = source.bytes
    while !accepted.isEmpty {
      fixed = Fixer.apply(accepted.flatMap { $0.edit!.replacements }, to: source.bytes)
      let failures = check(fixed, file: file, original: source, fixes: accepted)
      if failures.isEmpty { break }
      for (index, reason) in failures.sorted(by: { $0.key > $1.key }) {
        outcomes.append(Outcome(finding: accepted[index], result: .failed(reason)))
        accepted.remove(at: index)
      }
      if accepted.isEmpty { fixed = source.bytes }
    }
    guard !accepted.isEmpty else { return }
    var change = FileChange(file: file, original: source.bytes, fixed: fixed)
    if !options.dryRun {
      change.error = write(change, source: source, fixes: accepted)
    }
    let result: Outcome.Result = change.error.map { .failed($0) } ?? .applied
    outcomes += accepted.map { Outcome(finding: $0, result: result) }
    changes.append(change)
  }

  /// Why each fix (by index) failed in the edited text, or nothing when all hold: the text must
  /// read, and no finding a fix was for may remain where its node now is.
  private func check(_ fixed: [UInt8], file: String, original: SourceFile, fixes: [Finding]) -> [Int: String] {
    let edited = SourceFile(name: file, bytes: fixed)
    let findings: [Finding]
    switch relint(edited) {
    case .success(let found): findings = found
    case .failure(let error):
      let reason = "the fixed file does not read: \(error.diagnostics.first?.message ?? "an input error")"
      // Which fixes break it: each alone (the others are checked again without them).
      let breaking =
        fixes.count == 1
        ? [0]
        : fixes.indices.filter { index in
          let alone = Fixer.apply(fixes[index].edit!.replacements, to: original.bytes)
          if case .failure = relint(SourceFile(name: file, bytes: alone)) { return true }
          return false
        }
      return Dictionary(uniqueKeysWithValues: (breaking.isEmpty ? Array(fixes.indices) : breaking).map { ($0, reason) })
    }
    let replacements = fixes.flatMap { $0.edit!.replacements }
    var failures: [Int: String] = [:]
    for (index, fix) in fixes.enumerated() {
      let place = Fixer.moved(SourceLocation(line: fix.line, column: fix.column), original, edited, replacements)
      if findings.contains(where: { $0.rule == fix.rule && $0.line == place.line && $0.column == place.column }) {
        failures[index] = "the finding is still there after the fix"
      }
    }
    return failures
  }

  /// Writes a changed file unless it changed since it was read, then reads it back and checks
  /// it, restoring the original when the check fails. Returns why it was not fixed, or nil.
  private func write(_ change: FileChange, source: SourceFile, fixes: [Finding]) -> String? {
    let path = change.file
    options.beforeWrite?(path)
    if let kind = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
      kind == .typeSymbolicLink
    {
      return "\(path) is a symbolic link: not rewritten"
    }
    guard let current = FileManager.default.contents(atPath: path) else { return "\(path) can no longer be read" }
    guard Array(current) == change.original else { return "\(path) changed since it was read: not written" }
    if let problem = Fixer.atomicWrite(path, change.fixed) { return problem }
    let readBack = FileManager.default.contents(atPath: path).map(Array.init) ?? []
    let failures =
      readBack == change.fixed ? check(readBack, file: path, original: source, fixes: fixes) : [0: "changed"]
    guard failures.isEmpty else {
      let restored = Fixer.atomicWrite(path, change.original)
      return "the written file did not check (\(failures.values.sorted().first!)); "
        + (restored == nil ? "restored" : "restoring it failed: \(restored!)")
    }
    return nil
  }

  /// Writes `bytes` to a new file in `path`'s folder, with `path`'s permissions, flushes it and
  /// renames it over `path`: readers see the old file or the new one, never part of either.
  /// Returns why it could not, having removed the temporary file.
  static func atomicWrite(_ path: String, _ bytes: [UInt8]) -> String? {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let temporary = (folder.isEmpty ? "." : folder) + "/.\(url.lastPathComponent).precept-fix-\(getpid())"
    let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.uint16Value
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode_t(mode ?? 0o644))
    guard descriptor >= 0 else { return "cannot create a temporary file next to \(path): \(errorText())" }
    var written = 0
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count <= 0 {
          failure = "cannot write \(path): \(errorText())"
          return
        }
        written += count
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = "cannot write \(path): \(errorText())" }
    close(descriptor)
    if failure == nil, let mode { _ = chmod(temporary, mode_t(mode)) }
    if failure == nil, rename(temporary, path) != 0 { failure = "cannot replace \(path): \(errorText())" }
    if failure != nil { unlink(temporary) }
    return failure
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }

  /// Whether two fixes touch the same code: their ranges overlap, or they insert at one place.
  static func overlap(_ a: [TextReplacement], _ b: [TextReplacement]) -> Bool {
    a.contains { x in
      b.contains { y in x.start == y.start || (x.start < y.end && y.start < x.end) }
    }
  }

  /// `bytes` with the replacements made (they do not overlap).
  static func apply(_ replacements: [TextReplacement], to bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    for replacement in replacements.sorted(by: { ($0.start, $0.end) > ($1.start, $1.end) }) {
      result.replaceSubrange(replacement.start..<replacement.end, with: Array(replacement.text.utf8))
    }
    return result
  }

  /// Where a position of `original` is in `edited`, the same text after `replacements`: moved
  /// by the replacements before it (a node starts before any edit made to it).
  static func moved(
    _ location: SourceLocation, _ original: SourceFile, _ edited: SourceFile, _ replacements: [TextReplacement]
  ) -> SourceLocation {
    let offset = original.offset(of: location)
    var shift = 0
    for replacement in replacements where replacement.end <= offset && replacement.start < offset {
      shift += replacement.text.utf8.count - (replacement.end - replacement.start)
    }
    return edited.location(of: offset + shift)
  }
}

extension SourceFile {
  /// The byte offset of a 1-based line and Unicode-scalar column (the inverse of
  /// `location(of:)`), clamped to the line.
  func offset(of location: SourceLocation) -> Int {
    let line = min(max(location.line, 1), lineStarts.count)
    var offset = lineStarts[line - 1]
    var column = 1
    while column < location.column, offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D {
      offset += 1
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      column += 1
    }
    return offset
  }
}
