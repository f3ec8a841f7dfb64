// Version ranges as imports and requirements write them (`import global ^1.0`), with the
// meaning npm and Cargo give them. The grammar and the exact bounds each form stands for are
// written down in README.md beside this file.

/// A set of acceptable versions: one or more alternatives joined by `||`, each a
/// space-separated list of comparators that must all hold.
///
/// | written | means |
/// |---|---|
/// | `^1.2.3`, `^1.2`, `^1` | `>=1.2.3 <2.0.0-0`, `>=1.2.0 <2.0.0-0`, `>=1.0.0 <2.0.0-0` |
/// | `^0.2.3`, `^0.0.3`, `^0.0`, `^0` | `>=0.2.3 <0.3.0-0`, `>=0.0.3 <0.0.4-0`, `>=0.0.0 <0.1.0-0`, `>=0.0.0 <1.0.0-0` |
/// | `~1.2.3`, `~1.2`, `~1` | `>=1.2.3 <1.3.0-0`, `>=1.2.0 <1.3.0-0`, `>=1.0.0 <2.0.0-0` |
/// | `1.2.3`, `=1.2.3` | exactly 1.2.3 |
/// | `1.2`, `1.2.x`, `1`, `1.x` | `>=1.2.0 <1.3.0-0`, `>=1.0.0 <2.0.0-0` |
/// | `>1.2.3`, `>1.2`, `>1` | `>1.2.3`, `>=1.3.0`, `>=2.0.0` |
/// | `>=1.2`, `<1.2`, `<=1.2` | `>=1.2.0`, `<1.2.0-0`, `<1.3.0-0` |
/// | `*` | every version |
///
/// (`X.Y.Z-0` is the lowest pre-release of `X.Y.Z`, so an upper bound written that way keeps
/// out the pre-releases of the next version too.)
///
/// Pre-releases follow npm's rule: a pre-release version satisfies an alternative only if
/// one of that alternative's comparators names a pre-release of the same `major.minor.patch`
/// (`>=1.0.0-beta.2 <2` accepts `1.0.0-rc.1` but not `1.1.0-beta`), unless
/// `includePrerelease` is set, in which case pre-releases count like any other version.
public struct VersionRange: Sendable, Hashable {
  enum Operator: String, Sendable, Hashable {
    case caret = "^"
    case tilde = "~"
    case greater = ">"
    case greaterOrEqual = ">="
    case less = "<"
    case lessOrEqual = "<="
    /// No operator, or `=`: the version itself, or every version a partial version covers.
    case equal = ""
  }

  /// One end of the versions a comparator admits.
  struct Bound: Sendable, Hashable {
    var version: SemanticVersion
    var inclusive: Bool
  }

  struct Comparator: Sendable, Hashable {
    var op: Operator
    var version: PartialVersion
    /// The interval the comparator stands for; nil is unbounded.
    var lower: Bound?
    var upper: Bound?

    init(_ op: Operator, _ version: PartialVersion) {
      self.op = op
      self.version = version
      (lower, upper) = Comparator.bounds(op, version)
    }

    func admits(_ candidate: SemanticVersion) -> Bool {
      if let lower, lower.inclusive ? candidate < lower.version : candidate <= lower.version { return false }
      if let upper, upper.inclusive ? candidate > upper.version : candidate >= upper.version { return false }
      return true
    }

    var description: String { op.rawValue + version.description }

