/// A JSON document as a value, with the byte offset each value started at, so that readers
/// built on it (the view model, packs, registries) can report `file:line:column`.
///
/// Objects keep their members in source order, and the writer keeps that order, so output is
/// deterministic and diffs stay small.
public struct JSON: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in 64 bits.
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([Member])
  }

  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSON
    /// Offset of the key's opening quote.
    public var keyOffset: Int

    public init(_ key: String, _ value: JSON, keyOffset: Int = -1) {
      self.key = key
      self.value = value
      self.keyOffset = keyOffset
    }
  }

  public var kind: Kind
  /// Byte offset of the value's first byte in the text it was read from; -1 when built in code.
  public var offset: Int

  public init(_ kind: Kind, offset: Int = -1) {
    self.kind = kind
    self.offset = offset
  }

  public static let null = JSON(.null)
  public static func bool(_ value: Bool) -> JSON { JSON(.bool(value)) }
  public static func integer<T: BinaryInteger>(_ value: T) -> JSON { JSON(.integer(Int64(value))) }
  public static func double(_ value: Double) -> JSON { JSON(.double(value)) }
  public static func string(_ value: String) -> JSON { JSON(.string(value)) }
  public static func array(_ values: [JSON]) -> JSON { JSON(.array(values)) }
  /// An object from key–value pairs, in the order given.
  public static func object(_ pairs: KeyValuePairs<String, JSON>) -> JSON {
    JSON(.object(pairs.map { Member($0.key, $0.value) }))
  }
  public static func object(_ members: [Member]) -> JSON { JSON(.object(members)) }

  /// The member named `key` of an object (the last one, if the key repeats).
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = kind else { return nil }
    return members.last { $0.key == key }?.value
  }

  public var stringValue: String? {
    if case .string(let value) = kind { return value }
    return nil
  }
  public var arrayValue: [JSON]? {
    if case .array(let value) = kind { return value }
    return nil
  }
  public var objectValue: [Member]? {
    if case .object(let value) = kind { return value }
    return nil
  }
  public var boolValue: Bool? {
    if case .bool(let value) = kind { return value }
    return nil
  }
  public var integerValue: Int64? {
    if case .integer(let value) = kind { return value }
    return nil
  }
  public var isNull: Bool { kind == .null }

  /// A short name for the value's kind, for error messages ("expected a string, found an array").
  public var kindName: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

// MARK: - Reading

extension JSON {
  /// Limits that keep a hostile document from exhausting the stack or memory.
  public static let maximumDepth = 512

  /// Parses a whole document. Errors carry the file name, line and column.
  public static func parse(_ source: SourceFile) throws(DiagnosticError) -> JSON {
    var parser = JSONParser(source: source)
    return try parser.parseDocument()
  }

  /// Parses text (for tests and small inputs).
  public static func parse(_ text: String, name: String = "<json>") throws(DiagnosticError) -> JSON {
    try parse(SourceFile(name: name, text: text))
  }
}

private struct JSONParser {
  let source: SourceFile
  let bytes: [UInt8]
  var index = 0
  var depth = 0

  init(source: SourceFile) {
    self.source = source
    self.bytes = source.bytes
  }

  func fail(_ message: String, at offset: Int, length: Int = 1) -> DiagnosticError {
    DiagnosticError(
      Diagnostic(.error, message, in: source, span: Span(offset, offset + max(1, length))))
  }

  mutating func parseDocument() throws(DiagnosticError) -> JSON {
    // A UTF-8 byte order mark is allowed and skipped.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw fail("unexpected \(describe(at: index)) after the JSON value", at: index)
    }
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  func describe(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of file" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte >= 0x80 { return "non-ASCII byte 0x\(String(byte, radix: 16, uppercase: true))" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  mutating func parseValue() throws(DiagnosticError) -> JSON {
    guard index < bytes.count else { throw fail("expected a JSON value, found end of file", at: index) }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSON(.string(try parseString()), offset: start)
    case UInt8(ascii: "t"): try expectWord("true"); return JSON(.bool(true), offset: start)
    case UInt8(ascii: "f"): try expectWord("false"); return JSON(.bool(false), offset: start)
    case UInt8(ascii: "n"): try expectWord("null"); return JSON(.null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw fail("expected a JSON value, found \(describe(at: index))", at: index)
    }
  }

  mutating func expectWord(_ word: StaticString) throws(DiagnosticError) {
    let start = index
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in expected {
      guard index < bytes.count, bytes[index] == byte else {
        throw fail("invalid literal; expected '\(word)'", at: start, length: index - start + 1)
      }
      index += 1
    }
  }

  mutating func enter(_ start: Int) throws(DiagnosticError) {
    depth += 1
    if depth > JSON.maximumDepth {
      throw fail("JSON nesting is deeper than the limit of \(JSON.maximumDepth) levels", at: start)
    }
  }

