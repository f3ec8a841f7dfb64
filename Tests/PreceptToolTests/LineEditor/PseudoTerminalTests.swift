import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line editor on a real (pseudo-)terminal, through the demo executable: raw mode,
/// drawing, history across sessions, signals. The demo's prompt is a coloured "> ", its
/// continuation prompt "...> "; it prints each entry as `ENTRY[…]` and `EOF` at the end.
@Suite struct PseudoTerminalTests {
  /// Ends the session with Ctrl-D and checks it exits normally with the terminal restored.
  private func finish(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) {
    terminal.type("\u{4}")
    terminal.waitForScreen(endingWith: "EOF", sourceLocation: sourceLocation)
    let status = terminal.waitForExit(sourceLocation: sourceLocation)
    #expect(status == 0, "exit status", sourceLocation: sourceLocation)
    #expect(!terminal.isRaw, "terminal modes restored", sourceLocation: sourceLocation)
  }

  @Test func editsAndSubmitsAnEntry() throws {
    let terminal = try PseudoTerminal()
    let cooked = terminal.modes
    terminal.waitForScreen(endingWith: ">")
    #expect(terminal.isRaw)
    terminal.type("helo wrld\u{1B}[D\u{1B}[D\u{1B}[Do\u{1}\u{1B}[C\u{1B}[C\u{1B}[Cl\u{1B}[F 日本e\u{301}")
    terminal.waitForScreen(endingWith: "> hello world 日本é")
    #expect(terminal.screen.column == 19)
    terminal.type("\u{1B}[1;5D\u{B}\r")
    terminal.waitForScreen(endingWith: "> hello world\nENTRY[hello world ]\n>")
    finish(terminal)
    let restored = terminal.modes
    #expect(restored.c_lflag == cooked.c_lflag)
    #expect(restored.c_iflag == cooked.c_iflag)
    #expect(restored.c_oflag == cooked.c_oflag)
  }

  @Test func keysTypedAheadBelongToTheNextEntries() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("one\rtwo\r\u{4}")
    terminal.waitForScreen(endingWith: "ENTRY[one]\n> two\nENTRY[two]\n>\nEOF")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func historyPersistsAcrossSessions() throws {
    let directory = TemporaryDirectory()
    let history = directory.file("history")
    do {
      let first = try PseudoTerminal(["--history", history])
      first.waitForScreen(endingWith: ">")
      for (count, entry) in ["first\r", "second\r", "second\r", "f(1,\r2)\r"].enumerated() {
        first.type(entry)
        // Type the next entry only at the next prompt: between entries the terminal is not raw.
        first.waitFor("entry \(count + 1)") {
          $0.transcript.components(separatedBy: "ENTRY[").count == count + 2 && $0.text.hasSuffix("]\n>")
        }
      }
      finish(first)
    }
    #expect(directory.read("history") == "first\nsecond\nf(1,\\n2)\n")

    let second = try PseudoTerminal(["--history", history])
    second.waitForScreen(endingWith: ">")
    second.type("\u{1B}[A")
    second.waitForScreen(endingWith: "> f(1,\n...> 2)")
    second.type("\u{1B}[A")
    second.waitForScreen(endingWith: "> second")
    second.type("\u{1B}[A")
    second.waitForScreen(endingWith: "> first")
    second.type("\r")
    second.waitForScreen(endingWith: "ENTRY[first]\n>")
    finish(second)
    #expect(directory.read("history") == "first\nsecond\nf(1,\\n2)\nfirst\n")
  }

