import Testing

@testable import Precept

/// Tokens of `text` up to the end of input, with the diagnostics the lexer reported.
private func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic], source: SourceFile) {
  lex(SourceFile(name: "t", text: text))
}

private func lex(_ source: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic], source: SourceFile) {
  var lexer = Lexer(source: source)
  var tokens: [Token] = []
  while true {
    let token = lexer.next()
    if token.kind == .endOfFile { break }
    tokens.append(token)
  }
  return (tokens, lexer.diagnostics, source)
}

private func kinds(_ text: String) -> [TokenKind] { lex(text).tokens.map(\.kind) }

/// Each token's kind and text, as `kind:text`.
private func spelled(_ text: String) -> [String] {
  let (tokens, _, source) = lex(text)
  return tokens.map { "\($0.kind):\(source.text($0.span.range))" }
}

/// Diagnostics as `line:column: message`.
private func errors(_ source: SourceFile) -> [String] {
  lex(source).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
}

private func errors(_ text: String) -> [String] { errors(SourceFile(name: "t", text: text)) }

@Suite struct LexerTests {
  @Test func everyPunctuationToken() {
    let text = "( ) [ ] { } . , : ? + - * / % ! == != < <= > >= && || => = |"
    let expected: [TokenKind] = [
      .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .dot, .comma, .colon,
      .question, .plus, .minus, .star, .slash, .percent, .bang, .equalEqual, .bangEqual, .less, .lessEqual,
      .greater, .greaterEqual, .ampAmp, .pipePipe, .implies, .equal, .pipe,
    ]
    #expect(kinds(text) == expected)
    #expect(lex(text).diagnostics.isEmpty)
    // Longest match without spaces.
    #expect(kinds("a==>b") == [.identifier, .equalEqual, .greater, .identifier])
    #expect(kinds("a=>=b") == [.identifier, .implies, .equal, .identifier])
    #expect(kinds("!!=|||") == [.bang, .bangEqual, .pipePipe, .pipe])
  }

