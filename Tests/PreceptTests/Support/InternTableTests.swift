import Testing

@testable import Precept

/// The interned strings' ASCII flags, which `size()` reads instead of counting code points.
@Suite struct InternTableTests {
  /// Strings either side of a word of flags, ASCII or not, in an order no pattern matches.
  static let strings: [String] = (0..<150).map { index in
    let ascii = index % 3 != 1 && index % 7 != 5
    return ascii ? "title \(index)" : "tïtle \(index)"
  }

  @Test func eachStringKnowsWhetherItIsASCII() {
    var table = InternTable()
    defer { table.deallocate() }
    let ids = Self.strings.map { table.intern($0) }
    #expect(ids == (0..<150).map(Int32.init))
    // Interning again finds the string and leaves its flag.
    #expect(table.intern(Self.strings[64]) == 64)
    let copy = table.copy()
    defer { copy.deallocate() }
    for (id, text) in zip(ids, Self.strings) {
      let ascii = text.utf8.allSatisfy { $0 < 0x80 }
      #expect(table.isASCII(id) == ascii, "\(text)")
      #expect(copy.isASCII(id) == ascii, "copy: \(text)")
    }
  }

  @Test func theEmptyStringIsASCII() {
    var table = InternTable()
    defer { table.deallocate() }
    let empty = table.intern("")
    let other = table.intern("\u{80}")
    #expect(table.isASCII(empty))
    #expect(!table.isASCII(other))
  }
}
