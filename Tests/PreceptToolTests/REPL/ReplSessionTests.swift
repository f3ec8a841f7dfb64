import Foundation
import Precept
import Testing

@testable import PreceptTool

/// A session driven entry by entry in-process, its two streams captured apart.
final class SessionRun {
  private(set) var output = ""
  private(set) var errors = ""
  private(set) var session: ReplSession!

  init(rulesets: [String] = [], model: String? = nil) {
    let console = Console(out: { [unowned self] in output += $0 }, error: { [unowned self] in errors += $0 })
    session = ReplSession(console: console, rulesetPaths: rulesets, modelPath: model)
  }

  /// Handles the entries and returns what they printed on standard output, clearing both streams.
  @discardableResult
  func enter(_ entries: String...) -> String {
    output = ""
    errors = ""
    for entry in entries { _ = session.handle(entry) }
    return output
  }

  func candidates(_ text: String) -> [String] {
    session.complete(text, cursor: text.utf8.count).candidates
  }
}

private let demoRuleset = """
  ruleset demo 1.0.0
  let iconOnly(m) = m.slot("label").size() > 0
  rule named {
    severity error
    on Menu as m
    when iconOnly(m)
    require m.hasModifier("accessibilityLabel")
  }
  """

private let demoModel = """
  {"viewmodel": 1, "file": "Demo.swift", "nodes": [
    {"type": "VStack", "line": 1, "column": 1, "children": [
      {"type": "Menu", "line": 2, "column": 3, "slots": {"label": [{"type": "Image", "line": 3, "column": 5}]},
       "modifiers": [{"name": "accessibilityHint", "line": 4, "column": 4}],
       "children": [{"type": "Button", "line": 5, "column": 5, "args": [{"label": "role", "kind": "member", "value": ".cancel"}]}]},
      {"type": "Menu", "line": 7, "column": 3, "children": [{"type": "Toggle", "line": 8, "column": 5}]}]}]}
  """

