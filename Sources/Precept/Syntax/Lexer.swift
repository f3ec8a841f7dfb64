/// Turns ruleset source (or one expression) into tokens on demand.
///
/// The lexer follows CEL's lexical grammar (identifiers, int/uint/double/string/bytes literals
/// with every quote form and prefix, `//` comments) plus Precept's `=>`, `=` and `|`. It never
/// stops at a bad byte: it reports a diagnostic, returns an `.invalid` token and moves on, so the
/// parser can recover and report further errors.
struct Lexer {
  let source: SourceFile
  private(set) var position: Int
  private(set) var diagnostics: [Diagnostic] = []
  /// The end of the text to lex (a message template lexes only its `{…}` part).
  let limit: Int

  init(source: SourceFile, start: Int = 0, end: Int? = nil) {
    self.source = source
    self.position = start
    self.limit = end ?? source.bytes.count
  }

  private func byte(at offset: Int) -> UInt8 {
    offset < limit ? source.bytes[offset] : 0
  }

  private mutating func report(_ message: String, _ start: Int, _ end: Int) {
    diagnostics.appendWithinLimit { Diagnostic(.error, message, in: source, span: Span(start, max(end, start + 1))) }
  }

  /// Skips spaces, newlines and comments. Reports invalid UTF-8 inside comments.
  mutating func skipTrivia() {
    while position < limit {
      let current = source.bytes[position]
      switch current {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
        position += 1
      case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "/"):
        while position < limit, source.bytes[position] != 0x0A, source.bytes[position] != 0x0D {
          if source.bytes[position] >= 0x80 {
            if !skipUTF8Scalar() { position += 1 }
          } else {
            position += 1
          }
        }
      default:
        return
      }
    }
  }

  /// Skips one UTF-8 encoded scalar at `position`, reporting it if it is malformed.
  /// Returns false (without moving) when the sequence is invalid.
  @discardableResult
  private mutating func skipUTF8Scalar() -> Bool {
    let length = validUTF8Length(at: position)
    if length == 0 {
      report(
        "invalid UTF-8 byte 0x\(String(source.bytes[position], radix: 16, uppercase: true))", position, position + 1)
      return false
    }
    position += length
    return true
  }

  /// The length of the valid UTF-8 sequence starting at `offset`, or 0 if it is malformed.
  func validUTF8Length(at offset: Int) -> Int {
    Precept.validUTF8Length(source.bytes, at: offset, end: limit)
  }

  /// The next token. At the end of input it returns `.endOfFile` forever.
  mutating func next() -> Token {
    skipTrivia()
    let start = position
    guard position < limit else { return Token(kind: .endOfFile, span: Span(limit, limit)) }
    let current = source.bytes[position]
    func single(_ kind: TokenKind, _ width: Int = 1) -> Token {
      position += width
      return Token(kind: kind, span: Span(start, position))
    }
    let following = byte(at: position + 1)
    switch current {
    case UInt8(ascii: "("): return single(.leftParen)
    case UInt8(ascii: ")"): return single(.rightParen)
    case UInt8(ascii: "["): return single(.leftBracket)
    case UInt8(ascii: "]"): return single(.rightBracket)
    case UInt8(ascii: "{"): return single(.leftBrace)
    case UInt8(ascii: "}"): return single(.rightBrace)
    case UInt8(ascii: ","): return single(.comma)
    case UInt8(ascii: ":"): return single(.colon)
    case UInt8(ascii: "?"): return single(.question)
    case UInt8(ascii: "+"): return single(.plus)
    case UInt8(ascii: "-"): return single(.minus)
    case UInt8(ascii: "*"): return single(.star)
    case UInt8(ascii: "/"): return single(.slash)
    case UInt8(ascii: "%"): return single(.percent)
    case UInt8(ascii: "!"): return following == UInt8(ascii: "=") ? single(.bangEqual, 2) : single(.bang)
    case UInt8(ascii: "="):
      if following == UInt8(ascii: "=") { return single(.equalEqual, 2) }
      if following == UInt8(ascii: ">") { return single(.implies, 2) }
      return single(.equal)
    case UInt8(ascii: "<"): return following == UInt8(ascii: "=") ? single(.lessEqual, 2) : single(.less)
    case UInt8(ascii: ">"): return following == UInt8(ascii: "=") ? single(.greaterEqual, 2) : single(.greater)
    case UInt8(ascii: "&"):
      if following == UInt8(ascii: "&") { return single(.ampAmp, 2) }
      report("unexpected '&'; did you mean '&&'?", start, start + 1)
      return single(.invalid)
    case UInt8(ascii: "|"): return following == UInt8(ascii: "|") ? single(.pipePipe, 2) : single(.pipe)
    case UInt8(ascii: "."):
      if isDigit(following) { return number() }
      return single(.dot)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return number()
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return string(prefixEnd: start, raw: false, bytes: false)
    case UInt8(ascii: "`"):
      position += 1
      while position < limit, source.bytes[position] != UInt8(ascii: "`"), source.bytes[position] != 0x0A {
        if source.bytes[position] >= 0x80 {
          if !skipUTF8Scalar() { position += 1 }
        } else {
          position += 1
        }
      }
      guard position < limit, source.bytes[position] == UInt8(ascii: "`"), position > start + 1 else {
        report("unterminated or empty quoted identifier", start, start + 1)
        return Token(kind: .invalid, span: Span(start, position))
      }
      position += 1
      return Token(kind: .quotedIdentifier, span: Span(start, position))
    default:
      if isIdentifierStart(current) { return identifierOrPrefixedString() }
      if current >= 0x80 {
        let length = validUTF8Length(at: position)
        if length == 0 {
          report("invalid UTF-8 byte 0x\(String(current, radix: 16, uppercase: true))", start, start + 1)
          position += 1
        } else {
          position += length
          report("unexpected character '\(source.text(start..<position))'", start, position)
        }
        return Token(kind: .invalid, span: Span(start, position))
      }
      position += 1
      let shown =
        current >= 0x21 && current < 0x7F
        ? "'\(Character(Unicode.Scalar(current)))'" : "byte 0x\(String(current, radix: 16, uppercase: true))"
      report("unexpected character \(shown)", start, position)
      return Token(kind: .invalid, span: Span(start, position))
    }
  }

  private mutating func identifierOrPrefixedString() -> Token {
    let start = position
    while position < limit, isIdentifierContinue(source.bytes[position]) { position += 1 }
    let quote = byte(at: position)
    if (quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")), position - start <= 2 {
      var raw = false
      var isBytes = false
      var valid = true
      for index in start..<position {
        switch source.bytes[index] | 0x20 {
        case UInt8(ascii: "r") where !raw: raw = true
        case UInt8(ascii: "b") where !isBytes: isBytes = true
        default: valid = false
        }
      }
      if valid { return string(prefixEnd: position, raw: raw, bytes: isBytes, tokenStart: start) }
    }
    return Token(kind: .identifier, span: Span(start, position))
  }

  private mutating func number() -> Token {
    let start = position
    if source.bytes[position] == UInt8(ascii: "0"), byte(at: position + 1) | 0x20 == UInt8(ascii: "x"),
      isHexDigit(byte(at: position + 2))
    {
      position += 2
      while position < limit, isHexDigit(source.bytes[position]) { position += 1 }
      return integerSuffix(start)
    }
    var isDouble = false
    while position < limit, isDigit(source.bytes[position]) { position += 1 }
    if byte(at: position) == UInt8(ascii: "."), isDigit(byte(at: position + 1)) {
      isDouble = true
      position += 1
      while position < limit, isDigit(source.bytes[position]) { position += 1 }
    }
    if byte(at: position) | 0x20 == UInt8(ascii: "e") {
      var look = position + 1
      if byte(at: look) == UInt8(ascii: "+") || byte(at: look) == UInt8(ascii: "-") { look += 1 }
      if isDigit(byte(at: look)) {
        isDouble = true
        position = look
        while position < limit, isDigit(source.bytes[position]) { position += 1 }
      }
    }
    if isDouble { return Token(kind: .double, span: Span(start, position)) }
    return integerSuffix(start)
  }

  private mutating func integerSuffix(_ start: Int) -> Token {
    if byte(at: position) | 0x20 == UInt8(ascii: "u") {
      position += 1
      return Token(kind: .uint, span: Span(start, position))
    }
    return Token(kind: .int, span: Span(start, position))
  }

  /// Scans a string or bytes literal whose opening quote is at `prefixEnd`. Escapes are only
  /// skipped here; `StringLiteral.decode` checks and decodes them.
  private mutating func string(prefixEnd: Int, raw: Bool, bytes: Bool, tokenStart: Int? = nil) -> Token {
    let start = tokenStart ?? prefixEnd
    let quote = source.bytes[prefixEnd]
    let triple = byte(at: prefixEnd + 1) == quote && byte(at: prefixEnd + 2) == quote
    position = prefixEnd + (triple ? 3 : 1)
    let kind: TokenKind = bytes ? .bytes : .string
    while position < limit {
      let current = source.bytes[position]
      if current == quote {
        if !triple {
          position += 1
          return Token(kind: kind, span: Span(start, position))
        }
        if byte(at: position + 1) == quote && byte(at: position + 2) == quote {
          position += 3
          return Token(kind: kind, span: Span(start, position))
        }
        position += 1
      } else if current == UInt8(ascii: "\\") && !raw {
        position += 1
        if position < limit, source.bytes[position] < 0x80,
          triple || (source.bytes[position] != 0x0A && source.bytes[position] != 0x0D)
        {
          position += 1
        }
      } else if (current == 0x0A || current == 0x0D) && !triple {
        break
      } else if current >= 0x80 {
        if !skipUTF8Scalar() { position += 1 }
      } else {
        position += 1
      }
    }
    report(
      triple ? "unterminated triple-quoted string literal" : "unterminated string literal",
      start, min(position, start + (triple ? 3 : 1)))
    return Token(kind: .invalid, span: Span(start, position))
  }

  /// Reads the rest of the current line as raw text (for version ranges after `import NAME`),
  /// stopping before a `//` comment and trimming spaces.
  mutating func restOfLine() -> (text: String, span: Span) {
    while position < limit, source.bytes[position] == 0x20 || source.bytes[position] == 0x09 {
      position += 1
    }
    let start = position
    while position < limit {
      let current = source.bytes[position]
      if current == 0x0A || current == 0x0D { break }
      if current == UInt8(ascii: "/") && byte(at: position + 1) == UInt8(ascii: "/") { break }
      position += 1
    }
    var end = position
    while end > start, source.bytes[end - 1] == 0x20 || source.bytes[end - 1] == 0x09 { end -= 1 }
    return (source.text(start..<end), Span(start, end))
  }

  /// Moves back to `offset`, forgetting diagnostics after the first `count`.
  mutating func rewind(to offset: Int, keepingDiagnostics count: Int) {
    position = offset
    diagnostics.removeSubrange(min(count, diagnostics.count)...)
  }

  /// Reads a run of non-space characters on the current line (for the version in the
  /// `ruleset` header).
  mutating func word() -> (text: String, span: Span) {
    while position < limit, source.bytes[position] == 0x20 || source.bytes[position] == 0x09 {
      position += 1
    }
    let start = position
    while position < limit {
      let current = source.bytes[position]
      if current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D { break }
      if current == UInt8(ascii: "/") && byte(at: position + 1) == UInt8(ascii: "/") { break }
      position += 1
    }
    return (source.text(start..<position), Span(start, position))
  }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
@inline(__always) func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }
@inline(__always) func isIdentifierStart(_ byte: UInt8) -> Bool {
  (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
}
@inline(__always) func isIdentifierContinue(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
