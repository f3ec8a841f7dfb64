/// Decoding of literal tokens: CEL's string and bytes escapes, and numbers with their range
/// checks. Every error points at the offending escape or digits, not at the whole literal.
enum Literals {
  struct Failure: Error {
    var message: String
    var span: Span
  }

  /// The contents of a string or bytes literal as bytes (UTF-8 for strings). `span` is the
  /// whole token including prefix and quotes.
  static func decodeQuoted(_ source: SourceFile, _ span: Span, isBytes: Bool) throws(Failure) -> [UInt8] {
    let (contents, raw) = contents(source, span)
    return try decodeEscapes(source.bytes, contents, raw: raw, isBytes: isBytes)
  }

  /// Where the text between the quotes of a string or bytes literal lies (after its prefix and
  /// one or three quotes), and whether the literal is raw. `span` is the whole token.
  static func contents(_ source: SourceFile, _ span: Span) -> (range: Range<Int>, raw: Bool) {
    let bytes = source.bytes
    var index = span.start
    var raw = false
    while bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "'") {
      if bytes[index] | 0x20 == UInt8(ascii: "r") { raw = true }
      index += 1
    }
    let quote = bytes[index]
    let triple = span.end - index >= 6 && bytes[index + 1] == quote && bytes[index + 2] == quote
    let open = triple ? 3 : 1
    return ((index + open)..<(span.end - open), raw)
  }

  /// Decodes the escapes in `bytes[range]` (none when `raw`).
  static func decodeEscapes(_ bytes: [UInt8], _ range: Range<Int>, raw: Bool, isBytes: Bool) throws(Failure) -> [UInt8]
  {
    let contentEnd = range.upperBound
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < contentEnd {
      let current = bytes[index]
      if current != UInt8(ascii: "\\") || raw {
        out.append(current)
        index += 1
        continue
      }
      let escapeStart = index
      index += 1
      guard index < contentEnd else {
        throw Failure(message: "incomplete escape sequence", span: Span(escapeStart, index))
      }
      let code = bytes[index]
      index += 1
      switch code {
      case UInt8(ascii: "a"): out.append(0x07)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "v"): out.append(0x0B)
      case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "?"):
        out.append(code)
      case UInt8(ascii: "x"), UInt8(ascii: "X"):
        let value = try hexDigits(bytes, &index, count: 2, contentEnd, escapeStart)
        if isBytes { out.append(UInt8(value)) } else { appendScalar(UInt32(value), to: &out) }
      case UInt8(ascii: "u"), UInt8(ascii: "U"):
        if isBytes {
          throw Failure(
            message: "'\\\(Character(Unicode.Scalar(code)))' escapes are not allowed in bytes literals",
            span: Span(escapeStart, index))
        }
        let value = try hexDigits(bytes, &index, count: code == UInt8(ascii: "u") ? 4 : 8, contentEnd, escapeStart)
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
          throw Failure(
            message: "invalid Unicode code point in escape (surrogates and values above U+10FFFF are not allowed)",
            span: Span(escapeStart, index))
        }
        appendScalar(UInt32(value), to: &out)
      case UInt8(ascii: "0")...UInt8(ascii: "3"):
        var value = Int(code - UInt8(ascii: "0"))
        for _ in 0..<2 {
          guard index < contentEnd, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") else {
            throw Failure(message: "octal escape needs three octal digits", span: Span(escapeStart, index))
          }
          value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
          index += 1
        }
        if isBytes { out.append(UInt8(value)) } else { appendScalar(UInt32(value), to: &out) }
      default:
        let shown = code < 0x80 ? String(Character(Unicode.Scalar(code))) : "…"
        throw Failure(message: "invalid escape sequence '\\\(shown)'", span: Span(escapeStart, index))
      }
    }
    return out
  }

  private static func hexDigits(
    _ bytes: [UInt8], _ index: inout Int, count: Int, _ end: Int, _ escapeStart: Int
  ) throws(Failure) -> Int {
    var value = 0
    for _ in 0..<count {
      guard index < end, let digit = hexValue(bytes[index]) else {
        throw Failure(message: "escape needs \(count) hexadecimal digits", span: Span(escapeStart, index))
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
    switch value {
    case 0..<0x80:
      out.append(UInt8(value))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | (value >> 6)))
      out.append(UInt8(0x80 | (value & 0x3F)))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | (value >> 12)))
      out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (value & 0x3F)))
    default:
      out.append(UInt8(0xF0 | (value >> 18)))
      out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (value & 0x3F)))
    }
  }

  /// A signed integer literal. `negated` is set when a unary minus directly precedes it, so
  /// that `-9223372036854775808` is in range.
  static func int(_ text: Substring, negated: Bool) -> Int64? {
    let magnitude: UInt64?
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      magnitude = UInt64(text.dropFirst(2), radix: 16)
    } else {
      magnitude = UInt64(text)
    }
    guard let magnitude else { return nil }
    if negated {
      if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
      return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  static func uint(_ text: Substring) -> UInt64? {
    let digits = text.dropLast()  // the `u`
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return UInt64(digits.dropFirst(2), radix: 16) }
    return UInt64(digits)
  }
}
