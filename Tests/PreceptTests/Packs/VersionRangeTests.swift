import Testing

@testable import Precept

@Suite struct VersionRangeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var range: String
    var inside: [String]
    var outside: [String]
    var includePrerelease = false
    var testDescription: String { "'\(range)'\(includePrerelease ? " with pre-releases" : "")" }
  }

  @Test(arguments: [
    // Caret: the left-most non-zero component is held fixed.
    Case(
      range: "^1.2.3", inside: ["1.2.3", "1.2.4", "1.9.0", "1.99.99"],
      outside: ["1.2.2", "0.9.9", "2.0.0", "2.0.0-0", "1.3.0-beta"]),
    Case(range: "^1.2", inside: ["1.2.0", "1.5.1"], outside: ["1.1.9", "2.0.0"]),
    Case(range: "^1", inside: ["1.0.0", "1.9.9"], outside: ["0.9.9", "2.0.0"]),
    Case(range: "^0.2.3", inside: ["0.2.3", "0.2.9"], outside: ["0.2.2", "0.3.0", "1.0.0"]),
    Case(range: "^0.2", inside: ["0.2.0", "0.2.5"], outside: ["0.1.9", "0.3.0"]),
    Case(range: "^0.0.3", inside: ["0.0.3"], outside: ["0.0.2", "0.0.4", "0.1.0"]),
    Case(range: "^0.0", inside: ["0.0.0", "0.0.9"], outside: ["0.1.0"]),
    Case(range: "^0", inside: ["0.0.0", "0.9.9"], outside: ["1.0.0"]),
    Case(
      range: "^1.2.3-beta.2", inside: ["1.2.3-beta.2", "1.2.3-beta.10", "1.2.3", "1.9.0"],
      outside: ["1.2.3-beta.1", "1.2.3-alpha", "1.2.4-beta", "2.0.0"]),
    Case(range: "^ 1.0", inside: ["1.0.0", "1.1.0"], outside: ["2.0.0"]),
    // Tilde: patch-level changes, or minor-level when only the major is given.
    Case(range: "~1.2.3", inside: ["1.2.3", "1.2.9"], outside: ["1.2.2", "1.3.0"]),
    Case(range: "~1.2", inside: ["1.2.0", "1.2.9"], outside: ["1.1.0", "1.3.0"]),
    Case(range: "~1", inside: ["1.0.0", "1.9.0"], outside: ["0.9.0", "2.0.0"]),
    Case(range: "~0.2.3", inside: ["0.2.3", "0.2.4"], outside: ["0.2.2", "0.3.0"]),
    // Comparisons, with partial versions.
    Case(range: ">=1.0 <2.0", inside: ["1.0.0", "1.9.9"], outside: ["0.9.9", "2.0.0", "2.0.0-alpha", "1.5.0-beta"]),
    Case(range: ">= 1.0   < 2.0", inside: ["1.0.0", "1.9.9"], outside: ["0.9.9", "2.0.0"]),
    Case(range: ">1.2.3", inside: ["1.2.4", "2.0.0"], outside: ["1.2.3", "1.0.0"]),
    Case(range: ">1.2", inside: ["1.3.0", "2.0.0"], outside: ["1.2.0", "1.2.9"]),
    Case(range: ">1", inside: ["2.0.0"], outside: ["1.9.9", "2.0.0-beta"]),
    Case(range: ">=1.2", inside: ["1.2.0", "7.0.0"], outside: ["1.1.9"]),
    Case(range: ">=1", inside: ["1.0.0"], outside: ["0.99.0", "1.0.0-rc.1"]),
    Case(range: "<1.2.3", inside: ["1.2.2", "0.0.0"], outside: ["1.2.3", "1.2.3-beta"]),
    Case(range: "<1.2", inside: ["1.1.9"], outside: ["1.2.0"]),
    Case(range: "<2", inside: ["1.9.9"], outside: ["2.0.0"]),
    Case(range: "<=2", inside: ["2.9.9", "0.0.0"], outside: ["3.0.0", "3.0.0-alpha"]),
    Case(range: "<=2.1", inside: ["2.1.9"], outside: ["2.2.0"]),
    Case(range: "<=2.1.3", inside: ["2.1.3"], outside: ["2.1.4"]),
    // Exact and partial versions, wildcards.
    Case(range: "1.2.3", inside: ["1.2.3", "1.2.3+build.7"], outside: ["1.2.2", "1.2.4", "1.2.3-beta"]),
    Case(range: "=1.2.3", inside: ["1.2.3"], outside: ["1.2.4"]),
    Case(range: "1.2.3-rc.1", inside: ["1.2.3-rc.1"], outside: ["1.2.3-rc.2", "1.2.3"]),
    Case(range: "1.2", inside: ["1.2.0", "1.2.7"], outside: ["1.1.0", "1.3.0"]),
    Case(range: "1.2.x", inside: ["1.2.0", "1.2.7"], outside: ["1.3.0"]),
    Case(range: "1", inside: ["1.0.0", "1.5.0"], outside: ["0.1.0", "2.0.0"]),
    Case(range: "1.x", inside: ["1.0.0", "1.5.0"], outside: ["2.0.0"]),
    Case(range: "1.*.*", inside: ["1.9.0"], outside: ["2.0.0"]),
    Case(range: "*", inside: ["0.0.0", "99.0.0"], outside: ["1.0.0-beta"]),
    Case(range: "x", inside: ["3.1.4"], outside: []),
    // Unions.
    Case(range: "^1.0 || ^2.0", inside: ["1.5.0", "2.3.0"], outside: ["0.5.0", "3.0.0"]),
    Case(range: "1.2.3||>=3", inside: ["1.2.3", "3.0.0"], outside: ["2.0.0"]),
    Case(range: "<1 || >=2 <3 || 4.1", inside: ["0.5.0", "2.5.0", "4.1.9"], outside: ["1.0.0", "3.0.0", "4.2.0"]),
    // npm's pre-release rule: only pre-releases of a version a comparator of the same
    // alternative names.
    Case(
      range: ">=1.0.0-beta.2 <2", inside: ["1.0.0-beta.2", "1.0.0-rc.1", "1.0.0", "1.5.0"],
      outside: ["1.0.0-beta.1", "1.1.0-beta", "2.0.0-0"]),
    Case(range: ">1.0.0-alpha <1.0.0-rc", inside: ["1.0.0-beta"], outside: ["1.0.0-alpha", "1.0.0-rc", "1.0.0"]),
    Case(range: "^1.0.0-0 || ^2", inside: ["1.0.0-0", "2.0.0"], outside: ["2.1.0-beta"]),
    // With pre-releases included they count like any version in the bounds.
    Case(
      range: "^1.2.3", inside: ["1.3.0-beta", "1.2.4-0"], outside: ["1.2.3-beta", "2.0.0-alpha"],
      includePrerelease: true),
    Case(range: "*", inside: ["1.0.0-beta", "0.0.0-0"], outside: [], includePrerelease: true),
    Case(range: "<1.2.3", inside: ["1.2.3-beta"], outside: ["1.2.3"], includePrerelease: true),
    Case(range: "<1.2", inside: ["1.1.9-rc"], outside: ["1.2.0-rc"], includePrerelease: true),
    Case(range: "1.2", inside: ["1.2.5-rc"], outside: ["1.2.0-rc", "1.3.0-rc"], includePrerelease: true),
  ])
  func membership(test: Case) throws {
    let range = try VersionRange(parsing: test.range)
    for text in test.inside {
      #expect(
        range.contains(try SemanticVersion(parsing: text), includePrerelease: test.includePrerelease),
        "\(text) should be in \(test.range)")
    }
    for text in test.outside {
      #expect(
        !range.contains(try SemanticVersion(parsing: text), includePrerelease: test.includePrerelease),
        "\(text) should not be in \(test.range)")
    }
  }

  @Test(arguments: [
    ("^1.0", "^1.0"), ("=1.2.3", "1.2.3"), (">= 1.0   < 2.0", ">=1.0 <2.0"), ("1.x", "1"), ("1.X.x", "1"),
    ("1.2.*", "1.2"), ("x", "*"), ("*", "*"), ("=*", "*"), ("  ^1.0||~2.1  ", "^1.0 || ~2.1"), ("^ 1", "^1"),
    ("^1.2.3-beta.1", "^1.2.3-beta.1"), ("<=2 >0.1.2 || 3.x || =4", "<=2 >0.1.2 || 3 || 4"), ("\t~1.2\t", "~1.2"),
  ])
  func canonicalDescription(text: String, canonical: String) throws {
    let range = try VersionRange(parsing: text)
    #expect(range.description == canonical)
    #expect(try VersionRange(parsing: canonical) == range)
    #expect(VersionRange(canonical) == range)
  }

  /// A component at `SemanticVersion.maximumComponent` used to trap (exit 132) while the
  /// bounds of `^`, `~`, x-ranges and `>`/`<=` on partial versions were computed, wherever a
  /// range was read; the next version past the maximum is now a sentinel bound.
  @Test(arguments: [
    Case(
      range: "^9223372036854775806",
      inside: ["9223372036854775806.0.0", "9223372036854775806.9223372036854775806.9223372036854775806"],
      outside: ["9223372036854775805.9.9"]),
    Case(
      range: "^0.9223372036854775806",
      inside: ["0.9223372036854775806.0", "0.9223372036854775806.9223372036854775806"],
      outside: ["1.0.0", "0.9223372036854775805.0"]),
    Case(
      range: "^0.0.9223372036854775806", inside: ["0.0.9223372036854775806"],
      outside: ["0.1.0", "0.0.9223372036854775805"]),
    Case(range: "~9223372036854775806", inside: ["9223372036854775806.5.0"], outside: ["9223372036854775805.0.0"]),
    Case(range: "~1.9223372036854775806", inside: ["1.9223372036854775806.3"], outside: ["2.0.0", "1.0.0"]),
    Case(
      range: "~1.9223372036854775806.9223372036854775806", inside: ["1.9223372036854775806.9223372036854775806"],
      outside: ["2.0.0"]),
    Case(range: "9223372036854775806.x", inside: ["9223372036854775806.1.2"], outside: ["9223372036854775805.0.0"]),
    Case(
      range: "9223372036854775806.9223372036854775806.x", inside: ["9223372036854775806.9223372036854775806.0"],
      outside: ["9223372036854775806.0.0"]),
    Case(
      range: ">9223372036854775806", inside: [],
      outside: ["9223372036854775806.9223372036854775806.9223372036854775806"]),
    Case(range: ">1.9223372036854775806", inside: ["2.0.0"], outside: ["1.9223372036854775806.9223372036854775806"]),
    Case(
      range: "<=1.9223372036854775806", inside: ["1.9223372036854775806.9223372036854775806"],
      outside: ["2.0.0", "2.0.0-0"]),
    Case(
      range: "<9223372036854775806", inside: ["9223372036854775805.9.9"],
      outside: ["9223372036854775806.0.0-0", "9223372036854775806.0.0"]),
    Case(
      range: "^9223372036854775806.9223372036854775806.9223372036854775806-rc.1",
      inside: [
        "9223372036854775806.9223372036854775806.9223372036854775806-rc.2",
        "9223372036854775806.9223372036854775806.9223372036854775806",
      ],
      outside: ["9223372036854775806.9223372036854775806.9223372036854775806-rc.0"]),
  ])
  func rangesAtTheMaximumComponentDoNotTrap(test: Case) throws {
    try membership(test: test)
  }

  @Test(arguments: [
    "^9223372036854775807", "~1.9223372036854775807", ">=0.0.9223372036854775807", "^99999999999999999999",
  ])
  func componentsPastTheMaximumAreErrors(text: String) {
    #expect(throws: VersionParseError.self) { try VersionRange(parsing: text) }
  }

  @Test func anyIsStar() {
    #expect(VersionRange.any.description == "*")
    #expect(VersionRange.any.contains(SemanticVersion(0, 0, 0)))
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    var text: String
    var offset: Int
    var length: Int
    var message: String
    var testDescription: String { "'\(text)'" }
  }

  @Test(arguments: [
    Invalid(text: "", offset: 0, length: 1, message: "expected a version range, found nothing"),
    Invalid(text: "   ", offset: 3, length: 1, message: "expected a version range, found nothing"),
    Invalid(text: "^", offset: 0, length: 1, message: "expected a version after '^'"),
    Invalid(text: "^ ", offset: 0, length: 1, message: "expected a version after '^'"),
    Invalid(text: ">=", offset: 0, length: 2, message: "expected a version after '>='"),
    Invalid(text: ">=1.0 <", offset: 6, length: 1, message: "expected a version after '<'"),
    Invalid(text: "^ || 1", offset: 0, length: 1, message: "expected a version after '^'"),
    Invalid(text: "^abc", offset: 1, length: 1, message: "expected a version after '^', found 'a'"),
    Invalid(text: "~>1.2", offset: 1, length: 1, message: "expected a version after '~', found '>'"),
    Invalid(
      text: "!1.0", offset: 0, length: 1, message: "expected a version or a comparison (^ ~ > >= < <= =), found '!'"),
    Invalid(
      text: "latest", offset: 0, length: 1, message: "expected a version or a comparison (^ ~ > >= < <= =), found 'l'"),
    Invalid(text: "^1.0 ||", offset: 5, length: 2, message: "expected a version range after '||'"),
    Invalid(text: "^1.0 || || 2", offset: 5, length: 2, message: "expected a version range after '||'"),
    Invalid(text: "|| ^1.0", offset: 0, length: 2, message: "expected a version range before '||'"),
    Invalid(
      text: "^1.0 | ^2.0", offset: 5, length: 1, message: "expected '||' between alternatives, found a single '|'"),
    Invalid(
      text: ">=1.0,<2.0", offset: 5, length: 1, message: "unexpected ',' after '1.0'; separate comparators with a space"
    ),
    Invalid(text: ">=1.0 ,<2.0", offset: 6, length: 1, message: "unexpected ','; separate comparators with a space"),
    Invalid(
      text: ">=1.0<2.0", offset: 5, length: 1, message: "unexpected '<' after '1.0'; separate comparators with a space"),
    Invalid(text: "1.0a", offset: 3, length: 1, message: "unexpected 'a' after '1.0'"),
    Invalid(
      text: "1.0 - 2.0", offset: 4, length: 1,
      message: "hyphen ranges are not supported; write '>=A <=B' instead of 'A - B'"),
    Invalid(text: ">*", offset: 0, length: 2, message: "'*' cannot follow '>'; '*' alone matches every version"),
    Invalid(text: "^x", offset: 0, length: 2, message: "'*' cannot follow '^'; '*' alone matches every version"),
    Invalid(
      text: "^1.2.3+build", offset: 6, length: 1,
      message: "build metadata ('+…') has no meaning in a version range; leave it out"),
    Invalid(
      text: "1.2-beta", offset: 3, length: 1,
      message: "a pre-release needs a full version (major.minor.patch), as in '1.2.0-…'"),
    Invalid(
      text: "1.x.3", offset: 4, length: 1,
      message: "a number cannot follow a wildcard: write '1.x.*' or give every number"),
    Invalid(text: "^01.2", offset: 1, length: 2, message: "major version '01' has a leading zero"),
    Invalid(
      text: "1.2.3.4", offset: 5, length: 2, message: "a version has three numbers (major.minor.patch), found a fourth"),
    Invalid(
      text: "v1.2", offset: 0, length: 1,
      message: "unexpected 'v': a version starts with its major number (1.2.3, not v1.2.3)"),
    Invalid(text: "^1.", offset: 3, length: 1, message: "expected a minor version after '.', found end of text"),
    Invalid(text: "^1.0.0-", offset: 6, length: 1, message: "expected a pre-release identifier after '-'"),
    Invalid(
      text: "^1.0.0-a_b", offset: 8, length: 1,
      message: "invalid character '_' in pre-release; identifiers use only letters, digits and '-'"),
    Invalid(
      text: "≥1.0", offset: 0, length: 3, message: "expected a version or a comparison (^ ~ > >= < <= =), found '≥'"),
  ])
  func rejectsInvalidRanges(invalid: Invalid) {
    #expect(throws: VersionParseError(offset: invalid.offset, length: invalid.length, message: invalid.message)) {
      try VersionRange(parsing: invalid.text)
    }
  }

  @Test func invalidUTF8IsReportedNotCrashed() {
    let text = String(decoding: [UInt8(ascii: "^"), 0xFF], as: UTF8.self)  // repaired to U+FFFD
    #expect(throws: VersionParseError.self) { try VersionRange(parsing: text) }
  }
}
