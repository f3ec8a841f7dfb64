#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ANSI styling that does nothing when disabled, so callers write one code path.
public struct TerminalStyle: Sendable {
  public enum Color: Int, Sendable {
    case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, gray = 90
  }

  public let enabled: Bool

  public init(enabled: Bool) { self.enabled = enabled }

  /// Colour for a stream: only on a terminal, and never when `NO_COLOR` is set (no-color.org).
  public static func forStream(fileDescriptor: Int32) -> TerminalStyle {
    if let value = getenv("NO_COLOR"), value.pointee != 0 { return TerminalStyle(enabled: false) }
    if let term = getenv("TERM"), String(cString: term) == "dumb" {
      return TerminalStyle(enabled: false)
    }
    return TerminalStyle(enabled: isatty(fileDescriptor) != 0)
  }

  public func paint(_ text: String, _ color: Color) -> String {
    enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }

  public func bold(_ text: String) -> String {
    enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  public func dim(_ text: String) -> String {
    enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text
  }
}
