import Foundation
import Precept
import Testing

@testable import PreceptTool

/// A ruleset a hostile pack could ship: every string clears the screen, sets the window
/// title, or starts a new line that looks like precept's own output.
private let hostileRuleset = """
  ruleset evil 1.0.0
  title "Evil\\u001b]0;pwned\\u0007"
  summary "Clears\\u001b[2J the screen"
  rule trigger-name {
    severity error
    title "T"
    must "Must\\u001b[8m hide\\n## Fake section"
    on Menu as m
    require m.modifier("accessibilityLabel").text() == "ok"
    message "Bad\\u001b[2J\\n0 errors, 0 warnings, 0 infos in 1 file (0 nodes, 0 rules)"
    fix "x\\u009b31m\\u202e"
  }
  """

/// The control characters that must never reach the terminal from inputs.
private func hasRawControl(_ text: String) -> Bool {
  text.unicodeScalars.contains { scalar in
    let value = scalar.value
    return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F..<0xA0).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}

@Suite struct TerminalInjectionTests {
  @Test func escapingShowsControlCharactersVisibly() {
    #expect(TerminalStyle.escaped("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
    #expect(TerminalStyle.escaped("tab\tkept, newline\nescaped") == "tab\tkept, newline\\u{A}escaped")
    #expect(TerminalStyle.escaped("line\nkept", keepingNewlines: true) == "line\nkept")
    #expect(
      TerminalStyle.escaped("\u{7F}\u{85}\u{9B}\u{202E}\u{2066}\u{2028}")
        == "\\u{7F}\\u{85}\\u{9B}\\u{202E}\\u{2066}\\u{2028}")
    #expect(TerminalStyle.escaped("café ✓ \\n") == "café ✓ \\n")
    let once = TerminalStyle.escaped("\u{1B}\r\n")
    #expect(TerminalStyle.escaped(once) == once)
  }

  @Test func rulesetStringsCannotDriveTheTerminalInTextReports() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write("evil.precept", hostileRuleset)
    // A file name with a newline and an escape forges nothing either.
    let model = try folder.write(
      "m.json",
      #"{"viewmodel": 1, "file": "a\nb.swift:1:1: error: forged\u001b[2J", "nodes": [{"type": "Menu", "line": 1, "column": 1, "modifiers": [{"name": "accessibilityLabel", "args": [{"label": null, "kind": "string", "value": "\u001b[2J"}]}]}]}"#
    )
    let run = ToolRun(["check", model, "-r", ruleset])
    #expect(run.status == 1)
    #expect(!hasRawControl(run.output))
    #expect(run.output.contains("a\\u{A}b.swift:1:1: error: forged\\u{1B}[2J:1:1: error: Bad\\u{1B}[2J\\u{A}0 errors"))
    #expect(run.output.contains("help: fix: x\\u{9B}31m\\u{202E}"))
    // The newlines in the message and the file name start no line of their own.
    let lines = run.output.split(separator: "\n")
    #expect(lines.filter { $0.contains("error: Bad") }.count == 1)
    #expect(!lines.contains { $0.hasPrefix("0 errors") || $0.hasPrefix("b.swift") })
    #expect(lines.last?.hasPrefix("1 error,") == true)
  }

  @Test func precepsOwnColoursSurviveEscaping() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write("evil.precept", hostileRuleset)
    let model = try folder.write("m.json", #"{"viewmodel": 1, "file": "A.swift", "nodes": [{"type": "Menu"}]}"#)
    let out = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, error: { _ in }, outStyle: TerminalStyle(enabled: true))
    #expect(PreceptTool.main(arguments: ["check", model, "-r", ruleset], console: console) == 1)
    let text = out.withLock { $0 }
    #expect(text.contains("\u{1B}[31m"))  // precept's red
    #expect(text.contains("Bad\\u{1B}[2J"))
    // Every escape left is one of precept's styles (SGR: ESC [ digits m).
    let escapes = text.components(separatedBy: "\u{1B}").dropFirst()
    #expect(escapes.allSatisfy { $0.range(of: #"^\[[0-9;]*m"#, options: .regularExpression) != nil })
  }

  @Test func describeEscapesCardText() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write("evil.precept", hostileRuleset)
    let run = ToolRun(["describe", ruleset])
    #expect(run.status == 0)
    #expect(!hasRawControl(run.output))
    #expect(run.output.contains("# Evil\\u{1B}]0;pwned\\u{7} | A11y Context"))
    #expect(run.output.contains("- Must\\u{1B}[8m hide\\u{A}## Fake section *("))
    #expect(!run.output.contains("\n## Fake section"))
  }

  @Test func fileNamesInErrorsAreEscaped() {
    let run = ToolRun(["lint", "x\u{1B}]0;t\u{7}\ny.swift"])
    #expect(run.status == 2)
    #expect(!hasRawControl(run.output + run.error))
    #expect(run.output.contains("x\\u{1B}]0;t\\u{7}\\u{A}y.swift:1:1: error: no such file or folder"))
    let usage = ToolRun(["lint", "--format", "\u{1B}[2J\nerror: forged"])
    #expect(!hasRawControl(usage.error))
    // The message's own line breaks stay, indented: no line of it passes for precept's.
    #expect(usage.error.hasPrefix("error: unknown format '\\u{1B}[2J\n  error: forged'"))
  }
}