  @Test func tabCompletesAndLists() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("x + ap\t")
    terminal.waitFor("the bell") { $0.bells == 1 }
    terminal.type("\t")
    terminal.waitForScreen(endingWith: "> x + ap\napple    apricot\n> x + ap")
    terminal.type("r\t")
    terminal.waitForScreen(endingWith: "> x + apricot")
    terminal.type(" + :h\t")
    terminal.waitForScreen(endingWith: "> x + apricot + :h")
    terminal.type("\t")
    terminal.waitForScreen(endingWith: ":help     :history\n> x + apricot + :h")
    terminal.type("\r")
    terminal.waitForScreen(endingWith: "ENTRY[x + apricot + :h]\n>")
    finish(terminal)
  }

  @Test func incompleteEntryContinuesOnTheNextLine() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("[1,\r")
    terminal.waitForScreen(endingWith: "> [1,\n...>")
    terminal.type("\"]\r")
    terminal.waitForScreen(endingWith: "> [1,\n...> \"]\n...>")
    terminal.type("\"]\r")
    terminal.waitForScreen(endingWith: "> [1,\n...> \"]\n...> \"]\nENTRY[[1,\\n\"]\\n\"]]\n>")
    finish(terminal)
  }

  @Test func ctrlCClearsTheEntry() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("abc\u{3}")
    terminal.waitForScreen(endingWith: "> abc^C\n>")
    terminal.type("f(\r2\u{3}")
    terminal.waitForScreen(endingWith: "> f(\n...> 2^C\n>")
    terminal.type("x\r")
    terminal.waitForScreen(endingWith: "ENTRY[x]\n>")
    finish(terminal)
  }

  @Test func ctrlDDeletesUnlessTheEntryIsEmpty() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("ab\u{1B}[D\u{4}\r")
    terminal.waitForScreen(endingWith: "ENTRY[a]\n>")
    finish(terminal)
  }

  @Test func longLinesWrap() throws {
    let terminal = try PseudoTerminal(columns: 20)
    terminal.waitForScreen(endingWith: ">")
    terminal.type(String(repeating: "abcdefghij", count: 4))
    terminal.waitForScreen(endingWith: "> abcdefghijabcdefgh\nijabcdefghijabcdefgh\nij")
    terminal.type("\u{1}XY")
    terminal.waitForScreen(endingWith: "> XYabcdefghijabcdef\nghijabcdefghijabcdef\nghij")
    #expect(terminal.screen.column == 4)
    terminal.type("\u{5}\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{B}")
    terminal.waitForScreen(endingWith: "> XYabcdefghijabcdef\nghijabcdefghijabcdef")
    #expect(terminal.screen.lines[terminal.screen.row] == "")  // the cursor has a row of its own
    terminal.type("\r")
    let entry = "ENTRY[XY\(String(repeating: "abcdefghij", count: 3))abcdef]"
    terminal.waitFor("the entry, wrapped on the screen") {
      $0.transcript.split(separator: "\n").joined().hasSuffix(entry + ">")
    }
    finish(terminal)
  }

  @Test func redrawsForANewWindowSize() throws {
    let terminal = try PseudoTerminal(columns: 40)
    terminal.waitForScreen(endingWith: ">")
    terminal.type(String(repeating: "abcdefghij", count: 3))
    terminal.waitForScreen(endingWith: "> abcdefghijabcdefghijabcdefghij")
    terminal.resize(columns: 12, rows: 12)
    terminal.waitForScreen(endingWith: "> abcdefghij\nabcdefghijab\ncdefghij")
    terminal.type("X\r")
    terminal.waitForScreen(endingWith: "ENTRY[\(String(repeating: "abcdefghij", count: 3))X]\n>")
    finish(terminal)
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func terminatingSignalRestoresTheTerminal(_ signal: Int32) throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("abc")
    terminal.waitForScreen(endingWith: "> abc")
    #expect(terminal.isRaw)
    kill(terminal.pid, signal)
    let status = try #require(terminal.waitForExit())
    #expect(status & 0x7F == signal)  // ended by the signal, after restoring the terminal
    #expect(!terminal.isRaw)
  }

  @Test func ctrlZStopsWithTheTerminalRestoredAndResumesEditing() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("abc\u{1A}")
    terminal.waitFor("the editor to stop") { _ in terminal.processState == "T" }
    #expect(!terminal.isRaw)
    kill(terminal.pid, SIGCONT)
    terminal.waitForScreen(endingWith: "> abc\n> abc")
    #expect(terminal.isRaw)
    terminal.type("d\r")
    terminal.waitForScreen(endingWith: "ENTRY[abcd]\n>")
    finish(terminal)
  }

  @Test func unreadableHistoryFileIsAWarning() throws {
    let directory = TemporaryDirectory()
    let terminal = try PseudoTerminal(["--history", directory.path], columns: 200)
    terminal.waitForScreen(endingWith: "warning: cannot read history file '\(directory.path)': Is a directory\n>")
    terminal.type("1\r\u{1B}[A")
    terminal.waitForScreen(endingWith: "ENTRY[1]\n> 1")  // history still works in memory
    terminal.type("\u{15}")
    finish(terminal)
  }

  @Test func loneEscapeIsIgnoredAfterAPause() throws {
    let terminal = try PseudoTerminal()
    terminal.waitForScreen(endingWith: ">")
    terminal.type("ab\u{1B}")
    usleep(200_000)
    terminal.type("c\u{1B}b\u{1B}[C\u{7F}\r")  // ESC b together is Alt-B
    terminal.waitForScreen(endingWith: "ENTRY[bc]\n>")
    finish(terminal)
  }

  @Test func dumbTerminalGetsPromptsAndPlainLines() throws {
    let terminal = try PseudoTerminal(environment: ["TERM=dumb"])
    terminal.waitForScreen(endingWith: ">")
    #expect(!terminal.isRaw)
    terminal.type("f(1,\n")
    terminal.waitForScreen(endingWith: "> f(1,\n...>")
    terminal.type("2)\n")
    terminal.waitForScreen(endingWith: "...> 2)\nENTRY[f(1,\\n2)]\n>")
    terminal.type("\u{4}")
    terminal.waitForScreen(endingWith: ">\nEOF")
    #expect(terminal.waitForExit() == 0)
  }
}
