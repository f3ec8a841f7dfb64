import Testing

@testable import Precept

/// What a finding's explanation is made of, made cheaply: value summaries written from the
/// words, expression texts made once per engine, and the runner's outcome for every visit.
@Suite struct ExplanationTextTests {
  static let nodes = """
    [{"type": "VStack", "line": 1, "column": 1, "children": [
       {"type": "Button", "line": 2, "column": 3, "args": [{"kind": "string", "value": "Go"}]},
       {"type": "Menu", "line": 3, "column": 3, "children": [
         {"type": "Button", "line": 4, "column": 5, "args": [{"kind": "string", "value": "Delete"}]},
         {"type": "Button", "line": 5, "column": 5, "args": [{"kind": "string", "value": "Keep"}]}]}]}]
    """

  /// The summary as it was made before it was written in one pass: each leaf boxed into a
  /// `Value` and printed as a literal, lists and maps cut to six elements and joined.
  static func reference(_ vm: VM, _ word: Word, depth: Int = 0) -> String {
    func elements(_ count: Int, _ element: (Int) -> String) -> String {
      let shown = min(count, VM.explainedElements)
      var parts = (0..<shown).map(element)
      if count > shown { parts.append("… \(count - shown) more") }
      return parts.joined(separator: ", ")
    }
    switch word {
    case .list(let list):
      if depth >= 3 { return "[…]" }
      return "[" + elements(vm.heap.count(list)) { reference(vm, vm.heap.element(list, $0), depth: depth + 1) } + "]"
    case .map(let map):
      if depth >= 3 { return "{…}" }
      let record = vm.heap.mapRecord(map)
      return "{"
        + elements(Int(record.count)) { index in
          let entry = Int(record.start) + index
          return reference(vm, vm.heap.mapKey(entry), depth: depth + 1) + ": "
            + reference(vm, vm.heap.mapValue(entry), depth: depth + 1)
        } + "}"
    case .string(let id) where vm.heap.bytes(id).count > 200:
      let text = vm.heap.string(id)
      return Printer.literal(.string(String(text.prefix(80)))).dropLast() + "…\" (\(text.count) characters)"
    case .error(let index):
      return "an error (\(vm.heap.errorMessage(index)))"
    default:
      return Printer.literal(vm.value(of: word))
    }
  }

  @Test func summariesReadAsTheLiteralsPrinterWrites() throws {
    let program = try Ruleset(text: "ruleset demo 1.0.0").program
    let vm = VM(program: program, model: try model(Self.nodes))
    let strings = [
      "", "Delete", "say \"hi\"", #"back\slash"#, "tab\there", "line\nbreak", "é and ü", "emoji 🎉", "\u{7F}",
      "zero\u{200B}width", String(repeating: "long ", count: 50), String(repeating: "é", count: 150),
    ]
    var words: [Word] = [.null, .bool(true), .bool(false), .int(-42), .int(0), .uint(7), .double(1.5), .double(2)]
    words += strings.map { vm.word(from: .string($0), interning: true) }
    words += (0..<5).map { Word.node(Int32($0)) }
    words.append(vm.word(from: .list((0..<9).map { .int($0) }), interning: true))
    words.append(vm.word(from: .list([]), interning: true))
    words.append(vm.word(from: .list([.list([.list([.list([.int(1)])])]), .string("a\"b")]), interning: true))
    words.append(
      vm.word(
        from: .map((0..<8).map { Value.MapEntry(.string("key \($0)"), .list([.int($0), .null])) }), interning: true))
    words.append(vm.word(from: .type("string"), interning: true))
    words.append(vm.heap.makeError("no such field 'x'"))
    words.append(.list(vm.heap.makeList([Word.node(1), .node(2), .node(3)])))
    for word in words {
      #expect(vm.summary(of: word) == Self.reference(vm, word))
    }
    #expect(vm.summary(of: .node(1)) == "<Button Screen.swift:2:3>")
    #expect(vm.summary(of: words[10]) == #""say \"hi\"""#)
  }

