import Testing

@testable import PreceptTool

/// A buffer from text with the cursor marked by "|".
private func buffer(_ marked: String) -> EditBuffer {
  let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
  precondition(parts.count == 2, "mark the cursor with one |")
  var buffer = EditBuffer(String(parts[0]))
  buffer.insert(String(parts[1]))
  for _ in parts[1] { buffer.moveLeft() }
  return buffer
}

/// The buffer's text with the cursor marked by "|".
private func marked(_ buffer: EditBuffer) -> String {
  String(buffer.characters[..<buffer.cursor]) + "|" + String(buffer.characters[buffer.cursor...])
}

private func apply(_ start: String, _ operation: (inout EditBuffer) -> Void) -> String {
  var edited = buffer(start)
  operation(&edited)
  return marked(edited)
}

@Suite struct EditBufferTests {
  @Test func insertsAtTheCursor() {
    #expect(apply("ac|") { $0.insert("d") } == "acd|")
    #expect(apply("a|c") { $0.insert("b") } == "ab|c")
    #expect(apply("|") { $0.insert("日本") } == "日本|")
  }

  @Test func movesByCharacter() {
    #expect(apply("ab|") { $0.moveLeft() } == "a|b")
    #expect(apply("|ab") { $0.moveLeft() } == "|ab")
    #expect(apply("a|b") { $0.moveRight() } == "ab|")
    #expect(apply("ab|") { $0.moveRight() } == "ab|")
  }

  @Test func movesOverWholeGraphemeClusters() {
    // e + combining acute, a flag (two regional indicators), a family (joined by ZWJ).
    var edited = EditBuffer("e\u{301}🇫🇷👨‍👩‍👧")
    #expect(edited.characters.count == 3)
    edited.moveLeft()
    edited.moveLeft()
    #expect(edited.cursor == 1)
    edited.deleteBackward()
    #expect(edited.text == "🇫🇷👨‍👩‍👧")
  }

  @Test func combiningMarkJoinsTheCharacterBeforeTheCursor() {
    var edited = buffer("e|x")
    edited.insert("\u{301}")
    #expect(edited.characters == ["é", "x"])
    #expect(edited.cursor == 1)
    edited.deleteBackward()
    #expect(edited.text == "x")
  }

  @Test func deletes() {
    #expect(apply("ab|c") { $0.deleteBackward() } == "a|c")
    #expect(apply("|abc") { $0.deleteBackward() } == "|abc")
    #expect(apply("ab|c") { $0.deleteForward() } == "ab|")
    #expect(apply("abc|") { $0.deleteForward() } == "abc|")
  }

  @Test func movesToLineStartAndEnd() {
    #expect(apply("ab|c") { $0.moveToLineStart() } == "|abc")
    #expect(apply("ab|c") { $0.moveToLineEnd() } == "abc|")
    #expect(apply("ab\ncd|e\nf") { $0.moveToLineStart() } == "ab\n|cde\nf")
    #expect(apply("ab\nc|de\nf") { $0.moveToLineEnd() } == "ab\ncde|\nf")
  }

  @Test(arguments: [
    ("foo bar|", "foo |bar"), ("foo bar |", "foo |bar "), ("foo |bar", "|foo bar"), ("|foo", "|foo"),
    ("m.slot(\"label\")|", "m.slot(\"|label\")"), ("a_b1 c|", "a_b1 |c"), ("été naïf|", "été |naïf"),
    ("x == 日本|", "x == |日本"), ("ab\n  cd|", "ab\n  |cd"), ("ab\n|cd", "|ab\ncd"),
  ])
  func movesWordLeft(_ start: String, _ expected: String) {
    #expect(apply(start) { $0.moveWordLeft() } == expected)
  }

  @Test(arguments: [
    ("|foo bar", "foo| bar"), ("foo| bar", "foo bar|"), ("foo bar|", "foo bar|"),
    ("|m.slot(\"label\")", "m|.slot(\"label\")"), ("m|.slot(", "m.slot|("), ("ab|\ncd", "ab\ncd|"),
  ])
  func movesWordRight(_ start: String, _ expected: String) {
    #expect(apply(start) { $0.moveWordRight() } == expected)
  }

