import Testing

@testable import PreceptTool

/// Brackets and double-quoted strings must be closed, as the REPL will ask.
private func bracketsClosed(_ text: String) -> Bool {
  var depth = 0
  var inString = false
  for character in text {
    if character == "\"" { inString.toggle() }
    if inString { continue }
    if "([{".contains(character) { depth += 1 }
    if ")]}".contains(character) { depth -= 1 }
  }
  return depth <= 0 && !inString
}

private let words = ["apple", "apricot", "banana", "日本語"]

/// Completes the letters before the cursor from `words`.
private func completeWord(_ text: String, _ cursor: Int) -> Completion {
  let before = Array(text.utf8.prefix(cursor))
  let start =
    before.lastIndex { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) && $0 < 0x80 }.map { $0 + 1 } ?? 0
  let word = String(decoding: before[start...], as: UTF8.self)
  return Completion(replacing: start..<cursor, candidates: words.filter { $0.hasPrefix(word) })
}

/// An edit session drawing on a screen model, fed keys as a terminal would send them.
private struct Harness {
  var session: EditSession
  var screen: ScreenModel

  init(
    width: Int = 30, height: Int = 12, history: [String] = [],
    complete: @escaping (String, Int) -> Completion = completeWord
  ) {
    session = EditSession(
      prompt: "\u{1B}[32m>\u{1B}[0m ", continuationPrompt: "... ", width: width,
      history: History(limit: 100, entries: history), isComplete: bracketsClosed, complete: complete)
    screen = ScreenModel(width: width, height: height)
    session.drawFresh()
    flush()
  }

  /// Types `input` (text and escape sequences) and returns how the entry ended, if it did.
  @discardableResult
  mutating func type(_ input: String) -> EditSession.Outcome? {
    var decoder = KeyDecoder()
    var keys = decoder.decode(Array(input.utf8)) + decoder.flush()
    let outcome = session.handle(&keys)
    flush()
    return outcome
  }

  mutating func flush() { screen.feed(session.takeOutput()) }

  /// The buffer with the cursor marked by "|".
  var marked: String {
    String(session.buffer.characters[..<session.buffer.cursor]) + "|"
      + String(session.buffer.characters[session.buffer.cursor...])
  }

  var cursor: ScreenPosition { ScreenPosition(row: screen.row, column: screen.column) }
}

@Suite struct EditSessionTests {
  @Test func drawsThePromptAndTypedText() {
    var harness = Harness()
    #expect(harness.screen.text == ">")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 2))
    harness.type("héllo 日本")
    #expect(harness.screen.text == "> héllo 日本")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 12))
  }

  @Test(arguments: [
    ("\u{1B}[D", "hello wo|rld"), ("\u{2}", "hello wo|rld"), ("\u{1B}[C", "hello worl|d"), ("\u{6}", "hello worl|d"),
    ("\u{1B}[H", "|hello world"), ("\u{1B}OH", "|hello world"), ("\u{1B}[1~", "|hello world"),
    ("\u{1B}[7~", "|hello world"), ("\u{1}", "|hello world"),
    ("\u{1B}[F", "hello world|"), ("\u{1B}OF", "hello world|"), ("\u{1B}[4~", "hello world|"),
    ("\u{1B}[8~", "hello world|"), ("\u{5}", "hello world|"),
    ("\u{1B}b", "hello |world"), ("\u{1B}[1;5D", "hello |world"), ("\u{1B}[1;3D", "hello |world"),
    ("\u{1B}b\u{1B}b\u{1B}f", "hello| world"), ("\u{1B}[1;5D\u{1B}[1;5D\u{1B}[1;5C", "hello| world"),
    ("\u{7F}", "hello wo|ld"), ("\u{8}", "hello wo|ld"), ("\u{1B}[3~", "hello wor|d"), ("\u{4}", "hello wor|d"),
    ("\u{B}", "hello wor|"), ("\u{15}", "|ld"), ("\u{17}", "hello |ld"), ("\u{1B}\u{7F}", "hello |ld"),
    ("\u{17}\u{1}\u{19}", "wor|hello ld"),
  ])
  func editingKey(_ keys: String, _ expected: String) {
    var harness = Harness()
    harness.type("hello world\u{1B}[D\u{1B}[D")
    #expect(harness.marked == "hello wor|ld")
    harness.type(keys)
    #expect(harness.marked == expected)
    // The screen shows the buffer and the terminal cursor is where the buffer's cursor is.
    let text = harness.session.buffer.text
    #expect(harness.screen.text == "> " + text)
    #expect(harness.cursor == ScreenPosition(row: 0, column: 2 + harness.session.buffer.cursor))
  }

  @Test func enterSubmitsTheWholeEntryAndLeavesTheCursorBelowIt() {
    var harness = Harness()
    #expect(harness.type("1 + 2\u{1B}[D\u{1B}[D\r") == .submitted("1 + 2"))
    #expect(harness.screen.text == "> 1 + 2")
    #expect(harness.cursor == ScreenPosition(row: 1, column: 0))
  }

