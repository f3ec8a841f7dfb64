import Precept

/// A message in protocol buffers' text format, read without a schema: its fields in the order
/// they were written. The suite's reader (`SuiteReader`) gives the fields their meaning.
struct TextprotoMessage: Sendable, Equatable {
  var fields: [TextprotoField]
  /// Byte offset of the opening brace; 0 for the top-level message.
  var offset: Int

  /// Every field named `name`, in source order.
  func fields(named name: String) -> [TextprotoField] {
    fields.filter { !$0.isBracketed && $0.name == name }
  }
}

/// One `name: value` or `name { … }` of a message. A repeated field written as a list
/// (`name: [a, b]`) becomes one field per element.
struct TextprotoField: Sendable, Equatable {
  /// The field's name, or for `[type.googleapis.com/pkg.Message] { … }` (an `Any` expansion or
  /// an extension) the text between the brackets.
  var name: String
  var isBracketed: Bool
  var value: TextprotoValue
  /// Byte offset of the field's name.
  var offset: Int
}

/// A field's value, kept as written: the reader knows no schema, so it cannot tell an `int64`
/// from a `double` or an enum name from a `bool`.
enum TextprotoValue: Sendable, Equatable {
  case message(TextprotoMessage)
  /// An identifier: `true`, `NULL_VALUE`, `inf`, … (with its sign, as in `-inf`).
  case identifier(String)
  /// A number as written, with its sign: `-12`, `0x1F`, `1e10`, `2.5f`.
  case number(String)
  /// A string's bytes after escapes are resolved; adjacent strings are concatenated.
  case string([UInt8])
}

/// Reads protocol buffers' text format (the `.textproto` files of google/cel-spec).
///
/// Supported: fields with and without `:` before a message, `{ }` and `< >` messages,
/// `[a, b]` lists, `[type.url] { }` expansions, `,`/`;` separators, `#` comments, strings in
/// either quote with C escapes (`\n`, octal `\101`, hex `\x41`, `\u00e9`, `\U0001F600`), and
/// numbers in decimal, octal, hex and floating point, including `inf` and `nan`.
struct TextprotoReader {
  /// Deeper nesting than any real test file, shallow enough that recursion cannot overflow.
  static let maximumDepth = 100

  private let source: SourceFile
  private var position = 0
  private var depth = 0

  /// Reads a whole file as one message.
  static func read(_ source: SourceFile) throws(DiagnosticError) -> TextprotoMessage {
    var reader = TextprotoReader(source: source)
    let message = try reader.readFields(until: nil, openedAt: 0)
    return message
  }

  private init(source: SourceFile) {
    self.source = source
  }

  // MARK: Messages and fields

  /// Reads fields until `terminator` (or the end of input for the top-level message).
  private mutating func readFields(until terminator: UInt8?, openedAt offset: Int) throws(DiagnosticError)
    -> TextprotoMessage
  {
    var fields: [TextprotoField] = []
    while true {
      skipTrivia()
      guard let byte = peek() else {
        if let terminator {
          throw error("unexpected end of input; expected '\(Character(Unicode.Scalar(terminator)))'", at: position)
        }
        return TextprotoMessage(fields: fields, offset: offset)
      }
      if byte == terminator {
        position += 1
        return TextprotoMessage(fields: fields, offset: offset)
      }
      try readField(into: &fields)
      skipTrivia()
      if peek() == UInt8(ascii: ",") || peek() == UInt8(ascii: ";") { position += 1 }
    }
  }

  private mutating func readField(into fields: inout [TextprotoField]) throws(DiagnosticError) {
    let nameOffset = position
    let name: String
    let isBracketed: Bool
    if peek() == UInt8(ascii: "[") {
      position += 1
      let start = position
      while let byte = peek(), byte.isIdentifierByte || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") {
        position += 1
      }
      guard position > start else { throw error("expected a type name after '['", at: position) }
      name = source.text(start..<position)
      guard peek() == UInt8(ascii: "]") else { throw error("expected ']' after '\(name)'", at: position) }
      position += 1
      isBracketed = true
    } else if let byte = peek(), byte.isIdentifierStart {
      name = readIdentifier()
      isBracketed = false
    } else {
      throw error("expected a field name, found \(describeNext())", at: position)
    }