  mutating func parseObject() throws(DiagnosticError) -> JSON {
    let start = index
    try enter(start)
    defer { depth -= 1 }
    index += 1
    var members: [JSON.Member] = []
    // Key → offset of its first occurrence. A repeated key is an error with both positions:
    // readers would otherwise keep one of the two values silently.
    var seen: [String: Int] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSON(.object(members), offset: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a string key in object, found \(describe(at: index))", at: index)
      }
      let keyOffset = index
      let key = try parseString()
      if let first = seen.updateValue(keyOffset, forKey: key) {
        let location = source.location(of: first)
        throw fail(
          "duplicate key \"\(key)\" in object (first at line \(location.line), column \(location.column))",
          at: keyOffset, length: index - keyOffset)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':' after object key, found \(describe(at: index))", at: index)
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSON.Member(key, value, keyOffset: keyOffset))
      skipWhitespace()
      guard index < bytes.count else {
        throw fail("unterminated object: expected ',' or '}', found end of file", at: start)
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return JSON(.object(members), offset: start)
      }
      throw fail("expected ',' or '}' in object, found \(describe(at: index))", at: index)
    }
  }

  mutating func parseArray() throws(DiagnosticError) -> JSON {
    let start = index
    try enter(start)
    defer { depth -= 1 }
    index += 1
    var elements: [JSON] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return JSON(.array(elements), offset: start)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else {
        throw fail("unterminated array: expected ',' or ']', found end of file", at: start)
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return JSON(.array(elements), offset: start)
      }
      throw fail("expected ',' or ']' in array, found \(describe(at: index))", at: index)
    }
  }

  mutating func parseNumber() throws(DiagnosticError) -> JSON {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let first = parser.index
      while parser.index < parser.bytes.count,
        parser.bytes[parser.index] >= UInt8(ascii: "0"), parser.bytes[parser.index] <= UInt8(ascii: "9")
      {
        parser.index += 1
      }
      return parser.index - first
    }
    let intStart = index
    let intDigits = digits(&self)
    if intDigits == 0 { throw fail("invalid number: expected a digit", at: index) }
    if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
      throw fail("invalid number: leading zeros are not allowed", at: start, length: index - start)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      if digits(&self) == 0 { throw fail("invalid number: expected a digit after '.'", at: index) }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      if digits(&self) == 0 { throw fail("invalid number: expected a digit in the exponent", at: index) }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int64(text) { return JSON(.integer(value), offset: start) }
    guard let value = Double(text) else {
      throw fail("invalid number '\(text)'", at: start, length: index - start)
    }
    return JSON(.double(value), offset: start)
  }

  mutating func parseString() throws(DiagnosticError) -> String {
    let start = index
    index += 1
    // Fast path: no escapes; validate UTF-8 while scanning.
    var scalars = String.UnicodeScalarView()
    var plainStart = index
    var pieces: [String] = []
    func flushPlain(_ parser: JSONParser, upTo end: Int) throws(DiagnosticError) -> String? {
      if end == plainStart { return nil }
      guard let text = String(validating: parser.bytes[plainStart..<end], as: UTF8.self) else {
        throw parser.invalidUTF8(in: plainStart..<end)
      }
      return text
    }
    while true {
      guard index < bytes.count else { throw fail("unterminated string", at: start) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        // Escaped characters decoded since the last plain run come before it.
        if !scalars.isEmpty { pieces.append(String(scalars)) }
        if let plain = try flushPlain(self, upTo: index) { pieces.append(plain) }
        index += 1
        return pieces.count == 1 ? pieces[0] : pieces.joined()
      }
      if byte < 0x20 {
        throw fail("control character 0x\(String(byte, radix: 16)) in string must be escaped", at: index)
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      if let plain = try flushPlain(self, upTo: index) {
        if !scalars.isEmpty {
          pieces.append(String(scalars))
          scalars = String.UnicodeScalarView()
        }
        pieces.append(plain)
      }
      let escapeStart = index
      index += 1
      guard index < bytes.count else { throw fail("unterminated string", at: start) }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        let high = try hex4(escapeStart)
        if (0xD800..<0xDC00).contains(high) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          else { throw fail("unpaired surrogate in \\u escape", at: escapeStart, length: 6) }
          index += 2
          let low = try hex4(escapeStart)
          guard (0xDC00..<0xE000).contains(low) else {
            throw fail("unpaired surrogate in \\u escape", at: escapeStart, length: 12)
          }
          let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
          scalars.append(Unicode.Scalar(UInt32(value))!)
        } else if (0xDC00..<0xE000).contains(high) {
          throw fail("unpaired surrogate in \\u escape", at: escapeStart, length: 6)
        } else {
          scalars.append(Unicode.Scalar(UInt32(high))!)
        }
      default:
        throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string", at: escapeStart, length: 2)
      }
      plainStart = index
    }
  }

  mutating func hex4(_ escapeStart: Int) throws(DiagnosticError) -> Int {
    var value = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw fail("invalid \\u escape: expected four hexadecimal digits", at: escapeStart, length: 6)
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  func invalidUTF8(in range: Range<Int>) -> DiagnosticError {
    // Find the first offending byte to point at it exactly.
    var offset = range.lowerBound
    var iterator = bytes[range].makeIterator()
    var decoder = UTF8()
    var position = range.lowerBound
    loop: while true {
      let before = position
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        position += UTF8.width(scalar)
      case .emptyInput:
        break loop
      case .error:
        offset = before
        break loop
      }
    }
    return fail("invalid UTF-8 in string", at: offset)
  }
}

