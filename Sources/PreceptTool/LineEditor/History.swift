import Foundation

/// The entries submitted so far, oldest first: no empty entries, no entry equal to the one
/// before it, and at most `limit` of them.
struct History: Equatable {
  let limit: Int
  private(set) var entries: [String] = []

  init(limit: Int, entries: [String] = []) {
    self.limit = max(limit, 1)
    for entry in entries { add(entry) }
  }

  /// Adds an entry unless it is blank or repeats the last one; returns whether it was added.
  @discardableResult
  mutating func add(_ entry: String) -> Bool {
    guard !entry.allSatisfy(\.isWhitespace), entry != entries.last else { return false }
    entries.append(entry)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    return true
  }
}

/// The history file: one entry per line, "\" and newlines escaped as `\\` and `\n`, so a
/// multi-line entry stays one line.
///
/// Each session appends its new entries with one `write` to a file opened with `O_APPEND`,
/// so sessions running side by side add to the file without overwriting each other. The
/// file is rewritten, bounded and without repeats, through a temporary file renamed over it,
/// so a reader sees the old file or the new one, never half of one. Rewriting happens when
/// the file is loaded with more entries than the limit, and when appends have doubled it; an
/// entry another session appends during a rewrite may be lost, but the file stays whole.
struct HistoryFile {
  /// A failure to read or write the file, with a message for a warning.
  struct Failure: Error, Equatable {
    var message: String
  }

  let path: String
  let limit: Int
  /// Lines in the file as far as this session knows: decides when to rewrite it.
  private var lineCount = 0

  init(path: String, limit: Int) {
    self.path = path
    self.limit = max(limit, 1)
  }

  /// Reads the history, bounded and without repeats; a missing file is an empty history.
  /// Rewrites the file if it held more than that.
  mutating func load() throws(Failure) -> History {
    let lines = try readLines()
    let history = History(limit: limit, entries: lines.map(Self.decode))
    lineCount = lines.count
    if lines.count > limit { try rewrite(history) }
    return history
  }

  /// Appends one entry.
  mutating func append(_ entry: String) throws(Failure) {
    try createDirectory()
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("cannot write") }
    defer { close(fd) }
    let line = Array((Self.encode(entry) + "\n").utf8)
    guard Terminal.writeAll(fd, line) else { throw failure("cannot write") }
    lineCount += 1
    if lineCount > 2 * limit {
      try rewrite(History(limit: limit, entries: try readLines().map(Self.decode)))
    }
  }

  private mutating func rewrite(_ history: History) throws(Failure) {
    let temporary = "\(path).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("cannot write", path: temporary) }
    let text = history.entries.map { Self.encode($0) + "\n" }.joined()
    let written = Terminal.writeAll(fd, Array(text.utf8)) && fsync(fd) == 0
    close(fd)
    guard written, rename(temporary, path) == 0 else {
      let error = failure("cannot write", path: temporary)
      unlink(temporary)
      throw error
    }
    lineCount = history.entries.count
  }

  private func readLines() throws(Failure) -> [String] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return [] }
      throw failure("cannot read")
    }
    defer { close(fd) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw failure("cannot read") }
      if count == 0 { break }
      data += chunk[..<count]
    }
    return data.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
  }

  private func createDirectory() throws(Failure) {
    let directory = (path as NSString).deletingLastPathComponent
    guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw Failure(message: "cannot create directory '\(directory)' for history file '\(path)'")
    }
  }

  private func failure(_ what: String, path: String? = nil) -> Failure {
    Failure(message: "\(what) history file '\(path ?? self.path)': \(String(cString: strerror(errno)))")
  }

  static func encode(_ entry: String) -> String {
    var line = String.UnicodeScalarView()
    for scalar in entry.unicodeScalars {
      switch scalar {
      case "\\": line += ["\\", "\\"]
      case "\n": line += ["\\", "n"]
      case "\r": line += ["\\", "r"]
      default: line.append(scalar)
      }
    }
    return String(line)
  }

  static func decode(_ line: String) -> String {
    var entry = String.UnicodeScalarView()
    var escaped = false
    for scalar in line.unicodeScalars {
      if escaped {
        switch scalar {
        case "n": entry.append("\n")
        case "r": entry.append("\r")
        default: entry.append(scalar)
        }
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else {
        entry.append(scalar)
      }
    }
    if escaped { entry.append("\\") }
    return String(entry)
  }
}
