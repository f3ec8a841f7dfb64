import Precept

/// Where a modifier can be added to a view written in Swift source: after the view's call, its
/// trailing closures and the modifiers already chained to it. An editor's quick fix inserts a
/// hint such as `.accessibilityLabel("Share")` there, on a line of its own.
package enum ModifierChain {
  /// The place after the view whose name starts at `offset`, the indentation a modifier line
  /// there takes (that of the chain's last modifier line, else the view's line and four
  /// spaces), and the names of the modifiers the view has. Nil when `offset` does not start a
  /// name or the file does not lex.
  package static func end(of source: SourceFile, at offset: Int) -> (
    offset: Int, indentation: String, modifiers: [String]
  )? {
    source.bytes.withUnsafeBufferPointer { text -> (Int, String, [String])? in
      var lexer = Lexer(text, limit: SwiftUIReader.maximumNesting)
      do throws(ReadFailure) { try lexer.run() } catch { return nil }
      let tokens = lexer.tokens
      guard let first = tokens.firstIndex(where: { Int($0.start) == offset }), tokens[first].kind == .identifier
      else { return nil }
      var index = first + 1
      // A qualified name: SwiftUI.Menu.
      while tokens[index].kind == .period, tokens[index + 1].kind == .identifier,
        !tokens[index].has(Token.newlineBefore)
      {
        index += 2
      }
      var modifierLine: Int?
      var modifiers: [String] = []
      /// The call's arguments and trailing closures (`{ … } label: { … }`) after `index`.
      func skipCall() {
        if tokens[index].kind == .leftParen, !tokens[index].has(Token.newlineBefore) {
          index = Int(tokens[index].match) + 1
        }
        if tokens[index].kind == .leftBrace { index = Int(tokens[index].match) + 1 }
        while index + 2 < tokens.count, tokens[index].kind == .identifier, tokens[index + 1].kind == .colon,
          tokens[index + 2].kind == .leftBrace
        {
          index = Int(tokens[index + 2].match) + 1
        }
      }
      skipCall()
      while tokens[index].kind == .period, tokens[index + 1].kind == .identifier {
        if tokens[index].has(Token.newlineBefore) { modifierLine = Int(tokens[index].start) }
        let name = tokens[index + 1]
        modifiers.append(String(decoding: text[Int(name.start)..<Int(name.end)], as: UTF8.self))
        index += 2
        skipCall()
      }
      let end = Int(tokens[index - 1].end)
      func indentation(at offset: Int) -> String {
        var start = offset
        while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
        var stop = start
        while stop < text.count, text[stop] == 0x20 || text[stop] == 0x09 { stop += 1 }
        return String(decoding: text[start..<stop], as: UTF8.self)
      }
      return (end, modifierLine.map(indentation) ?? indentation(at: offset) + "    ", modifiers)
    }
  }
}
