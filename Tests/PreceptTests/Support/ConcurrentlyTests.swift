import Testing

@testable import Precept

/// The helpers lint's phases run on every core with: results in a fixed order whatever the
/// timing, and the JSON report's text the same as one pass writes it.
@Suite struct ConcurrentlyTests {
  @Test func mapGivesEveryResultAtItsIndexInAnyStartingOrder() {
    #expect(Concurrently.map(0) { $0 }.isEmpty)
    #expect(Concurrently.map(1) { $0 * 3 } == [0])
    #expect(Concurrently.map(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
    let order = Array((0..<50).reversed())
    #expect(Concurrently.map(50, order: order) { "\($0)" } == (0..<50).map { "\($0)" })
  }

  @Test func rangesCoverTheIndicesInOrderAndNearlyEvenly() {
    #expect(Concurrently.ranges(0, parts: 16).isEmpty)
    #expect(Concurrently.ranges(3, parts: 16) == [0..<1, 1..<2, 2..<3])
    #expect(Concurrently.ranges(10, parts: 1) == [0..<10])
    let ranges = Concurrently.ranges(101, parts: 16)
    #expect(ranges.count == 16 && ranges.first?.lowerBound == 0 && ranges.last?.upperBound == 101)
    #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    #expect(ranges.allSatisfy { $0.count == 6 || $0.count == 7 })
  }

  @Test func aHandedOffValueIsTakenOnce() {
    let handoff = Handoff<String>(["a", nil, "c"])
    #expect(handoff.take(0) == "a" && handoff.take(0) == nil)
    #expect(handoff.take(1) == nil && handoff.take(2) == "c")
    let empty = Handoff<Int>([])
    #expect(empty.count == 0)
  }

  /// Top-level arrays of every size and shape (empty, one element, fitting on a line, too
  /// long for one, nested, non-ASCII), written a range at a time, are the bytes of one pass.
  @Test func concurrentSerializationIsTheSameText() {
    func record(_ index: Int) -> JSON {
      .object([
        "rule": .string("names/control-name"), "line": .integer(index), "message": .string("Löschen \"\(index)\"\n"),
        "wcag": .array([.string("1.1.1"), .string("4.1.2")]),
        "explanation": .object(["operands": .array([.object(["text": .string("n.label"), "value": .null])])]),
      ])
    }
    let documents: [JSON] = [
      .object([]),
      .object(["a": .integer(1)]),
      .object(["short": .array([.integer(1), .integer(2)]), "n": .bool(true)]),
      .object([
        "preceptReport": .integer(1), "findings": .array((0..<37).map(record)), "needsReview": .array([record(1)]),
        "notRun": .array([]), "names": .array((0..<40).map { .string("name number \($0)") }),
        "small": .array([.string("é"), .string("ü")]), "summary": .object(["files": .integer(3)]),
      ]),
      .array([.integer(1)]),
      .string("plain"),
    ]
    for document in documents {
      #expect(document.serializedConcurrently() == document.serialized(pretty: true))
      #expect(document.serializedConcurrently(lineWidth: 20) == document.serialized(pretty: true, lineWidth: 20))
    }
  }
}
