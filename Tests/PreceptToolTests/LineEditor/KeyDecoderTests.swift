import Testing

@testable import PreceptTool

/// Decodes all of `bytes`, flushing at the end as the editor does after a pause.
private func decode(_ bytes: [UInt8]) -> [Key] {
  var decoder = KeyDecoder()
  return decoder.decode(bytes) + decoder.flush()
}

private func decode(_ text: String) -> [Key] { decode(Array(text.utf8)) }

@Suite struct KeyDecoderTests {
  /// Every sequence terminals send for the keys the editor binds, from xterm, VTE, rxvt,
  /// the Linux console and screen/tmux.
  static let sequences: [(String, Key)] = [
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[2~", .insert), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[1;5C", .wordRight), ("\u{1B}[1;5D", .wordLeft),  // xterm Ctrl-arrows
    ("\u{1B}[1;3C", .wordRight), ("\u{1B}[1;3D", .wordLeft),  // xterm Alt-arrows
    ("\u{1B}[5C", .wordRight), ("\u{1B}[5D", .wordLeft),  // older xterm Ctrl-arrows
    ("\u{1B}Oc", .wordRight), ("\u{1B}Od", .wordLeft),  // rxvt Ctrl-arrows
    ("\u{1B}[1;2C", .right), ("\u{1B}[1;2D", .left),  // Shift-arrows move as plain arrows
    ("\u{1B}[1;5A", .up), ("\u{1B}[1;5H", .home), ("\u{1B}[3;5~", .delete),
    ("\u{1B}OM", .enter),
    ("\u{1B}b", .meta("b")), ("\u{1B}f", .meta("f")), ("\u{1B}\u{7F}", .metaBackspace),
    ("\u{1B}\u{8}", .metaBackspace),
    ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{8}", .backspace),
    ("\u{1}", .control("a")), ("\u{2}", .control("b")), ("\u{3}", .control("c")), ("\u{4}", .control("d")),
    ("\u{5}", .control("e")), ("\u{6}", .control("f")), ("\u{B}", .control("k")), ("\u{C}", .control("l")),
    ("\u{E}", .control("n")), ("\u{10}", .control("p")), ("\u{15}", .control("u")), ("\u{17}", .control("w")),
    ("\u{19}", .control("y")), ("\u{1A}", .control("z")),
    ("\u{1B}[15~", .unknown), ("\u{1B}OP", .unknown), ("\u{1B}[I", .unknown), ("\u{1B}[?1;2c", .unknown),
    ("a", .text("a")), ("~", .text("~")), ("é", .text("é")), ("日", .text("日")), ("😀", .text("😀")),
  ]

  @Test(arguments: sequences)
  func decodesSequence(_ bytes: String, _ key: Key) {
    #expect(decode(bytes) == [key])
  }

  @Test(arguments: sequences)
  func decodesSequenceArrivingOneByteAtATime(_ bytes: String, _ key: Key) {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes.utf8 { keys += decoder.decode([byte]) }
    #expect(keys == [key])
    #expect(!decoder.hasPending)
  }

  @Test func decodesKeysInARow() {
    #expect(
      decode("ab\u{1B}[D\u{1B}OH\u{3}é\u{1B}[3~\r")
        == [.text("a"), .text("b"), .left, .home, .control("c"), .text("é"), .delete, .enter])
  }

  @Test func waitsForTheRestOfASequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("x\u{1B}[1;".utf8)) == [.text("x")])
    #expect(decoder.hasPending)
    #expect(decoder.decode(Array("5C".utf8)) == [.wordRight])
    #expect(!decoder.hasPending)
  }

  @Test func loneEscapeIsEscapeOnlyAfterAPause() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(Array("b".utf8)) == [.text("b")])
  }

  @Test func escapeBeforeAnotherEscapeStandsAlone() {
    #expect(decode("\u{1B}\u{1B}[D") == [.escape, .left])
    #expect(decode("\u{1B}\u{1}") == [.escape, .control("a")])
  }

  @Test func truncatedSequenceIsDroppedOnFlush() {
    #expect(decode("\u{1B}[1;") == [.unknown])
    #expect(decode("\u{1B}O") == [.unknown])
  }

  @Test func malformedSequenceDoesNotSwallowTheNextKey() {
    // A control byte inside a control sequence ends it; the byte is decoded on its own.
    #expect(decode("\u{1B}[1\u{3}") == [.unknown, .control("c")])
  }

  @Test func splitsUTF8AcrossReads() {
    var decoder = KeyDecoder()
    let bytes = Array("日😀".utf8)
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    #expect(keys == [.text("日"), .text("😀")])
  }

  @Test func combiningMarkArrivesAsItsOwnKey() {
    #expect(decode("e\u{301}") == [.text("e"), .text("\u{301}")])
  }

  @Test func invalidUTF8BecomesReplacementCharacter() {
    #expect(decode([0xFF, 0x61]) == [.text("\u{FFFD}"), .text("a")])
    #expect(decode([0xC3, 0x28]) == [.text("\u{FFFD}"), .text("(")])  // lead byte without continuation
    #expect(decode([0xC0, 0xAF]) == [.text("\u{FFFD}"), .text("\u{FFFD}")])  // overlong "/"
    #expect(decode([0xED, 0xA0, 0x80]) == [.text("\u{FFFD}")])  // UTF-16 surrogate
    #expect(decode([0xE6, 0x97]) == [.text("\u{FFFD}")])  // truncated at the end of input
  }

  @Test func ignoresBytesWithoutMeaning() {
    #expect(decode([0x00, 0x1C, 0x1F, 0xC2, 0x85, 0x61]) == [.text("a")])  // NUL, FS, US, C1 NEL
  }
}
