/// How a piece of REPL input stands with the language's parser and lexer: whether it is a
/// whole entry, and whether it ends inside a string (for completion). Comments, raw strings, triple-quoted
/// strings and quoted identifiers follow the real lexer, so a bracket inside a string or after
/// `//` does not count.
package struct InputState: Sendable, Equatable {
  /// Whether the input is a whole entry, as the parser's entry production says
  /// (`Parser.parseEntry`): it parses, or it is wrong before its end (a line that closes more
  /// brackets than it opens, or leaves a one-line string open, is complete: the parser
  /// reports it). It is not complete while the parser ran out of text — a bracket or a rule's
  /// `{` still open, an operator waiting for its operand — or it ends inside a triple-quoted
  /// string (the only kind that spans lines).
  package let isComplete: Bool
  /// When the input ends inside a string literal, the UTF-8 offset where its contents start.
  package let openStringContent: Int?

  package init(_ text: String) {
    let source = SourceFile(name: "<input>", text: text)
    var lexer = Lexer(source: source)
    var last: Token?
    while true {
      let token = lexer.next()
      if token.kind == .endOfFile { break }
      last = token
    }
    var openString: (content: Int, triple: Bool)?
    if let last, last.kind == .invalid, last.end == source.bytes.count {
      openString = InputState.openString(source.bytes, from: last.start)
    }
    openStringContent = openString?.content
    // Nothing but spaces and comments is an empty entry, not the start of one.
    isComplete = last == nil || (openString?.triple != true && !Parser.parseEntry(source).needsMore)
  }

  /// Where the contents of a string literal starting at `start` (with its `r`/`b` prefix)
  /// begin, and whether it is triple-quoted; nil if no string starts there.
  private static func openString(_ bytes: [UInt8], from start: Int) -> (content: Int, triple: Bool)? {
    var index = start
    while index < bytes.count, index - start < 2,
      bytes[index] | 0x20 == UInt8(ascii: "r") || bytes[index] | 0x20 == UInt8(ascii: "b")
    {
      index += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
      return nil
    }
    let quote = bytes[index]
    let triple = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
    return (index + (triple ? 3 : 1), triple)
  }
}
