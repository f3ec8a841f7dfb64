import Foundation

/// Finds the Swift files `precept lint` reads: files named on the command line as they are,
/// and every `.swift` file under named folders, skipping `.build`, hidden folders and anything
/// an `--exclude` glob matches. Paths come back sorted, so output order never depends on the
/// file system.
struct FileWalker {
  var excludes: [Glob]

  /// The files to lint, and the paths that do not exist.
  func files(_ paths: [String]) -> (files: [String], missing: [String]) {
    var files: [String] = []
    var missing: [String] = []
    for path in paths {
      if path == "-" {
        files.append(path)
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        missing.append(path)
        continue
      }
      if !isDirectory.boolValue {
        files.append(path)
        continue
      }
      walk(path, relative: "", into: &files)
    }
    return (files, missing)
  }

  private func walk(_ directory: String, relative: String, into files: inout [String]) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names.sorted() {
      let path = directory == "." ? name : (directory as NSString).appendingPathComponent(name)
      let relativePath = relative.isEmpty ? name : relative + "/" + name
      if name.hasPrefix(".") || excludes.contains(where: { $0.matches(relativePath) }) { continue }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        // Symbolic links to folders are not followed, so a link cycle cannot loop.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
        walk(path, relative: relativePath, into: &files)
      } else if name.hasSuffix(".swift") {
        files.append(path)
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
