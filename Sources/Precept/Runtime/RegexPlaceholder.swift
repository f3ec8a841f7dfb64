// Placeholder until the regex engine lands from its branch: matches literal substrings only.
struct Regex: Sendable {
  let pattern: [UInt8]
  init(_ pattern: String) throws(RegexPlaceholderError) { self.pattern = Array(pattern.utf8) }
  func matches(_ text: [UInt8]) -> Bool { find(pattern, in: text, from: 0) != nil }
}
struct RegexPlaceholderError: Error {}