    skipTrivia()
    let hasColon = peek() == UInt8(ascii: ":")
    if hasColon {
      position += 1
      skipTrivia()
    }
    func field(_ value: TextprotoValue) -> TextprotoField {
      TextprotoField(name: name, isBracketed: isBracketed, value: value, offset: nameOffset)
    }
    switch peek() {
    case UInt8(ascii: "{"), UInt8(ascii: "<"):
      fields.append(field(.message(try readMessage())))
    case UInt8(ascii: "["):
      // A list of scalars needs the colon; a list of messages may omit it.
      position += 1
      skipTrivia()
      if peek() == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        skipTrivia()
        let isMessage = peek() == UInt8(ascii: "{") || peek() == UInt8(ascii: "<")
        if !hasColon && !isMessage {
          throw error("expected ':' after field name '\(name)'", at: position)
        }
        fields.append(field(isMessage ? .message(try readMessage()) : try readScalar()))
        skipTrivia()
        if peek() == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard peek() == UInt8(ascii: "]") else {
          throw error("expected ',' or ']' in the list of '\(name)', found \(describeNext())", at: position)
        }
        position += 1
        return
      }
    default:
      guard hasColon else {
        throw error("expected ':' or '{' after field name '\(name)', found \(describeNext())", at: position)
      }
      fields.append(field(try readScalar()))
    }
  }

  private mutating func readMessage() throws(DiagnosticError) -> TextprotoMessage {
    let offset = position
    let terminator = peek() == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ">")
    guard depth < Self.maximumDepth else {
      throw error("messages nested deeper than \(Self.maximumDepth) levels", at: offset)
    }
    position += 1
    depth += 1
    defer { depth -= 1 }
    return try readFields(until: terminator, openedAt: offset)
  }

  // MARK: Scalars

  private mutating func readScalar() throws(DiagnosticError) -> TextprotoValue {
    guard let byte = peek() else { throw error("unexpected end of input; expected a value", at: position) }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      var bytes = try readString()
      // Adjacent string literals are one value, as in C.
      while true {
        skipTrivia()
        guard peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") else { break }
        bytes += try readString()
      }
      return .string(bytes)
    }
    let start = position
    if byte == UInt8(ascii: "-") {
      position += 1
    }
    guard let first = peek() else { throw error("unexpected end of input after '-'", at: position) }
    if first.isIdentifierStart {
      skipIdentifier()
      return .identifier(source.text(start..<position))
    }
    if first.isDigit || first == UInt8(ascii: ".") {
      try readNumber()
      return .number(source.text(start..<position))
    }
    throw error("expected a value, found \(describeNext())", at: position)
  }

  /// Consumes a number, checking its shape: decimal, octal or hex integer, or a float with
  /// optional fraction, exponent and `f` suffix.
  private mutating func readNumber() throws(DiagnosticError) {
    let start = position
    if peek() == UInt8(ascii: "0"), let x = peek(at: 1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
      position += 2
      let digits = position
      while let byte = peek(), byte.isHexDigit { position += 1 }
      guard position > digits else { throw error("expected hex digits after '0x'", at: position) }
    } else {
      var digits = 0
      while let byte = peek(), byte.isDigit {
        position += 1
        digits += 1
      }
      var isFloat = false
      if peek() == UInt8(ascii: ".") {
        isFloat = true
        position += 1
        while let byte = peek(), byte.isDigit {
          position += 1
          digits += 1
        }
      }
      guard digits > 0 else { throw error("expected digits in number", at: start) }
      if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
        isFloat = true
        position += 1
        if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
        let exponent = position
        while let byte = peek(), byte.isDigit { position += 1 }
        guard position > exponent else { throw error("expected digits in exponent", at: position) }
      }
      if let f = peek(), f == UInt8(ascii: "f") || f == UInt8(ascii: "F") {
        isFloat = true
        position += 1
      }
      if !isFloat, source.bytes[start] == UInt8(ascii: "0"), position - start > 1 {
        // A leading zero makes an octal integer.
        if let bad = source.bytes[start..<position].firstIndex(where: { $0 > UInt8(ascii: "7") }) {
          throw error("invalid digit in octal number", at: bad)
        }
      }
    }
    if let byte = peek(), byte.isIdentifierByte || byte == UInt8(ascii: ".") {
      throw error("invalid character in number", at: position)
    }
  }

  private mutating func readString() throws(DiagnosticError) -> [UInt8] {
    let open = position
    let quote = source.bytes[position]
    position += 1
    var bytes: [UInt8] = []
    while true {
      guard let byte = peek(), byte != 0x0A, byte != 0x0D else {
        throw error("unterminated string", at: open)
      }
      position += 1
      if byte == quote { return bytes }
      if byte != UInt8(ascii: "\\") {
        bytes.append(byte)
        continue
      }
      try readEscape(into: &bytes)
    }
  }

  /// Resolves the escape after a backslash; `position` is just past the backslash.
  private mutating func readEscape(into bytes: inout [UInt8]) throws(DiagnosticError) {
    let backslash = position - 1
    guard let byte = peek() else { throw error("unterminated string", at: backslash) }
    position += 1
    switch byte {
    case UInt8(ascii: "a"): bytes.append(0x07)
    case UInt8(ascii: "b"): bytes.append(0x08)
    case UInt8(ascii: "f"): bytes.append(0x0C)
    case UInt8(ascii: "n"): bytes.append(0x0A)
    case UInt8(ascii: "r"): bytes.append(0x0D)
    case UInt8(ascii: "t"): bytes.append(0x09)
    case UInt8(ascii: "v"): bytes.append(0x0B)
    case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"):
      bytes.append(byte)
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = Int(byte - UInt8(ascii: "0"))
      for _ in 0..<2 {
        guard let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { break }
        value = value * 8 + Int(digit - UInt8(ascii: "0"))
        position += 1
      }
      guard value <= 0xFF else { throw error("octal escape out of range (above \\377)", at: backslash) }
      bytes.append(UInt8(value))
    case UInt8(ascii: "x"), UInt8(ascii: "X"):
      var value = 0
      var count = 0
      while count < 2, let digit = peek(), let nibble = digit.hexValue {
        value = value * 16 + nibble
        position += 1
        count += 1
      }
      guard count > 0 else { throw error("expected hex digits after '\\x'", at: backslash) }
      bytes.append(UInt8(value))
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let count = byte == UInt8(ascii: "u") ? 4 : 8
      var value: UInt32 = 0
      for _ in 0..<count {
        guard let digit = peek(), let nibble = digit.hexValue else {
          throw error("expected \(count) hex digits after '\\\(Character(Unicode.Scalar(byte)))'", at: backslash)
        }
        value = value * 16 + UInt32(nibble)
        position += 1
      }
      guard let scalar = Unicode.Scalar(value) else {
        throw error("escape names no Unicode scalar (surrogate or above U+10FFFF)", at: backslash)
      }
      bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      throw error("invalid escape '\\\(describe(byte))' in string", at: backslash)
    }
  }

  // MARK: Lexical helpers

  private func peek(at distance: Int = 0) -> UInt8? {
    let index = position + distance
    return index < source.bytes.count ? source.bytes[index] : nil
  }

  private mutating func readIdentifier() -> String {
    let start = position
    skipIdentifier()
    return source.text(start..<position)
  }

  private mutating func skipIdentifier() {
    while let byte = peek(), byte.isIdentifierByte { position += 1 }
  }

  /// Skips whitespace and `#` comments.
  private mutating func skipTrivia() {
    while let byte = peek() {
      if byte == UInt8(ascii: "#") {
        while let next = peek(), next != 0x0A, next != 0x0D { position += 1 }
      } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
        position += 1
      } else {
        return
      }
    }
  }

  private func describeNext() -> String {
    guard let byte = peek() else { return "end of input" }
    return "'\(describe(byte))'"
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "\\x" + String(byte, radix: 16)
  }

  private func error(_ message: String, at offset: Int) -> DiagnosticError {
    DiagnosticError(Diagnostic(.error, message, in: source, span: Span(offset, offset + 1)))
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  fileprivate var isIdentifierStart: Bool {
    (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") || self == UInt8(ascii: "_")
  }
  fileprivate var isIdentifierByte: Bool { isIdentifierStart || isDigit }
  fileprivate var isHexDigit: Bool { hexValue != nil }
  fileprivate var hexValue: Int? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(self - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(self - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(self - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}
