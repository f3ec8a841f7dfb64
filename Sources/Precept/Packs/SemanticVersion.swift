// Semantic versions (semver.org, 2.0.0) as rulesets and packs carry them: `ruleset menu.basic
// 1.0.0` in source, `1.0.0` in index.json and precept.lock.

/// A version as Semantic Versioning 2.0.0 defines it: `MAJOR.MINOR.PATCH`, an optional
/// pre-release (`-beta.2`) and optional build metadata (`+exp.sha.5114f85`).
///
/// Ordering is SemVer precedence: numbers compare numerically, a pre-release sorts before its
/// release, and pre-release identifiers compare one by one (numeric ones numerically and below
/// alphanumeric ones, alphanumeric ones in ASCII order, a shorter list first when all else is
/// equal). Build metadata does not take part in precedence, so `==` and hashing ignore it too
/// (`1.0.0+a == 1.0.0+b`); `description` keeps it.
public struct SemanticVersion: Sendable {
  /// The three version numbers, each between 0 and `maximumComponent`.
  public let major: Int
  public let minor: Int
  public let patch: Int
  /// Pre-release identifiers (`["beta", "2"]` for `-beta.2`); empty for a release.
  public let prerelease: [String]
  /// Build metadata identifiers (`["exp", "sha", "5114f85"]`); ignored for precedence.
  public let build: [String]

  /// The largest number a version component may have, so that the next major, minor or patch
  /// version (which ranges such as `^1.2.3` need) can always be formed.
  public static let maximumComponent = Int.max - 1

  /// A release version. Components must be between 0 and `maximumComponent`.
  public init(_ major: Int, _ minor: Int, _ patch: Int) {
    precondition(
      (0...SemanticVersion.maximumComponent).contains(major)
        && (0...SemanticVersion.maximumComponent).contains(minor)
        && (0...SemanticVersion.maximumComponent).contains(patch),
      "version components must be between 0 and SemanticVersion.maximumComponent")
    self.init(major, minor, patch, prerelease: [], build: [])
  }

  /// Components already validated by the parser.
  init(_ major: Int, _ minor: Int, _ patch: Int, prerelease: [String], build: [String]) {
    self.major = major
    self.minor = minor
    self.patch = patch
    self.prerelease = prerelease
    self.build = build
  }

  /// Parses a full version strictly: no leading `v`, no leading zeros, no surrounding spaces,
  /// nothing left over. The error gives the offset and length (in UTF-8 bytes) of the problem.
  public init(parsing text: String) throws(VersionParseError) {
    var scanner = VersionScanner(text)
    let version = try scanner.version(allowPartial: false, allowBuild: true)
    if !scanner.atEnd {
      throw scanner.error(
        "unexpected \(scanner.describe(at: scanner.index, article: false)) after the version", at: scanner.index,
        length: scanner.characterLength(at: scanner.index))
    }
    self = version.complete
  }

  /// Whether this is a pre-release version (`1.0.0-rc.1`).
  public var isPrerelease: Bool { !prerelease.isEmpty }

  /// The same version without pre-release and build metadata: `1.2.3` for `1.2.3-beta+abc`.
  public var release: SemanticVersion { SemanticVersion(major, minor, patch, prerelease: [], build: []) }
}

extension SemanticVersion: Comparable {
  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    if lhs.major != rhs.major { return lhs.major < rhs.major }
    if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
    if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
    // A pre-release has lower precedence than the release itself.
    switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
    case (true, true), (true, false): return false
    case (false, true): return true
    case (false, false): break
    }
    for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
      return prereleaseIdentifier(left, precedes: right)
    }
    return lhs.prerelease.count < rhs.prerelease.count
  }

  public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch && lhs.prerelease == rhs.prerelease
  }

  /// SemVer §11.4 for two different identifiers.
  private static func prereleaseIdentifier(_ left: String, precedes right: String) -> Bool {
    let leftNumeric = left.utf8.allSatisfy(VersionScanner.isDigit)
    let rightNumeric = right.utf8.allSatisfy(VersionScanner.isDigit)
    switch (leftNumeric, rightNumeric) {
    case (true, true):
      // No leading zeros, so a shorter numeral is a smaller number; this holds for
      // identifiers of any length, which SemVer does not bound.
      if left.utf8.count != right.utf8.count { return left.utf8.count < right.utf8.count }
      return left.utf8.lexicographicallyPrecedes(right.utf8)
    case (true, false): return true
    case (false, true): return false
    case (false, false): return left.utf8.lexicographicallyPrecedes(right.utf8)
    }
  }
}

extension SemanticVersion: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(major)
    hasher.combine(minor)
    hasher.combine(patch)
    hasher.combine(prerelease)
  }
}

