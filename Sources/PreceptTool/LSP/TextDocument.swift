import Foundation
import Precept

/// An open document as the editor holds it: its text (UTF-8), and the conversions between the
/// protocol's positions — 0-based lines and UTF-16 code units — and byte offsets and the
/// 1-based line and Unicode-scalar column every Precept diagnostic and finding carries.
struct TextDocument {
  let uri: String
  var languageID: String
  var version: Int64
  /// The text, named by the document's path (what findings and diagnostics print as `file`).
  private(set) var source: SourceFile

  init(uri: String, languageID: String, version: Int64, text: String) {
    self.uri = uri
    self.languageID = languageID
    self.version = version
    self.source = SourceFile(name: TextDocument.path(of: uri), text: text)
  }

  /// A document over a source already read (a ruleset that is not open, for its locations).
  init(uri: String, languageID: String, version: Int64, source: SourceFile) {
    self.uri = uri
    self.languageID = languageID
    self.version = version
    self.source = source
  }

  /// What the server does with the document.
  enum Kind {
    case swift, precept, other
  }

  var kind: Kind {
    let path = source.name.lowercased()
    if languageID == "swift" || path.hasSuffix(".swift") { return .swift }
    if languageID == "precept" || path.hasSuffix(".precept") { return .precept }
    return .other
  }

  /// The file path of a `file:` URI (percent-decoded), else the URI as it is (`untitled:1`).
  static func path(of uri: String) -> String {
    guard uri.hasPrefix("file://"), let url = URL(string: uri), url.isFileURL else { return uri }
    return url.path
  }

  /// The `file:` URI of an absolute path.
  static func uri(ofPath path: String) -> String { URL(fileURLWithPath: path, isDirectory: false).absoluteString }

  // MARK: Edits

  /// Applies `textDocument/didChange` content changes in order: a change with a range
  /// replaces that range, one without replaces the whole text.
  mutating func apply(_ changes: [JSON]) throws(JSONRPC.Failure) {
    var bytes = source.bytes
    for change in changes {
      guard let text = change["text"]?.stringValue else {
        throw JSONRPC.Failure(.invalidParams, "invalid params: a content change needs \"text\", a string")
      }
      guard let range = change["range"] else {
        bytes = Array(text.utf8)
        continue
      }
      let current = SourceFile(name: source.name, bytes: bytes)
      guard let start = range["start"].flatMap(TextDocument.position),
        let end = range["end"].flatMap(TextDocument.position)
      else {
        throw JSONRPC.Failure(.invalidParams, "invalid params: a content change's range needs start and end positions")
      }
      var lower = TextDocument.offset(in: current, line: start.line, character: start.character)
      var upper = TextDocument.offset(in: current, line: end.line, character: end.character)
      if lower > upper { swap(&lower, &upper) }
      bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
    }
    source = SourceFile(name: source.name, bytes: bytes)
  }

  // MARK: Positions

  /// A protocol position's line and character, when both are non-negative integers.
  static func position(_ json: JSON) -> (line: Int, character: Int)? {
    guard let line = json["line"]?.integerValue, let character = json["character"]?.integerValue, line >= 0,
      character >= 0, line <= Int64(Int32.max), character <= Int64(Int32.max)
    else { return nil }
    return (Int(line), Int(character))
  }

  /// The byte offset of a 0-based line and UTF-16 character; past the end of a line is its
  /// end, past the last line the end of the text (as the protocol asks).
  static func offset(in source: SourceFile, line: Int, character: Int) -> Int {
    guard line < source.lineStarts.count else { return source.bytes.count }
    let (start, end) = bounds(source, line)
    var offset = start
    var units = 0
    while offset < end, units < character {
      let length = scalarLength(source.bytes[offset])
      units += length == 4 ? 2 : 1
      if units > character { break }  // inside a surrogate pair: before it
      offset += length
    }
    return min(offset, end)
  }

  func offset(line: Int, character: Int) -> Int { TextDocument.offset(in: source, line: line, character: character) }

  /// The byte offset of a 1-based line and scalar column, as diagnostics and findings give.
  func offset(line: Int, column: Int) -> Int {
    guard line >= 1, line <= source.lineStarts.count else { return source.bytes.count }
    let (start, end) = TextDocument.bounds(source, line - 1)
    var offset = start
    var current = 1
    while offset < end, current < column {
      offset += TextDocument.scalarLength(source.bytes[offset])
      current += 1
    }
    return min(offset, end)
  }

  /// The protocol position of a byte offset.
  func position(of offset: Int) -> JSON {
    let offset = max(0, min(offset, source.bytes.count))
    var low = 0
    var high = source.lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if source.lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    var index = source.lineStarts[low]
    var units = 0
    while index < offset {
      let length = TextDocument.scalarLength(source.bytes[index])
      units += length == 4 ? 2 : 1
      index += length
    }
    return .object(["line": .integer(Int64(low)), "character": .integer(Int64(units))])
  }

  func range(_ lower: Int, _ upper: Int) -> JSON {
    .object(["start": position(of: lower), "end": position(of: max(lower, upper))])
  }

  /// The range a finding or diagnostic at `line`:`column` underlines: the name there (`Menu`,
  /// `.accessibilityLabel`), or `length` scalars, at least one.
  func range(line: Int, column: Int, length: Int? = nil) -> (Int, Int) {
    let start = offset(line: line, column: max(1, column))
    let (_, lineEnd) = TextDocument.bounds(source, min(max(0, line - 1), source.lineStarts.count - 1))
    var end = start
    if let length {
      var count = 0
      while end < lineEnd, count < max(1, length) {
        end += TextDocument.scalarLength(source.bytes[end])
        count += 1
      }
      return (start, end)
    }
    if end < lineEnd, source.bytes[end] == UInt8(ascii: ".") { end += 1 }
    while end < lineEnd, TextDocument.isIdentifierByte(source.bytes[end]) { end += 1 }
    if end == start, end < lineEnd { end += TextDocument.scalarLength(source.bytes[end]) }
    return (start, end)
  }

  /// A 0-based line's text bounds, without its terminator.
  static func bounds(_ source: SourceFile, _ line: Int) -> (Int, Int) {
    let start = source.lineStarts[line]
    var end = line + 1 < source.lineStarts.count ? source.lineStarts[line + 1] : source.bytes.count
    while end > start, source.bytes[end - 1] == 0x0A || source.bytes[end - 1] == 0x0D { end -= 1 }
    return (start, end)
  }

  /// The byte length of the UTF-8 sequence a lead byte starts (the text came from JSON, so it
  /// is valid); a stray continuation byte counts as one.
  static func scalarLength(_ byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// The text of `lower..<upper`.
  func text(_ lower: Int, _ upper: Int) -> String { source.text(lower..<upper) }
}
