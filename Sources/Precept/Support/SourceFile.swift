import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// For a source joined from several (`init(joining:name:)`): each part and the offset where
  /// it starts, so a diagnostic names the part and its own line and column.
  private let parts: [Part]

  private struct Part: Sendable {
    var start: Int
    var file: SourceFile
  }

  /// Creates a source file from bytes as read from disk.
  public init(name: String, bytes: [UInt8]) {
    self.init(name: name, bytes: bytes, parts: [])
  }

  /// One source made of `files`, one after another with a line break between them, that
  /// still reports positions in each: the REPL checks the lets and rules typed as separate
  /// entries as one ruleset, and a diagnostic names the entry (`<repl 3>:2:5`), not the join.
  /// Offset 0, a line break before the first part, is the joined source's own: what is said
  /// about something no part holds (a ruleset's header) names the joined source.
  package init(joining files: [SourceFile], name: String) {
    var bytes: [UInt8] = [0x0A]
    var parts: [Part] = []
    for file in files {
      parts.append(Part(start: bytes.count, file: file))
      bytes += file.bytes
      bytes.append(0x0A)
    }
    self.init(name: name, bytes: bytes, parts: parts)
  }

  /// Where each part of a joined source starts.
  package var partStarts: [Int] { parts.map(\.start) }

  /// The file a span is in and the span within it: for a joined source, the part that holds
  /// the span's start; otherwise this file and the span itself.
  package func resolve(_ span: Span) -> (file: SourceFile, span: Span) {
    guard let part = parts.last(where: { $0.start <= span.start }) else { return (self, span) }
    let end = min(span.end - part.start, part.file.bytes.count)
    return (part.file, Span(span.start - part.start, end))
  }

  /// `name:line:column` of an offset, in the part of a joined source that holds it.
  package func position(of offset: Int) -> String {
    let (file, span) = resolve(Span(offset, offset))
    return "\(file.name):\(file.location(of: span.start))"
  }

  private init(name: String, bytes: [UInt8], parts: [Part]) {
    self.parts = parts
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
    guard let (start, end) = lineBounds(line) else { return "" }
    return repairedText(start, end)
  }

  /// The byte offsets where a 1-based line's text starts and ends (before its terminator).
  func lineBounds(_ line: Int) -> (start: Int, end: Int)? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return (start, end)
  }

  /// The length in bytes of a 1-based line's text (0 for a line that does not exist).
  package func lineLength(_ line: Int) -> Int {
    lineBounds(line).map { $0.end - $0.start } ?? 0
  }

  /// `bytes[start..<end]` as text; each invalid byte becomes one U+FFFD, as `location(of:)`
  /// counts it. (The standard library's repairing decoder is both different and very slow on
  /// garbage.)
  private func repairedText(_ start: Int, _ end: Int) -> String {
    if let valid = String(validating: bytes[start..<end], as: UTF8.self) { return valid }
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

  /// Where the last excerpt of a line started, so the next one on that line (findings come
  /// sorted by column) continues from there instead of scanning the line from its start.
  package struct ExcerptCursor: Sendable {
    var line: Int
    var column: Int
    var offset: Int
  }

  /// A bounded piece of a line for quoting under a diagnostic: up to `2 × width` scalars from
  /// `width` before `column`. Quoting a 1 MB minified line whole for each of its findings made
  /// reports quadratic; with `cursor` carried from one call to the next, the findings of a line
  /// in column order scan it once. `scanned` counts the bytes stepped over (for tests).
  package func excerpt(
    line: Int, column: Int, width: Int = Diagnostic.quotedWidth, cursor: inout ExcerptCursor?,
    scanned: inout Int
  ) -> Diagnostic.Excerpt? {
    guard let (start, end) = lineBounds(line) else { return nil }
    let firstColumn = max(1, column - width)
    var index = start
    var current = 1
    if let cursor, cursor.line == line, cursor.column <= firstColumn {
      index = cursor.offset
      current = cursor.column
    }
    let from = index
    while current < firstColumn, index < end {
      index += max(1, validUTF8Length(bytes, at: index, end: end))
      current += 1
    }
    scanned += index - from
    cursor = ExcerptCursor(line: line, column: current, offset: index)
    var stop = index
    var taken = 0
    while taken < 2 * width, stop < end {
      stop += max(1, validUTF8Length(bytes, at: stop, end: end))
      taken += 1
    }
    scanned += stop - index
    return Diagnostic.Excerpt(text: repairedText(index, stop), startColumn: current, reachesEnd: stop >= end)
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
    package init(reason: String) { self.reason = reason }
  }

  /// The bytes of the file at `path`, at most ``maximumFileSize`` of them.
  ///
  /// The read itself is bounded: the file is opened once, and at most `limit + 1` bytes are
  /// read from it, whatever its size said (a file that grows between the size check and the
  /// read, a device or a pipe stops at the limit).
  public static func readBytes(_ path: String) -> Result<[UInt8], ReadFailure> {
    readBytes(path: Array(path.utf8), limit: maximumFileSize)
  }

  /// `readBytes` for a path given as bytes (a name that is not UTF-8) and a smaller limit.
  package static func readBytes(path: [UInt8], limit: Int = maximumFileSize) -> Result<[UInt8], ReadFailure> {
    let descriptor = (path + [0]).withUnsafeBufferPointer { pointer in
      pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { name in
        // Non-blocking, so opening a FIFO without a writer does not hang; cleared below.
        open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      }
    }
    guard descriptor >= 0 else {
      let error = errno
      if error == ENOENT || error == ENOTDIR {
        var info = stat()
        let dangling = (path + [0]).withUnsafeBufferPointer { pointer in
          pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { name in
            lstat(name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
          }
        }
        return .failure(ReadFailure(reason: dangling ? "dangling symbolic link" : "no such file"))
      }
      if error == EISDIR { return .failure(ReadFailure(reason: "is a folder, not a file")) }
      return .failure(ReadFailure(reason: "cannot read the file (\(String(cString: strerror(error))))"))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(reason: "cannot read the file")) }
    if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(ReadFailure(reason: "is a folder, not a file")) }
    if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
      return .failure(ReadFailure(reason: "file is \(info.st_size) bytes, over the limit of \(limit) bytes"))
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    switch readBounded(descriptor, limit: limit, sizeHint: size) {
    case .success(let bytes): return .success(bytes)
    case .failure(.overLimit):
      return .failure(ReadFailure(reason: "file is over the limit of \(limit) bytes (it grew while being read)"))
    case .failure(.readError(let error)):
      return .failure(ReadFailure(reason: "cannot read the file (\(String(cString: strerror(error))))"))
    }
  }

  /// Why a bounded read stopped.
  package enum BoundedReadFailure: Error {
    /// More than `limit` bytes were there (at most `limit + 1` were read).
    case overLimit
    case readError(Int32)
  }

  /// Reads a descriptor to its end in chunks, but never more than `limit + 1` bytes: standard
  /// input and files alike, whatever their size claims.
  package static func readBounded(_ descriptor: Int32, limit: Int, sizeHint: Int = 0) -> Result<
    [UInt8], BoundedReadFailure
  > {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(0, sizeHint), limit) + 1)
    let chunkSize = 1 << 16
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let room = min(chunkSize, limit + 1 - bytes.count)
      if room <= 0 { return .failure(.overLimit) }
      let count = read(descriptor, chunk.baseAddress!, room)
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.readError(errno))
      }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
      if bytes.count > limit { return .failure(.overLimit) }
    }
  }
}
