/// A key press as the line editor sees it, decoded from the bytes a terminal sends.
///
/// Keys name what was pressed, not what it does: the editor binds `.control("a")` and
/// `.home` to the same action, so decoding can be tested apart from editing.
enum Key: Equatable {
  /// A printable character (one Unicode scalar; the edit buffer joins combining marks).
  case text(Character)
  /// Ctrl plus a letter, as the lowercase letter, for the control bytes without a key of their own.
  case control(Character)
  /// Alt (Meta) plus a printable ASCII character, sent as ESC followed by the character.
  case meta(Character)
  case enter, tab, backspace, escape
  /// Alt-Backspace.
  case metaBackspace
  case up, down, left, right, home, end, delete, insert, pageUp, pageDown
  /// Ctrl- or Alt-Left.
  case wordLeft
  /// Ctrl- or Alt-Right.
  case wordRight
  /// A complete escape sequence the editor has no use for (function keys, focus events, …).
  case unknown
}

/// Turns terminal input bytes into keys.
///
/// Bytes may arrive split anywhere (inside an escape sequence or a UTF-8 character), so the
/// decoder keeps an incomplete tail until more bytes come. A lone ESC is ambiguous until the
/// terminal stays quiet for a moment: the caller then calls `flush()`.
struct KeyDecoder {
  private var pending: [UInt8] = []

  /// Whether an incomplete sequence is waiting for more bytes (or for `flush()`).
  var hasPending: Bool { !pending.isEmpty }

  /// Decodes every complete key in the pending bytes followed by `bytes`.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return drain(final: false)
  }

  /// Decodes whatever is pending as if no more bytes will follow it: a lone ESC becomes
  /// `.escape`, a truncated sequence `.unknown`, a truncated UTF-8 character U+FFFD.
  mutating func flush() -> [Key] {
    drain(final: true)
  }

  private mutating func drain(final: Bool) -> [Key] {
    var keys: [Key] = []
    var start = 0
    while start < pending.count {
      guard let (key, length) = Self.parse(pending[start...], final: final) else { break }
      if let key { keys.append(key) }
      start += length
    }
    pending.removeFirst(start)
    return keys
  }

  /// Parses the key at the start of `bytes`: the key (nil for a byte that means nothing) and
  /// how many bytes it used, or nil when the bytes are an incomplete prefix and `final` is false.
  private static func parse(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return parseEscape(bytes, final: final)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x08, 0x7F: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.text(Character(Unicode.Scalar(first))), 1)
    default: return parseUTF8(bytes, final: final)
    }
  }

  private static func parseEscape(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key?, Int)? {
    let i = bytes.startIndex
    guard bytes.count >= 2 else { return final ? (.escape, 1) : nil }
    let second = bytes[i + 1]
    switch second {
    case UInt8(ascii: "["): return parseCSI(bytes, final: final)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return final ? (.unknown, 2) : nil }
      let key: Key =
        switch bytes[i + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter  // keypad Enter in application mode
        case UInt8(ascii: "c"): .wordRight  // rxvt Ctrl-Right
        case UInt8(ascii: "d"): .wordLeft  // rxvt Ctrl-Left
        default: .unknown
        }
      return (key, 3)
    case 0x08, 0x7F: return (.metaBackspace, 2)
    case 0x20...0x7E: return (.meta(Character(Unicode.Scalar(second))), 2)
    default:
      // ESC followed by another ESC, a control byte or UTF-8: the ESC stands alone.
      return (.escape, 1)
    }
  }

  /// `ESC [ parameters intermediates final`, as ECMA-48 defines a control sequence.
  private static func parseCSI(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key?, Int)? {
    let start = bytes.startIndex
    var i = start + 2
    while i < bytes.endIndex, (0x20...0x3F).contains(bytes[i]) { i += 1 }
    guard i < bytes.endIndex else { return final ? (.unknown, bytes.count) : nil }
    let terminator = bytes[i]
    guard (0x40...0x7E).contains(terminator) else {
      // Not a control sequence after all: drop what was read and decode the odd byte afresh.
      return (.unknown, i - start)
    }
    let parameters = Array(bytes[(start + 2)..<i]).split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { Int(String(decoding: $0, as: UTF8.self)) }
    let number = parameters.first.flatMap { $0 } ?? 1
    // xterm reports modifiers as a second parameter, 1 + (Shift 1, Alt 2, Ctrl 4); old rxvt
    // and some others send the modifier as the only parameter of an arrow key.
    let modifier = parameters.count >= 2 ? (parameters[1] ?? 1) : number
    let wordMove = modifier > 1 && (modifier - 1) & 0b110 != 0
    let key: Key =
      switch terminator {
      case UInt8(ascii: "A"): .up
      case UInt8(ascii: "B"): .down
      case UInt8(ascii: "C"): wordMove ? .wordRight : .right
      case UInt8(ascii: "D"): wordMove ? .wordLeft : .left
      case UInt8(ascii: "H"): .home
      case UInt8(ascii: "F"): .end
      case UInt8(ascii: "~"):
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        default: .unknown
        }
      default: .unknown
      }
    return (key, i - start + 1)
  }

  private static func parseUTF8(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key?, Int)? {
    let start = bytes.startIndex
    let lead = bytes[start]
    let (length, minimum, initial): (Int, UInt32, UInt32) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
      default: (1, 0, 0)
      }
    guard length > 1 else { return (.text("\u{FFFD}"), 1) }
    var value = initial
    var i = start + 1
    while i < start + length {
      guard i < bytes.endIndex else { return final ? (.text("\u{FFFD}"), i - start) : nil }
      let byte = bytes[i]
      guard byte & 0xC0 == 0x80 else { return (.text("\u{FFFD}"), i - start) }
      value = value << 6 | UInt32(byte & 0x3F)
      i += 1
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (.text("\u{FFFD}"), length) }
    // C1 controls are not text; nothing sensible to do with them.
    if (0x80...0x9F).contains(value) { return (nil, length) }
    return (.text(Character(scalar)), length)
  }
}
