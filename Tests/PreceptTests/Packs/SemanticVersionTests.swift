import Testing

@testable import Precept

@Suite struct SemanticVersionTests {
  @Test(arguments: [
    "0.0.0", "1.2.3", "10.20.30", "1.1.2-prerelease+meta", "1.0.0-alpha", "1.0.0-alpha.beta",
    "1.0.0-alpha.1", "1.0.0-alpha0.valid", "1.0.0-alpha.0valid",
    "1.0.0-alpha-a.b-c-somethinglong+build.1-aef.1-its-okay", "1.0.0-rc.1+build.1", "2.0.0-rc.1+build.123",
    "10.2.3-DEV-SNAPSHOT", "1.2.3-SNAPSHOT-123", "2.0.0+build.1848", "2.0.1-alpha.1227", "1.0.0-0A.is.legal",
    "1.0.0+0.build.1-rc.10000aaa-kk-0.1", "1.0.0+001", "1.0.0--", "1.0.0-0",
    "9223372036854775806.9223372036854775806.9223372036854775806",
  ])
  func parsesAndPrintsValidVersions(text: String) throws {
    let version = try SemanticVersion(parsing: text)
    #expect(version.description == text)
  }

  @Test func exposesComponents() throws {
    let version = try SemanticVersion(parsing: "1.22.333-beta.2+exp.sha.5114f85")
    #expect(version.major == 1)
    #expect(version.minor == 22)
    #expect(version.patch == 333)
    #expect(version.prerelease == ["beta", "2"])
    #expect(version.build == ["exp", "sha", "5114f85"])
    #expect(version.isPrerelease)
    #expect(version.release == SemanticVersion(1, 22, 333))
    #expect(!version.release.isPrerelease)
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    var text: String
    var offset: Int
    var length: Int
    var message: String
    var testDescription: String { "'\(text)'" }
  }