extension SemanticVersion: LosslessStringConvertible {
  /// Parses a version, or returns nil; use `init(parsing:)` for the reason.
  public init?(_ description: String) {
    guard let version = try? SemanticVersion(parsing: description) else { return nil }
    self = version
  }

  /// The version as SemVer writes it, build metadata included.
  public var description: String {
    var text = "\(major).\(minor).\(patch)"
    if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
    if !build.isEmpty { text += "+" + build.joined(separator: ".") }
    return text
  }
}

/// A malformed version or version range, as a value: where the problem is in the text that was
/// parsed and what it is. The ruleset checker adds the text's own position to map it onto a
/// source line (see `diagnostic(in:textOffset:)`).
public struct VersionParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Offset of the problem in the parsed text, in UTF-8 bytes.
  public var offset: Int
  /// Length of the offending text in UTF-8 bytes (at least 1; it may reach one past the end
  /// when the text ended too early).
  public var length: Int
  /// What is wrong, e.g. `expected a version after '^'`.
  public var message: String

  public init(offset: Int, length: Int, message: String) {
    self.offset = offset
    self.length = max(1, length)
    self.message = message
  }

  /// The message followed by the offset, for contexts without the source at hand.
  public var description: String { "\(message) (at offset \(offset))" }

  /// The error as a diagnostic in a source file where the parsed text starts at `textOffset`.
  public func diagnostic(in source: SourceFile, textOffset: Int) -> Diagnostic {
    Diagnostic(.error, message, in: source, span: Span(textOffset + offset, textOffset + offset + length))
  }
}

// MARK: - Scanning

/// A version as written in a range: components may be left out or written as a wildcard
/// (`1`, `1.2`, `1.x`, `*`). `nil` stands for a missing or wildcard component; a missing
/// component is never followed by a present one.
struct PartialVersion: Sendable, Hashable {
  var major: Int?
  var minor: Int?
  var patch: Int?
  var prerelease: [String] = []
  var build: [String] = []

  var isFull: Bool { patch != nil }

  /// The version with missing components as zeros.
  var complete: SemanticVersion {
    SemanticVersion(major ?? 0, minor ?? 0, patch ?? 0, prerelease: prerelease, build: build)
  }

  /// Canonical text: wildcards are written by leaving components out (`1.x` → `1`), and a
  /// version with no components at all is `*`.
  var description: String {
    guard let major else { return "*" }
    guard let minor else { return "\(major)" }
    guard patch != nil else { return "\(major).\(minor)" }
    return complete.description
  }
}