    private static func bounds(_ op: Operator, _ version: PartialVersion) -> (Bound?, Bound?) {
      guard let major = version.major else { return (nil, nil) }
      let written = version.complete
      // The first version past what a partial version covers: `1` → 2.0.0, `1.2` → 1.3.0.
      // Components are at most `maximumComponent` (Int.max - 1), so adding one cannot
      // overflow; a bound one past the maximum is a sentinel no parsed version reaches, built
      // with `bound` because the public initializer rightly refuses it as a version.
      let pastPartial = version.minor.map { bound(major, $0 + 1, 0) } ?? bound(major + 1, 0, 0)
      switch op {
      case .equal:
        if version.isFull {
          return (Bound(version: written, inclusive: true), Bound(version: written, inclusive: true))
        }
        return (
          Bound(version: written, inclusive: true), Bound(version: lowestPrerelease(of: pastPartial), inclusive: false)
        )
      case .caret:
        // The left-most non-zero component is held fixed; `^0.0` and `^0` hold what is written.
        let upper: SemanticVersion
        if major > 0 || version.minor == nil {
          upper = bound(major + 1, 0, 0)
        } else if let minor = version.minor, minor > 0 || version.patch == nil {
          upper = bound(0, minor + 1, 0)
        } else {
          upper = bound(0, 0, version.patch! + 1)
        }
        return (Bound(version: written, inclusive: true), Bound(version: lowestPrerelease(of: upper), inclusive: false))
      case .tilde:
        return (
          Bound(version: written, inclusive: true), Bound(version: lowestPrerelease(of: pastPartial), inclusive: false)
        )
      case .greaterOrEqual:
        return (Bound(version: written, inclusive: true), nil)
      case .greater:
        if version.isFull { return (Bound(version: written, inclusive: false), nil) }
        return (Bound(version: pastPartial, inclusive: true), nil)
      case .less:
        if version.isFull { return (nil, Bound(version: written, inclusive: false)) }
        return (nil, Bound(version: lowestPrerelease(of: written), inclusive: false))
      case .lessOrEqual:
        if version.isFull { return (nil, Bound(version: written, inclusive: true)) }
        return (nil, Bound(version: lowestPrerelease(of: pastPartial), inclusive: false))
      }
    }

    /// A release version for a bound, whose components may be one past `maximumComponent`.
    private static func bound(_ major: Int, _ minor: Int, _ patch: Int) -> SemanticVersion {
      SemanticVersion(major, minor, patch, prerelease: [], build: [])
    }

    private static func lowestPrerelease(of version: SemanticVersion) -> SemanticVersion {
      SemanticVersion(version.major, version.minor, version.patch, prerelease: ["0"], build: [])
    }
  }

  /// The alternatives (joined by `||`), each a list of comparators that must all hold.
  let alternatives: [[Comparator]]

  /// The range that every version satisfies, `*`.
  public static let any = VersionRange(alternatives: [[Comparator(.equal, PartialVersion())]])

  init(alternatives: [[Comparator]]) {
    self.alternatives = alternatives
  }

  /// Parses a range. Spaces around comparators and `||` are allowed, and between an operator
  /// and its version (`>= 1.0`); the error gives the offset and length (in UTF-8 bytes) of the
  /// problem in `text`.
  public init(parsing text: String) throws(VersionParseError) {
    var parser = RangeParser(scanner: VersionScanner(text))
    self.init(alternatives: try parser.parse())
  }

  /// Whether `version` lies in the range. Pre-releases count only as the type's documentation
  /// says, or always when `includePrerelease` is set.
  public func contains(_ version: SemanticVersion, includePrerelease: Bool = false) -> Bool {
    alternatives.contains { comparators in
      guard comparators.allSatisfy({ $0.admits(version) }) else { return false }
      if !version.isPrerelease || includePrerelease { return true }
      return comparators.contains { comparator in
        let named = comparator.version
        return !named.prerelease.isEmpty && named.major == version.major && named.minor == version.minor
          && named.patch == version.patch
      }
    }
  }
}

extension VersionRange: CustomStringConvertible {
  /// The range in canonical form: one space between comparators, ` || ` between alternatives,
  /// no space after an operator, `=` left out, wildcards written by leaving components out
  /// (`>= 1.x` → `>=1`, `1.2.*` → `1.2`, `x` → `*`). Parsing the description gives the
  /// same range back.
  public var description: String {
    alternatives.map { $0.map(\.description).joined(separator: " ") }.joined(separator: " || ")
  }
}

extension VersionRange: LosslessStringConvertible {
  /// Parses a range, or returns nil; use `init(parsing:)` for the reason.
  public init?(_ description: String) {
    guard let range = try? VersionRange(parsing: description) else { return nil }
    self = range
  }
}

private struct RangeParser {
  var scanner: VersionScanner

