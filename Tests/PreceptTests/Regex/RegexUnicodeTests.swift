import Testing

@testable import Precept

/// The Unicode tables behind `\p{…}` and `(?i)`, and the scalar sets they produce.
@Suite struct RegexUnicodeTests {
  @Test func generalCategoriesPartitionAllScalars() throws {
    var total: UInt32 = 0
    var union = ScalarSet()
    for name in UnicodeClasses.categoryNames {
      let set = try #require(UnicodeClasses.named(Substring(name)))
      total += set.ranges.reduce(0) { $0 + $1.upperBound - $1.lowerBound + 1 }
      union.formUnion(set)
    }
    #expect(total == ScalarSet.maxScalar + 1)
    #expect(union.ranges == [0...ScalarSet.maxScalar])
  }

  @Test func oneLetterCategoriesUniteTheirMembers() throws {
    let letters = try #require(UnicodeClasses.named("L"))
    var parts = ScalarSet()
    for name in ["Lu", "Ll", "Lt", "Lm", "Lo"] { parts.formUnion(try #require(UnicodeClasses.named(Substring(name)))) }
    #expect(letters == parts)
    let other = try #require(UnicodeClasses.named("C"))
    #expect(other.contains(0x0378) == false)  // unassigned (Cn) is not in C, as in RE2
    #expect(other.contains(0xE000))  // private use is
  }

  @Test func scriptRepresentativesNameDistinctScripts() throws {
    var seen: [UInt8: String] = [:]
    for (name, scalar) in UnicodeClasses.scriptRepresentatives {
      let id = try #require(UnicodeClasses.scriptID(of: scalar))
      #expect(seen[id] == nil, "\(name) and \(seen[id] ?? "") share a script")
      seen[id] = name
      let set = try #require(UnicodeClasses.named(Substring(name)))
      #expect(set.contains(scalar))
    }
    let greek = try #require(UnicodeClasses.named("Greek"))
    #expect(greek.contains(0x41) == false)
    #expect(greek.contains(0x3A9))
  }

  @Test(arguments: [
    ("k", ["K", "k", "\u{212A}"]), ("s", ["S", "s", "ſ"]), ("σ", ["Σ", "σ", "ς"]), ("å", ["Å", "å", "\u{212B}"]),
    ("µ", ["µ", "Μ", "μ"]), ("ǅ", ["Ǆ", "ǅ", "ǆ"]), ("1", ["1"]), ("i", ["I", "i"]), ("ı", ["ı"]),
  ])
  func caseFoldingOrbits(_ scalar: String, _ orbit: [String]) {
    let value = scalar.unicodeScalars.first!.value
    let folded = ScalarSet(scalar: value).caseFolded()
    #expect(folded == ScalarSet(orbit.map { $0.unicodeScalars.first!.value }.map { $0...$0 }))
  }

  @Test func asciiCaseFoldingAgreesWithTheFullTable() {
    for value in UInt32(0)..<0x80 {
      var fromTable: [UInt32] = []
      CaseFolding.forEachTableOrbitMember(in: value...value) { fromTable.append($0) }
      var fromASCII: [UInt32] = []
      CaseFolding.forEachOrbitMember(in: value...value) { fromASCII.append($0) }
      #expect(fromASCII.sorted() == fromTable.sorted(), "U+\(String(value, radix: 16))")
    }
  }

  @Test func caseFoldingIsClosedAndSymmetric() {
    // Folding the whole of planes 0 and 1 at once, then each member alone, agrees.
    let all = ScalarSet([0...0x1_FFFF]).caseFolded()
    #expect(all == ScalarSet([0...0x1_FFFF]))
    for value in stride(from: UInt32(0), to: 0x2_0000, by: 1) {
      let orbit = ScalarSet(scalar: value).caseFolded()
      guard orbit.singleScalar == nil else { continue }
      for range in orbit.ranges {
        for member in range { #expect(ScalarSet(scalar: member).caseFolded() == orbit) }
      }
    }
  }

  @Test func setOperations() {
    let set = ScalarSet([5...9, 0...2, 3...3, 20...20])
    #expect(set.ranges == [0...3, 5...9, 20...20])
    #expect(set.inverted().ranges == [4...4, 10...19, 21...ScalarSet.maxScalar])
    #expect(set.inverted().inverted() == set)
    #expect(ScalarSet().inverted().ranges == [0...ScalarSet.maxScalar])
    #expect(set.contains(3) && set.contains(20) && !set.contains(4) && !set.contains(21))
  }
}
