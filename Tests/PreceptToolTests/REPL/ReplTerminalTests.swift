import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `precept repl` itself on a real pseudo-terminal: editing, completion, multi-line entries,
/// history across sessions, `:explain` output, colour. The prompt is "> ", the continuation
/// prompt "| ".
@Suite struct ReplTerminalTests {
  let directory = TemporaryDirectory()
  var menu: String { Transcript.root + "/Playground/menu.precept" }
  var screen: String { Transcript.root + "/Playground/MapScreen.swift" }

  /// `precept repl` with the playground's ruleset and model, its history in the test's folder.
  func start(_ extraEnvironment: [String] = [], history: String? = nil) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      ["repl", "--ruleset", menu, "--model", screen], executable: Products.path("precept"), columns: 200, rows: 40,
      environment: ["TERM=xterm-256color", "PRECEPT_HISTORY=\(history ?? directory.file("history"))"] + extraEnvironment
    )
    terminal.waitForScreen(endingWith: ":help lists what you can type; Ctrl-D ends the session.\n>")
    return terminal
  }

  /// Ends the session with Ctrl-D and checks it exits normally with the terminal restored.
  func finish(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) {
    terminal.type("\u{4}")
    let status = terminal.waitForExit(sourceLocation: sourceLocation)
    #expect(status == 0, "exit status", sourceLocation: sourceLocation)
    #expect(!terminal.isRaw, "terminal modes restored", sourceLocation: sourceLocation)
  }

  @Test func showsWhatIsLoadedAndEvaluatesEditedEntries() throws {
    let terminal = try start()
    #expect(
      terminal.screen.text.hasPrefix(
        "precept 0.1.0 — rulesets: global 1.0.0, menu.basic 1.0.0 (6 rules); model: \(screen) (12 nodes)"))
    terminal.type("1 + 3\u{1B}[D\u{1B}[3~2\r")
    terminal.waitForScreen(endingWith: "> 1 + 2\n3\n>")
    // Ctrl-C abandons the entry for a fresh prompt; the session goes on.
    terminal.type("nodes.size( + garbage\u{3}")
    terminal.waitForScreen(endingWith: "> nodes.size( + garbage^C\n>")
    terminal.type("2 * 2\r")
    terminal.waitForScreen(endingWith: "> 2 * 2\n4\n>")
    terminal.type("1 / 0\r")
    terminal.waitForScreen(endingWith: "> 1 / 0\nerror: division by zero\n>")
    finish(terminal)
  }

  @Test func tabCompletesCommandsRulesAndNames() throws {
    let terminal = try start()
    terminal.type(":expl\t")
    terminal.waitForScreen(endingWith: "> :explain")
    terminal.type(" tri\t")
    terminal.waitForScreen(endingWith: "> :explain trigger-name")
    terminal.type(" 5\r")
    terminal.waitForScreen(
      endingWith: """
        > :explain trigger-name 5
        menu.basic/trigger-name (error) on Menu as m
        [5] <Menu \(screen):11:9>: failed: Icon-only Menu trigger has no accessible name: add .accessibilityLabel("…")
          when iconOnly(m) = true
            in iconOnly(m): m.slot("label").size() > 0 && m.slot("label").all(n, n.type == "Image") = true
              m.slot("label").size() > 0 = true
                m.slot("label").size() = 1
                  m.slot("label") = [<Image \(screen):15:11>]
              m.slot("label").all(n, n.type == "Image") = true
                m.slot("label") = [<Image \(screen):15:11>]
          require accessibleName(m) != "" = false  ← fails
            accessibleName(m) = ""
        >
        """)
    terminal.type("nodes[5].slo\t")
    terminal.waitForScreen(endingWith: "> nodes[5].slot")
    terminal.type("(\"la\t")
    terminal.waitForScreen(endingWith: "> nodes[5].slot(\"label")
    terminal.type("\").map(n, n.ty\t")
    terminal.waitForScreen(endingWith: "> nodes[5].slot(\"label\").map(n, n.type")
    terminal.type(")\r")
    terminal.waitForScreen(endingWith: "[\"Image\"]\n>")
    terminal.type("iconOnly(nodes[5]) && acc\t")
    terminal.waitForScreen(endingWith: "> iconOnly(nodes[5]) && accessibleName")
    terminal.type("(nodes[5]) == \"\"\r")
    terminal.waitForScreen(endingWith: "true\n>")
    // The common start of several candidates is inserted; a second Tab lists them.
    terminal.type("nodes[9].mod\t")
    terminal.waitForScreen(endingWith: "> nodes[9].modifier")
    terminal.type("\t")
    terminal.waitForScreen(endingWith: "modifier   modifiers\n> nodes[9].modifier")
    terminal.type("s.size()\r")
    terminal.waitForScreen(endingWith: "> nodes[9].modifiers.size()\n1\n>")
    finish(terminal)
  }

  @Test func entriesGoOnWhileOpenAndRulesAreWrittenInPlace() throws {
    let terminal = try start()
    terminal.type("[1,\r")
    terminal.waitForScreen(endingWith: "> [1,\n|")
    terminal.type("2] +\r")
    terminal.waitForScreen(endingWith: "> [1,\n| 2] +\n|")
    terminal.type("[3]\r")
    terminal.waitForScreen(endingWith: "| [3]\n[1, 2, 3]\n>")
    let rule = [
      "rule deletes-are-destructive {", "severity error", "on Button as b inside Menu",
      "when b.text().startsWith(\"Delete\")", "require b.arg(\"role\").value == \".destructive\"", "}",
    ]
    for line in rule { terminal.type(line + "\r") }
    terminal.waitForScreen(endingWith: "defined repl/deletes-are-destructive (error, on Button as b inside Menu)\n>")
    terminal.type(":run deletes-are-destructive\r")
    terminal.waitForScreen(endingWith: "1 failed, 1 passed, 2 inapplicable\n>")
    #expect(terminal.screen.text.contains("| severity error\n| on Button as b inside Menu\n"))
    finish(terminal)
  }

  @Test func historyPersistsAcrossSessions() throws {
    let history = directory.file("nested/history")
    do {
      let first = try start(history: history)
      for (count, entry) in ["let a = 40", "[a,\r2]", "a + 2"].enumerated() {
        first.type(entry + "\r")
        first.waitFor("entry \(count + 1)") {
          $0.text.hasSuffix("\n>") && $0.transcript.components(separatedBy: "\n> ").count == count + 2
        }
      }
      finish(first)
    }
    #expect(directory.read("nested/history") == "let a = 40\n[a,\\n2]\na + 2\n")

    let second = try start(history: history)
    second.type("\u{1B}[A\u{1B}[A")
    second.waitForScreen(endingWith: "> [a,\n| 2]")
    second.type("\u{1B}[A\r")
    second.waitForScreen(endingWith: "> let a = 40\na = 40\n>")
    second.type("\u{1B}[A\u{1B}[A\u{1B}[A\r")
    second.waitForScreen(endingWith: "| 2]\n[40, 2]\n>")
    finish(second)
    #expect(directory.read("nested/history") == "let a = 40\n[a,\\n2]\na + 2\nlet a = 40\n[a,\\n2]\n")
  }

  @Test func colourOnlyWithoutNoColor() throws {
    let green = Array("\u{1B}[32m".utf8)
    let coloured = try start()
    coloured.type(":nope\r")
    coloured.waitForScreen(endingWith: "error: unknown command ':nope' (:help lists the commands)\n>")
    finish(coloured)
    #expect(coloured.output.contains(green))
    #expect(coloured.output.contains(Array("\u{1B}[31merror:".utf8)))

    let plain = try start(["NO_COLOR=1"])
    plain.type(":nope\r")
    plain.waitForScreen(endingWith: "error: unknown command ':nope' (:help lists the commands)\n>")
    finish(plain)
    #expect(!plain.output.contains(green))
    #expect(!plain.output.contains(Array("\u{1B}[31m".utf8)))
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(_ bytes: [UInt8]) -> Bool {
    guard bytes.count <= count else { return false }
    return (0...(count - bytes.count)).contains { self[$0..<$0 + bytes.count].elementsEqual(bytes) }
  }
}
