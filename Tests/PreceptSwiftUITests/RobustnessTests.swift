import Foundation
import Precept
import Testing

@testable import PreceptSwiftUI

/// No input crashes or hangs the reader: random and mutated text, huge files, deep nesting on
/// a worker thread's small stack.
@Suite struct RobustnessTests {
  /// The parser's steps of work (tokens stepped over, statements, bytes counted for columns)
  /// per byte of input, at most. Quadratic work on a large input exceeds it by orders of
  /// magnitude; the largest seen here is 2.3, on `oneVeryLongLine`.
  static let stepsPerByte = 8

  /// Reads `source`, which must either read or fail with diagnostics, in work proportional to
  /// its size (counted, not timed: the suite runs on loaded machines).
  func survive(_ source: SourceFile) {
    var steps = 0
    do {
      _ = try SwiftUIReader.read(source, steps: &steps)
    } catch {
      #expect(!error.diagnostics.isEmpty)
      #expect(error.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
    }
    #expect(steps <= Self.stepsPerByte * (source.bytes.count + 1), "reading \(source.name) took \(steps) steps")
  }

  /// Each use of a local view copies it; a chain of locals each used twice by the next would
  /// double at every step. Copies stop at a fixed budget and the rest stay references.
  @Test func localViewsUsedTwiceAtEveryStepStayBounded() throws {
    var lines = ["struct Chain: View {", "  var body: some View {", "    let v0 = Text(\"x\")"]
    for step in 1..<40 { lines.append("    let v\(step) = VStack { v\(step - 1); v\(step - 1) }") }
    lines += ["    return v39", "  }", "}"]
    let nodes = try SwiftUIReader.read(SourceFile(name: "chain.swift", text: lines.joined(separator: "\n"))).nodes
    func count(_ nodes: [ViewNode]) -> Int { nodes.reduce(0) { $0 + 1 + count($1.children) } }
    #expect(count(nodes) == 3)  // struct, body, and the reference `v39`
    // A chain short enough for the budget is copied in whole: 2^6 − 1 nodes for v5.
    let short =
      ["struct Chain: View {", "  var body: some View {", "    let v0 = Text(\"x\")"]
      + (1..<6).map { "    let v\($0) = VStack { v\($0 - 1); v\($0 - 1) }" } + ["    return v5", "  }", "}"]
    let read = try SwiftUIReader.read(SourceFile(name: "short.swift", text: short.joined(separator: "\n"))).nodes
    #expect(count(read) == 2 + 63)
  }

  @Test func randomBytes() {
    var random = SplitMix64(seed: 1)
    for index in 0..<1_000 {
      let count = Int.random(in: 0...400, using: &random)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      survive(SourceFile(name: "random\(index).swift", bytes: bytes))
    }
  }

  /// Random sequences of Swift's own characters and words reach far deeper than random bytes.
  @Test func randomSwiftishText() {
    let pieces = [
      "(", ")", "{", "}", "[", "]", "\"", "\"\"\"\n", "#", "#if X\n", "#else\n", "#endif\n", "/", "//", "/*", "*/",
      "\\(",
      "\n", " ", ".", ",", ":", ";", "@", "`", "$0", "?", "!", "=", "->", "<", ">", "if", "else", "switch", "case",
      "default", "Menu", "Button", "Text(\"a\")", "label:", "in", "let", "var", "func", "struct", "body", "some View",
      "return", "guard", "é", "😀", "0x1F", "1.5e3", "#/a/#", "'", "\t", "\r\n",
    ]
    var random = SplitMix64(seed: 2)
    for index in 0..<2_000 {
      let count = Int.random(in: 0...120, using: &random)
      let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
      survive(SourceFile(name: "swiftish\(index).swift", text: text))
    }
  }

