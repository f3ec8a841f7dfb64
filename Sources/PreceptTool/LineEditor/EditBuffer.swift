/// The text being edited and the cursor in it, with the editing operations the keys trigger.
///
/// The text is held as grapheme clusters, so the cursor never lands inside a character
/// (an accented letter typed as two scalars, a flag, a family emoji). An entry may span
/// several lines separated by "\n"; "line" below means one of those, not a screen row.
struct EditBuffer: Equatable {
  private(set) var characters: [Character]
  /// The cursor, as an index into `characters` (0...count): it sits before that character.
  private(set) var cursor: Int
  /// The text Ctrl-K, Ctrl-U or Ctrl-W removed last, for Ctrl-Y.
  private(set) var killed = ""

  /// A buffer holding `text`, with the cursor at its end.
  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  var text: String { String(characters) }
  var isEmpty: Bool { characters.isEmpty }

  /// The cursor as an offset in the UTF-8 bytes of `text`.
  var cursorUTF8Offset: Int { utf8Count(characters[..<cursor]) }

  /// Replaces the whole text; the cursor goes to the end of its first line or the end of the text.
  mutating func setText(_ text: String, cursorAtEndOfFirstLine: Bool) {
    characters = Array(text)
    cursor = cursorAtEndOfFirstLine ? lineEnd(from: 0) : characters.count
  }

  // MARK: Inserting and replacing

  /// Inserts text at the cursor and moves the cursor after it. Combining marks join the
  /// character before them.
  mutating func insert(_ string: String) {
    let before = String(characters[..<cursor]) + string
    let joined = before + String(characters[cursor...])
    characters = Array(joined)
    // A combining mark at the start of the text after the cursor merges into the inserted
    // text; the cursor then goes after the merged character.
    cursor = min(before.count, characters.count)
  }

  /// Replaces the text in a range of UTF-8 offsets and puts the cursor after the new text.
  /// Returns false, changing nothing, if the range does not fall on character boundaries.
  @discardableResult
  mutating func replace(utf8Range range: Range<Int>, with replacement: String) -> Bool {
    guard let lower = characterIndex(utf8Offset: range.lowerBound),
      let upper = characterIndex(utf8Offset: range.upperBound)
    else { return false }
    characters.removeSubrange(lower..<upper)
    cursor = lower
    insert(replacement)
    return true
  }

  /// The text in a range of UTF-8 offsets, or nil if the range does not fall on character boundaries.
  func text(utf8Range range: Range<Int>) -> String? {
    guard let lower = characterIndex(utf8Offset: range.lowerBound),
      let upper = characterIndex(utf8Offset: range.upperBound)
    else { return nil }
    return String(characters[lower..<upper])
  }

  // MARK: Moving

  mutating func moveLeft() { cursor = max(cursor - 1, 0) }
  mutating func moveRight() { cursor = min(cursor + 1, characters.count) }
  mutating func moveToLineStart() { cursor = lineStart(from: cursor) }
  mutating func moveToLineEnd() { cursor = lineEnd(from: cursor) }
  mutating func moveToEnd() { cursor = characters.count }

  /// Moves to the start of the word before the cursor (skipping the non-word characters first).
  mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

  /// Moves to the end of the word after the cursor (skipping the non-word characters first).
  mutating func moveWordRight() {
    while cursor < characters.count, !Self.isWordCharacter(characters[cursor]) { cursor += 1 }
    while cursor < characters.count, Self.isWordCharacter(characters[cursor]) { cursor += 1 }
  }

  /// Moves to the same column of the line above; false (not moving) on the first line.
  mutating func moveLineUp() -> Bool {
    let start = lineStart(from: cursor)
    guard start > 0 else { return false }
    let previousStart = lineStart(from: start - 1)
    cursor = min(previousStart + (cursor - start), start - 1)
    return true
  }

  /// Moves to the same column of the line below; false (not moving) on the last line.
  mutating func moveLineDown() -> Bool {
    let end = lineEnd(from: cursor)
    guard end < characters.count else { return false }
    let column = cursor - lineStart(from: cursor)
    cursor = min(end + 1 + column, lineEnd(from: end + 1))
    return true
  }

  // MARK: Deleting

  mutating func deleteBackward() {
    guard cursor > 0 else { return }
    characters.remove(at: cursor - 1)
    cursor -= 1
  }

  mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  /// Ctrl-K: removes the rest of the line; at the end of a line, joins the next line to it.
  mutating func killToLineEnd() {
    let end = lineEnd(from: cursor)
    kill(cursor..<(end == cursor ? min(end + 1, characters.count) : end))
  }

  /// Ctrl-U: removes the line up to the cursor; at the start of a line, joins it to the line above.
  mutating func killToLineStart() {
    let start = lineStart(from: cursor)
    kill((start == cursor ? max(start - 1, 0) : start)..<cursor)
  }

  /// Ctrl-W, Alt-Backspace: removes what Alt-B would move over: the non-word characters
  /// before the cursor and the word before them.
  mutating func killWordBackward() {
    kill(wordStart(before: cursor)..<cursor)
  }

  /// Ctrl-Y: inserts the text removed last.
  mutating func yank() { insert(killed) }

  private mutating func kill(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    killed = String(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
  }

  // MARK: Positions

  /// Letters, digits and `_` make words; everything else separates them.
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  private func wordStart(before index: Int) -> Int {
    var i = index
    while i > 0, !Self.isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0, Self.isWordCharacter(characters[i - 1]) { i -= 1 }
    return i
  }

  private func lineStart(from index: Int) -> Int {
    var i = index
    while i > 0, characters[i - 1] != "\n" { i -= 1 }
    return i
  }

  private func lineEnd(from index: Int) -> Int {
    var i = index
    while i < characters.count, characters[i] != "\n" { i += 1 }
    return i
  }

  private func characterIndex(utf8Offset: Int) -> Int? {
    guard utf8Offset >= 0 else { return nil }
    var offset = 0
    for (index, character) in characters.enumerated() {
      if offset == utf8Offset { return index }
      if offset > utf8Offset { return nil }
      offset += character.utf8.count
    }
    return offset == utf8Offset ? characters.count : nil
  }

  private func utf8Count(_ characters: ArraySlice<Character>) -> Int {
    characters.reduce(0) { $0 + $1.utf8.count }
  }
}
