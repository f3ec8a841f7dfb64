/// A place on the screen relative to the start of the entry: row 0 is the row of the prompt.
struct ScreenPosition: Equatable {
  var row: Int
  var column: Int
}

/// How an entry (prompt and text, over one or more lines) is drawn on a terminal of a given width.
///
/// The layout never relies on the terminal's automatic wrapping, whose behaviour at the last
/// column differs between terminals: it writes "\r\n" wherever a row is full. A character that
/// does not fit in what is left of a row starts the next one. A line that exactly fills its
/// last row gets an empty row after it, so the cursor at its end has a cell of its own.
struct EntryLayout {
  /// What to write, starting at column 0 of the entry's first row, to draw the entry.
  private(set) var bytes: [UInt8] = []
  /// Where the terminal cursor is after writing `bytes`.
  private(set) var end = ScreenPosition(row: 0, column: 0)
  /// Where the cursor belongs.
  private(set) var cursor = ScreenPosition(row: 0, column: 0)

  private let width: Int

  /// Lays out `characters` after `prompt`, each line after the first after `continuationPrompt`.
  init(
    prompt: [TerminalText.Cell], continuationPrompt: [TerminalText.Cell], characters: [Character], cursor: Int,
    width: Int
  ) {
    self.width = max(width, 1)
    place(prompt)
    for (index, character) in characters.enumerated() {
      let cell = TerminalText.Cell(text: String(character), width: character == "\n" ? 0 : DisplayWidth.of(character))
      if index == cursor { self.cursor = position(of: cell) }
      if character == "\n" {
        finishLine()
        bytes += [0x0D, 0x0A]
        end = ScreenPosition(row: end.row + 1, column: 0)
        place(continuationPrompt)
      } else {
        place(cell)
      }
    }
    if cursor >= characters.count { self.cursor = position(of: TerminalText.Cell(text: "", width: 0)) }
    finishLine()
  }

  private mutating func place(_ cells: [TerminalText.Cell]) {
    for cell in cells { place(cell) }
  }

  private mutating func place(_ cell: TerminalText.Cell) {
    // A prompt may span lines; its line breaks are rows like any other.
    if cell.text == "\n" || cell.text == "\r\n" { return newRow() }
    if startsNewRow(cell) { newRow() }
    bytes += cell.text.utf8
    end.column += cell.width
  }

  /// Where `cell` goes if placed next; for an empty cell, where the cursor at the end of the line goes.
  private func position(of cell: TerminalText.Cell) -> ScreenPosition {
    startsNewRow(cell) || end.column >= width ? ScreenPosition(row: end.row + 1, column: 0) : end
  }

  private func startsNewRow(_ cell: TerminalText.Cell) -> Bool {
    cell.width > 0 && end.column > 0 && end.column + cell.width > width
  }

  private mutating func finishLine() {
    if end.column >= width { newRow() }
  }

  private mutating func newRow() {
    bytes += [0x0D, 0x0A]
    end = ScreenPosition(row: end.row + 1, column: 0)
  }
}
