import Testing

@testable import Precept

/// `Report.sort()` moves each item once to its place, after sorting the keys: it must order
/// exactly as a stable sort of the items by file, line, column and rule does.
@Suite struct ReportSortTests {
  static func item(_ file: String, _ line: Int, _ column: Int, _ rule: String, _ message: String) -> ReviewItem {
    ReviewItem(
      rule: rule, ruleset: "r", version: "1.0.0", category: nil, message: message, file: file, line: line,
      column: column, nodeType: "Button", wcag: [])
  }

  /// Files and rules, two of each a canonically equivalent pair (one string to `==`, so their
  /// items tie), which the sort compares by rank.
  static let files = ["A.swift", "B.swift", "Z/\u{E9}.swift", "Z/e\u{301}.swift", "a.swift"]
  static let rules = ["x/a", "x/b", "x/\u{E4}", "x/a\u{308}", "y/0", "X/z"]

  @Test(arguments: [0 as UInt64, 1, 2, 3, 4, 5, 6, 7])
  func sortingMovesEveryItemToWhereAStableSortPutsIt(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    // Few distinct keys, so many ties, whose order the messages tell apart.
    let count = Int(random.next() % 200)
    var items: [ReviewItem] = []
    for index in 0..<count {
      items.append(
        Self.item(
          Self.files[Int(random.next() % UInt64(Self.files.count))], Int(random.next() % 5),
          Int(random.next() % 3), Self.rules[Int(random.next() % UInt64(Self.rules.count))], "item \(index)"))
    }
    var expected = items
    expected.sort { ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule) }
    // Ties keep the order they came in.
    for (earlier, later) in zip(expected, expected.dropFirst())
    where (earlier.file, earlier.line, earlier.column, earlier.rule) == (
      later.file, later.line, later.column, later.rule
    ) {
      #expect(Int(earlier.message.dropFirst(5))! < Int(later.message.dropFirst(5))!)
    }
    var report = Report()
    report.needsReview = items
    report.sort()
    #expect(report.needsReview == expected)
  }

  @Test func sortedItemsAreLeftAsTheyAre() {
    var report = Report()
    report.needsReview = [Self.item("A", 1, 1, "x/a", "first"), Self.item("A", 1, 1, "x/a", "second")]
    report.sort()
    #expect(report.needsReview.map(\.message) == ["first", "second"])
  }
}
