import Testing

@testable import Precept

/// The REPL's entry production and the session ruleset checked from entries: positions are
/// the entry's own, whatever came before it.
@Suite struct ReplEntryTests {
  private func entry(_ text: String, _ number: Int = 1) -> ReplEntry {
    let (entry, diagnostics, _) = Parser.parseEntry(SourceFile(name: "<repl \(number)>", text: text))
    #expect(diagnostics.isEmpty)
    return entry!
  }

  @Test func entriesAreParsedByKind() {
    #expect(entry("1 + 2").kind == .expression)
    #expect(entry("let x = [1,\n 2]").kind == .binding("x"))
    #expect(entry("let f() = 1").kind == .let("f"))
    #expect(entry("let f(a, b) = a + b").kind == .let("f"))
    #expect(entry("rule a-b { on Menu as m require true }").kind == .rule("a-b"))
    #expect(entry("review c { on Menu as m check \"x\" }").kind == .review("c"))
    #expect(entry("host contrast(a, b)").kind == .host("contrast"))
    #expect(entry("import menu.basic ^1.0").kind == .import("menu.basic"))
    #expect(entry("import menu.basic ^1.0").importRange == "^1.0")
    #expect(entry("let x = 1 + 2").expressionText == "1 + 2")
  }

  @Test func anUnfinishedEntryNeedsMoreAndAWrongOneDoesNot() {
    let open = Parser.parseEntry(SourceFile(name: "<repl 3>", text: "rule r {\n  on Menu as m"))
    #expect(open.entry == nil && open.needsMore)
    let wrong = Parser.parseEntry(SourceFile(name: "<repl 3>", text: "rule r {\n  on Menu as m\n  requir true\n}"))
    #expect(!wrong.needsMore)
    #expect(wrong.diagnostics.first?.description == "<repl 3>:3:3: error: unknown rule clause 'requir'")
    let trailing = Parser.parseEntry(SourceFile(name: "<repl 4>", text: "1 2"))
    #expect(
      trailing.diagnostics.map(\.description) == ["<repl 4>:1:3: error: unexpected number '2' after the expression"])
  }

  @Test func anExpressionArgumentIsParsedWhereItStands() {
    let source = SourceFile(name: "<repl 5>", text: ":disasm  1 +")
    let (entry, diagnostics, needsMore) = Parser.parseEntry(source, start: 9, expressionOnly: true)
    #expect(entry == nil && needsMore)
    #expect(diagnostics.map(\.description) == ["<repl 5>:1:13: error: expected an expression, found end of file"])
  }

  @Test func theSessionRulesetNamesTheEntryEachDiagnosticIsIn() throws {
    let entries = [
      entry("let twice(x) = x * 2", 1), entry("1 + 1", 2),
      entry("rule a {\n  severity error\n  on Menu as m\n  require twice(1) == 2 && thrice(m)\n}", 3),
    ]
    #expect(throws: DiagnosticError.self) { try Ruleset(session: "repl", entries: entries, imports: []) }
    do {
      _ = try Ruleset(session: "repl", entries: entries, imports: [])
    } catch {
      let diagnostic = error.diagnostics[0]
      #expect(diagnostic.description == "<repl 3>:4:28: error: unknown function 'thrice'")
      #expect(diagnostic.lineText == "  require twice(1) == 2 && thrice(m)")
    }
    let fixed = try Ruleset(
      session: "repl",
      entries: Array(entries.prefix(2)) + [
        entry("rule a {\n severity error\n on Menu as m\n require twice(1) == 2\n}", 4)
      ],
      imports: [])
    #expect(fixed.program.rules.map(\.id) == ["repl/a"])
  }

  @Test func aJoinedSourceResolvesSpansToItsParts() {
    let joined = SourceFile(
      joining: [SourceFile(name: "a", text: "one\ntwo"), SourceFile(name: "b", text: "three")], name: "all")
    #expect(joined.partStarts == [1, 9])
    #expect(joined.position(of: 5) == "a:2:1")
    #expect(joined.position(of: 11) == "b:1:3")
    #expect(joined.position(of: 0) == "all:1:1")
    let diagnostic = Diagnostic(.error, "x", in: joined, span: Span(9, 14))
    #expect(diagnostic.description == "b:1:1: error: x")
    #expect(diagnostic.length == 5)
  }
}
