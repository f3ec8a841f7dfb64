/// Why a pattern was rejected, and where: a byte offset into the pattern's UTF-8.
struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
  var message: String
  /// Byte offset into the pattern's UTF-8 where the offending construct starts.
  var offset: Int

  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  var description: String { "\(message) (at offset \(offset))" }
}

/// The limits that keep a hostile pattern from costing unbounded time or memory.
enum RegexLimits {
  /// Longest accepted pattern, in UTF-8 bytes.
  static let patternBytes = 32_768
  /// Largest count in `{n}`, `{n,}` and `{n,m}` (RE2's limit).
  static let repetitionCount = 1_000
  /// Deepest nesting of groups (RE2's limit).
  static let nesting = 1_000
  /// Most instructions in a compiled program. Matching costs at most this much work per byte
  /// of text, so the cap also bounds match time.
  static let programSize = 10_000
  /// Most scalar ranges over all character classes of a program.
  static let classRanges = 100_000
}

/// A zero-width assertion.
enum RegexAssertion: UInt8, Sendable {
  /// `\A`, and `^` outside multi-line mode.
  case beginText = 1
  /// `\z`, and `$` outside multi-line mode.
  case endText = 2
  /// `^` in multi-line mode: at the start of the text or after `\n`.
  case beginLine = 4
  /// `$` in multi-line mode: at the end of the text or before `\n`.
  case endLine = 8
  /// `\b`: between an ASCII word character and a non-word character (or an end).
  case wordBoundary = 16
  /// `\B`.
  case notWordBoundary = 32
}

/// One node of a parsed pattern. Nodes live in an arena and refer to their children by index,
/// so no pass over the tree needs recursion.
enum RegexNode: Sendable, Equatable {
  /// Matches the empty string.
  case empty
  case scalar(UInt32)
  case set(ScalarSet)
  /// `.` in `(?s)` mode: any scalar.
  case anyScalar
  /// `.`: any scalar but `\n`.
  case anyButNewline
  case assertion(RegexAssertion)
  case concatenation([Int])
  case alternation([Int])
  /// `child{min,max}`; `max == nil` is unbounded. `*`, `+` and `?` are `{0,}`, `{1,}`, `{0,1}`.
  case repetition(Int, min: Int, max: Int?)
}

/// A parsed pattern: its nodes and the index of the root.
struct RegexSyntaxTree: Sendable {
  var nodes: [RegexNode]
  var root: Int
}
