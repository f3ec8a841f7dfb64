#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ANSI styling that does nothing when disabled, so callers write one code path.
package struct TerminalStyle: Sendable {
  package enum Color: Int, Sendable {
    case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, gray = 90
  }

  package let enabled: Bool

  package init(enabled: Bool) { self.enabled = enabled }

  /// Colour for a stream: only on a terminal, and never when `NO_COLOR` is set (no-color.org).
  package static func forStream(fileDescriptor: Int32) -> TerminalStyle {
    if let value = getenv("NO_COLOR"), value.pointee != 0 { return TerminalStyle(enabled: false) }
    if let term = getenv("TERM"), String(cString: term) == "dumb" {
      return TerminalStyle(enabled: false)
    }
    return TerminalStyle(enabled: isatty(fileDescriptor) != 0)
  }

  package func paint(_ text: String, _ color: Color) -> String {
    enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }

  package func bold(_ text: String) -> String {
    enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  package func dim(_ text: String) -> String {
    enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text
  }
}

extension TerminalStyle {
  /// `text` with every character that a terminal would act on instead of showing written as a
  /// visible escape, `\u{1B}`: C0 controls (tab kept; newline kept only when `keepingNewlines`),
  /// DEL, C1 controls (U+0080–U+009F), the bidirectional overrides and isolates (U+202A–U+202E,
  /// U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029).
  ///
  /// Rule messages, fixes, card text, view-model strings, registry strings and file names come
  /// from strangers: printed raw, an escape sequence could clear the screen, print a fake
  /// summary, set the window title or hide text, and a newline could forge a finding line.
  /// Every text output path escapes untrusted text with this one function, before adding its
  /// own colours. The result holds no character this function escapes, so escaping twice
  /// changes nothing; backslashes are left as they are.
  package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    func needsEscape(_ value: UInt32) -> Bool {
      switch value {
      case 0x09: false
      case 0x0A: !keepingNewlines
      case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
      default: false
      }
    }
    // Nearly every string is printable ASCII: check the bytes first.
    let printableASCII = text.utf8.allSatisfy { byte in
      (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || (byte == 0x0A && keepingNewlines)
    }
    if printableASCII { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar.value) {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
