/// How many terminal columns text takes.
///
/// Terminals give East Asian wide characters and emoji two columns and combining marks none.
/// This follows the usual `wcwidth` conventions closely enough for a prompt and an edited line;
/// a terminal with a different opinion draws a line a column off, never a corrupted screen,
/// because the editor redraws whole entries.
enum DisplayWidth {
  /// The columns one grapheme cluster takes: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // An emoji variation selector asks for the two-column emoji form of the base character.
    if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    for scalar in scalars {
      let width = of(scalar)
      if width > 0 { return width }
    }
    return 0
  }

  /// The columns one scalar takes on its own.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }  // zero width space, Hangul jungseong
    if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
    return 1
  }

  /// The columns a string takes, ignoring ANSI escape sequences (colours in prompts).
  static func of(_ text: String) -> Int {
    TerminalText.cells(of: text).reduce(0) { $0 + $1.width }
  }

  /// East Asian Wide and Fullwidth blocks (Unicode Standard Annex #11), coarsely.
  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

/// Text split into what a terminal draws: printable cells with their widths, and escape
/// sequences (colours) that take no room and must never be split or wrapped.
enum TerminalText {
  /// One drawable piece of text.
  struct Cell: Equatable {
    var text: String
    var width: Int
  }

  /// Splits `text` into characters and whole escape sequences (CSI, OSC, and other ESC sequences).
  static func cells(of text: String) -> [Cell] {
    var cells: [Cell] = []
    var sequence: String?  // the escape sequence being collected
    var previous: Character?
    for character in text {
      defer { previous = character }
      guard var collected = sequence else {
        if character == "\u{1B}" {
          sequence = "\u{1B}"
        } else {
          cells.append(Cell(text: String(character), width: DisplayWidth.of(character)))
        }
        continue
      }
      collected.append(character)
      sequence = collected
      if isComplete(collected, last: character, previous: previous) {
        cells.append(Cell(text: collected, width: 0))
        sequence = nil
      }
    }
    if let sequence { cells.append(Cell(text: sequence, width: 0)) }
    return cells
  }

  private static func isComplete(_ sequence: String, last: Character, previous: Character?) -> Bool {
    let introducer = sequence.unicodeScalars.dropFirst().first!
    switch introducer {
    case "[":
      guard sequence.unicodeScalars.count > 2, let value = last.asciiValue else { return false }
      return (0x40...0x7E).contains(value)
    case "]", "P", "_", "^":
      // Operating system command and friends end with BEL or ESC \.
      return sequence.unicodeScalars.count > 2 && (last == "\u{7}" || (last == "\\" && previous == "\u{1B}"))
    default:
      // ESC, intermediate bytes (0x20–0x2F), a final byte: "ESC 7", "ESC ( B".
      guard let value = last.asciiValue else { return true }
      return (0x30...0x7E).contains(value)
    }
  }
}
