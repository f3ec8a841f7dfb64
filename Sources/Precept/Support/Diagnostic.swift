/// A problem found in an input, as a value: where it is, what it is, and what might fix it.
///
/// A diagnostic carries the text of the line it points into, so it can be printed the way
/// the Swift compiler prints one, long after the source file is gone.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    case error, warning, note
  }

  public var severity: Severity
  public var message: String
  /// The file's name as the user gave it.
  public var file: String
  public var location: SourceLocation
  /// How many columns the caret line underlines (at least one).
  public var length: Int
  /// The source line the location falls on, when known.
  public var lineText: String?
  /// Further explanation, printed after the source excerpt.
  public var notes: [String]
  /// A suggested replacement or action, printed as `help: …`.
  public var help: String?

  public init(
    _ severity: Severity, _ message: String, file: String, location: SourceLocation,
    length: Int = 1, lineText: String? = nil, notes: [String] = [], help: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.file = file
    self.location = location
    self.length = max(1, length)
    self.lineText = lineText
    self.notes = notes
    self.help = help
  }

  /// A diagnostic at a span of a source file, quoting the line it starts on.
  public init(
    _ severity: Severity, _ message: String, in source: SourceFile, span: Span,
    notes: [String] = [], help: String? = nil
  ) {
    let start = source.location(of: span.start)
    let end = source.location(of: span.end)
    let length = end.line == start.line ? end.column - start.column : 1
    self.init(
      severity, message, file: source.name, location: start, length: length,
      lineText: source.lineText(start.line), notes: notes, help: help)
  }

  /// The most characters of a source line a rendering quotes.
  static let quotedWidth = 160

  /// `file:line:column: severity: message`, the first line of the rendering.
  public var description: String {
    "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
  }

  /// The diagnostic as the Swift compiler prints one: the header line, the quoted source line
  /// with a gutter, a caret under the column, then notes and help.
  public func rendered(color: Bool = false) -> String {
    let style = TerminalStyle(enabled: color)
    let severityColor: TerminalStyle.Color =
      switch severity {
      case .error: .red
      case .warning: .yellow
      case .note: .cyan
      }
    var out = style.bold("\(file):\(location.line):\(location.column): ")
    out += style.bold(style.paint("\(severity.rawValue):", severityColor))
    out += style.bold(" \(message)")
    if let lineText {
      let gutter = String(location.line)
      let pad = String(repeating: " ", count: gutter.count)
      var shown = lineText.replacingTabs()
      // Column 0 means "unknown" (view-model nodes without positions): the caret goes first.
      var before = max(0, location.column - 1)
      // A long line (minified code) is quoted around the caret: quoted whole for each of its
      // findings, a 200 KB line with 16,000 findings made a report of 3 GB.
      let scalars = shown.unicodeScalars
      let width = Diagnostic.quotedWidth
      if scalars.count > width {
        let first = max(0, min(before - width / 3, scalars.count - width))
        let window = String.UnicodeScalarView(scalars.dropFirst(first).prefix(width))
        shown = (first > 0 ? "…" : "") + String(window) + (first + width < scalars.count ? "…" : "")
        before += first > 0 ? 1 - first : 0
      }
      // Characters before the caret keep their width; everything else becomes a space.
      let prefix = String(shown.unicodeScalars.prefix(before).map { _ in " " })
      let available = max(1, shown.unicodeScalars.count - before)
      let underline = "^" + String(repeating: "~", count: max(0, min(length, available) - 1))
      out += "\n\(pad) |\n\(gutter) | \(shown)\n\(pad) | \(prefix)"
      out += style.paint(underline, severityColor)
    }
    for note in notes {
      out += "\n" + style.bold(style.paint("note:", .cyan)) + " \(note)"
    }
    if let help {
      out += "\n" + style.bold(style.paint("help:", .green)) + " \(help)"
    }
    return out
  }
}

extension [Diagnostic] {
  /// How many diagnostics one stage reports for one file. A file of garbage would otherwise
  /// get one per byte, each quoting its (possibly megabyte-long) line.
  static let reportLimit = 100

  /// Appends the diagnostic `make` builds, unless `reportLimit` are already there; the first
  /// one past the limit is replaced by one saying that later errors are not reported.
  mutating func appendWithinLimit(_ make: () -> Diagnostic) {
    guard count <= Self.reportLimit else { return }
    var diagnostic = make()
    if count == Self.reportLimit {
      diagnostic.message = "too many errors; the rest of the file is not reported"
      diagnostic.notes = []
      diagnostic.help = nil
    }
    append(diagnostic)
  }
}

/// One or more diagnostics thrown as an error, for callers that stop at the first failure.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
  public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }

  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }

  /// Every diagnostic rendered with its source excerpt.
  public func rendered(color: Bool = false) -> String {
    diagnostics.map { $0.rendered(color: color) }.joined(separator: "\n")
  }
}

extension String {
  fileprivate func replacingTabs() -> String {
    // A tab is shown as one space so that columns (counted in scalars) stay aligned.
    String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
  }
}
