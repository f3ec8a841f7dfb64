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
  /// The source line the location falls on, when known. Setting it quotes a whole line
  /// (`quote(_:)` sets an excerpt of one).
  public var lineText: String? {
    didSet {
      lineTextStart = 1
      lineTextReachesEnd = true
    }
  }
  /// Further explanation, printed after the source excerpt.
  public var notes: [String]
  /// A suggested replacement or action, printed as `help: …`.
  public var help: String?
  /// The column of the source line at which `lineText` starts: more than 1 when `lineText` is
  /// an excerpt of a long line rather than the whole line.
  package var lineTextStart = 1
  /// Whether `lineText` reaches the end of the source line.
  package var lineTextReachesEnd = true

  /// A bounded piece of a source line, from `SourceFile.excerpt`.
  package struct Excerpt: Sendable, Hashable {
    package var text: String
    /// The 1-based column of the line at which `text` starts.
    package var startColumn: Int
    package var reachesEnd: Bool
  }

  /// Quotes an excerpt of the line instead of the whole line.
  package mutating func quote(_ excerpt: Excerpt?) {
    lineText = excerpt?.text
    lineTextStart = excerpt?.startColumn ?? 1
    lineTextReachesEnd = excerpt?.reachesEnd ?? true
  }

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
    // In a source joined from several, the diagnostic is about the part the span is in.
    let (source, span) = source.resolve(span)
    let start = source.location(of: span.start)
    let end = source.location(of: span.end)
    let length = end.line == start.line ? end.column - start.column : 1
    self.init(severity, message, file: source.name, location: start, length: length, notes: notes, help: help)
    // A diagnostic in a long (minified) line quotes a window of it, not the whole line.
    var cursor: SourceFile.ExcerptCursor?
    var scanned = 0
    quote(source.excerpt(line: start.line, column: start.column, cursor: &cursor, scanned: &scanned))
  }

  /// The most characters of a source line a rendering quotes.
  package static let quotedWidth = 160

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
    // Everything but precept's own punctuation comes from inputs: escaped before styling.
    var out = style.bold(TerminalStyle.escaped("\(file):\(location.line):\(location.column): "))
    out += style.bold(style.paint("\(severity.rawValue):", severityColor))
    out += style.bold(" " + TerminalStyle.escaped(message))
    if let lineText {
      let gutter = String(location.line)
      let pad = String(repeating: " ", count: gutter.count)
      let (shown, caret, underlined) = quoted(lineText)
      let underline = "^" + String(repeating: "~", count: max(0, underlined - 1))
      out += "\n\(pad) |\n\(gutter) | \(shown)\n\(pad) | \(String(repeating: " ", count: caret))"
      out += style.paint(underline, severityColor)
    }
    for note in notes {
      out += "\n" + style.bold(style.paint("note:", .cyan)) + " \(TerminalStyle.escaped(note, keepingNewlines: true))"
    }
    if let help {
      out += "\n" + style.bold(style.paint("help:", .green)) + " \(TerminalStyle.escaped(help, keepingNewlines: true))"
    }
    return out
  }

  /// The quoted line as shown (escaped, tabs as spaces, at most `quotedWidth` scalars of it
  /// around the column), where the caret goes and how many columns it underlines.
  private func quoted(_ lineText: String) -> (shown: String, caret: Int, underlined: Int) {
    // Column 0 means "unknown" (view-model nodes without positions): the caret goes first.
    let caretIndex = max(0, location.column - 1)  // in scalars of the whole line
    let windowStart = max(0, lineTextStart - 1)
    let scalars = lineText.unicodeScalars
    let count = scalars.count
    let windowEnd = windowStart + count
    let width = Diagnostic.quotedWidth
    // A long line (minified code) is quoted around the caret: quoted whole for each of its
    // findings, a 200 KB line with 16,000 findings made a report of 3 GB.
    var first = windowStart
    var shownCount = count
    if windowStart > 0 || !lineTextReachesEnd || count > width {
      first = max(windowStart, min(caretIndex - width / 3, lineTextReachesEnd ? windowEnd - width : Int.max))
      shownCount = min(width, windowEnd - first)
    }
    let leading = first > 0
    let trailing = first + shownCount < windowEnd || !lineTextReachesEnd
    var shown = leading ? "…" : ""
    var caret = leading ? 1 : 0
    var underlined = 0
    // Characters before the caret keep their (escaped) width; everything else becomes a space.
    for (index, scalar) in scalars.dropFirst(first - windowStart).prefix(shownCount).enumerated() {
      let piece = scalar == "\t" ? " " : TerminalStyle.escaped(String(scalar))
      shown += piece
      let position = first + index
      if position < caretIndex {
        caret += piece.unicodeScalars.count
      } else if position < caretIndex + length {
        underlined += piece.unicodeScalars.count
      }
    }
    if trailing { shown += "…" }
    return (shown, caret, max(1, underlined))
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
