@testable import PreceptTool

/// A small terminal emulator: enough of a VT100/xterm to show what the line editor's output
/// looks like on screen, so tests check the screen rather than the exact bytes.
///
/// It wraps automatically at the right margin as xterm does (the cursor waits at the last
/// column until the next character), scrolls at the bottom, and understands cursor movement,
/// erasing, and colours (ignored).
struct ScreenModel {
  let width: Int
  let height: Int
  /// Rows of cells; a wide character's second cell holds "".
  private(set) var cells: [[String]]
  /// Rows that scrolled off the top, oldest first.
  private(set) var scrolledOff: [String] = []
  private(set) var row = 0
  private(set) var column = 0
  private(set) var bells = 0
  private var wrapPending = false
  private var pending: [UInt8] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// The rows as text, without trailing spaces.
  var lines: [String] {
    cells.map { cells in
      var line = cells.joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The rows down to the last non-empty one.
  var text: String {
    var lines = self.lines
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Everything written so far, scrolled off or on screen.
  var transcript: String { (scrolledOff + lines).joined(separator: "\n") }

  mutating func feed(_ bytes: some Sequence<UInt8>) {
    pending += bytes
    var i = 0
    while i < pending.count {
      guard let used = interpret(pending[i...]) else { break }
      i += used
    }
    pending.removeFirst(i)
  }

  mutating func feed(_ text: String) { feed(Array(text.utf8)) }

  /// Interprets the sequence at the start of `bytes`; nil if it is incomplete.
  private mutating func interpret(_ bytes: ArraySlice<UInt8>) -> Int? {
    let start = bytes.startIndex
    switch bytes[start] {
    case 0x1B:
      guard bytes.count >= 2 else { return nil }
      guard bytes[start + 1] == UInt8(ascii: "[") else { return 2 }
      var end = start + 2
      while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
      guard end < bytes.endIndex else { return nil }
      let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self).split(
        separator: ";", omittingEmptySubsequences: false
      ).map { Int($0) }
      controlSequence(bytes[end], parameters)
      return end - start + 1
    case 0x0D:
      column = 0
      wrapPending = false
    case 0x0A: lineFeed()
    case 0x08:
      column = max(column - 1, 0)
      wrapPending = false
    case 0x07: bells += 1
    case 0x00..<0x20: break
    default:
      let lead = bytes[start]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard bytes.count >= length else { return nil }
      for scalar in String(decoding: bytes[start..<(start + length)], as: UTF8.self).unicodeScalars {
        put(scalar)
      }
      return length
    }
    return 1
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let cellWidth = DisplayWidth.of(scalar)
    if cellWidth == 0 {
      // A combining mark joins the character before it.
      let previous = wrapPending ? column : max(column - 1, 0)
      cells[row][previous] += String(scalar)
      return
    }
    if wrapPending || column + cellWidth > width {
      column = 0
      lineFeed()
    }
    cells[row][column] = String(scalar)
    if cellWidth == 2, column + 1 < width { cells[row][column + 1] = "" }
    if column + cellWidth >= width {
      column = width - 1
      wrapPending = true
    } else {
      column += cellWidth
    }
  }

  private mutating func lineFeed() {
    wrapPending = false
    if row == height - 1 {
      scrolledOff.append(lines[0])
      cells.removeFirst()
      cells.append(Array(repeating: " ", count: width))
    } else {
      row += 1
    }
  }

  private mutating func controlSequence(_ final: UInt8, _ parameters: [Int?]) {
    let count = max(parameters.first.flatMap { $0 } ?? 1, 1)
    wrapPending = false
    switch final {
    case UInt8(ascii: "A"): row = max(row - count, 0)
    case UInt8(ascii: "B"): row = min(row + count, height - 1)
    case UInt8(ascii: "C"): column = min(column + count, width - 1)
    case UInt8(ascii: "D"): column = max(column - count, 0)
    case UInt8(ascii: "H"):
      row = min(max((parameters.first.flatMap { $0 } ?? 1) - 1, 0), height - 1)
      column = min(max((parameters.dropFirst().first.flatMap { $0 } ?? 1) - 1, 0), width - 1)
    case UInt8(ascii: "J"):
      switch parameters.first.flatMap({ $0 }) ?? 0 {
      case 0:
        clear(row: row, from: column)
        for below in (row + 1)..<height { clear(row: below, from: 0) }
      case 2:
        for any in 0..<height { clear(row: any, from: 0) }
      default: break
      }
    case UInt8(ascii: "K"): clear(row: row, from: column)
    default: break  // colours and modes
    }
  }

  private mutating func clear(row: Int, from column: Int) {
    for index in column..<width { cells[row][index] = " " }
  }
}