  @Test func identifiersAndKeywordsAreIdentifiers() {
    #expect(
      spelled("a _b c9 _ A_Z9 in true null rule") == [
        "identifier:a", "identifier:_b", "identifier:c9", "identifier:_", "identifier:A_Z9", "identifier:in",
        "identifier:true", "identifier:null", "identifier:rule",
      ])
    // `r` and `b` are identifiers unless a quote follows directly.
    #expect(
      spelled("r b rb br rbx r \"s\"") == [
        "identifier:r", "identifier:b", "identifier:rb", "identifier:br", "identifier:rbx", "identifier:r",
        "string:\"s\"",
      ])
    #expect(
      spelled("x.`content-type`.`a b`") == [
        "identifier:x", "dot:.", "quotedIdentifier:`content-type`", "dot:.", "quotedIdentifier:`a b`",
      ])
  }

  @Test func numberForms() {
    #expect(
      spelled("0 7 007 42 0x2A 0XfF 1u 0x1U 18446744073709551615u") == [
        "int:0", "int:7", "int:007", "int:42", "int:0x2A", "int:0XfF", "uint:1u", "uint:0x1U",
        "uint:18446744073709551615u",
      ])
    #expect(
      spelled("1.5 .5 1e3 1E+3 2.5e-3 0.0 1.0e0") == [
        "double:1.5", "double:.5", "double:1e3", "double:1E+3", "double:2.5e-3", "double:0.0", "double:1.0e0",
      ])
    // What is not part of a number is the next token.
    #expect(
      spelled("1. 1.e5 1e 1e+ 0x 0xg 1.5u 2abc") == [
        "int:1", "dot:.", "int:1", "dot:.", "identifier:e5", "int:1", "identifier:e", "int:1", "identifier:e",
        "plus:+", "int:0", "identifier:x", "int:0", "identifier:xg", "double:1.5", "identifier:u", "int:2",
        "identifier:abc",
      ])
  }

  @Test func stringAndBytesForms() {
    let forms = [
      #""a""#, "'a'", #""""a"b""""#, "'''a'b'''", #"r"\d""#, #"R'\d'"#, #"b"x""#, "B'x'", #"rb"\d""#, #"bR'\d'"#,
      #"Br"x""#, #"RB"x""#, #"b"""x""""#, #""\"""#, #"'\''"#,
    ]
    let (tokens, diagnostics, source) = lex(forms.joined(separator: " "))
    #expect(diagnostics.isEmpty)
    #expect(tokens.map { source.text($0.span.range) } == forms)
    #expect(
      tokens.map(\.kind) == [
        .string, .string, .string, .string, .string, .string, .bytes, .bytes, .bytes, .bytes, .bytes, .bytes, .bytes,
        .string, .string,
      ])
    // A raw string ends at the first matching quote: the backslash escapes nothing.
    #expect(spelled(#"r"\" x"#) == [#"string:r"\""#, "identifier:x"])
    // Triple-quoted strings span lines; single-quoted ones do not.
    #expect(kinds("\"\"\"a\nb\"\"\" '''\r\n'''") == [.string, .string])
  }

  @Test func escapesDecode() throws {
    func decode(_ literal: String, bytes: Bool = false) throws -> [UInt8] {
      let source = SourceFile(name: "t", text: literal)
      return try Literals.decodeQuoted(source, Span(0, source.bytes.count), isBytes: bytes)
    }
    #expect(try decode(#""\a\b\f\n\r\t\v\\\'\"\`\?""#) == [7, 8, 12, 10, 13, 9, 11, 92, 39, 34, 96, 63])
    #expect(try decode(#""\x41\X42\101\000\377""#) == Array("AB\u{41}\u{0}ÿ".utf8))
    #expect(try decode(#""\u00e9\U0001F600""#) == Array("é😀".utf8))
    #expect(try decode(#"b"\xff\377\x00""#, bytes: true) == [0xFF, 0xFF, 0x00])
    #expect(try decode(#"b"é""#, bytes: true) == [0xC3, 0xA9])
    #expect(try decode(#"r"\n\x""#) == Array(#"\n\x"#.utf8))
    #expect(try decode(#""""a"\n""""#) == Array("a\"\n".utf8))
    #expect(try decode("'''\n'''") == [10])
    #expect(try decode("\"\"") == [])
    #expect(try decode("\"\"\"\"\"\"") == [])
  }

  @Test func escapeErrorsPointAtTheEscape() {
    let cases: [(String, String)] = [
      (#""ab\q""#, "1:4: invalid escape sequence '\\q'"),
      (#""\x4""#, "1:2: escape needs 2 hexadecimal digits"),
      (#""\u12G4""#, "1:2: escape needs 4 hexadecimal digits"),
      (#""\U0011000""#, "1:2: escape needs 8 hexadecimal digits"),
      (
        #""\U00110000""#,
        "1:2: invalid Unicode code point in escape (surrogates and values above U+10FFFF are not allowed)"
      ),
      (
        #""\uD800""#, "1:2: invalid Unicode code point in escape (surrogates and values above U+10FFFF are not allowed)"
      ),
      (#""\400""#, "1:2: invalid escape sequence '\\4'"),
      (#""\08""#, "1:2: octal escape needs three octal digits"),
      (#"b"\u0041""#, "1:3: '\\u' escapes are not allowed in bytes literals"),
      (#"b"\U00000041""#, "1:3: '\\U' escapes are not allowed in bytes literals"),
    ]
    for (literal, expected) in cases {
      let (_, diagnostics) = Parser.parseExpression(SourceFile(name: "t", text: literal))
      let shown = diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
      #expect(shown == [expected], "\(literal)")
    }
  }

  @Test func unterminatedLiterals() {
    #expect(errors("x + \"abc") == ["1:5: unterminated string literal"])
    #expect(errors("'abc\n'") == ["1:1: unterminated string literal", "2:1: unterminated string literal"])
    #expect(errors("a\n  \"\"\"abc\n\ndef") == ["2:3: unterminated triple-quoted string literal"])
    #expect(errors("b'ab\\") == ["1:1: unterminated string literal"])
    // A backslash before the line end does not continue a single-quoted string.
    #expect(errors("\"a\\\nb\"") == ["1:1: unterminated string literal", "2:1: unterminated string literal"])
    #expect(errors("x.`open") == ["1:3: unterminated or empty quoted identifier"])
    #expect(
      errors("x.``") == [
        "1:3: unterminated or empty quoted identifier", "1:4: unterminated or empty quoted identifier",
      ])
  }

  @Test func unexpectedCharacters() {
    #expect(errors("a & b") == ["1:3: unexpected '&'; did you mean '&&'?"])
    #expect(
      errors("#x $ @ ^ ~ \\ ;") == [
        "1:1: unexpected character '#'", "1:4: unexpected character '$'", "1:6: unexpected character '@'",
        "1:8: unexpected character '^'", "1:10: unexpected character '~'", "1:12: unexpected character '\\'",
        "1:14: unexpected character ';'",
      ])
    #expect(errors("é + x") == ["1:1: unexpected character 'é'"])
    #expect(errors("a\u{7}b") == ["1:2: unexpected character byte 0x7"])
    #expect(kinds("a # b") == [.identifier, .invalid, .identifier])
  }

  @Test func invalidUTF8IsReportedWherever() {
    func source(_ bytes: [UInt8]) -> SourceFile { SourceFile(name: "t", bytes: bytes) }
    let quote = UInt8(ascii: "\"")
    // In code, in a string, in a comment, in a quoted identifier; the lexer moves on after each.
    #expect(errors(source([0x61, 0x20, 0xFF, 0x20, 0x62])) == ["1:3: invalid UTF-8 byte 0xFF"])
    #expect(errors(source([quote, 0x61, 0xC3, quote])) == ["1:3: invalid UTF-8 byte 0xC3"])
    #expect(
      errors(source(Array("// ok\n// ".utf8) + [0xE2, 0x82] + Array("\nx".utf8))) == [
        "2:4: invalid UTF-8 byte 0xE2", "2:5: invalid UTF-8 byte 0x82",
      ])
    #expect(errors(source(Array("x.`a".utf8) + [0x80] + Array("`".utf8))) == ["1:5: invalid UTF-8 byte 0x80"])
    // Overlong forms, surrogates and values above U+10FFFF are invalid too.
    #expect(errors(source([quote, 0xC0, 0x80, quote])).first == "1:2: invalid UTF-8 byte 0xC0")
    #expect(errors(source([quote, 0xED, 0xA0, 0x80, quote])).first == "1:2: invalid UTF-8 byte 0xED")
    #expect(errors(source([quote, 0xF4, 0x90, 0x80, 0x80, quote])).first == "1:2: invalid UTF-8 byte 0xF4")
    // Valid multi-byte text anywhere is fine.
    #expect(errors("\"é😀\" // ünïcode\nx.`ñ`").isEmpty)
  }

  @Test func commentsAndWhitespace() {
    #expect(kinds("a // b c\nd") == [.identifier, .identifier])
    #expect(kinds("a // b\r\nc // d") == [.identifier, .identifier])
    #expect(kinds("a\t\u{0C}\r\n b") == [.identifier, .identifier])
    // There are no block comments: `/*` is a slash and a star.
    #expect(kinds("a /* b */") == [.identifier, .slash, .star, .identifier, .star, .slash])
    #expect(kinds("a/b") == [.identifier, .slash, .identifier])
  }

  @Test func positionsCountScalarsAndLines() {
    let (tokens, _, source) = lex("é\n  \"😀\" x\r\ny")
    #expect(tokens.map { source.location(of: $0.start).description } == ["1:1", "2:3", "2:7", "3:1"])
  }

  /// Garbage on one line: at most 100 errors (and one saying so) per stage, each quoting at
  /// most `Diagnostic.quotedWidth` characters of the line, so reporting stays linear (a
  /// diagnostic for each of its 7,000 bad tokens, each quoting the 30 KB line, took minutes).
  @Test func garbageIsReportedWithinALimit() {
    var random = SplitMix64(seed: 7)
    let bytes = (0..<30_000).map { _ -> UInt8 in
      let byte = UInt8(truncatingIfNeeded: random.next())
      return byte == 0x0A || byte == 0x0D ? 0xFF : byte
    }
    let source = SourceFile(name: "garbage", bytes: bytes)
    let (_, lexerDiagnostics, _) = lex(source)
    #expect(lexerDiagnostics.count == 101)
    #expect(lexerDiagnostics.last?.message == "too many errors; the rest of the file is not reported")
    let (_, expressionDiagnostics) = Parser.parseExpression(source)
    let (_, rulesetDiagnostics) = Parser.parseRuleset(
      SourceFile(name: "garbage", bytes: Array("ruleset a 1.0.0\n".utf8) + bytes))
    #expect(expressionDiagnostics.count <= 202)
    #expect(rulesetDiagnostics.count <= 202)
    // What is rendered is bounded by the count, not by the line's length.
    for diagnostic in lexerDiagnostics + expressionDiagnostics + rulesetDiagnostics {
      let rendered = diagnostic.rendered()
      #expect(rendered.unicodeScalars.count <= 4 * Diagnostic.quotedWidth + 200, "\(rendered.prefix(300))")
    }
  }

  @Test func invalidBytesShowAsReplacementCharacters() {
    let source = SourceFile(name: "t", bytes: [0x61, 0xE2, 0x82, 0x62, 0xFF, 0x63])
    #expect(source.lineText(1) == "a\u{FFFD}\u{FFFD}b\u{FFFD}c")
    #expect(
      errors(source) == [
        "1:2: invalid UTF-8 byte 0xE2", "1:3: invalid UTF-8 byte 0x82", "1:5: invalid UTF-8 byte 0xFF",
      ])
    #expect(source.location(of: 3) == Precept.SourceLocation(line: 1, column: 4))
  }

  @Test func hugeLiterals() throws {
    let digits = String(repeating: "9", count: 100_000)
    let (_, intDiagnostics) = Parser.parseExpression(SourceFile(name: "t", text: digits))
    #expect(intDiagnostics.map(\.message) == ["integer literal '\(digits)' does not fit in a 64-bit int"])
    let (_, uintDiagnostics) = Parser.parseExpression(SourceFile(name: "t", text: "0x" + digits + "u"))
    #expect(uintDiagnostics.count == 1)
    // A double with many digits rounds; one beyond the range is infinite.
    #expect(
      try CompiledExpression(String(repeating: "1", count: 300) + ".5 > 1e299").evaluate() == .success(.bool(true)))
    #expect(try CompiledExpression(digits + ".0 == 1e999").evaluate() == .success(.bool(true)))
    #expect(try CompiledExpression("1e999").evaluate() == .success(.double(.infinity)))
    #expect(try CompiledExpression("1e-999").evaluate() == .success(.double(0)))
    // A one-megabyte string literal with escapes.
    let content = String(repeating: "ab\\n", count: 262_144)
    let value = try CompiledExpression("\"" + content + "\".size()").evaluate()
    #expect(value == .success(.int(3 * 262_144)))
  }
}
