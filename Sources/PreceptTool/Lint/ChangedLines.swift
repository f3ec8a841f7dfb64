import Foundation
import Precept

/// The lines a branch changed, from `git diff`, for `precept lint --changed`: findings on
/// other lines are left out, so a pull request is held to what it touched.
struct ChangedLines {
  /// Changed line numbers by absolute, symlink-resolved file path; an empty set means the whole
  /// file (untracked, so every line is new).
  private(set) var files: [String: Set<Int>] = [:]
  /// The revision the working tree was compared with, as `git` named it.
  private(set) var base = ""
  /// Where `base` came from, for the message (`the merge base with origin/main`).
  private(set) var baseDescription = ""

  /// Whether `line` of `file` (a path as the walker gave it, relative to the current folder or
  /// absolute) was changed.
  func contains(file: String, line: Int) -> Bool {
    guard let lines = files[ChangedLines.canonical(file)] else { return false }
    return lines.isEmpty || lines.contains(line)
  }

  var lineCount: Int { files.values.reduce(0) { $0 + $1.count } }

  /// Compares the working tree (committed, staged and unstaged changes, and untracked files)
  /// with `base`, or by default with the merge base of HEAD and the default branch
  /// (`origin/HEAD`, else `origin/main`, `origin/master`, `main` or `master`); on the default
  /// branch itself that leaves the uncommitted changes.
  static func collect(base requested: String?, git: Git = Git()) throws(InputError) -> ChangedLines {
    var changed = ChangedLines()
    let root = try git.run(["rev-parse", "--show-toplevel"], what: "find the git repository").trimmed
    guard !root.isEmpty else { throw InputError(message: "--changed: git found no repository here") }
    if let requested {
      guard !requested.isEmpty, !requested.hasPrefix("-") else {
        throw InputError(message: "--changed: '\(requested)' is not a git revision")
      }
      // A commit, or a tree (the empty tree compares with nothing: every line is new).
      let commit = try? git.run(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", requested + "^{commit}"], what: "find a commit")
      if let commit {
        changed.base = commit.trimmed
      } else {
        changed.base = try git.run(
          ["rev-parse", "--verify", "--quiet", "--end-of-options", requested + "^{tree}"],
          what: "find the revision '\(requested)'"
        ).trimmed
      }
      changed.baseDescription = requested
    } else {
      let (base, description) = try defaultBase(git)
      changed.base = base
      changed.baseDescription = description
    }
    let diff = try git.run(
      ["diff", "--no-color", "--no-ext-diff", "--no-renames", "--unified=0", changed.base, "--"],
      what: "compare the working tree with \(changed.baseDescription)")
    let canonicalRoot = canonical(root)
    var current: String?
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("+++ ") {
        var path = line.dropFirst(4)
        if path.hasSuffix("\t") { path = path.dropLast() }
        // `+++ /dev/null`: the file was deleted, nothing to report in it.
        current = path.hasPrefix("b/") ? canonicalRoot + "/" + unquote(path.dropFirst(2)) : nil
        if let current, changed.files[current] == nil { changed.files[current] = [] }
      } else if line.hasPrefix("@@ "), let current, let (start, count) = hunkTarget(line) {
        if count > 0 { changed.files[current, default: []].formUnion(start..<(start + count)) }
      }
    }
    // A file whose only change removed lines has no line to report on: drop its empty set,
    // which would otherwise mean "every line".
    changed.files = changed.files.filter { !$0.value.isEmpty }
    let untracked = try git.run(
      ["ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--", "."], what: "list untracked files",
      in: root)
    for path in untracked.split(separator: "\0") where !path.isEmpty {
      changed.files[canonicalRoot + "/" + path] = []
    }
    return changed
  }

  private static func defaultBase(_ git: Git) throws(InputError) -> (String, String) {
    let head = try? git.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], what: "find HEAD").trimmed
    guard let head, !head.isEmpty else {
      // No commit yet: everything in the working tree is new. (The empty tree's id.)
      return ("4b825dc642cb6eb9a060e54bf8d69288fbee4904", "an empty repository")
    }
    var candidates: [String] = []
    if let remoteHead = try? git.run(
      ["rev-parse", "--abbrev-ref", "--verify", "--quiet", "origin/HEAD"], what: "find the default branch"
    ).trimmed, !remoteHead.isEmpty {
      candidates.append(remoteHead)
    }
    candidates += ["origin/main", "origin/master", "main", "master"]
    for branch in candidates {
      guard
        let commit = try? git.run(
          ["rev-parse", "--verify", "--quiet", "--end-of-options", branch + "^{commit}"], what: "find \(branch)"
        ).trimmed, !commit.isEmpty,
        let base = try? git.run(["merge-base", head, commit], what: "find the merge base").trimmed, !base.isEmpty
      else { continue }
      return (base, base == head ? "HEAD (\(branch); the uncommitted changes)" : "the merge base with \(branch)")
    }
    return (head, "HEAD (no default branch found; the uncommitted changes)")
  }

  /// The new side of a hunk header, `@@ -a,b +c,d @@`: lines c..<c+d (d is 1 when left out).
  static func hunkTarget(_ header: Substring) -> (Int, Int)? {
    guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
    let parts = plus.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
    guard let start = Int(parts[0]), start >= 0 else { return nil }
    let count = parts.count > 1 ? Int(parts[1]) : 1
    guard let count, count >= 0 else { return nil }
    return (start, count)
  }

  /// A path `git` quoted because of unusual characters ("a\tb.swift", octal escapes for
  /// bytes over 0x7F), read back as the bytes it names.
  static func unquote(_ path: Substring) -> String {
    guard path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 else { return String(path) }
    var bytes: [UInt8] = []
    var iterator = Array(path.dropFirst().dropLast().utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "\\"), let next = iterator.next() else {
        bytes.append(byte)
        continue
      }
      switch next {
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = Int(next - UInt8(ascii: "0"))
        for _ in 0..<2 {
          guard let digit = iterator.next() else { break }
          value = value * 8 + Int(digit &- UInt8(ascii: "0"))
        }
        bytes.append(UInt8(truncatingIfNeeded: value))
      default: bytes.append(next)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// An absolute path with symbolic links resolved, so `./Sources/A.swift`, `Sources/A.swift` and
  /// git's `/repo/Sources/A.swift` (perhaps through /private on macOS) compare equal.
  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

/// Runs `git` from the PATH and returns what it printed.
struct Git {
  /// The folder git runs in; nil is the current folder.
  var folder: String?

  func run(_ arguments: [String], what: String, in directory: String? = nil) throws(InputError) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    if let directory = directory ?? folder { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw InputError(message: "--changed needs git on the PATH: \(error.localizedDescription)")
    }
    // Read both pipes to the end before waiting, so a large diff cannot fill a pipe and stall.
    let collected = Collected()
    let done = DispatchSemaphore(value: 0)
    Thread {
      collected.data = errors.fileHandleForReading.readDataToEndOfFile()
      done.signal()
    }.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(decoding: collected.data, as: UTF8.self).trimmed
      if process.terminationStatus == 127 {
        throw InputError(message: "--changed needs git on the PATH, and none was found")
      }
      throw InputError(
        message: "--changed: cannot \(what): git \(arguments.first ?? "") failed"
          + (message.isEmpty ? " (exit status \(process.terminationStatus))" : ": \(TerminalStyle.escaped(message))"))
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// What the reading thread collected; written once before it signals, read after the wait.
private final class Collected: @unchecked Sendable {
  var data = Data()
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