  @Test(arguments: [
    ("foo bar|", "foo |"), ("foo bar  |", "foo |"), ("foo ba|r", "foo |r"), ("|foo", "|foo"),
    ("size() > |", "|"), ("m.slot(\"label\"|", "m.slot(\"|"), ("a\n|b", "|b"),
  ])
  func killsWordBackward(_ start: String, _ expected: String) {
    #expect(apply(start) { $0.killWordBackward() } == expected)
  }

  @Test func killsToLineEndAndStart() {
    #expect(apply("ab|cd") { $0.killToLineEnd() } == "ab|")
    #expect(apply("ab|cd") { $0.killToLineStart() } == "|cd")
    #expect(apply("ab|cd\nef") { $0.killToLineEnd() } == "ab|\nef")
    #expect(apply("ab\nc|d") { $0.killToLineStart() } == "ab\n|d")
    // At the end (start) of a line, Ctrl-K (Ctrl-U) joins the lines.
    #expect(apply("ab|\ncd") { $0.killToLineEnd() } == "ab|cd")
    #expect(apply("ab\n|cd") { $0.killToLineStart() } == "ab|cd")
    #expect(apply("abc|") { $0.killToLineEnd() } == "abc|")
    #expect(apply("|abc") { $0.killToLineStart() } == "|abc")
  }

  @Test func yanksWhatWasKilled() {
    var edited = buffer("hello |world")
    edited.killToLineEnd()
    edited.moveToLineStart()
    edited.yank()
    #expect(marked(edited) == "world|hello ")
    edited.killWordBackward()
    edited.moveToLineEnd()
    edited.yank()
    #expect(edited.text == "hello world")
  }

  @Test(arguments: [
    ("abcd\nef|gh", "ab|cd\nefgh", true), ("a\nbcd|", "a|\nbcd", true),  // the column is clamped to a shorter line
    ("a\n\nb|", "a\n|\nb", true), ("ab|c", "ab|c", false),
  ])
  func movesUpALineKeepingTheColumn(_ start: String, _ expected: String, _ moves: Bool) {
    var edited = buffer(start)
    #expect(edited.moveLineUp() == moves)
    #expect(marked(edited) == expected)
  }

  @Test(arguments: [
    ("ab|cd\nefgh", "abcd\nef|gh", true), ("abc|\nd", "abc\nd|", true), ("ab|c", "ab|c", false),
  ])
  func movesDownALineKeepingTheColumn(_ start: String, _ expected: String, _ moves: Bool) {
    var edited = buffer(start)
    #expect(edited.moveLineDown() == moves)
    #expect(marked(edited) == expected)
  }

  @Test func setsTextWithTheCursorAtTheEndOfTheFirstLineOrTheText() {
    var edited = EditBuffer()
    edited.setText("ab\ncd", cursorAtEndOfFirstLine: true)
    #expect(marked(edited) == "ab|\ncd")
    edited.setText("ab\ncd", cursorAtEndOfFirstLine: false)
    #expect(marked(edited) == "ab\ncd|")
  }

  @Test func measuresTheCursorInUTF8() {
    #expect(buffer("é日|x").cursorUTF8Offset == 5)
    #expect(buffer("|é").cursorUTF8Offset == 0)
    #expect(buffer("a\nb|").cursorUTF8Offset == 3)
  }

  @Test func replacesUTF8Ranges() {
    var edited = buffer("x = ap|")
    #expect(edited.text(utf8Range: 4..<6) == "ap")
    var replaced = edited.replace(utf8Range: 4..<6, with: "apple")
    #expect(replaced && marked(edited) == "x = apple|")

    edited = buffer("é|x")
    #expect(edited.text(utf8Range: 1..<2) == nil)  // inside é
    replaced = edited.replace(utf8Range: 1..<2, with: "z")
    #expect(!replaced)
    replaced = edited.replace(utf8Range: 0..<9, with: "z")  // past the end
    #expect(!replaced)
    #expect(marked(edited) == "é|x")
    replaced = edited.replace(utf8Range: 2..<2, with: "日")
    #expect(replaced && marked(edited) == "é日|x")
  }

  @Test(arguments: ["a", "Z", "0", "_", "é", "日", "٣"])
  func wordCharacters(_ character: Character) {
    #expect(EditBuffer.isWordCharacter(character))
  }

  @Test(arguments: [" ", ".", "(", "\"", "-", "\n", "😀"])
  func nonWordCharacters(_ character: Character) {
    #expect(!EditBuffer.isWordCharacter(character))
  }
}