  /// Every fixture with bytes deleted, duplicated, or replaced by a bracket, quote or directive.
  @Test func mutatedFixtures() throws {
    let insertions = ["{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "/*", "#if A\n", "#endif\n", "\\(", "/", "#", "\n"]
    var random = SplitMix64(seed: 3)
    for name in fixtureNames() {
      let original = try [UInt8](Data(contentsOf: fixturesDirectory.appendingPathComponent(name)))
      guard !original.isEmpty else { continue }
      for round in 0..<150 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let at = Int.random(in: 0..<bytes.count, using: &random)
          let length = min(Int.random(in: 1...12, using: &random), bytes.count - at)
          switch Int.random(in: 0..<3, using: &random) {
          case 0: bytes.removeSubrange(at..<(at + length))
          case 1: bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
          default:
            bytes.replaceSubrange(at..<(at + length), with: Array(insertions.randomElement(using: &random)!.utf8))
          }
          if bytes.isEmpty { bytes = original }
        }
        survive(SourceFile(name: "\(name)#\(round)", bytes: bytes))
      }
    }
  }

  /// Every prefix of every fixture: declarations, calls and literals cut off at any byte.
  @Test func everyPrefixOfTheFixtures() throws {
    for name in fixtureNames() {
      let bytes = try [UInt8](Data(contentsOf: fixturesDirectory.appendingPathComponent(name)))
      for end in stride(from: 0, through: bytes.count, by: 1) {
        survive(SourceFile(name: "\(name)[..<\(end)]", bytes: Array(bytes[..<end])))
      }
    }
  }

  /// Minified code: positions on one very long line stay cheap to compute.
  @Test func oneVeryLongLine() throws {
    let unit = "Text(\"a\").padding(); if b { Image(systemName: \"c\") } else { Divider() }; "
    let copies = 40_000
    let source = SourceFile(name: "line.swift", text: "VStack { " + String(repeating: unit, count: copies) + "}")
    var steps = 0
    let document = try SwiftUIReader.read(source, steps: &steps)
    #expect(steps <= Self.stepsPerByte * source.bytes.count)
    let last = try #require(document.nodes.first?.children.last)
    #expect(last.type == "if")
    // The last `if` starts after "VStack { ", all earlier copies and `Text("a").padding(); `.
    #expect((last.line, last.column) == (1, 1 + 9 + unit.count * (copies - 1) + 21))
  }

  @Test func tenMegabyteFile() throws {
    let unit = try [UInt8](Data(contentsOf: fixturesDirectory.appendingPathComponent("modifiers.swift")))
    let menusPerUnit = allNodes(try SwiftUIReader.read(SourceFile(name: "unit", bytes: unit)).nodes)
      .filter { $0.type == "Menu" }.count
    let copies = 10_000_000 / unit.count + 1
    var bytes: [UInt8] = []
    bytes.reserveCapacity(copies * unit.count)
    for _ in 0..<copies { bytes.append(contentsOf: unit) }
    var steps = 0
    let document = try SwiftUIReader.read(SourceFile(name: "huge.swift", bytes: bytes), steps: &steps)
    #expect(steps <= Self.stepsPerByte * bytes.count)
    #expect(allNodes(document.nodes).filter { $0.type == "Menu" }.count == copies * menusPerUnit)
  }

  @Test func manyUnclosedAndManyClosedBrackets() {
    survive(SourceFile(name: "open.swift", text: String(repeating: "(", count: 100_000)))
    survive(SourceFile(name: "close.swift", text: String(repeating: ")", count: 100_000)))
    survive(
      SourceFile(name: "pairs.swift", text: String(repeating: "Text(\"a\").padding()\n", count: 50_000)))
    survive(SourceFile(name: "quotes.swift", text: String(repeating: "\"", count: 100_001)))
    survive(SourceFile(name: "comments.swift", text: String(repeating: "/*", count: 100_000)))
  }

  /// Sources nested up to the limit in every way the parser recurses, read on a thread with
  /// the 512 KiB stack of a linter's worker thread.
  @Test func nestingAtTheLimitOnASmallStack() {
    let depth = SwiftUIReader.maximumNesting - 4
    func nested(_ open: String, _ middle: String, _ close: String, _ count: Int = depth) -> String {
      "var body: some View {\n" + String(repeating: open, count: count) + middle
        + String(repeating: close, count: count)
        + "\n}"
    }
    // Nested as deep as is still parsed on the caller's thread: `var body {` + levels + `(`.
    let inline = SwiftUIReader.inlineNesting - 2
    let sources = [
      nested("VStack {", "Text(\"x\")", "}", inline),
      nested("Text(\"a\").overlay {", "Text(\"x\")", "}", inline),
      nested("Button(action: {}, label: {", "Text(\"x\")", "})", inline / 2),
      nested("switch x { case .a:", "Text(\"x\")", "}", inline),
      nested("VStack {", "Text(\"x\")", "}"),
      nested("Text(\"a\").overlay {", "Text(\"x\")", "}"),
      nested("Button(action: {}, label: {", "Text(\"x\")", "})", depth / 2),
      nested("if a {", "Text(\"x\")", "}"),
      nested("switch x { case .a:", "Text(\"x\")", "}", depth / 2),
      nested("a ? (", "Text(\"x\")", ") : Text(\"y\")"),
      nested("AnyView(", "Text(\"x\")", ")"),
      nested("foo(a, ", "1", ")"),
      "struct A {\n" + String(repeating: "#if A\n", count: depth) + "var body: some View { Text(\"x\") }\n"
        + String(repeating: "#endif\n", count: depth) + "}",
      nested("Text(\"a\")\n#if A\n.padding()\n", "", "#endif\n"),
      "let s = " + String(repeating: "\"\\(", count: 16) + "x" + String(repeating: ")\"", count: 16),
      "var body: some View { " + String(repeating: "a ? Text(\"x\") : ", count: depth) + "Text(\"y\") }",
      "var body: some View { if a { Text(\"x\") }" + String(repeating: " else if a { Text(\"x\") }", count: depth)
        + " }",
      "var body: some View { if a { Text(\"x\") }" + String(repeating: " else if a { Text(\"x\") }", count: 20_000)
        + " }",
    ]
    for (index, text) in sources.enumerated() {
      let outcome = Box<String>("not run")
      onThread(stackSize: 512 << 10) {
        do {
          _ = try SwiftUIReader.read(SourceFile(name: "deep\(index).swift", text: text))
          outcome.value = "read"
        } catch {
          outcome.value = (error as? DiagnosticError)?.diagnostics.first?.message ?? "no message"
        }
      }
      let expected = index == sources.count - 1 ? "views nest too deeply: more than 100 levels" : "read"
      #expect(outcome.value == expected, "source \(index)")
    }
  }
}
