import Precept
import Testing

@testable import cel_conformance

@Suite struct MatchingTests {
  private func matches(_ expected: Value, _ actual: Value) -> Bool { Matching.matches(expected, actual) }

  @Test func numericKindsAreDistinct() {
    #expect(matches(.int(1), .int(1)))
    #expect(!matches(.int(1), .uint(1)))
    #expect(!matches(.int(1), .double(1)))
    #expect(!matches(.uint(1), .double(1)))
    #expect(!matches(.int(1), .int(2)))
  }

  @Test func doublesCompareByBitsExceptNaN() {
    #expect(matches(.double(1.5), .double(1.5)))
    #expect(!matches(.double(-0.0), .double(0.0)))
    #expect(!matches(.double(0.0), .double(-0.0)))
    #expect(matches(.double(.nan), .double(-.nan)))
    #expect(matches(.double(.nan), .double(Double(nan: 7, signaling: false))))
    #expect(!matches(.double(.nan), .double(.infinity)))
    #expect(!matches(.double(1), .double(.nan)))
    #expect(matches(.double(-.infinity), .double(-.infinity)))
  }

  @Test func stringsCompareByScalars() {
    #expect(matches(.string("é"), .string("é")))
    // Precomposed and decomposed é are equal Swift Strings but different CEL strings.
    #expect(!matches(.string("\u{E9}"), .string("e\u{301}")))
    #expect(!matches(.string("a"), .bytes([97])))
    #expect(matches(.bytes([0, 255]), .bytes([0, 255])))
  }

  @Test func listsAreOrderedAndMapsAreNot() {
    #expect(matches(.list([.int(1), .string("a")]), .list([.int(1), .string("a")])))
    #expect(!matches(.list([.int(1), .int(2)]), .list([.int(2), .int(1)])))
    #expect(!matches(.list([.int(1)]), .list([.int(1), .int(1)])))
    let ab = Value.map([Value.MapEntry(.string("a"), .int(1)), Value.MapEntry(.int(2), .double(.nan))])
    let ba = Value.map([Value.MapEntry(.int(2), .double(.nan)), Value.MapEntry(.string("a"), .int(1))])
    #expect(matches(ab, ba))
    #expect(!matches(ab, .map([Value.MapEntry(.string("a"), .int(1))])))
    // Map keys keep their kind: 1 and 1u are different keys.
    #expect(!matches(.map([Value.MapEntry(.int(1), .null)]), .map([Value.MapEntry(.uint(1), .null)])))
  }

  @Test func typesCompareByNameAndNullOnlyMatchesNull() {
    #expect(matches(.type("int"), .type("int")))
    #expect(!matches(.type("int"), .string("int")))
    #expect(matches(.null, .null))
    #expect(!matches(.null, .list([])))
  }

  @Test func formatsValuesAsCELLiterals() {
    #expect(LiteralFormat.format(.int(-3)) == "-3")
    #expect(LiteralFormat.format(.uint(3)) == "3u")
    #expect(LiteralFormat.format(.double(1)) == "1.0")
    #expect(LiteralFormat.format(.double(-0.0)) == "-0.0")
    #expect(LiteralFormat.format(.double(1e300)) == "1e+300")
    #expect(LiteralFormat.format(.double(.nan)) == #"double("NaN")"#)
    #expect(LiteralFormat.format(.double(-.infinity)) == #"double("-Infinity")"#)
    #expect(LiteralFormat.format(.string("a\"\\\n\u{7}é")) == #""a\"\\\n\x07é""#)
    #expect(LiteralFormat.format(.bytes([0x61, 0xFF, 0x0A])) == #"b"a\xff\n""#)
    #expect(
      LiteralFormat.format(.map([Value.MapEntry(.string("k"), .list([.null, .bool(true), .type("int")]))]))
        == #"{"k": [null, true, int]}"#)
  }
}
