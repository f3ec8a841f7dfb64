/// What Tab completion offers: the text to replace and what may replace it.
package struct Completion: Equatable {
  /// The range of the entry's text to replace, as UTF-8 offsets (the cursor passed to the
  /// completion function is one too). Usually the word being typed, ending at the cursor.
  package var replacing: Range<Int>
  /// The texts that may replace it, in the order to list them.
  package var candidates: [String]

  package init(replacing: Range<Int>, candidates: [String]) {
    self.replacing = replacing
    self.candidates = candidates
  }
}

/// Reading one entry: the edit buffer, history browsing, and the screen, driven key by key.
///
/// This is the whole editor without any I/O: keys go in, the bytes to write to the terminal
/// come out in `output`. Drawing keeps one fact about the screen, the row of the terminal
/// cursor within the entry, and after every batch of keys redraws the whole entry from its
/// first row: simple, and correct for wrapped and multi-line entries alike.
///
/// Keys: text inserts at the cursor. Left/Right and Ctrl-B/F move by character; Home/End and
/// Ctrl-A/E to the ends of the line; Alt-B/F and Ctrl- or Alt-Left/Right by word. Backspace
/// and Delete delete; Ctrl-K and Ctrl-U remove to the end and the start of the line, Ctrl-W
/// and Alt-Backspace the word before the cursor, and Ctrl-Y puts the removed text back.
/// Up/Down and Ctrl-P/N move between the lines of the entry and beyond them through the
/// history. Tab completes. Enter submits a complete entry and starts a new line in an
/// incomplete one. Ctrl-C abandons the entry for a fresh prompt; Ctrl-D ends the input on
/// an empty entry and deletes otherwise; Ctrl-L clears the screen; Ctrl-Z suspends.
struct EditSession {
  /// How reading the entry ended, or why the caller must act.
  enum Outcome: Equatable {
    /// Enter on a complete entry.
    case submitted(String)
    /// Ctrl-D on an empty entry.
    case endOfInput
    /// Ctrl-Z: the caller may stop the process (after `leaveEntry()`).
    case suspend
  }

  private let prompt: [TerminalText.Cell]
  private let continuationPrompt: [TerminalText.Cell]
  private let history: History
  private let isComplete: (String) -> Bool
  private let complete: (String, Int) -> Completion
  private(set) var width: Int
  private(set) var buffer = EditBuffer()
  /// Bytes for the terminal, produced since the last `takeOutput()`.
  private(set) var output: [UInt8] = []

  /// The history entry shown, as an index into `history.entries`; nil while editing a new entry.
  private var historyIndex: Int?
  /// The new entry as it was when browsing history began, shown again after the newest entry.
  private var draft = ""
  /// The row of the terminal cursor, counted from the entry's first row.
  private var cursorRow = 0
  private var lastKeyWasTab = false

  init(
    prompt: String, continuationPrompt: String, width: Int, history: History,
    isComplete: @escaping (String) -> Bool, complete: @escaping (String, Int) -> Completion
  ) {
    self.prompt = TerminalText.cells(of: prompt)
    self.continuationPrompt = TerminalText.cells(of: continuationPrompt)
    self.width = width
    self.history = history
    self.isComplete = isComplete
    self.complete = complete
  }

  /// Returns and clears the pending terminal output.
  mutating func takeOutput() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Draws the prompt (and the entry so far) from the start of the terminal cursor's row.
  mutating func drawFresh() {
    cursorRow = 0
    refresh()
  }

  /// Redraws the entry for a new terminal width.
  mutating func resize(width: Int) {
    self.width = width
    refresh()
  }

  /// Moves the terminal cursor to a new row below the entry, for output that must not
  /// overwrite it; `drawFresh()` draws it again afterwards.
  mutating func leaveEntry() {
    refresh(cursorAtEnd: true)
    output += [0x0D, 0x0A]
    cursorRow = 0
  }

  /// Handles keys from the front of `keys`, removing those it used, until the entry ends or
  /// the caller must act; then redraws. Returns nil when all keys were used.
  mutating func handle(_ keys: inout [Key]) -> Outcome? {
    guard !keys.isEmpty else { return nil }
    var used = 0
    defer { keys.removeFirst(used) }
    while used < keys.count {
      if case .text = keys[used] {
        var text = ""
        while used < keys.count, case .text(let character) = keys[used] {
          text.append(character)
          used += 1
        }
        buffer.insert(text)
        lastKeyWasTab = false
        continue
      }
      let key = keys[used]
      used += 1
      if let outcome = handle(key) { return outcome }
      lastKeyWasTab = key == .tab
    }
    refresh()
    return nil
  }