  @Test func enterOnAnIncompleteEntryContinuesOnTheNextLine() {
    var harness = Harness()
    #expect(harness.type("f(1,\r") == nil)
    #expect(harness.screen.text == "> f(1,\n...")
    #expect(harness.cursor == ScreenPosition(row: 1, column: 4))
    #expect(harness.type("\"a)\"\r") == nil)  // the bracket inside the string does not count
    #expect(harness.type("2)\r") == .submitted("f(1,\n\"a)\"\n2)"))
    #expect(harness.screen.text == "> f(1,\n... \"a)\"\n... 2)")
    #expect(harness.cursor == ScreenPosition(row: 3, column: 0))
  }

  @Test func ctrlDEndsInputOnlyOnAnEmptyEntry() {
    var harness = Harness()
    harness.type("ab\u{1B}[D")
    #expect(harness.type("\u{4}") == nil)
    #expect(harness.marked == "a|")
    #expect(harness.type("\u{4}") == nil)  // nothing under the cursor: nothing happens
    #expect(harness.type("\u{7F}\u{4}") == .endOfInput)
    #expect(harness.cursor == ScreenPosition(row: 1, column: 0))
  }

  @Test func ctrlCAbandonsTheEntryAndShowsAFreshPrompt() {
    var harness = Harness()
    harness.type("f(1,\r2,")
    #expect(harness.type("\u{3}") == nil)
    #expect(harness.session.buffer.text == "")
    #expect(harness.screen.text == "> f(1,\n... 2,^C\n>")
    #expect(harness.cursor == ScreenPosition(row: 2, column: 2))
    #expect(harness.type("x\r") == .submitted("x"))
  }

  @Test func upAndDownWalkTheHistoryAndComeBackToTheDraft() {
    var harness = Harness(history: ["first", "second\nline", "third"])
    harness.type("dra")
    harness.type("\u{1B}[A")
    #expect(harness.marked == "third|")
    #expect(harness.screen.text == "> third")
    harness.type("\u{1B}[A")
    // A multi-line entry shows its first line's end, so Up goes on to older entries.
    #expect(harness.marked == "second|\nline")
    #expect(harness.screen.text == "> second\n... line")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 8))
    harness.type("\u{1B}OA")
    #expect(harness.marked == "first|")
    #expect(harness.screen.text == "> first")
    harness.type("\u{10}")  // Ctrl-P at the oldest entry stays
    #expect(harness.marked == "first|")
    harness.type("\u{1B}[B")
    // Down shows the next entry with the cursor at its end, so Down goes on to newer entries.
    #expect(harness.marked == "second\nline|")
    harness.type("\u{1B}[A")  // within the entry: to its first line
    #expect(harness.marked == "seco|nd\nline")
    harness.type("\u{1B}[B\u{1B}[B")
    #expect(harness.marked == "third|")
    harness.type("\u{E}")  // Ctrl-N past the newest entry: the draft again
    #expect(harness.marked == "dra|")
    #expect(harness.screen.text == "> dra")
    harness.type("\u{1B}[B")
    #expect(harness.marked == "dra|")
  }

  @Test func editedHistoryEntryIsSubmittedAsEdited() {
    var harness = Harness(history: ["size(x)"])
    #expect(harness.type("\u{1B}[A\u{1B}[D\u{7F}y\r") == .submitted("size(y)"))
  }

  @Test func upAndDownWithoutHistoryChangeNothing() {
    var harness = Harness()
    harness.type("ab\u{1B}[D\u{1B}[A\u{1B}[B")
    #expect(harness.marked == "a|b")
  }

  @Test func upAndDownMoveBetweenTheLinesOfAnEntry() {
    var harness = Harness(history: ["old"])
    harness.type("f(abc,\rxy\u{1B}[A")
    #expect(harness.marked == "f(|abc,\nxy")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 4))
    harness.type("\u{1B}[B")
    #expect(harness.marked == "f(abc,\nxy|")
    #expect(harness.cursor == ScreenPosition(row: 1, column: 6))
    harness.type("\u{1B}[A\u{1B}[A")  // from the first line, Up recalls history
    #expect(harness.marked == "old|")
  }

  @Test func tabInsertsTheOnlyCandidate() {
    var harness = Harness()
    harness.type("x + ban\t")
    #expect(harness.marked == "x + banana|")
    harness.type("\u{1}\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[C日\t")  // the word before the cursor, mid-line
    #expect(harness.marked == "x + 日本語|banana")
    #expect(harness.screen.text == "> x + 日本語banana")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 12))
  }

  @Test func tabCompletesTheCommonPrefixThenListsOnTheNextTab() {
    var harness = Harness(width: 30)
    harness.type("a\t")
    #expect(harness.marked == "ap|")
    #expect(harness.screen.bells == 0)
    harness.type("\t")
    #expect(harness.screen.text == "> ap\napple    apricot\n> ap")
    #expect(harness.cursor == ScreenPosition(row: 2, column: 4))
    harness.type("r\t\r")
    #expect(harness.screen.text == "> ap\napple    apricot\n> apricot")
  }

