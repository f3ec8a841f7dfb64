import Testing

@testable import Precept

/// String search is linear in the lengths of the text and the part, whatever they hold.
@Suite struct StringSearchRegressionTests {
  /// 1 MB of `a`, and half of that followed by `b`: a naive search compares about 2.7 × 10¹¹
  /// bytes (found by review; minutes of work charged as 32,768 cost units).
  let bindings: [String: Value] = [
    "s": .string(String(repeating: "a", count: 1 << 20)),
    "t": .string(String(repeating: "a", count: 1 << 19) + "b"),
  ]

  func evaluate(_ source: String) throws -> Result<Value, EvaluationError> {
    try CompiledExpression(source, variables: ["s", "t"]).evaluate(bindings)
  }

  @Test(.timeLimit(.minutes(1))) func hostilePartsAreFoundInLinearTime() throws {
    #expect(try evaluate("s.contains(t)") == .success(.bool(false)))
    #expect(try evaluate("s.indexOf(t)") == .success(.int(-1)))
    #expect(try evaluate("s.lastIndexOf(t)") == .success(.int(-1)))
    #expect(try evaluate("s.split(t).size()") == .success(.int(1)))
    #expect(try evaluate("s.replace(t, '').size()") == .success(.int(1 << 20)))
    #expect(try evaluate("(s.substring(1) + 'b').indexOf(t)") == .success(.int((1 << 19) - 1)))
    #expect(try evaluate("(s.substring(1) + 'b').lastIndexOf(t)") == .success(.int((1 << 19) - 1)))
  }

  @Test(arguments: [
    ("'banana'.indexOf('an')", 1), ("'banana'.indexOf('an', 2)", 3), ("'banana'.indexOf('an', 4)", -1),
    ("'banana'.lastIndexOf('an')", 3), ("'banana'.lastIndexOf('an', 2)", 1), ("'banana'.lastIndexOf('an', 0)", -1),
    ("'aaa'.indexOf('aa', 1)", 1), ("'aaa'.lastIndexOf('aa')", 1), ("'héllo wörld'.indexOf('ö')", 7),
    ("'héllo wörld'.lastIndexOf('l')", 9), ("'héllo'.indexOf('')", 0), ("'héllo'.indexOf('', 5)", 5),
    ("'héllo'.lastIndexOf('')", 5), ("'héllo'.lastIndexOf('', 2)", 2), ("'abc'.indexOf('abcd')", -1),
    ("'abc'.lastIndexOf('abcd')", -1), ("'abcabd'.indexOf('abd')", 3), ("'ababab'.lastIndexOf('abab')", 2),
  ])
  func positionsCountCodePoints(source: String, expected: Int) throws {
    #expect(try CompiledExpression(source).evaluate() == .success(.int(Int64(expected))))
  }

  @Test func matchesAreFoundInOrder() throws {
    #expect(try CompiledExpression("'aaaa'.replace('aa', 'b')").evaluate() == .success(.string("bb")))
    #expect(
      try CompiledExpression("'a--b--c'.split('--')").evaluate()
        == .success(.list([.string("a"), .string("b"), .string("c")])))
    #expect(try CompiledExpression("'abcabcab'.contains('cabc')").evaluate() == .success(.bool(true)))
    #expect(try CompiledExpression("'aabaabaaab'.contains('aaab')").evaluate() == .success(.bool(true)))
  }

  /// Repetitive text and parts make the plain scan hand over to the linear one part-way; both
  /// must find what a naive search finds.
  @Test func searchesThatSwitchAlgorithmsAgreeWithANaiveSearch() throws {
    let text = String(repeating: "a", count: 300) + "b" + String(repeating: "a", count: 300) + "ab"
    let scalars = Array(text.unicodeScalars)
    func naive(_ part: String, last: Bool) -> Int {
      let needle = Array(part.unicodeScalars)
      let starts = (0...(scalars.count - needle.count)).filter { Array(scalars[$0..<$0 + needle.count]) == needle }
      return (last ? starts.last : starts.first) ?? -1
    }
    let parts = [
      String(repeating: "a", count: 100), String(repeating: "a", count: 250) + "b", "a" + "b",
      String(repeating: "a", count: 301), String(repeating: "a", count: 300) + "b" + "a",
    ]
    for part in parts {
      let bindings: [String: Value] = ["s": .string(text), "t": .string(part)]
      let first = try CompiledExpression("s.indexOf(t)", variables: ["s", "t"]).evaluate(bindings)
      let last = try CompiledExpression("s.lastIndexOf(t)", variables: ["s", "t"]).evaluate(bindings)
      #expect(first == .success(.int(Int64(naive(part, last: false)))), "\(part.count)")
      #expect(last == .success(.int(Int64(naive(part, last: true)))), "\(part.count)")
    }
  }
}
