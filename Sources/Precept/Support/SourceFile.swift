/// A file's text held as UTF-8 bytes, with the offsets where its lines start.
///
/// Every stage that reports a position (the ruleset lexer, the JSON reader, the Swift reader)
/// keeps byte offsets and asks the source file for a line and column only when it reports.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics (usually the path as the user gave it).
  public let name: String
  /// The text as UTF-8. Invalid sequences are kept as they are; readers report them.
  public let bytes: [UInt8]
  /// Byte offset of the first byte of every line; `lineStarts[0] == 0`.
  public let lineStarts: [Int]

  /// Creates a source file from bytes as read from disk.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32 + 1)
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      while index < count {
        let byte = buffer[index]
        if byte == 0x0A {
          starts.append(index + 1)
        } else if byte == 0x0D {
          // "\r\n" and a lone "\r" both end a line.
          if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
          starts.append(index + 1)
        }
        index += 1
      }
    }
    self.lineStarts = starts
  }

  /// Creates a source file from text.
  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  /// The 1-based line and column of a byte offset. Columns count Unicode scalars, so a caret
  /// printed under the line lines up with the character; offsets past the end clamp to it.
  public func location(of offset: Int) -> SourceLocation {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    // Count what the line shows before the offset: each scalar, and each invalid sequence that
    // `lineText` repairs to one U+FFFD. An offset inside a sequence belongs to that sequence.
    var column = 1
    var position = lineStarts[low]
    var iterator = bytes[position..<min(bytes.count, offset + 4)].makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while position < offset {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): position += encoded.count
      case .error(let length): position += length
      case .emptyInput: position = offset
      }
      if position <= offset { column += 1 }
    }
    return SourceLocation(line: low + 1, column: column)
  }

  /// The text of a 1-based line, without its line terminator. Invalid UTF-8 is repaired with
  /// U+FFFD for display.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The source text between two byte offsets, repaired for display.
  public func text(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, bytes.count))
    let upper = max(lower, min(range.upperBound, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }
}

/// A 1-based line and column (in Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  public var description: String { "\(line):\(column)" }
}

/// A half-open range of byte offsets in one source file.
public struct Span: Hashable, Sendable {
  public var start: Int
  public var end: Int

  public init(_ start: Int, _ end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// The smallest span that covers both.
  public func union(_ other: Span) -> Span {
    Span(min(start, other.start), max(end, other.end))
  }

  public var range: Range<Int> { start..<end }
}

extension Character {
  /// `0`…`9` only (not other Unicode digits).
  var isASCIIDigit: Bool { isASCII && isNumber && ("0"..."9").contains(self) }
}
