/// A compiled regular expression in RE2 syntax, for CEL's `matches`.
///
/// Matching has RE2's *partial match* semantics: `matches` is true when the pattern matches
/// any substring of the text; `^` and `$` (or `\A` and `\z`) anchor it to the whole text.
/// Only whether a match exists is computed, so lazy and greedy operators behave alike and
/// groups capture nothing.
///
/// Patterns are untrusted input: parsing and compiling use no recursion and reject patterns
/// beyond `RegexLimits`, and matching runs in time linear in the text (an NFA simulation, no
/// backtracking). A `Regex` is immutable: compile once and match from any thread.
struct Regex: Sendable {
  /// The pattern as written.
  let pattern: String
  let program: RegexProgram

  /// Compiles `pattern`, or throws an error naming the offending construct and its byte offset.
  init(_ pattern: String) throws(RegexError) {
    self.pattern = pattern
    program = try RegexCompiler.compile(try RegexParser.parse(pattern))
  }

  /// Whether the pattern matches any substring of `text`, which is UTF-8.
  func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    program.matches(text)
  }

  /// Whether the pattern matches any substring of `text`, which is UTF-8, or nil when that
  /// would take more than `stepLimit` of the matcher's steps; `steps` is set to those taken.
  func matches(_ text: UnsafeBufferPointer<UInt8>, stepLimit: Int, steps: inout Int) -> Bool? {
    program.matches(text, stepLimit: stepLimit, steps: &steps)
  }

  /// Whether the pattern matches any substring of `text`, which is UTF-8.
  func matches(_ text: [UInt8]) -> Bool {
    text.withUnsafeBufferPointer { program.matches($0) }
  }

  /// Whether the pattern matches any substring of `text`, which is UTF-8.
  func matches<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
    // Closures rather than `program.matches` itself, which would copy the program (and retain
    // its arrays) on every call.
    text.withContiguousStorageIfAvailable { program.matches($0) }
      ?? Array(text).withUnsafeBufferPointer { program.matches($0) }
  }

  /// Whether the pattern matches any substring of `text`.
  func matches(_ text: String) -> Bool {
    matches(text.utf8)
  }
}
