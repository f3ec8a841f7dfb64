import Foundation

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
  /// `continuationCounts[k]`: how many UTF-8 continuation bytes `bytes[0 ..< k * blockSize]`
  /// holds; empty when the text is ASCII. Columns are found from it without scanning the line,
  /// so locating every node of a long minified line stays linear.
  private let continuationCounts: [Int32]
  private static let blockSize = 256
  /// Whether the bytes are valid UTF-8 (then columns come from `continuationCounts`; invalid
  /// files, which readers reject anyway, are scanned).
  private let validUTF8: Bool

  /// Creates a source file from bytes as read from disk.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32 + 1)
    var ascii = true
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      while index < count {
        let byte = buffer[index]
        if byte >= 0x80 { ascii = false }
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
    var counts: [Int32] = []
    if !ascii {
      counts.reserveCapacity(bytes.count / SourceFile.blockSize + 1)
      var total: Int32 = 0
      for (index, byte) in bytes.enumerated() {
        if index % SourceFile.blockSize == 0 { counts.append(total) }
        if byte & 0xC0 == 0x80 { total += 1 }
      }
      if bytes.count % SourceFile.blockSize == 0 { counts.append(total) }
    }
    self.continuationCounts = counts
    var valid = true
    if !ascii {
      var index = 0
      while index < bytes.count {
        let length = validUTF8Length(bytes, at: index, end: bytes.count)
        if length == 0 {
          valid = false
          break
        }
        index += length
      }
    }
    self.validUTF8 = valid
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
    let start = lineStarts[low]
    guard validUTF8 else { return SourceLocation(line: low + 1, column: scannedColumn(from: start, to: offset)) }
    // Valid UTF-8: count the lead bytes, from per-block counts, without scanning the line.
    var column = 1 + (offset - start) - (continuationBytes(before: offset) - continuationBytes(before: start))
    // If the offset falls inside a multi-byte sequence, it belongs to that scalar.
    if offset < bytes.count, bytes[offset] & 0xC0 == 0x80, column > 1 { column -= 1 }
    return SourceLocation(line: low + 1, column: column)
  }

  /// The column of `offset` counted along its line: each scalar, and each byte of invalid UTF-8
  /// (which `lineText` shows as U+FFFD). An offset inside a sequence belongs to that sequence.
  private func scannedColumn(from start: Int, to offset: Int) -> Int {
    var column = 1
    var index = start
    while index < offset {
      let length = max(1, validUTF8Length(bytes, at: index, end: bytes.count))
      if index + length > offset { break }
      index += length
      column += 1
    }
    return column
  }

  /// The number of UTF-8 continuation bytes in `bytes[0 ..< offset]`.
  private func continuationBytes(before offset: Int) -> Int {
    guard !continuationCounts.isEmpty else { return 0 }
    let block = offset / SourceFile.blockSize
    var count = Int(continuationCounts[block])
    for index in block * SourceFile.blockSize..<offset where bytes[index] & 0xC0 == 0x80 { count += 1 }
    return count
  }

  /// The text of a 1-based line, without its line terminator. Invalid UTF-8 is repaired with
  /// U+FFFD for display.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    if let valid = String(validating: bytes[start..<end], as: UTF8.self) { return valid }
    // Each invalid byte becomes one U+FFFD, as `location(of:)` counts it. (The standard
    // library's repairing decoder is both different and very slow on garbage.)
    var text = ""
    var runStart = start
    var index = start
    while index < end {
      let length = validUTF8Length(bytes, at: index, end: end)
      if length > 0 {
        index += length
        continue
      }
      text += String(decoding: bytes[runStart..<index], as: UTF8.self) + "\u{FFFD}"
      index += 1
      runStart = index
    }
    return text + String(decoding: bytes[runStart..<end], as: UTF8.self)
  }

  /// The source text between two byte offsets, repaired for display.
  public func text(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, bytes.count))
    let upper = max(lower, min(range.upperBound, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }
}

/// The length of the valid UTF-8 sequence at `offset` of `bytes` (not reaching `end`), or 0
/// when the bytes there are not one: overlong forms, surrogates and values above U+10FFFF are
/// invalid.
func validUTF8Length(_ bytes: [UInt8], at offset: Int, end: Int) -> Int {
  guard offset < end else { return 0 }
  let lead = bytes[offset]
  let length: Int
  var minimum: UInt32
  var scalar: UInt32
  switch lead {
  case 0x00..<0x80: return 1
  case 0xC2..<0xE0: length = 2; scalar = UInt32(lead & 0x1F); minimum = 0x80
  case 0xE0..<0xF0: length = 3; scalar = UInt32(lead & 0x0F); minimum = 0x800
  case 0xF0..<0xF5: length = 4; scalar = UInt32(lead & 0x07); minimum = 0x10000
  default: return 0
  }
  guard offset + length <= end else { return 0 }
  for index in 1..<length {
    let next = bytes[offset + index]
    guard next & 0xC0 == 0x80 else { return 0 }
    scalar = scalar << 6 | UInt32(next & 0x3F)
  }
  if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return 0 }
  return length
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

extension SourceFile {
  /// The largest file Precept reads (64 MiB): rulesets, packs, view models, Swift, project
  /// files. A stray multi-gigabyte file is refused before it is read rather than exhausting memory.
  public static let maximumFileSize = 64 << 20

  /// Why a file could not be read: `"no such file"`, `"is a folder, not a file"`,
  /// `"file is N bytes, over the limit of 67108864 bytes"` or `"cannot read the file"`.
  public struct ReadFailure: Error, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
  }

  /// The bytes of the file at `path`, at most ``maximumFileSize`` of them.
  public static func readBytes(_ path: String) -> Result<[UInt8], ReadFailure> {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(ReadFailure(reason: "no such file"))
    }
    if isDirectory.boolValue { return .failure(ReadFailure(reason: "is a folder, not a file")) }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? Int, size > maximumFileSize {
      return .failure(ReadFailure(reason: "file is \(size) bytes, over the limit of \(maximumFileSize) bytes"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(ReadFailure(reason: "cannot read the file"))
    }
    return .success(Array(data))
  }
}
