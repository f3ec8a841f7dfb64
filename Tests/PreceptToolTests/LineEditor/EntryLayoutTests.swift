import Testing

@testable import PreceptTool

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2), ("😀", 2),
    ("👍🏽", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{7}", 0),
  ])
  func characterWidth(_ character: String, _ width: Int) {
    #expect(DisplayWidth.of(Character(character)) == width)
  }

  @Test func promptWidthIgnoresEscapeSequences() {
    #expect(DisplayWidth.of("\u{1B}[1;32m>\u{1B}[0m ") == 2)
    #expect(DisplayWidth.of("\u{1B}]0;title\u{7}>> ") == 3)  // OSC ended by BEL
    #expect(DisplayWidth.of("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ ") == 5)  // OSC ended by ESC \
    #expect(DisplayWidth.of("\u{1B}(B日本> ") == 6)  // two-byte ESC sequence
    #expect(DisplayWidth.of("precept> ") == 9)
  }

  @Test func cellsKeepEscapeSequencesWhole() {
    #expect(
      TerminalText.cells(of: "\u{1B}[31ma\u{1B}[0m")
        == [.init(text: "\u{1B}[31m", width: 0), .init(text: "a", width: 1), .init(text: "\u{1B}[0m", width: 0)])
  }
}

/// Draws an entry on a fresh screen and returns the screen with the cursor where the layout put it.
private func draw(
  _ text: String, cursor: Int? = nil, prompt: String = "> ", continuation: String = ".. ", width: Int,
  height: Int = 10
) -> (screen: ScreenModel, layout: EntryLayout) {
  let characters = Array(text)
  let layout = EntryLayout(
    prompt: TerminalText.cells(of: prompt), continuationPrompt: TerminalText.cells(of: continuation),
    characters: characters, cursor: cursor ?? characters.count, width: width)
  var screen = ScreenModel(width: width, height: height)
  screen.feed(layout.bytes)
  return (screen, layout)
}

@Suite struct EntryLayoutTests {
  @Test func shortLine() {
    let (screen, layout) = draw("abc", cursor: 1, width: 10)
    #expect(screen.text == "> abc")
    #expect(layout.cursor == ScreenPosition(row: 0, column: 3))
    #expect(layout.end == ScreenPosition(row: 0, column: 5))
    #expect(ScreenPosition(row: screen.row, column: screen.column) == layout.end)
  }

  @Test func longLineWraps() {
    let (screen, layout) = draw("abcdefghijklmnop", cursor: 9, width: 8)
    #expect(screen.lines.prefix(3) == ["> abcdef", "ghijklmn", "op"])
    #expect(layout.cursor == ScreenPosition(row: 1, column: 3))  // before "j"
    #expect(layout.end == ScreenPosition(row: 2, column: 2))
    #expect(ScreenPosition(row: screen.row, column: screen.column) == layout.end)
  }

  @Test func lineFillingTheLastRowPutsTheCursorOnTheNextRow() {
    let (screen, layout) = draw("abcdef", width: 8)
    #expect(screen.lines.prefix(2) == ["> abcdef", ""])
    #expect(layout.end == ScreenPosition(row: 1, column: 0))
    #expect(layout.cursor == layout.end)
    #expect(ScreenPosition(row: screen.row, column: screen.column) == layout.end)
  }

  @Test func cursorBeforeACharacterThatStartsARow() {
    let (_, layout) = draw("abcdefg", cursor: 6, width: 8)
    #expect(layout.cursor == ScreenPosition(row: 1, column: 0))
  }

  @Test func wideCharacterThatDoesNotFitStartsTheNextRow() {
    let (screen, layout) = draw("abcde日本", cursor: 5, width: 8)
    #expect(screen.lines.prefix(2) == ["> abcde", "日本"])
    #expect(layout.cursor == ScreenPosition(row: 1, column: 0))
    #expect(layout.end == ScreenPosition(row: 1, column: 4))
  }

  @Test func multiLineEntryUsesTheContinuationPrompt() {
    let (screen, layout) = draw("f(1,\n2,\n3)", cursor: 6, width: 20)
    #expect(screen.text == "> f(1,\n.. 2,\n.. 3)")
    #expect(layout.cursor == ScreenPosition(row: 1, column: 4))  // after "2"
    #expect(layout.end == ScreenPosition(row: 2, column: 5))
  }

  @Test func multiLineEntryWithWrappedLines() {
    let (screen, layout) = draw("abcdefghij\nxy", cursor: 10, width: 6)
    // "> abcd" "efghij" then an empty row for the cursor at the end of the full row.
    #expect(screen.lines.prefix(4) == ["> abcd", "efghij", "", ".. xy"])
    #expect(layout.cursor == ScreenPosition(row: 2, column: 0))
    #expect(layout.end == ScreenPosition(row: 3, column: 5))
  }

  @Test func colouredPromptTakesOnlyItsVisibleWidth() {
    let (screen, layout) = draw("abcd", prompt: "\u{1B}[32m>\u{1B}[0m ", width: 6)
    #expect(screen.lines.prefix(2) == ["> abcd", ""])
    #expect(layout.end == ScreenPosition(row: 1, column: 0))
  }

  @Test func promptWiderThanTheTerminalWraps() {
    let (screen, layout) = draw("x", prompt: "precept> ", width: 4)
    #expect(screen.lines.prefix(3) == ["prec", "ept>", " x"])
    #expect(layout.end == ScreenPosition(row: 2, column: 2))
  }

  @Test func promptOverTwoLines() {
    let (screen, layout) = draw("ab", cursor: 1, prompt: "\u{1B}[1mprecept\u{1B}[0m\n> ", width: 10)
    #expect(screen.text == "precept\n> ab")
    #expect(layout.cursor == ScreenPosition(row: 1, column: 3))
    #expect(ScreenPosition(row: screen.row, column: screen.column) == layout.end)
  }

  @Test func emptyEntry() {
    let (screen, layout) = draw("", width: 10)
    #expect(screen.text == ">")
    #expect(layout.cursor == ScreenPosition(row: 0, column: 2))
  }

  @Test(arguments: 2...14)
  func layoutAgreesWithAnAutowrappingTerminal(width: Int) {
    // Whatever the width, the screen shows the text in order and the terminal cursor ends
    // where the layout says.
    let (screen, layout) = draw("ab日本c😀defé\nxy", width: width, height: 40)
    #expect(ScreenPosition(row: screen.row, column: screen.column) == layout.end)
    #expect(screen.transcript.filter { $0 != "\n" && $0 != " " } == ">ab日本c😀defé..xy")
  }
}
