import Testing

@testable import Precept

typealias Location = Precept.SourceLocation

/// Locations are found without scanning the line, and agree with counting scalars.
@Suite struct SourceFileRegressionTests {
  /// The location of `offset` by walking the text, as the definition says: 1-based lines
  /// (ended by "\n", "\r\n" or "\r") and columns counting UTF-8 lead bytes.
  func reference(_ bytes: [UInt8], _ offset: Int) -> Location {
    var line = 1
    var column = 1
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
          // The "\n" of a "\r\n" is still on the line the "\r" ends.
          if index + 1 == offset {
            column += 1
            break
          }
          index += 1
        }
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    if offset < bytes.count, bytes[offset] & 0xC0 == 0x80, column > 1 { column -= 1 }
    return Location(line: line, column: column)
  }

  @Test(arguments: [
    "plain ASCII\nsecond line\r\nthird\rfourth",
    "é" + String(repeating: "ab€", count: 300) + "\n" + String(repeating: "😀x", count: 200) + "\r\nend é",
    String(repeating: "x", count: 255) + "é" + String(repeating: "y", count: 300) + "\n\nü",
  ])
  func locationsMatchCountingScalars(text: String) {
    let file = SourceFile(name: "t", text: text)
    for offset in 0...file.bytes.count {
      #expect(file.location(of: offset) == reference(file.bytes, offset), "offset \(offset)")
    }
  }

  /// Invalid UTF-8 is shown with one U+FFFD per bad byte, so each counts one column (the
  /// caret stays under what the line shows); a valid sequence after it counts one.
  @Test func invalidUTF8CountsOneColumnPerBadByte() {
    let bytes: [UInt8] = Array(repeating: 0x80, count: 600) + [0x41, 0xFF, 0xC3, 0xA9, 0x0A, 0xBF, 0x42]
    let file = SourceFile(name: "t", bytes: bytes)
    for offset in 0..<600 { #expect(file.location(of: offset) == Location(line: 1, column: offset + 1)) }
    let expected: [(Int, Location)] = [
      (600, Location(line: 1, column: 601)), (601, Location(line: 1, column: 602)),
      (602, Location(line: 1, column: 603)), (603, Location(line: 1, column: 603)),
      (604, Location(line: 1, column: 604)), (605, Location(line: 2, column: 1)),
      (606, Location(line: 2, column: 2)), (607, Location(line: 2, column: 3)),
    ]
    for (offset, location) in expected { #expect(file.location(of: offset) == location, "offset \(offset)") }
  }

  /// Found by review: a column was counted from the start of its line, so locating each of the
  /// 16,000 views on one 200 KB line (minified Swift) took 37 s, quadratic in the line length.
  @Test(.timeLimit(.minutes(1))) func locatingEveryTokenOfALongLineIsLinear() {
    let text = String(repeating: "Text(\"é\") ", count: 100_000)
    let file = SourceFile(name: "t", text: text)
    var last = 0
    for offset in stride(from: 0, to: file.bytes.count, by: 11) {
      #expect(file.location(of: offset).column == offset / 11 * 10 + 1)
      last = offset
    }
    #expect(file.location(of: last + 6) == reference(file.bytes, last + 6))
  }
}
