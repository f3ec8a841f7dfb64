// The value of a string literal token: escapes resolved, interpolations kept as `\(…)` source
// text, multi-line indentation stripped the way Swift strips it.

enum StringLiteral {
  /// Where the characters of the literal `token` start and end, between its `#`s and quotes,
  /// and how many `#`s delimit it (a raw string's escapes and holes need as many).
  static func content(of token: Token, in text: UnsafeBufferPointer<UInt8>) -> (
    start: Int, end: Int, hashes: Int
  ) {
    var start = Int(token.start)
    var hashes = 0
    while text[start] == UInt8(ascii: "#") {
      hashes += 1
      start += 1
    }
    let quotes = token.has(Token.multiline) ? 3 : 1
    return (start + quotes, Int(token.end) - quotes - hashes, hashes)
  }

  /// Decodes the literal `token` (a `.string` token). `maximumNesting` bounds the lexer run
  /// that finds where each interpolation ends.
  static func value(of token: Token, in text: UnsafeBufferPointer<UInt8>, maximumNesting: Int) -> String {
    let (contentStart, contentEnd, hashes) = content(of: token, in: text)
    guard contentStart <= contentEnd else { return "" }
    var decoder = Decoder(text: text, hashes: hashes, maximumNesting: maximumNesting)
    if !token.has(Token.multiline) {
      if !text[contentStart..<contentEnd].contains(UInt8(ascii: "\\")) {
        return String(decoding: UnsafeBufferPointer(rebasing: text[contentStart..<contentEnd]), as: UTF8.self)
      }
      decoder.decode(contentStart, contentEnd, indentation: 0..<0)
    } else {
      // The content starts after the line break that follows the opening quotes, and ends
      // before the line break that precedes the closing quotes' line, whose leading whitespace
      // is the indentation removed from every line.
      var first = contentStart
      while first < contentEnd, text[first] != 0x0A, text[first] != 0x0D { first += 1 }
      if first < contentEnd, text[first] == 0x0D { first += 1 }
      if first < contentEnd, text[first] == 0x0A { first += 1 }
      var indentStart = contentEnd
      while indentStart > first, text[indentStart - 1] == 0x20 || text[indentStart - 1] == 0x09 { indentStart -= 1 }
      var last = indentStart
      if last > first, text[last - 1] == 0x0A { last -= 1 }
      if last > first, text[last - 1] == 0x0D { last -= 1 }
      if last <= first { return "" }
      decoder.decode(first, last, indentation: indentStart..<contentEnd)
    }
    return String(decoding: decoder.output, as: UTF8.self)
  }

  private struct Decoder {
    let text: UnsafeBufferPointer<UInt8>
    let hashes: Int
    let maximumNesting: Int
    var output: [UInt8] = []

    init(text: UnsafeBufferPointer<UInt8>, hashes: Int, maximumNesting: Int) {
      self.text = text
      self.hashes = hashes
      self.maximumNesting = maximumNesting
    }

    mutating func decode(_ start: Int, _ end: Int, indentation: Range<Int>) {
      output.reserveCapacity(end - start)
      var index = start
      var lineStart = true
      while index < end {
        if lineStart {
          lineStart = false
          var matched = 0
          while matched < indentation.count, index + matched < end,
            text[index + matched] == text[indentation.lowerBound + matched]
          {
            matched += 1
          }
          index += matched
          if index >= end { break }
        }
        let byte = text[index]
        if byte == 0x0D || byte == 0x0A {
          // Line breaks in the source are "\n" in the value, whatever the file uses.
          output.append(0x0A)
          index += (byte == 0x0D && index + 1 < end && text[index + 1] == 0x0A) ? 2 : 1
          lineStart = true
          continue
        }
        guard byte == UInt8(ascii: "\\"), escapeMatches(at: index + 1, end) else {
          output.append(byte)
          index += 1
          continue
        }
        let escaped = index + 1 + hashes
        guard escaped < end else {
          output.append(byte)
          index += 1
          continue
        }
        index = escape(at: escaped, end, lineStart: &lineStart)
      }
    }

    private func escapeMatches(at index: Int, _ end: Int) -> Bool {
      var count = 0
      while count < hashes {
        guard index + count < end, text[index + count] == UInt8(ascii: "#") else { return false }
        count += 1
      }
      return true
    }

    /// Resolves the escape whose character is at `index`; returns the index after it.
    private mutating func escape(at index: Int, _ end: Int, lineStart: inout Bool) -> Int {
      switch text[index] {
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "0"): output.append(0x00)
      case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): output.append(text[index])
      case UInt8(ascii: "u"):
        if let (scalar, next) = unicodeEscape(at: index + 1, end) {
          output.append(contentsOf: String(Character(scalar)).utf8)
          return next
        }
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
      case UInt8(ascii: "("):
        let close = Lexer.interpolationEnd(text, openParen: index, limit: maximumNesting)
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "(")])
        output.append(contentsOf: text[(index + 1)..<max(index + 1, min(close, end))])
        output.append(UInt8(ascii: ")"))
        return min(close + 1, end)
      case 0x20, 0x09, 0x0A, 0x0D:
        // A backslash at the end of a line joins it with the next one (multi-line strings).
        var next = index
        while next < end, text[next] == 0x20 || text[next] == 0x09 { next += 1 }
        if next < end, text[next] == 0x0D { next += 1 }
        if next < end, text[next] == 0x0A { next += 1 }
        lineStart = true
        return next
      default:
        output.append(text[index])
      }
      return index + 1
    }

    private func unicodeEscape(at index: Int, _ end: Int) -> (Unicode.Scalar, Int)? {
      guard index < end, text[index] == UInt8(ascii: "{") else { return nil }
      var value: UInt32 = 0
      var next = index + 1
      var digits = 0
      while next < end, text[next] != UInt8(ascii: "}") {
        guard digits < 8, let digit = hexDigit(text[next]) else { return nil }
        value = value << 4 | digit
        digits += 1
        next += 1
      }
      guard next < end, digits > 0, let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, next + 1)
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }
  }
}