/// Reads versions out of UTF-8 text, reporting errors with byte offsets into that text.
struct VersionScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  var atEnd: Bool { index >= bytes.count }
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  func error(_ message: String, at offset: Int, length: Int = 1) -> VersionParseError {
    VersionParseError(offset: offset, length: length, message: message)
  }

  /// A readable name for the character at `offset`: `'a'`, `a space` (or `space` without the
  /// article), `end of text`.
  func describe(at offset: Int, article: Bool = true) -> String {
    guard offset < bytes.count else { return "end of text" }
    let byte = bytes[offset]
    switch byte {
    case 0x20: return article ? "a space" : "space"
    case 0x09: return article ? "a tab" : "tab"
    case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    default:
      // Name the whole scalar when the text is valid UTF-8 there.
      var end = offset + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      if byte >= 0xC0, let text = String(validating: bytes[offset..<end], as: UTF8.self) {
        return "'\(text)'"
      }
      return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }

  /// Length in bytes of the character at `offset` (so a caret covers a whole scalar).
  func characterLength(at offset: Int) -> Int {
    guard offset < bytes.count else { return 1 }
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return end - offset
  }

  mutating func skipSpaces() {
    while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
  }

  /// Reads a version at the current position. With `allowPartial`, components may be missing
  /// or wildcards (`x`, `X`, `*`).
  mutating func version(allowPartial: Bool, allowBuild: Bool) throws(VersionParseError) -> PartialVersion {
    var version = PartialVersion()
    let start = index
    if current == UInt8(ascii: "v") || current == UInt8(ascii: "V") {
      throw error(
        "unexpected 'v': a version starts with its major number (1.2.3, not v1.2.3)", at: index)
    }
    let names = ["major", "minor", "patch"]
    var components: [Int?] = []
    for position in 0..<3 {
      if position > 0 {
        guard current == UInt8(ascii: ".") else {
          if allowPartial { break }
          let written = String(decoding: bytes[start..<index], as: UTF8.self)
          if atEnd {
            throw error(
              "expected '.' and a \(names[position]) version after '\(written)' (a version has three numbers: major.minor.patch)",
              at: index)
          }
          throw error(
            "expected '.' and a \(names[position]) version after '\(written)', found \(describe(at: index))",
            at: index, length: characterLength(at: index))
        }
        index += 1
      }
      if allowPartial, let byte = current,
        byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "*")
      {
        index += 1
        components.append(nil)
        continue
      }
      guard let byte = current, VersionScanner.isDigit(byte) else {
        let what = position == 0 ? "a version" : "a \(names[position]) version after '.'"
        throw error("expected \(what), found \(describe(at: index))", at: index, length: characterLength(at: index))
      }
      let numberStart = index
      while let digit = current, VersionScanner.isDigit(digit) { index += 1 }
      let numeral = String(decoding: bytes[numberStart..<index], as: UTF8.self)
      if components.last == .some(nil) {
        throw error(
          "a number cannot follow a wildcard: write '\(String(decoding: bytes[start..<numberStart], as: UTF8.self))*' or give every number",
          at: numberStart, length: index - numberStart)
      }
      if numeral.utf8.count > 1, numeral.utf8.first == UInt8(ascii: "0") {
        throw error(
          "\(names[position]) version '\(numeral)' has a leading zero", at: numberStart, length: index - numberStart)
      }
      guard let value = Int(numeral), value <= SemanticVersion.maximumComponent else {
        throw error(
          "\(names[position]) version '\(numeral)' is too large (the limit is \(SemanticVersion.maximumComponent))",
          at: numberStart, length: index - numberStart)
      }
      components.append(value)
    }
    if components.count == 3, current == UInt8(ascii: "."), index + 1 < bytes.count,
      VersionScanner.isDigit(bytes[index + 1])
    {
      throw error("a version has three numbers (major.minor.patch), found a fourth", at: index, length: 2)
    }
    version.major = components.count > 0 ? components[0] : nil
    version.minor = components.count > 1 ? components[1] : nil
    version.patch = components.count > 2 ? components[2] : nil
    // A wildcard stands for every later component too (`1.x` is `1.x.x`).
    if version.major == nil { version.minor = nil }
    if version.minor == nil { version.patch = nil }

    if current == UInt8(ascii: "-") {
      let dash = index
      guard version.isFull else {
        throw error(
          "a pre-release needs a full version (major.minor.patch), as in '\(fullExample(version))-…'", at: dash)
      }
      index += 1
      version.prerelease = try identifiers(after: dash)
    }
    if current == UInt8(ascii: "+") {
      let plus = index
      guard allowBuild else {
        throw error("build metadata ('+…') has no meaning in a version range; leave it out", at: plus)
      }
      guard version.isFull else {
        throw error("build metadata needs a full version (major.minor.patch)", at: plus)
      }
      index += 1
      version.build = try identifiers(after: plus)
    }
    return version
  }

  private func fullExample(_ version: PartialVersion) -> String {
    "\(version.major ?? 0).\(version.minor ?? 0).\(version.patch ?? 0)"
  }

  /// Dot-separated identifiers of `[0-9A-Za-z-]` after the `-` (pre-release) or `+` (build
  /// metadata) at `markerOffset`. A pre-release ends at `+`; both end where a version does.
  private mutating func identifiers(after markerOffset: Int) throws(VersionParseError) -> [String] {
    let isPrerelease = bytes[markerOffset] == UInt8(ascii: "-")
    let what = isPrerelease ? "pre-release" : "build metadata"
    var identifiers: [String] = []
    while true {
      let start = index
      while let byte = current, VersionScanner.isIdentifierByte(byte) { index += 1 }
      let ends = VersionScanner.endsVersion(current) || (isPrerelease && current == UInt8(ascii: "+"))
      if !ends, current != UInt8(ascii: ".") {
        throw error(
          "invalid character \(describe(at: index)) in \(what); identifiers use only letters, digits and '-'",
          at: index, length: characterLength(at: index))
      }
      if index == start {
        if identifiers.isEmpty {
          throw error("expected a \(what) identifier after '\(isPrerelease ? "-" : "+")'", at: markerOffset)
        }
        throw error("empty \(what) identifier", at: index)
      }
      let identifier = String(decoding: bytes[start..<index], as: UTF8.self)
      if isPrerelease, identifier.utf8.count > 1, identifier.utf8.first == UInt8(ascii: "0"),
        identifier.utf8.allSatisfy(VersionScanner.isDigit)
      {
        throw error(
          "numeric pre-release identifier '\(identifier)' has a leading zero", at: start, length: index - start)
      }
      identifiers.append(identifier)
      if ends { return identifiers }
      index += 1
    }
  }
}

extension VersionScanner {
  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    let lowercased = byte | 0x20
    return isDigit(byte) || (lowercased >= UInt8(ascii: "a") && lowercased <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "-")
  }

  /// Characters that end a version without being part of it: spaces, `|` of `||`, and the
  /// end of the text.
  static func endsVersion(_ byte: UInt8?) -> Bool {
    guard let byte else { return true }
    return byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "|")
  }
}
