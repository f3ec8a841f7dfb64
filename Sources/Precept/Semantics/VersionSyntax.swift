/// Checks the version in a ruleset header and the ranges in its imports, reporting where in
/// the text a problem lies.
///
/// A version is semantic: `MAJOR.MINOR.PATCH`, then optionally `-PRERELEASE` and `+BUILD`
/// (dot-separated identifiers of ASCII letters, digits and `-`); numbers have no leading
/// zeros. A range is one or more comparator sets joined by `||`; a set is comparators
/// separated by spaces; a comparator is an optional operator (`^`, `~`, `>=`, `<=`, `>`, `<`,
/// `=`) written directly before a version whose minor and patch may be left out (`^1.0`).
enum VersionSyntax {
  struct Problem {
    var message: String
    /// Offset and length of the problem inside the checked text, in UTF-8 bytes.
    var offset: Int
    var length: Int
  }

  static func versionProblem(_ text: String) -> Problem? {
    if text.isEmpty { return Problem(message: "missing version", offset: 0, length: 1) }
    var scanner = VersionScanner(Array(text.utf8))
    guard let failure = scanner.version(partial: false) ?? scanner.end() else { return nil }
    return Problem(
      message: "malformed version '\(text)': \(failure.detail)",
      offset: failure.offset, length: max(1, scanner.bytes.count - failure.offset))
  }

  static func rangeProblem(_ text: String) -> Problem? {
    if text.isEmpty { return Problem(message: "missing version range", offset: 0, length: 1) }
    var scanner = VersionScanner(Array(text.utf8))
    guard let failure = scanner.range() else { return nil }
    return Problem(
      message: "malformed version range '\(text)': \(failure.detail)", offset: failure.offset,
      length: max(1, scanner.bytes.count - failure.offset))
  }
}

/// A cursor over version text; each method returns a failure or nil.
private struct VersionScanner {
  struct Failure {
    var detail: String
    var offset: Int
  }

  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  func unexpected() -> Failure {
    guard let current else { return Failure(detail: "unexpected end", offset: position) }
    let shown = current >= 0x21 && current < 0x7F ? "'\(Character(Unicode.Scalar(current)))'" : "character"
    return Failure(detail: "unexpected \(shown)", offset: position)
  }

  mutating func end() -> Failure? {
    current == nil ? nil : unexpected()
  }

  mutating func number() -> Failure? {
    let start = position
    while let byte = current, isDigit(byte) { position += 1 }
    if position == start { return Failure(detail: "expected a number", offset: start) }
    if bytes[start] == UInt8(ascii: "0"), position - start > 1 {
      return Failure(detail: "numbers in versions have no leading zeros", offset: start)
    }
    return nil
  }

  /// `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`; with `partial`, `MAJOR` or `MAJOR.MINOR` too.
  mutating func version(partial: Bool) -> Failure? {
    var parts = 0
    repeat {
      if parts > 0 { position += 1 }  // the dot
      if let failure = number() { return failure }
      parts += 1
    } while parts < 3 && current == UInt8(ascii: ".")
    if parts < 3 {
      return partial ? nil : Failure(detail: "expected three numbers", offset: position)
    }
    for marker in [UInt8(ascii: "-"), UInt8(ascii: "+")] where current == marker {
      repeat {
        position += 1
        let start = position
        while let byte = current, isIdentifierContinue(byte) || byte == UInt8(ascii: "-") { position += 1 }
        if position == start {
          return Failure(
            detail: "expected a \(marker == UInt8(ascii: "-") ? "pre-release" : "build") identifier", offset: start)
        }
      } while current == UInt8(ascii: ".")
    }
    return nil
  }

  mutating func skipSpaces() {
    while current == 0x20 || current == 0x09 { position += 1 }
  }

  mutating func range() -> Failure? {
    while true {
      // One comparator set: comparators separated by spaces.
      repeat {
        skipSpaces()
        if let failure = comparator() { return failure }
        skipSpaces()
      } while current != nil && current != UInt8(ascii: "|")
      guard current == UInt8(ascii: "|") else { return nil }
      guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "|") else {
        return Failure(detail: "expected '||' between alternatives", offset: position)
      }
      position += 2
    }
  }

  mutating func comparator() -> Failure? {
    switch current {
    case UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "="):
      position += 1
    case UInt8(ascii: ">"), UInt8(ascii: "<"):
      position += 1
      if current == UInt8(ascii: "=") { position += 1 }
    case let byte? where isDigit(byte):
      break
    default:
      return unexpected()
    }
    guard let byte = current, isDigit(byte) else {
      return Failure(detail: "expected a version such as 1.0 here", offset: position)
    }
    return version(partial: true)
  }
}