func hexValue(_ byte: UInt8) -> Int? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}

// MARK: - Writing

extension JSON {
  /// The document as text. Pretty output indents by two spaces and keeps an array or object
  /// on one line when it fits in `lineWidth` columns (so small records such as arguments read
  /// as one line); compact output has no spaces at all. Both keep member order.
  public func serialized(pretty: Bool = true, lineWidth: Int = 120) -> String {
    // Written as UTF-8 bytes and decoded once: appending to a `String` piece by piece, and
    // counting each candidate line's characters, was most of the time `lint --format json`
    // spent on a large report.
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(to: &out, pretty: pretty, indent: 0, lineWidth: lineWidth)
    return String(decoding: out, as: UTF8.self)
  }

  /// The same text as `serialized(pretty: true, lineWidth:)`, with the elements of the
  /// top-level object's arrays written on every core, a range of them on each, and joined in
  /// order: what writes a large report (its findings and review items) without leaving the
  /// other cores idle. An element's text depends only on it and its depth, so the pieces are
  /// the bytes one pass would write.
  package func serializedConcurrently(lineWidth: Int = 120) -> String {
    guard case .object(let members) = kind, !members.isEmpty else {
      return serialized(pretty: true, lineWidth: lineWidth)
    }
    var oneLine: [UInt8] = []
    if writeOneLine(to: &oneLine, within: lineWidth) { return String(decoding: oneLine, as: UTF8.self) }
    // What is written whole, and the arrays whose elements are written in ranges.
    enum Piece: Sendable {
      case text([UInt8])
      case elements(Int, Range<Int>)
    }
    var pieces: [Piece] = []
    var text: [UInt8] = [UInt8(ascii: "{")]
    for (position, member) in members.enumerated() {
      if position > 0 { text.append(UInt8(ascii: ",")) }
      JSON.newline(&text, 1)
      JSON.writeString(member.key, to: &text)
      JSON.append(": ", to: &text)
      guard case .array(let values) = member.value.kind, values.count > 1 else {
        member.value.write(to: &text, pretty: true, indent: 1, lineWidth: lineWidth)
        continue
      }
      // As `write` does: an array that fits on a line is written there.
      if member.value.writeOneLine(to: &text, within: lineWidth - 2) { continue }
      text.append(UInt8(ascii: "["))
      pieces.append(.text(text))
      text = []
      for range in Concurrently.ranges(values.count, parts: Concurrently.rangeCount) {
        pieces.append(.elements(position, range))
      }
      JSON.newline(&text, 1)
      text.append(UInt8(ascii: "]"))
    }
    JSON.newline(&text, 0)
    text.append(UInt8(ascii: "}"))
    pieces.append(.text(text))
    let all = pieces
    let written = Concurrently.map(all.count) { index -> String in
      switch all[index] {
      case .text(let bytes): return String(decoding: bytes, as: UTF8.self)
      case .elements(let member, let range):
        guard case .array(let values) = members[member].value.kind else { return "" }
        var out: [UInt8] = []
        for index in range {
          if index > 0 { out.append(UInt8(ascii: ",")) }
          JSON.newline(&out, 2)
          values[index].write(to: &out, pretty: true, indent: 2, lineWidth: lineWidth)
        }
        return String(decoding: out, as: UTF8.self)
      }
    }
    var result = ""
    result.reserveCapacity(written.reduce(0) { $0 + $1.utf8.count })
    for piece in written { result += piece }
    return result
  }