  private mutating func handle(_ key: Key) -> Outcome? {
    switch key {
    case .enter:
      let text = buffer.text
      guard isComplete(text) else {
        buffer.insert("\n")
        return nil
      }
      leaveEntry()
      return .submitted(text)
    case .control("d") where buffer.isEmpty:
      leaveEntry()
      return .endOfInput
    case .control("z"):
      refresh()  // show the keys before it, whether or not the caller suspends
      return .suspend
    case .control("c"):
      refresh(cursorAtEnd: true)
      output += Array("^C\r\n".utf8)
      buffer = EditBuffer()
      historyIndex = nil
      drawFresh()
    case .control("l"):
      output += Array("\u{1B}[H\u{1B}[2J".utf8)
      drawFresh()
    case .tab: completeWord()
    case .backspace: buffer.deleteBackward()
    case .delete, .control("d"): buffer.deleteForward()
    case .left, .control("b"): buffer.moveLeft()
    case .right, .control("f"): buffer.moveRight()
    case .home, .control("a"): buffer.moveToLineStart()
    case .end, .control("e"): buffer.moveToLineEnd()
    case .wordLeft, .meta("b"): buffer.moveWordLeft()
    case .wordRight, .meta("f"): buffer.moveWordRight()
    case .control("k"): buffer.killToLineEnd()
    case .control("u"): buffer.killToLineStart()
    case .control("w"), .metaBackspace: buffer.killWordBackward()
    case .control("y"): buffer.yank()
    case .up, .control("p"): if !buffer.moveLineUp() { showOlderEntry() }
    case .down, .control("n"): if !buffer.moveLineDown() { showNewerEntry() }
    default: break
    }
    return nil
  }

  // MARK: History

  /// Shows the entry before the one shown, with the cursor at the end of its first line, so
  /// Up keeps walking back through multi-line entries.
  private mutating func showOlderEntry() {
    let index: Int
    if let shown = historyIndex {
      guard shown > 0 else { return }
      index = shown - 1
    } else {
      guard !history.entries.isEmpty else { return }
      draft = buffer.text
      index = history.entries.count - 1
    }
    historyIndex = index
    buffer.setText(history.entries[index], cursorAtEndOfFirstLine: true)
  }

  /// Shows the entry after the one shown (or the new entry after the newest), with the
  /// cursor at its end.
  private mutating func showNewerEntry() {
    guard let shown = historyIndex else { return }
    if shown + 1 < history.entries.count {
      historyIndex = shown + 1
      buffer.setText(history.entries[shown + 1], cursorAtEndOfFirstLine: false)
    } else {
      historyIndex = nil
      buffer.setText(draft, cursorAtEndOfFirstLine: false)
    }
  }

  // MARK: Completion

  /// One candidate replaces the word; several complete their common prefix, and when there
  /// is nothing more to complete, a second Tab in a row lists them below the entry.
  private mutating func completeWord() {
    let completion = complete(buffer.text, buffer.cursorUTF8Offset)
    guard let first = completion.candidates.first, let current = buffer.text(utf8Range: completion.replacing)
    else { return bell() }
    if completion.candidates.count == 1 {
      buffer.replace(utf8Range: completion.replacing, with: first)
      return
    }
    let prefix = completion.candidates.dropFirst().reduce(first) { prefix, candidate in
      String(zip(prefix, candidate).prefix { $0 == $1 }.map(\.0))
    }
    if prefix.count > current.count {
      buffer.replace(utf8Range: completion.replacing, with: prefix)
    } else if lastKeyWasTab {
      list(completion.candidates)
    } else {
      bell()
    }
  }

  /// Lists candidates in columns, filled top to bottom, then draws the entry again below them.
  private mutating func list(_ candidates: [String]) {
    leaveEntry()
    let columnWidth = candidates.map { DisplayWidth.of($0) }.max()! + 2
    let columns = max(1, width / columnWidth)
    let rows = (candidates.count + columns - 1) / columns
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        let index = column * rows + row
        guard index < candidates.count else { break }
        let candidate = candidates[index]
        let isLast = column == columns - 1 || index + rows >= candidates.count
        line += isLast ? candidate : candidate + String(repeating: " ", count: columnWidth - DisplayWidth.of(candidate))
      }
      output += Array((line + "\r\n").utf8)
    }
    drawFresh()
  }

  private mutating func bell() { output.append(0x07) }

  // MARK: Drawing

  /// Redraws the whole entry: back to its first row, clear to the end of the screen, draw,
  /// and put the terminal cursor where the edit cursor is (or at the end of the entry).
  private mutating func refresh(cursorAtEnd: Bool = false) {
    output.append(0x0D)
    if cursorRow > 0 { output += Array("\u{1B}[\(cursorRow)A".utf8) }
    output += Array("\u{1B}[J".utf8)
    let layout = EntryLayout(
      prompt: prompt, continuationPrompt: continuationPrompt, characters: buffer.characters,
      cursor: cursorAtEnd ? buffer.characters.count : buffer.cursor, width: width)
    output += layout.bytes
    if layout.cursor != layout.end {
      let rowsUp = layout.end.row - layout.cursor.row
      if rowsUp > 0 { output += Array("\u{1B}[\(rowsUp)A".utf8) }
      output.append(0x0D)
      if layout.cursor.column > 0 { output += Array("\u{1B}[\(layout.cursor.column)C".utf8) }
    }
    cursorRow = layout.cursor.row
  }
}
