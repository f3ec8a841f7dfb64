/// Checks the version in a ruleset header and the ranges in its imports, reporting where in
/// the text a problem lies (the parsing itself is `SemanticVersion` and `VersionRange`).
enum VersionSyntax {
  struct Problem {
    var message: String
    /// Offset and length of the problem inside the checked text, in UTF-8 bytes.
    var offset: Int
    var length: Int
  }

  static func versionProblem(_ text: String) -> Problem? {
    do {
      _ = try SemanticVersion(parsing: text)
      return nil
    } catch {
      return Problem(
        message: "malformed version '\(text)': \(error.message)", offset: error.offset, length: error.length)
    }
  }

  static func rangeProblem(_ text: String) -> Problem? {
    do {
      _ = try VersionRange(parsing: text)
      return nil
    } catch {
      return Problem(
        message: "malformed version range '\(text)': \(error.message)", offset: error.offset, length: error.length)
    }
  }
}
