import Foundation
import Testing

@testable import Precept

/// The limits that bound one evaluation: the cost budget, the longest string and the largest
/// collection. Everything that reads or builds in proportion to a value's size must be charged.
@Suite struct LimitsTests {
  /// A list of `count` ints, bound as `l`.
  static func numbers(_ count: Int) -> Value { .list((0..<count).map { .int(Int64($0)) }) }

  @Test func standardLimits() {
    #expect(EvaluationLimits.standard.costBudget == 1_000_000)
    #expect(EvaluationLimits.standard.maximumStringLength == 1 << 20)
    #expect(EvaluationLimits.standard.maximumCollectionSize == 100_000)
  }

  @Test func costBudget() {
    let limits = EvaluationLimits(costBudget: 100)
    #expect(evaluated("l.all(x, x >= 0)", ["l": Self.numbers(10)], limits: limits) == "true")
    let result = evaluated("l.all(x, x >= 0)", ["l": Self.numbers(100)], limits: limits)
    #expect(result.hasPrefix("error: evaluation cost budget of 100 exceeded"))
  }

  @Test func stringLength() {
    let limits = EvaluationLimits(maximumStringLength: 100)
    let text = "'" + String(repeating: "a", count: 60) + "'"
    #expect(
      evaluated("(\(text) + \(text)).size()", limits: limits)
        == "error: a string would be 120 bytes, over the limit of 100")
    #expect(evaluated("\(text).replace('a', 'bb')", limits: limits).hasPrefix("error: a string would be"))
    #expect(
      evaluated("[\(text), \(text)].join()", limits: limits)
        == "error: a string would be 120 bytes, over the limit of 100")
    #expect(
      evaluated("b\(text) + b\(text)", limits: limits) == "error: a string would be 120 bytes, over the limit of 100")
  }

  @Test func collectionSize() {
    let limits = EvaluationLimits(maximumCollectionSize: 5)
    let tooLarge = "error: a list or map would exceed the limit of 5 elements"
    #expect(evaluated("l.map(x, x)", ["l": Self.numbers(5)], limits: limits) == "[0, 1, 2, 3, 4]")
    #expect(evaluated("l.map(x, x)", ["l": Self.numbers(6)], limits: limits) == tooLarge)
    #expect(evaluated("l.filter(x, true)", ["l": Self.numbers(6)], limits: limits) == tooLarge)
    #expect(evaluated("l.transformMap(i, v, v)", ["l": Self.numbers(6)], limits: limits) == tooLarge)
    #expect(evaluated("[1, 2, 3] + [4, 5, 6]", limits: limits) == tooLarge)
    #expect(evaluated("'abcdef'.split('')", limits: limits) == tooLarge)
  }

  /// `in`, `==`, `+`, indexing and selection charge for what they read; these charges used to
  /// be lost, so a quadratic rule ran unbounded.
  @Test func operatorsAreCharged() {
    let bindings = ["l": Self.numbers(2_000)]
    let budget = "error: evaluation cost budget of 1000000 exceeded"
    #expect(evaluated("l.all(x, !(-1 in l))", bindings).hasPrefix(budget))
    #expect(evaluated("l.all(x, l != l + [x])", bindings).hasPrefix(budget))
    let map = Value.map((0..<2_000).map { Value.MapEntry(.int(Int64($0)), .int(Int64($0))) })
    #expect(evaluated("l.all(x, m[x] == x)", ["l": Self.numbers(2_000), "m": map]).hasPrefix(budget))
    #expect(evaluated("l.all(x, has(m.absent) || x in m)", ["l": Self.numbers(2_000), "m": map]).hasPrefix(budget))
  }

  /// Builtins that read a whole string charge for its length.
  @Test func stringBuiltinsAreCharged() {
    let long = Value.string(String(repeating: "ab", count: 20_000))
    let bindings = ["s": long, "l": Self.numbers(200)]
    let limits = EvaluationLimits(costBudget: 100_000)
    let budget = "error: evaluation cost budget of 100000 exceeded"
    for call in [
      "s.lowerAscii().size() > 0", "s.trim() != ''", "s.size() > 0", "s.split(',').size() == 1",
      "s.substring(1) != ''", "s.charAt(5) != ''", "bytes(s).size() > 0", "s.replace('x', 'y') != ''",
    ] {
      #expect(evaluated("l.all(x, \(call))", bindings, limits: limits).hasPrefix(budget), "\(call)")
      #expect(evaluated(call, bindings, limits: limits) == "true", "\(call)")
    }
  }

  /// A value shares its lists inside the VM; copying one out to show it is bounded by the
  /// string limit, however many times a list is shared.
  @Test func showingAValueIsBounded() throws {
    let bindings = ["l": Self.numbers(2_000)]
    let tooLarge =
      "the value is over 1048576 bytes, the longest string an evaluation may make (maximumStringLength), "
      + "so it cannot be returned or shown"
    #expect(evaluated("l.map(x, l)", bindings) == "error: " + tooLarge)
    #expect(evaluated("l.map(x, l).size()", bindings) == "2000")
    #expect(evaluated("[l, l]", ["l": Self.numbers(50)]).hasPrefix("[[0, 1, 2"))
    let ruleset = try Ruleset(
      text: """
        ruleset big 1.0.0
        let l = "abcdefghij".split("").map(a, "abcdefghij".split("").map(b, "abcdefghij".split("").map(c, a + b + c).join()).join()).join().split("")
        let squared(l) = l.map(x, l)
        rule r { severity info on Menu require squared(l).size() == 0 message "{squared(l)}" }
        """)
    let report = Engine(rulesets: [ruleset]).evaluate(MapScreen.model)
    #expect(report.findings.map(\.message) == ["<error: \(tooLarge)>"])
  }

  /// A chain of lets nests a list 20,000 levels deep; comparing, finding and showing it must
  /// not recurse that deep.
  @Test func deeplyNestedValues() throws {
    let count = 20_000
    var text = "ruleset deep 1.0.0\nlet a0 = [0]\n"
    for index in 1...count { text += "let a\(index) = [a\(index - 1)]\n" }
    text += "rule same { severity info on Menu require a\(count) == a\(count) && a\(count) in [a\(count)] }\n"
    text += "rule shown { severity info on Menu require a\(count) == [] message \"{a\(count)}\" }\n"
    let report = Engine(rulesets: [try Ruleset(text: text)]).evaluate(MapScreen.model)
    #expect(report.ruleCounts["deep/same"]?.passed == 1)
    #expect(report.findings.map(\.message) == ["<value too deep to show: nested more than 512 levels>"])
  }

  /// Building a large map checks repeated keys in linear time: 50,000 entries fit a budget of
  /// a few units each (quadratic checking took tens of seconds here).
  @Test func largeMapsBuildInLinearTime() {
    #expect(
      evaluated("l.transformMap(i, v, v).size()", ["l": Self.numbers(50_000)], limits: .init(costBudget: 8 * 50_000))
        == "50000")
    #expect(evaluated("l.transformMap(i, v, 1).size()", ["l": Self.numbers(17)]) == "17")
    #expect(
      evaluated(
        "{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 14: 14, 15: 15, 16: 16, 17: 17, 1u: 0}"
      ) == "error: repeated key in map literal: 1u")
    #expect(
      evaluated(
        "{'a': 1, 'b': 2, 'c': 3, 'd': 4, 'e': 5, 'f': 6, 'g': 7, 'h': 8, 'i': 9, 'j': 10, 'k': 11, 'l': 12, 'm': 13, 'n': 14, 'o': 15, 'p': 16, 'q': 17, 'a': 0}"
      ) == #"error: repeated key in map literal: "a""#)
  }
}