  @Test func expressionTextsAreTheSameWhenAskedAgain() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset demo 1.0.0
        let named(b) = b.text() != "" &&
          b.text().size() < 40
        rule titled {
          severity error
          on Button as b
          require named(b) && b.text() != "Delete"
        }
        """)
    let engine = Engine(rulesets: [ruleset])
    let texts = engine.texts[0]
    let first = texts.map.nodes.indices.map { texts.text($0) }
    let again = texts.map.nodes.indices.map { texts.text($0) }
    #expect(first == again)
    #expect(first.contains(#"b.text() != "" && b.text().size() < 40"#))
    #expect(first.contains(#"b.text() != "Delete""#))
    // An engine's texts are shared by every evaluation: the second report explains the same.
    let report = engine.evaluate(try model(Self.nodes))
    let second = engine.evaluate(try model(Self.nodes))
    #expect(report.findings.map(\.explanation) == second.findings.map(\.explanation))
    #expect(
      report.findings.map(\.explanation.sentence) == [
        #"require named(b) && b.text() != "Delete" was false because named(b) is true, b.text() != "Delete" is false, b.text() is "Delete""#
      ])
  }

  @Test func everyOutcomeOfAVisitIsCountedAndRecorded() throws {
    let report = try evaluate(
      """
      ruleset demo 1.0.0
      rule inside {
        severity warning
        on Button as b inside Menu as m
        when b.text() != "Keep"
        forbid m.children.size() > 1 && b.text() == "Delete"
      }
      rule passes {
        severity info
        on Button as b
        require b.text().size() > 0
      }
      rule broken {
        severity error
        on Button as b
        when b.text() == "Go"
        require 10 / (b.text().size() - 2) > 0
      }
      review check {
        on Menu as m
        check "Menu {m.children.size()}"
      }
      """, Self.nodes)
    #expect(report.ruleCounts["demo/inside"] == OutcomeCounts(failed: 1, inapplicable: 1))
    #expect(report.ruleCounts["demo/passes"] == OutcomeCounts(passed: 3))
    #expect(report.ruleCounts["demo/broken"] == OutcomeCounts(inapplicable: 2, notRun: 1))
    #expect(report.ruleCounts["demo/check"] == OutcomeCounts(needsReview: 1))
    #expect(report.needsReview.map(\.message) == ["Menu 2"])
    #expect(report.findings.map(\.line) == [4])
    #expect(report.notRun.map(\.line) == [2])
    // Outcomes in the order of the rules, each rule's nodes in preorder.
    #expect(
      report.outcomes.map { "\($0.rule.dropFirst(5)) \($0.node.line) \($0.result)" } == [
        "inside 4 failed", "inside 5 inapplicable", "passes 2 passed", "passes 4 passed", "passes 5 passed",
        "broken 2 \(report.outcomes[5].result)", "broken 4 inapplicable", "broken 5 inapplicable",
        "check 3 needsReview",
      ])
    #expect(report.outcomes.first?.finding?.line == 4)
    #expect(report.outcomes[5].notRun?.line == 2)
    #expect(report.outcomes.last?.reviewItems.map(\.message) == ["Menu 2"])
  }

  static func finding(_ rule: String, line: Int, column: Int = 3, message: String = "m", file: String = "A.swift")
    -> Finding
  {
    Finding(
      rule: rule, ruleset: "demo", version: "1.0.0", severity: .error, message: message, file: file, line: line,
      column: column, nodeType: "Button", wcag: [], fix: nil, help: nil,
      explanation: Explanation(clause: "require", text: "x", value: "false", operands: []))
  }

  @Test func repeatsAtOnePositionAreDroppedWhateverTheOrder() {
    var apart = Report()
    apart.findings = [
      Self.finding("demo/a", line: 0), Self.finding("demo/a", line: 0), Self.finding("demo/a", line: 2),
      Self.finding("demo/b", line: 2), Self.finding("demo/b", line: 2, column: 4),
      Self.finding("demo/a", line: 2, file: "B.swift"),
    ]
    let before = apart.findings
    apart.collapseRepeats()
    #expect(apart.findings == before)

    var sorted = Report()
    sorted.findings = [
      Self.finding("demo/a", line: 2), Self.finding("demo/a", line: 2), Self.finding("demo/a", line: 2, message: "n"),
      Self.finding("demo/b", line: 2), Self.finding("demo/a", line: 5),
    ]
    sorted.collapseRepeats()
    #expect(
      sorted.findings.map { "\($0.rule) \($0.line) \($0.message)" } == [
        "demo/a 2 m", "demo/a 2 n", "demo/b 2 m", "demo/a 5 m",
      ])

    var unsorted = Report()
    unsorted.findings = [
      Self.finding("demo/a", line: 7), Self.finding("demo/b", line: 3), Self.finding("demo/a", line: 7),
    ]
    unsorted.collapseRepeats()
    #expect(unsorted.findings.map { "\($0.rule) \($0.line)" } == ["demo/a 7", "demo/b 3"])
  }
}
