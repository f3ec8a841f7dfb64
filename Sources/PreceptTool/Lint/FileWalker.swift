import Foundation
import Precept

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path to read, as shown and as the bytes the system knows it by. A name that is not
/// UTF-8 (Linux allows any bytes) cannot be a Swift `String`: it is shown with its invalid
/// bytes as `\x{E9}` and opened by its bytes.
struct InputPath: Sendable, Hashable {
  var name: String
  var bytes: [UInt8]

  init(_ path: String) {
    name = path
    bytes = PreceptTool.rawArguments[path] ?? Array(path.utf8)
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
    name = InputPath.displayName(bytes)
  }

  static let standardInput = InputPath("-")

  /// The bytes as text: valid UTF-8 as it is, each other byte as `\x{E9}`.
  static func displayName(_ bytes: [UInt8]) -> String {
    if let valid = String(validating: bytes, as: UTF8.self) { return valid }
    var name = ""
    var index = 0
    while index < bytes.count {
      let length = validUTF8Length(bytes, at: index)
      if length > 0 {
        name += String(decoding: bytes[index..<index + length], as: UTF8.self)
        index += length
      } else {
        name += "\\x{\(String(bytes[index], radix: 16, uppercase: true))}"
        index += 1
      }
    }
    return name
  }

  /// The length of the UTF-8 sequence at `index`, or 0 when the bytes there are not one.
  private static func validUTF8Length(_ bytes: [UInt8], at index: Int) -> Int {
    for length in 1...4 where index + length <= bytes.count {
      if String(validating: bytes[index..<index + length], as: UTF8.self) != nil { return length }
    }
    return 0
  }
}

/// Finds the Swift files `precept lint` reads: files named on the command line as they are,
/// and every `.swift` file under named folders, skipping `.build`, hidden folders and anything
/// an `--exclude` glob matches. Paths come back sorted, so output order never depends on the
/// file system.
///
/// Folders are read with the POSIX API, as bytes: Foundation drops names that are not UTF-8,
/// and a dangling symbolic link does not "exist" for it; both were skipped without a word.
/// Now every `.swift` entry is listed, and reading it reports what is wrong (a dangling link,
/// an unreadable file) as an input error.
struct FileWalker {
  var excludes: [Glob]

  /// The files to read, and problems with the named paths (one that does not exist, a
  /// folder that cannot be read) as input errors.
  func files(_ paths: [String]) -> (files: [InputPath], problems: [Diagnostic]) {
    var files: [InputPath] = []
    var problems: [Diagnostic] = []
    for path in paths {
      if path == "-" {
        files.append(.standardInput)
        continue
      }
      let input = InputPath(path)
      switch FileWalker.kind(input.bytes) {
      case nil:
        problems.append(FileWalker.problem("no such file or folder", input.name))
      case .folder:
        walk(input, relative: "", into: &files, problems: &problems)
      case .file, .danglingLink, .linkToFolder, .special:
        // Named directly: read it, and say why when that fails (a dangling link).
        if FileWalker.kind(input.bytes, following: true) == .folder {
          walk(input, relative: "", into: &files, problems: &problems)
        } else {
          files.append(input)
        }
      }
    }
    return (files, problems)
  }

  static func problem(_ message: String, _ name: String) -> Diagnostic {
    Diagnostic(.error, message, file: name, location: SourceLocation(line: 1, column: 1))
  }

  /// `special`: a FIFO, device or socket (or a link to one), which could block a read forever.
  private enum Kind { case file, folder, danglingLink, linkToFolder, special }

  /// What identifies a file's version for `--watch`: size, modification time and inode
  /// (following links); nil when nothing readable is there.
  struct Stamp: Hashable {
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
    var inode: UInt64
  }

  static func stamp(_ path: [UInt8]) -> Stamp? {
    var info = stat()
    let found = (path + [0]).withUnsafeBufferPointer { pointer in
      pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { stat($0, &info) == 0 }
    }
    guard found else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return Stamp(
      size: Int64(info.st_size), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
      inode: UInt64(info.st_ino))
  }