  mutating func parse() throws(VersionParseError) -> [[VersionRange.Comparator]] {
    scanner.skipSpaces()
    if scanner.atEnd {
      throw scanner.error("expected a version range, found nothing", at: scanner.index)
    }
    var alternatives: [[VersionRange.Comparator]] = []
    var previousBar: Int?
    while true {
      var comparators: [VersionRange.Comparator] = []
      while true {
        scanner.skipSpaces()
        if scanner.atEnd || scanner.current == UInt8(ascii: "|") { break }
        comparators.append(try comparator(following: comparators))
      }
      if comparators.isEmpty {
        if let previousBar {
          throw scanner.error("expected a version range after '||'", at: previousBar, length: 2)
        }
        throw scanner.error("expected a version range before '||'", at: scanner.index, length: 2)
      }
      alternatives.append(comparators)
      if scanner.atEnd { return alternatives }
      // At a '|'.
      let bar = scanner.index
      guard bar + 1 < scanner.bytes.count, scanner.bytes[bar + 1] == UInt8(ascii: "|") else {
        throw scanner.error("expected '||' between alternatives, found a single '|'", at: bar)
      }
      scanner.index += 2
      previousBar = bar
    }
  }

  private mutating func comparator(
    following previous: [VersionRange.Comparator]
  ) throws(VersionParseError) -> VersionRange.Comparator {
    let start = scanner.index
    let op = readOperator()
    let opText = String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self)
    scanner.skipSpaces()
    guard let byte = scanner.current, !VersionScanner.endsVersion(byte) else {
      throw scanner.error("expected a version after '\(opText)'", at: start, length: opText.utf8.count)
    }
    let startsVersion =
      VersionScanner.isDigit(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "x")
      || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "v") || byte == UInt8(ascii: "V")
    if !startsVersion {
      if op != nil {
        throw scanner.error(
          "expected a version after '\(opText)', found \(scanner.describe(at: scanner.index))",
          at: scanner.index, length: scanner.characterLength(at: scanner.index))
      }
      if byte == UInt8(ascii: "-"), !previous.isEmpty {
        throw scanner.error(
          "hyphen ranges are not supported; write '>=A <=B' instead of 'A - B'", at: scanner.index)
      }
      if byte == UInt8(ascii: ",") {
        throw scanner.error("unexpected ','; separate comparators with a space", at: scanner.index)
      }
      throw scanner.error(
        "expected a version or a comparison (^ ~ > >= < <= =), found \(scanner.describe(at: scanner.index))",
        at: scanner.index, length: scanner.characterLength(at: scanner.index))
    }
    let versionStart = scanner.index
    let version = try scanner.version(allowPartial: true, allowBuild: false)
    if let op, op != .equal, version.major == nil {
      throw scanner.error(
        "'*' cannot follow '\(opText)'; '*' alone matches every version", at: start,
        length: scanner.index - start)
    }
    if !VersionScanner.endsVersion(scanner.current) {
      let written = String(decoding: scanner.bytes[versionStart..<scanner.index], as: UTF8.self)
      let advice = startsAnotherComparator() ? "; separate comparators with a space" : ""
      throw scanner.error(
        "unexpected \(scanner.describe(at: scanner.index, article: false)) after '\(written)'\(advice)",
        at: scanner.index,
        length: scanner.characterLength(at: scanner.index))
    }
    return VersionRange.Comparator(op ?? .equal, version)
  }

  /// Reads `^ ~ >= > <= < =` if one is next.
  private mutating func readOperator() -> VersionRange.Operator? {
    guard let byte = scanner.current else { return nil }
    let next = scanner.index + 1 < scanner.bytes.count ? scanner.bytes[scanner.index + 1] : nil
    let op: VersionRange.Operator
    var width = 1
    switch byte {
    case UInt8(ascii: "^"): op = .caret
    case UInt8(ascii: "~"): op = .tilde
    case UInt8(ascii: "="): op = .equal
    case UInt8(ascii: ">"):
      op = next == UInt8(ascii: "=") ? .greaterOrEqual : .greater
      if op == .greaterOrEqual { width = 2 }
    case UInt8(ascii: "<"):
      op = next == UInt8(ascii: "=") ? .lessOrEqual : .less
      if op == .lessOrEqual { width = 2 }
    default: return nil
    }
    scanner.index += width
    return op
  }

  /// Whether the next character looks like the start of another comparator written without
  /// the separating space (or with a comma, as Cargo writes them).
  private func startsAnotherComparator() -> Bool {
    guard let byte = scanner.current else { return false }
    return byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "^")
      || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ",")
  }
}