  @Test(arguments: [
    Invalid(text: "", offset: 0, length: 1, message: "expected a version, found end of text"),
    Invalid(text: " 1.2.3", offset: 0, length: 1, message: "expected a version, found a space"),
    Invalid(text: "1.2.3 ", offset: 5, length: 1, message: "unexpected space after the version"),
    Invalid(text: "-1.2.3", offset: 0, length: 1, message: "expected a version, found '-'"),
    Invalid(
      text: "1", offset: 1, length: 1,
      message: "expected '.' and a minor version after '1' (a version has three numbers: major.minor.patch)"),
    Invalid(
      text: "1.2", offset: 3, length: 1,
      message: "expected '.' and a patch version after '1.2' (a version has three numbers: major.minor.patch)"),
    Invalid(text: "1.2-beta", offset: 3, length: 1, message: "expected '.' and a patch version after '1.2', found '-'"),
    Invalid(text: "1.", offset: 2, length: 1, message: "expected a minor version after '.', found end of text"),
    Invalid(text: "1.x.0", offset: 2, length: 1, message: "expected a minor version after '.', found 'x'"),
    Invalid(
      text: "1.2.3.4", offset: 5, length: 2, message: "a version has three numbers (major.minor.patch), found a fourth"),
    Invalid(text: "01.1.1", offset: 0, length: 2, message: "major version '01' has a leading zero"),
    Invalid(text: "1.01.1", offset: 2, length: 2, message: "minor version '01' has a leading zero"),
    Invalid(text: "1.1.00", offset: 4, length: 2, message: "patch version '00' has a leading zero"),
    Invalid(
      text: "v1.2.3", offset: 0, length: 1,
      message: "unexpected 'v': a version starts with its major number (1.2.3, not v1.2.3)"),
    Invalid(
      text: "99999999999999999999.0.0", offset: 0, length: 20,
      message: "major version '99999999999999999999' is too large (the limit is 9223372036854775806)"),
    Invalid(
      text: "1.9223372036854775807.0", offset: 2, length: 19,
      message: "minor version '9223372036854775807' is too large (the limit is 9223372036854775806)"),
    Invalid(text: "1.2.3-", offset: 5, length: 1, message: "expected a pre-release identifier after '-'"),
    Invalid(text: "1.2.3-alpha.", offset: 12, length: 1, message: "empty pre-release identifier"),
    Invalid(text: "1.2.3-alpha..1", offset: 12, length: 1, message: "empty pre-release identifier"),
    Invalid(
      text: "1.2.3-0123", offset: 6, length: 4, message: "numeric pre-release identifier '0123' has a leading zero"),
    Invalid(
      text: "1.2.3-1.02", offset: 8, length: 2, message: "numeric pre-release identifier '02' has a leading zero"),
    Invalid(
      text: "1.2.3-al_pha", offset: 8, length: 1,
      message: "invalid character '_' in pre-release; identifiers use only letters, digits and '-'"),
    Invalid(
      text: "1.2.3-é", offset: 6, length: 2,
      message: "invalid character 'é' in pre-release; identifiers use only letters, digits and '-'"),
    Invalid(text: "1.2.3+", offset: 5, length: 1, message: "expected a build metadata identifier after '+'"),
    Invalid(text: "1.2.3+a..b", offset: 8, length: 1, message: "empty build metadata identifier"),
    Invalid(
      text: "1.2.3+a+b", offset: 7, length: 1,
      message: "invalid character '+' in build metadata; identifiers use only letters, digits and '-'"),
    Invalid(text: "1.2.3_4", offset: 5, length: 1, message: "unexpected '_' after the version"),
  ])
  func rejectsInvalidVersions(invalid: Invalid) {
    #expect(throws: VersionParseError(offset: invalid.offset, length: invalid.length, message: invalid.message)) {
      try SemanticVersion(parsing: invalid.text)
    }
    #expect(SemanticVersion(invalid.text) == nil)
  }

  /// The ordered list of SemVer 2.0.0 §11, extended with numeric, long and mixed identifiers.
  static let ascending = [
    "0.0.0", "0.0.1", "0.1.0", "0.9.9", "1.0.0-0", "1.0.0-1", "1.0.0-2", "1.0.0-10", "1.0.0-99999999999999999999",
    "1.0.0-0a", "1.0.0-A", "1.0.0-Z", "1.0.0-a", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta",
    "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0",
    "2.0.0", "2.1.0", "2.1.1", "10.0.0",
  ]

  @Test func precedenceFollowsSemVer() throws {
    let versions = try Self.ascending.map { try SemanticVersion(parsing: $0) }
    for (i, left) in versions.enumerated() {
      for (j, right) in versions.enumerated() {
        #expect((left < right) == (i < j), "\(left) < \(right)")
        #expect((left == right) == (i == j), "\(left) == \(right)")
      }
    }
    let oddsThenEvens = versions.indices.filter { $0 % 2 == 1 }.reversed() + versions.indices.filter { $0 % 2 == 0 }
    #expect(oddsThenEvens.map { versions[$0] }.sorted() == versions)
    #expect(versions.reversed().sorted() == versions)
  }

  @Test func buildMetadataIsIgnoredForPrecedence() throws {
    let a = try SemanticVersion(parsing: "1.0.0+a")
    let b = try SemanticVersion(parsing: "1.0.0+b")
    #expect(a == b)
    #expect(!(a < b) && !(b < a))
    #expect(Set([a, b]).count == 1)
    #expect(a.description == "1.0.0+a")
    #expect(try SemanticVersion(parsing: "1.0.0-rc.1+x") < SemanticVersion(parsing: "1.0.0+y"))
  }

  @Test func parseErrorsBecomeDiagnosticsInTheirSource() throws {
    let source = SourceFile(name: "menu.precept", text: "ruleset menu.basic 1.02.0\n")
    do {
      _ = try SemanticVersion(parsing: "1.02.0")
      Issue.record("expected an error")
    } catch {
      let diagnostic = error.diagnostic(in: source, textOffset: 19)
      #expect(diagnostic.description == "menu.precept:1:22: error: minor version '02' has a leading zero")
      #expect(diagnostic.length == 2)
    }
  }
}