  private func write(to out: inout [UInt8], pretty: Bool, indent: Int, lineWidth: Int) {
    switch kind {
    case .null: JSON.append("null", to: &out)
    case .bool(let value): JSON.append(value ? "true" : "false", to: &out)
    case .integer(let value): JSON.append(String(value), to: &out)
    case .double(let value):
      if value.isFinite {
        if value == value.rounded(), abs(value) < 1e15 {
          JSON.append(String(Int64(value)), to: &out)
        } else {
          JSON.append(String(value), to: &out)
        }
      } else {
        JSON.append("null", to: &out)  // JSON has no non-finite numbers.
      }
    case .string(let value): JSON.writeString(value, to: &out)
    case .array(let values):
      if values.isEmpty {
        JSON.append("[]", to: &out)
        return
      }
      if pretty, writeOneLine(to: &out, within: lineWidth - indent * 2) { return }
      out.append(UInt8(ascii: "["))
      for (position, value) in values.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        if pretty { JSON.newline(&out, indent + 1) }
        value.write(to: &out, pretty: pretty, indent: indent + 1, lineWidth: lineWidth)
      }
      if pretty { JSON.newline(&out, indent) }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      if members.isEmpty {
        JSON.append("{}", to: &out)
        return
      }
      if pretty, writeOneLine(to: &out, within: lineWidth - indent * 2) { return }
      out.append(UInt8(ascii: "{"))
      for (position, member) in members.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        if pretty { JSON.newline(&out, indent + 1) }
        JSON.writeString(member.key, to: &out)
        JSON.append(pretty ? ": " : ":", to: &out)
        member.value.write(to: &out, pretty: pretty, indent: indent + 1, lineWidth: lineWidth)
      }
      if pretty { JSON.newline(&out, indent) }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Writes the value on one line with spaces after `:` and `,`, and returns true, if it fits
  /// in `width` columns (characters) and holds no object or array that itself holds one
  /// (deeper structure reads better indented); otherwise writes nothing and returns false.
  private func writeOneLine(to out: inout [UInt8], within width: Int) -> Bool {
    // Nesting is looked at only three levels down: deeper than that already fails.
    func nestsAtMost(_ levels: Int, _ value: JSON) -> Bool {
      switch value.kind {
      case .array(let values): levels > 0 && values.allSatisfy { nestsAtMost(levels - 1, $0) }
      case .object(let members): levels > 0 && members.allSatisfy { nestsAtMost(levels - 1, $0.value) }
      default: true
      }
    }
    guard nestsAtMost(2, self) else { return false }
    let start = out.count
    writeInline(to: &out)
    let bytes = out.count - start
    // A character is at least one byte, so a line of at most `width` bytes fits; an ASCII one
    // (raw control characters are always escaped, so no CR LF pair) has one character a byte.
    if bytes <= width { return true }
    var ascii = true
    for index in start..<out.count where out[index] >= 0x80 {
      ascii = false
      break
    }
    if !ascii, String(decoding: out[start...], as: UTF8.self).count <= width { return true }
    out.removeSubrange(start...)
    return false
  }

  private func writeInline(to out: inout [UInt8]) {
    switch kind {
    case .array(let values):
      out.append(UInt8(ascii: "["))
      for (position, value) in values.enumerated() {
        if position > 0 { JSON.append(", ", to: &out) }
        value.writeInline(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (position, member) in members.enumerated() {
        if position > 0 { JSON.append(", ", to: &out) }
        JSON.writeString(member.key, to: &out)
        JSON.append(": ", to: &out)
        member.value.writeInline(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    default:
      write(to: &out, pretty: false, indent: 0, lineWidth: 0)
    }
  }

  @inline(__always)
  private static func append(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int) {
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
  }

  /// `writeString` into UTF-8 bytes.
  private static func writeString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    value.withUTF8Bytes { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        switch byte {
        case UInt8(ascii: "\""): append("\\\"", to: &out)
        case UInt8(ascii: "\\"): append("\\\\", to: &out)
        case UInt8(ascii: "\n"): append("\\n", to: &out)
        case UInt8(ascii: "\r"): append("\\r", to: &out)
        case UInt8(ascii: "\t"): append("\\t", to: &out)
        case 0x08: append("\\b", to: &out)
        case 0x0C: append("\\f", to: &out)
        default:
          let hex = String(byte, radix: 16)
          append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
        }
        runStart = index + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Writes a JSON string literal, escaping what JSON requires and nothing more.
  public static func writeString(_ value: String, to out: inout String) {
    out += "\""
    // Runs of bytes that need no escape are copied whole; only `"`, `\` and control
    // characters (all ASCII, so never inside a multi-byte sequence) are rewritten.
    let utf8 = value.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        utf8.formIndex(after: &index)
        continue
      }
      out += value[runStart..<index]
      switch byte {
      case UInt8(ascii: "\""): out += "\\\""
      case UInt8(ascii: "\\"): out += "\\\\"
      case UInt8(ascii: "\n"): out += "\\n"
      case UInt8(ascii: "\r"): out += "\\r"
      case UInt8(ascii: "\t"): out += "\\t"
      case 0x08: out += "\\b"
      case 0x0C: out += "\\f"
      default:
        let hex = String(byte, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      utf8.formIndex(after: &index)
      runStart = index
    }
    out += value[runStart..<index]
    out += "\""
  }
}
