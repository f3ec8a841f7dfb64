/// Checks the version in a ruleset header and the ranges in its imports, reporting where in
/// the text a problem lies.
enum VersionSyntax {
  struct Problem {
    var message: String
    /// Offset and length of the problem inside the checked text.
    var offset: Int
    var length: Int
  }

  static func versionProblem(_ text: String) -> Problem? {
    if text.isEmpty { return Problem(message: "missing version", offset: 0, length: 1) }
    let core = text.prefix { $0 != "-" && $0 != "+" }
    let parts = core.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
      return Problem(message: "malformed version '\(text)'; expected MAJOR.MINOR.PATCH", offset: 0, length: text.count)
    }
    return nil
  }

  static func rangeProblem(_ text: String) -> Problem? {
    if text.isEmpty { return Problem(message: "missing version range", offset: 0, length: 1) }
    return nil
  }
}