  /// What is at a path, without following a final symbolic link unless `following`.
  private static func kind(_ path: [UInt8], following: Bool = false) -> Kind? {
    var info = stat()
    let found = (path + [0]).withUnsafeBufferPointer { pointer in
      pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { name in
        (following ? stat(name, &info) : lstat(name, &info)) == 0
      }
    }
    guard found else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFLNK:
      switch kind(path, following: true) {
      case nil: return .danglingLink
      case .folder: return .linkToFolder
      case .special: return .special
      default: return .file
      }
    case S_IFREG: return .file
    default: return .special
    }
  }

  /// The names in a folder, as bytes, without `.` and `..`; nil when it cannot be read.
  private static func entries(_ directory: [UInt8]) -> [[UInt8]]? {
    let handle = (directory + [0]).withUnsafeBufferPointer { pointer in
      pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { opendir($0) }
    }
    guard let handle else { return nil }
    defer { closedir(handle) }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
        field.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
          Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
        }
      }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names
  }

  private func walk(
    _ directory: InputPath, relative: String, into files: inout [InputPath], problems: inout [Diagnostic]
  ) {
    guard let names = FileWalker.entries(directory.bytes) else {
      let reason = String(cString: strerror(errno))
      problems.append(FileWalker.problem("cannot read the folder (\(reason))", directory.name))
      return
    }
    let entries = names.map { InputPath(bytes: $0) }.sorted {
      $0.name != $1.name ? $0.name < $1.name : $0.bytes.lexicographicallyPrecedes($1.bytes)
    }
    for entry in entries {
      let name = entry.name
      let bytes =
        directory.name == "."
        ? entry.bytes : directory.bytes + (directory.bytes.last == 0x2F ? [] : [0x2F]) + entry.bytes
      let path = InputPath(bytes: bytes)
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      if entry.bytes.first == 0x2E || excludes.contains(where: { $0.matches(relativePath) }) { continue }
      let isSwift = entry.bytes.count > 6 && entry.bytes.suffix(6).elementsEqual(".swift".utf8)
      switch FileWalker.kind(bytes) {
      case nil: continue  // removed while the folder was read
      case .folder: walk(path, relative: relativePath, into: &files, problems: &problems)
      // Symbolic links to folders are not followed, so a link cycle cannot loop.
      case .linkToFolder: continue
      case .file, .danglingLink: if isSwift { files.append(path) }
      // Named directly, a pipe or device is read (up to the limit); found in a folder, it is
      // not opened: a link to /dev/tty named *.swift would wait for the terminal.
      case .special:
        if isSwift { problems.append(FileWalker.problem("not a regular file (a FIFO, device or socket)", path.name)) }
      }
    }
  }
}

/// A shell-style pattern for `--exclude`: `*` matches within one path component, `**` across
/// components, `?` one character. A pattern without `/` matches any single component
/// (`Generated`, `*.generated.swift`); one with `/` matches the path from the linted folder.
struct Glob {
  let pattern: String
  private let parts: [Substring]
  private let anchored: Bool

  init(_ pattern: String) {
    self.pattern = pattern
    var trimmed = pattern
    while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    anchored = trimmed.contains("/")
    parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
  }

  func matches(_ relativePath: String) -> Bool {
    let components = relativePath.split(separator: "/")
    if !anchored {
      guard let part = parts.first else { return false }
      return components.contains { Glob.match(Array(part), Array($0)) }
    }
    return Glob.matchPath(parts[...], components[...])
  }

  private static func matchPath(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      for skip in 0...path.count where matchPath(rest, path.dropFirst(skip)) { return true }
      return false
    }
    guard let component = path.first, match(Array(first), Array(component)) else { return false }
    // A folder pattern that matches a prefix excludes everything inside it.
    return pattern.count == 1 || matchPath(pattern.dropFirst(), path.dropFirst())
  }

  /// `*` and `?` within one component, by iterative backtracking (linear in practice).
  private static func match(_ pattern: [Character], _ text: [Character]) -> Bool {
    var p = 0
    var t = 0
    var star = -1
    var mark = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = p
        mark = t
        p += 1
      } else if star >= 0 {
        p = star + 1
        mark += 1
        t = mark
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