@Suite struct ReplSessionTests {
  func withFiles(_ body: (TemporaryFolder, SessionRun) throws -> Void) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = SessionRun(
      rulesets: [try folder.write("demo.precept", demoRuleset)], model: try folder.write("demo.json", demoModel))
    try body(folder, run)
  }

  @Test func entriesSeeBindingsNodesAndLets() throws {
    try withFiles { _, run in
      #expect(run.enter("nodes.size()") == "6\n")
      #expect(run.enter("roots") == "[<VStack Demo.swift:1:1>]\n")
      #expect(run.enter("let m = nodes[1]") == "m = <Menu Demo.swift:2:3>\n")
      #expect(run.enter("iconOnly(m) && demo.iconOnly(m)", "iconOnly(nodes[4])") == "true\nfalse\n")
      #expect(run.enter("let twice(x) = x * 2", "twice(m.line)") == "defined twice(x)\n4\n")
      #expect(run.enter("let m = nodes[4]", "m.type") == "m = <Menu Demo.swift:7:3>\n\"Menu\"\n")
      #expect(!run.session.hadError)
    }
  }

  @Test func diagnosticsPointIntoTheEntryAsTyped() throws {
    try withFiles { _, run in
      run.enter("let x = 1 +* 2")
      #expect(
        run.errors.hasPrefix("<repl 1>:1:12: error: expected an expression, found '*'\n  |\n1 | let x = 1 +* 2\n"))
      run.enter(":disasm   nodez")
      #expect(run.errors.hasPrefix("<repl 2>:1:11: error: unknown name 'nodez'\n  |\n1 | :disasm   nodez\n"))
      run.enter("rule broken {\n  severity error\n  on Menu as m\n  require iconOnlyy(m)\n}")
      #expect(run.errors.hasPrefix("<repl 3>:4:11: error: unknown function 'iconOnlyy'"))
      #expect(run.session.hadError)
      #expect(run.session.definitions.isEmpty)
    }
  }

  @Test func anErrorOnTheSecondLineOfARulePointsAtThatLineOfTheEntry() throws {
    try withFiles { _, run in
      run.enter("let twice(x) = x * 2", "1 + 1")
      run.enter("rule wrong {\n  severity  eror\n  on Menu as m\n  require twice(1) == 2\n}")
      #expect(
        run.errors.hasPrefix(
          "<repl 3>:2:13: error: unknown severity 'eror'\n  |\n2 |   severity  eror\n  |             ^~~~\n"))
      // Spaces before an entry count: the column is the one typed.
      run.enter("  1 +* 2")
      #expect(run.errors.hasPrefix("<repl 4>:1:6: error: expected an expression, found '*'\n"))
    }
  }

  @Test func aNoteAboutAnEarlierEntryNamesThatEntry() throws {
    try withFiles { _, run in
      run.enter("rule twin {\n  severity info\n  on Menu as m\n  require true\n}")
      run.enter("review twin { on Menu as m check \"x\" }")
      // Before, the note gave a line of the synthetic ruleset the entries were spliced into.
      #expect(run.errors.hasPrefix("<repl 2>:1:8: error: duplicate rule id 'twin'"))
      #expect(run.errors.contains("note: first used at <repl 1>:1:6"))
      #expect(run.session.definitions.count == 1)
    }
  }

  @Test func hostAndImportEntriesAreDeclarationsNotExpressions() throws {
    try withFiles { _, run in
      #expect(
        run.enter("host contrast(a, b)")
          == "declared host contrast: the session registers no host functions, so a call to it is an error here\n")
      #expect(
        run.enter("rule readable {\n  severity warning\n  on Text as t\n  require contrast(t.type, \"white\") > 4.5\n}")
          == "defined repl/readable (warning, on Text as t)\n")
      #expect(run.enter("import demo ^1") == "demo 1.0.0 is loaded, and the session imports every loaded ruleset\n")
      #expect(!run.session.hadError)
      run.enter("import dem ^1")
      #expect(run.errors.hasPrefix("<repl 4>:1:8: error: no ruleset 'dem' is loaded"))
      #expect(run.errors.contains("help: did you mean 'demo'? :load FILE loads one"))
      // A name that an expression uses is still a name when nothing follows it.
      #expect(run.enter("let rule = 2", "rule * 3") == "rule = 2\n6\n")
    }
  }

  @Test func reloadOfABrokenRulesetNeverSaysReloaded() throws {
    try withFiles { folder, run in
      try folder.write("demo.precept", demoRuleset.replacingOccurrences(of: "Label\")", with: "Label\""))
      #expect(run.enter(":reload") == "")
      #expect(run.errors.hasPrefix("\(folder.path)/demo.precept:8:1: error: expected ',' or ')'"))
      #expect(run.errors.contains("not reloaded: the session keeps the rulesets it had loaded (demo 1.0.0)"))
      #expect(run.session.hadError)
      #expect(run.enter(":rules") == "demo/named  error  on Menu as m\n")
      // Still broken: tried again, and said again.
      #expect(run.enter(":reload") == "")
      #expect(run.errors.contains("not reloaded"))
      try folder.write("demo.precept", demoRuleset)
      #expect(run.enter(":reload") == "reloaded \(folder.path)/demo.precept\n")
      #expect(run.errors.isEmpty)
      // A model that no longer reads is not reloaded either.
      try folder.write("demo.json", "{")
      #expect(run.enter(":reload") == "")
      #expect(run.errors.contains("demo.json not reloaded: the session has no model until it reads"))
    }
  }

  @Test func definitionsAreReplacedByTheirIDAndRun() throws {
    try withFiles { _, run in
      let rule = "rule no-cancel {\n  severity warning\n  on Button as b\n  forbid b.arg(\"role\").value == %@\n}"
      #expect(
        run.enter(rule.replacingOccurrences(of: "%@", with: "\".cancel\""))
          == "defined repl/no-cancel (warning, on Button as b)\n")
      #expect(
        run.enter(":run no-cancel").hasSuffix(
          "  [2] <Button Demo.swift:5:5>  failed: forbid b.arg(\"role\").value == \".cancel\" failed\n1 failed\n"))
      run.enter(rule.replacingOccurrences(of: "%@", with: "\".destructive\""))
      #expect(run.session.definitions.count == 1)
      #expect(run.enter(":run repl/no-cancel").hasSuffix("passed\n1 passed\n"))
    }
  }

  @Test func explainTakesANodeByIndexOrPosition() throws {
    try withFiles { _, run in
      let byIndex = run.enter(":explain named 1")
      #expect(
        byIndex == """
          demo/named (error) on Menu as m
          [1] <Menu Demo.swift:2:3>: failed: require m.hasModifier("accessibilityLabel") failed
            when iconOnly(m) = true
              in iconOnly(m): m.slot("label").size() > 0 = true
                m.slot("label").size() = 1
                  m.slot("label") = [<Image Demo.swift:3:5>]
            require m.hasModifier("accessibilityLabel") = false  ← fails

          """)
      #expect(run.enter(":explain demo/named Demo.swift:2:3") == byIndex)
      #expect(run.enter(":explain named demo.json:7").contains("[4] <Menu Demo.swift:7:3>: inapplicable"))
      run.enter(":explain named 99")
      #expect(run.errors == "error: no node 99: the model's nodes are 0 to 5\n")
    }
  }

  @Test func reloadReadsWhatChangedAndBindsAgain() throws {
    try withFiles { folder, run in
      run.enter("let m = nodes[4]", "let icon(x) = iconOnly(x)")
      #expect(run.enter(":reload") == "nothing changed\n")
      try folder.write("demo.json", demoModel.replacingOccurrences(of: "\"Toggle\"", with: "\"Picker\""))
      #expect(run.enter(":reload") == "reloaded \(folder.path)/demo.json\n")
      #expect(run.enter("m.children[0].type") == "\"Picker\"\n")

      // A ruleset that no longer compiles is reported as an error, never as reloaded; the
      // session keeps the one it had.
      try folder.write("demo.precept", demoRuleset.replacingOccurrences(of: "severity error", with: "severity eror"))
      #expect(run.enter(":reload") == "")
      #expect(run.errors.contains("\(folder.path)/demo.precept:4:12: error: unknown severity 'eror'"))
      #expect(
        run.errors.contains(
          "error: \(folder.path)/demo.precept not reloaded: the session keeps the rulesets it had loaded (demo 1.0.0)"))
      #expect(run.enter("iconOnly(m)") == "false\n")

      // A definition that no longer compiles is dropped.
      try folder.write("demo.precept", demoRuleset.replacingOccurrences(of: "iconOnly", with: "hasIcon"))
      run.enter(":reload")
      #expect(run.errors.contains("<repl 2>:1:15: error: unknown function 'iconOnly'"))
      #expect(run.errors.contains("dropped let icon"))
      #expect(run.session.definitions.isEmpty)
      #expect(run.enter("hasIcon(nodes[1])") == "true\n")
    }
  }

  @Test func loadChoosesByKindAndKeepsWhatWorks() throws {
    try withFiles { folder, run in
      let extra = try folder.write("more/extra.precept", "ruleset extra 2.0.0\nlet answer = 42\n")
      #expect(run.enter(":load \(extra)") == "loaded \(extra): demo 1.0.0, extra 2.0.0 (1 rule)\n")
      #expect(run.enter("answer") == "42\n")
      let broken = try folder.write("broken.precept", "ruleset broken 1.0.0\nlet x = y\n")
      #expect(run.enter(":load \(broken)") == "")
      #expect(run.errors.contains("unknown name 'y'"))
      #expect(run.session.rulesetPaths.count == 2)
      #expect(run.enter("answer") == "42\n")
      let model = try folder.write("Screen.swift", "struct S: View {\n  var body: some View { Text(\"Hi\") }\n}\n")
      #expect(run.enter(":load \(model)") == "loaded \(model): 3 nodes\n")
      run.enter(":load \(folder.path)/notes.md")
      #expect(run.errors.contains("expected a ruleset (.precept, or a folder) or a model (.swift, .json)"))
    }
  }

  @Test func ruleNamesMustBeUnambiguous() throws {
    try withFiles { folder, run in
      run.enter(
        ":load \(try folder.write("other.precept", demoRuleset.replacingOccurrences(of: "ruleset demo", with: "ruleset other")))"
      )
      run.enter(":run named")
      #expect(run.errors == "error: 'named' is a rule of several rulesets: demo/named, other/named\n")
      run.enter(":run nmed")
      #expect(run.errors == "error: no rule 'nmed'; did you mean 'named'? (:rules lists them)\n")
      #expect(run.enter(":rules") == "demo/named   error  on Menu as m\nother/named  error  on Menu as m\n")
    }
  }

  @Test func helpListsFunctionsAndLets() throws {
    try withFiles { _, run in
      let help = run.enter(":help functions")
      #expect(help.contains("  n.slot(name) → list(node): the nodes of a named view closure\n"))
      #expect(help.contains("  demo: iconOnly(m)"))
      #expect(help.contains("Node fields: type, name, file"))
      #expect(run.enter(":help").contains("  :explain RULE [NODE]"))
      #expect(run.enter(":help nodes").contains("Type an expression"))
    }
  }

  @Test func quitEndsTheSession() throws {
    let run = SessionRun()
    #expect(run.session.handle(":quit") == false)
    #expect(run.session.handle(":q") == false)
    #expect(run.session.handle("  ") == true)
  }

  // MARK: Completion

  @Test func completesCommandsAndTheirArguments() throws {
    try withFiles { folder, run in
      #expect(run.candidates(":e") == [":explain"])
      #expect(run.candidates(":r") == [":rules", ":run", ":reload"])
      #expect(run.candidates(":run na") == ["named"])
      #expect(run.candidates(":explain demo/") == ["demo/named"])
      #expect(run.candidates(":help f") == ["functions"])
      #expect(run.candidates(":load \(folder.path)/de") == ["\(folder.path)/demo.json", "\(folder.path)/demo.precept"])
      try folder.write("sub/x.swift", "")
      #expect(run.candidates(":model \(folder.path)/s") == ["\(folder.path)/sub/"])
      let completion = run.session.complete(":run na", cursor: 7)
      #expect(completion.replacing == 5..<7)
    }
  }

  @Test func completesNamesWhereTheyCanStand() throws {
    try withFiles { _, run in
      run.enter("let menu = nodes[1]")
      #expect(run.candidates("me") == ["menu"])
      #expect(run.candidates("ico") == ["iconOnly"])
      #expect(run.candidates("de") == ["demo"] && run.candidates("dy") == ["dyn"])
      #expect(run.candidates("demo.ic") == ["iconOnly"])
      #expect(run.candidates("menu.chi") == ["childBehavior", "children"])
      #expect(run.candidates("menu.modifier(\"accessibility") == ["accessibilityHint"])
      #expect(run.candidates("nodes.filter(n, n.type == 'Me") == ["Menu"])
      #expect(run.candidates("menu.slot(\"l") == ["label"])
      #expect(run.candidates("menu.exi") == ["exists", "existsOne", "exists_one"])
      #expect(run.candidates("re").contains("review"))
      #expect(!run.candidates("1 + re").contains("review"))
      let completion = run.session.complete("size(me) + 1", cursor: 7)
      #expect(completion.replacing == 5..<7 && completion.candidates == ["menu"])
    }
  }
}

@Suite struct ReplEscapingTests {
  /// A loaded ruleset's messages are printed escaped by `:run`.
  @Test func ruleMessagesCannotDriveTheTerminal() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write(
      "evil.precept",
      """
      ruleset evil 1.0.0
      rule named {
        severity error
        on Menu as m
        require m.hasModifier("accessibilityLabel")
        message "Bad\\u001b[2J"
      }
      """)
    let model = try folder.write("S.swift", "struct S: View {\n  var body: some View { Menu {} }\n}\n")
    let run = SessionRun(rulesets: [ruleset], model: model)
    let output = run.enter(":run named")
    #expect(output.contains("failed: Bad\\u{1B}[2J"))
    #expect(!output.contains("\u{1B}"))
  }
}