  @Test func tabWithNothingToCompleteRingsTheBellThenLists() {
    var harness = Harness(width: 30)
    harness.type("ap\t")
    #expect(harness.marked == "ap|")
    #expect(harness.screen.bells == 1)
    #expect(harness.screen.text == "> ap")
    harness.type("x\u{7F}\t")  // another key in between: a bell again, no list
    #expect(harness.screen.bells == 2)
    harness.type("\t")
    #expect(harness.screen.text == "> ap\napple    apricot\n> ap")
  }

  @Test func listingFillsColumnsTopToBottom() {
    let candidates = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"]
    var harness = Harness(width: 30) { _, cursor in Completion(replacing: cursor..<cursor, candidates: candidates) }
    harness.type("\t\t")
    #expect(harness.screen.text == ">\nalpha    delta    eta\nbeta     epsilon\ngamma    zeta\n>")
  }

  @Test func tabWithoutCandidatesRingsTheBell() {
    var harness = Harness()
    harness.type("zz\t")
    #expect(harness.marked == "zz|")
    #expect(harness.screen.bells == 1)
  }

  @Test func completionRangeOutsideTheTextIsIgnored() {
    var harness = Harness { _, _ in Completion(replacing: 0..<50, candidates: ["x"]) }
    harness.type("ab\t")
    #expect(harness.marked == "ab|")
    #expect(harness.screen.bells == 1)
  }

  @Test func longLineWrapsAndRedrawsCorrectlyWhileEditing() {
    var harness = Harness(width: 10)
    harness.type("abcdefghijklmnopqrstuvw")
    #expect(harness.screen.text == "> abcdefgh\nijklmnopqr\nstuvw")
    #expect(harness.cursor == ScreenPosition(row: 2, column: 5))
    harness.type("\u{1}XY")
    #expect(harness.screen.text == "> XYabcdef\nghijklmnop\nqrstuvw")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 4))
    harness.type("\u{B}")
    #expect(harness.screen.text == "> XY")
    harness.type("\u{5}12345678")
    #expect(harness.screen.text == "> XY123456\n78")
    harness.type("90abcdef")  // exactly fills two rows: the cursor gets the third
    #expect(harness.screen.lines.prefix(3) == ["> XY123456", "7890abcdef", ""])
    #expect(harness.cursor == ScreenPosition(row: 2, column: 0))
    harness.type("\u{1B}[D")
    #expect(harness.cursor == ScreenPosition(row: 1, column: 9))
    harness.type("\u{15}")
    #expect(harness.screen.text == "> f")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 2))
  }

  @Test func shrinkingMultiLineEntryLeavesNoStaleRows() {
    var harness = Harness(width: 12)
    harness.type("[1,\r2,\r3,\r")
    #expect(harness.screen.text == "> [1,\n... 2,\n... 3,\n...")
    harness.type("\u{3}")
    #expect(harness.screen.text == "> [1,\n... 2,\n... 3,\n... ^C\n>")
    harness.type("[\r\u{7F}")  // back over the newline
    #expect(harness.screen.text == "> [1,\n... 2,\n... 3,\n... ^C\n> [")
  }

  @Test func resizingRedrawsForTheNewWidth() {
    var harness = Harness(width: 20)
    harness.type("abcdefghijklmnop")
    #expect(harness.screen.text == "> abcdefghijklmnop")
    // A terminal that does not reflow keeps the old rows; the redraw starts at the entry's top.
    var narrow = ScreenModel(width: 8, height: 12)
    harness.session.resize(width: 8)
    narrow.feed(harness.session.takeOutput())
    #expect(narrow.text == "> abcdef\nghijklmn\nop")
    #expect(ScreenPosition(row: narrow.row, column: narrow.column) == ScreenPosition(row: 2, column: 2))
  }

  @Test func ctrlLClearsTheScreenAndRedrawsAtTheTop() {
    var harness = Harness()
    harness.type("1\r")
    harness.session = EditSession(
      prompt: "> ", continuationPrompt: "... ", width: 30, history: History(limit: 10), isComplete: bracketsClosed,
      complete: completeWord)
    harness.session.drawFresh()
    harness.type("abc\u{C}")
    #expect(harness.screen.text == "> abc")
    #expect(harness.cursor == ScreenPosition(row: 0, column: 5))
  }

  @Test func ctrlZAsksTheCallerToSuspend() {
    var harness = Harness()
    #expect(harness.type("ab\u{1A}c") == .suspend)
    #expect(harness.screen.text == "> ab")
    harness.session.leaveEntry()
    harness.flush()
    #expect(harness.cursor == ScreenPosition(row: 1, column: 0))
    harness.session.drawFresh()
    harness.flush()
    #expect(harness.screen.text == "> ab\n> ab")
  }

  @Test func ignoresKeysWithoutBinding() {
    var harness = Harness()
    harness.type("a\u{1B}[15~\u{1B}[2~\u{1B}[5~\u{1B}\u{14}b")
    #expect(harness.marked == "ab|")
  }
}
