import Foundation
import Testing

@testable import Precept

/// Hostile and random input: patterns that make backtracking engines take exponential time,
/// deep nesting, small thread stacks, and thousands of random patterns checked against a
/// simple reference matcher.
@Suite struct RegexRobustnessTests {
  @Test(arguments: [
    ("(a*)*b", "a", "", "b"), ("(a|a)*b", "a", "", "b"), ("(x+x+)+y", "x", "", "y"), ("^(a+)+$", "a", "!", ""),
    ("(a|aa)+c", "a", "", "c"), ("(.*)*x", "y", "", "x"), ("(a?){30}a{30}b", "a", "", "b"),
    (#"(\w+\s?)+!"#, "ab ", "", "!"), ("((a*)*)*(b|c)", "a", "", "c"),
  ])
  func pathologicalPatternsRunInLinearTime(_ pattern: String, _ unit: String, _ failing: String, _ matching: String)
    throws
  {
    // A backtracking engine never finishes these; an automaton reads each byte once.
    let text = String(repeating: unit, count: 100_000 / unit.utf8.count)
    let regex = try Regex(pattern)
    let failingText = Array((text + failing).utf8)
    let matchingText = Array((text + matching).utf8)
    #expect(regex.matches(failingText) == false)
    #expect(regex.matches(matchingText))
  }

  @Test func exponentialBlowupByCountsIsRejectedNotExpanded() throws {
    // RE2 rejects these too; compilation stops at the size limit instead of allocating.
    #expect(throws: RegexError.self) { try Regex("((((a{100}){100}){100}){100})") }
    #expect(throws: RegexError.self) { try Regex("(((.{1000}){1000}){1000})") }
  }

  @Test func worksOnSmallThreadStacks() throws {
    let nested =
      String(repeating: "(", count: RegexLimits.nesting) + "a|b"
      + String(repeating: ")*", count: RegexLimits.nesting - 1) + ")"
    let patterns = [nested, String(repeating: "(", count: 10_000), "(x+x+)+y", String(repeating: "a?", count: 4_000)]
    let results = Results()
    let thread = Thread {
      for pattern in patterns {
        let outcome = Result { () throws(RegexError) in try Regex(pattern).matches(Array(repeating: 0x61, count: 5_000))
        }
        results.append(outcome)
      }
    }
    thread.stackSize = 512 * 1024
    thread.start()
    while !results.isComplete(patterns.count) { Thread.sleep(forTimeInterval: 0.01) }
    let outcomes = results.values
    #expect((try? outcomes[0].get()) == true)
    #expect(throws: RegexError.self) { try outcomes[1].get() }
    #expect((try? outcomes[2].get()) == false)
    #expect((try? outcomes[3].get()) == true)
  }

  /// Thousands of random, mostly valid patterns: the engine must agree with a reference that
  /// evaluates the syntax tree directly, on every text tried.
  @Test func agreesWithReferenceOnRandomPatterns() throws {
    var random = SplitMix64(seed: 0x5EED)
    var compiled = 0
    for _ in 0..<4_000 {
      let pattern = randomPattern(depth: 3, &random)
      let tree: RegexSyntaxTree
      let regex: Regex
      do {
        tree = try RegexParser.parse(pattern)
        regex = try Regex(pattern)
      } catch {
        continue  // e.g. a repetition of a repetition
      }
      compiled += 1
      for _ in 0..<12 {
        let text = randomText(&random)
        let expected = ReferenceMatcher(tree: tree, text: Array(text.unicodeScalars.map(\.value))).matches()
        if regex.matches(text) != expected {
          Issue.record("/\(pattern)/ on \(text.debugDescription): expected \(expected)")
          return
        }
      }
    }
    #expect(compiled > 3_000)
  }

  /// Random strings of metacharacters: each either compiles or throws a `RegexError` with an
  /// offset inside the pattern, and whatever compiles agrees with the reference.
  @Test func survivesRandomGarbage() throws {
    var random = SplitMix64(seed: 42)
    let alphabet = Array(#"ab()[]{}|*+?.^$\-:,0129PpQEx<>=!dwsSbBAzi-éU#{}&"#.unicodeScalars)
    var rejected = 0
    for _ in 0..<20_000 {
      var pattern = ""
      for _ in 0..<random.below(16) {
        pattern.unicodeScalars.append(alphabet[random.below(alphabet.count)])
      }
      do {
        let regex = try Regex(pattern)
        let tree = try RegexParser.parse(pattern)
        let text = randomText(&random)
        let expected = ReferenceMatcher(tree: tree, text: Array(text.unicodeScalars.map(\.value))).matches()
        #expect(regex.matches(text) == expected, "/\(pattern)/ on \(text.debugDescription)")
      } catch {
        rejected += 1
        #expect(error.offset >= 0 && error.offset <= pattern.utf8.count, "/\(pattern)/: \(error)")
        #expect(!error.message.isEmpty)
      }
    }
    #expect(rejected > 1_000 && rejected < 19_000)
  }

  @Test func randomBytesAsTextNeverCrash() throws {
    var random = SplitMix64(seed: 7)
    let regexes = try ["a.b", "(?s).+", #"[^\x00-\x7F]+"#, #"\b\w+\b"#, "(?m)^$", #"\p{L}"#, "é|😀"].map {
      try Regex($0)
    }
    for _ in 0..<2_000 {
      let bytes = (0..<random.below(24)).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
      for regex in regexes { _ = regex.matches(bytes) }
      // A whole-text match of `.*` exists exactly when no byte is ill-formed.
      #expect(try Regex("(?s)^.*$").matches(bytes) == (String(validating: bytes, as: UTF8.self) != nil))
    }
  }

  // MARK: Random input

  private func randomPattern(depth: Int, _ random: inout SplitMix64) -> String {
    let atoms = [
      "a", "b", "A", ".", "[ab]", "[^b]", "[a-c]", #"\d"#, #"\w"#, #"\W"#, #"\s"#, #"\b"#, #"\B"#, "^", "$",
      "(?i)a", "(?i:ab)", "(?m)^", "(?m)$", "(?s).", #"\pL"#, #"\PL"#, "é", #"\x{C9}"#, "", "(?:)", "[[:alpha:]]",
      #"\A"#, #"\z"#, "(?i)é", #"\n"#, "[é-ë]",
    ]
    let repeats = ["*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "{0}", "{1,3}"]
    if depth == 0 || random.below(3) == 0 { return atoms[random.below(atoms.count)] }
    switch random.below(4) {
    case 0:
      return (0..<(1 + random.below(3))).map { _ in randomPattern(depth: depth - 1, &random) }.joined()
    case 1:
      return (0..<(2 + random.below(2))).map { _ in randomPattern(depth: depth - 1, &random) }
        .joined(separator: "|")
    case 2:
      return "(" + randomPattern(depth: depth - 1, &random) + ")"
    default:
      return "(?:" + randomPattern(depth: depth - 1, &random) + ")" + repeats[random.below(repeats.count)]
    }
  }

  private func randomText(_ random: inout SplitMix64) -> String {
    let alphabet: [String] = ["a", "b", "A", "B", "1", " ", "\n", "é", "É", "_", "c"]
    return (0..<random.below(9)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
  }
}

/// Collects results from another thread.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Result<Bool, RegexError>] = []
  func append(_ result: Result<Bool, RegexError>) { lock.withLock { stored.append(result) } }
  func isComplete(_ count: Int) -> Bool { lock.withLock { stored.count == count } }
  var values: [Result<Bool, RegexError>] { lock.withLock { stored } }
}

/// Evaluates a syntax tree directly by computing, for each node and start, the set of
/// positions where a match of the node can end. Exponential-free but slow: for short texts.
struct ReferenceMatcher {
  let tree: RegexSyntaxTree
  let text: [UInt32]

  func matches() -> Bool {
    (0...text.count).contains { !ends(tree.root, from: $0).isEmpty }
  }

  private func ends(_ id: Int, from position: Int) -> Set<Int> {
    let here: UInt32? = position < text.count ? text[position] : nil
    switch tree.nodes[id] {
    case .empty:
      return [position]
    case .scalar(let value):
      return here == value ? [position + 1] : []
    case .set(let set):
      return here.map(set.contains) == true ? [position + 1] : []
    case .anyScalar:
      return here != nil ? [position + 1] : []
    case .anyButNewline:
      return here != nil && here != 0x0A ? [position + 1] : []
    case .assertion(let assertion):
      return holds(assertion, at: position) ? [position] : []
    case .concatenation(let children):
      var current: Set<Int> = [position]
      for child in children { current = Set(current.flatMap { ends(child, from: $0) }) }
      return current
    case .alternation(let children):
      return Set(children.flatMap { ends($0, from: position) })
    case .repetition(let child, let min, let max):
      var result: Set<Int> = []
      var frontier: Set<Int> = [position]
      var count = 0
      while true {
        if count >= min { result.formUnion(frontier) }
        if let max, count == max { break }
        var next = Set(frontier.flatMap { ends(child, from: $0) })
        if count >= min { next.subtract(result) }
        if next.isEmpty && count >= min { break }
        if next.isEmpty { return [] }
        frontier = next
        count += 1
      }
      return result
    }
  }

  private func holds(_ assertion: RegexAssertion, at position: Int) -> Bool {
    let before: UInt32? = position > 0 ? text[position - 1] : nil
    let after: UInt32? = position < text.count ? text[position] : nil
    func isWord(_ scalar: UInt32?) -> Bool { scalar.map(ScalarSet.perlWord.contains) ?? false }
    switch assertion {
    case .beginText: return before == nil
    case .endText: return after == nil
    case .beginLine: return before == nil || before == 0x0A
    case .endLine: return after == nil || after == 0x0A
    case .wordBoundary: return isWord(before) != isWord(after)
    case .notWordBoundary: return isWord(before) == isWord(after)
    }
  }
}
