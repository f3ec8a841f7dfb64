import Precept

// Shared checks for the JSON documents of this folder (index.json, precept.lock): each
// problem is reported at the line and column of the value or key at fault.

struct DocumentReader: JSONChecks {
  let source: SourceFile
  /// What the document is, for messages: "registry index", "lock file".
  let kind: String

  func fail(_ message: String, at offset: Int, length: Int = 1, help: String? = nil) -> DiagnosticError {
    let start = max(0, offset)
    return DiagnosticError(
      Diagnostic(.error, message, in: source, span: Span(start, start + max(1, length)), help: help))
  }

  func fail(_ message: String, _ value: JSON, help: String?) -> DiagnosticError {
    fail(message, at: value.offset, length: valueLength(value), help: help)
  }

  func fail(_ message: String, _ value: JSON) -> DiagnosticError { fail(message, value, help: nil) }

  /// How many bytes a scalar value spans in the source (1 for containers: the caret marks
  /// their opening bracket).
  private func valueLength(_ value: JSON) -> Int {
    switch value.kind {
    case .string(let text): return rawLength(ofStringAt: value.offset, text)
    case .integer(let number): return String(number).utf8.count
    case .bool(let flag): return flag ? 4 : 5
    case .null: return 4
    case .double, .array, .object: return 1
    }
  }

  /// The byte length of a string literal starting at `offset` (quotes included) when it has no
  /// escapes; otherwise 1.
  private func rawLength(ofStringAt offset: Int, _ text: String) -> Int {
    isPlain(stringAt: offset, text) ? text.utf8.count + 2 : 1
  }

  /// Whether the literal at `offset` is `text` in quotes with no escapes, so that offsets into
  /// `text` map one to one onto the source.
  private func isPlain(stringAt offset: Int, _ text: String) -> Bool {
    let bytes = source.bytes
    let count = text.utf8.count
    guard offset >= 0, offset + count + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return false }
    return bytes[(offset + 1)..<(offset + 1 + count)].elementsEqual(text.utf8)
      && bytes[offset + count + 1] == UInt8(ascii: "\"")
  }

  /// A version parse error inside the string literal (a value, or a key) at `offset`.
  func fail(_ error: VersionParseError, inStringAt offset: Int, _ text: String) -> DiagnosticError {
    guard isPlain(stringAt: offset, text) else {
      return fail(error.message, at: offset, length: rawLength(ofStringAt: offset, text))
    }
    return fail(error.message, at: offset + 1 + error.offset, length: error.length)
  }

  /// The value of a required member; its absence is reported at the object.
  func required(_ key: String, in object: JSON, _ what: String) throws(DiagnosticError) -> JSON {
    guard let value = object[key] else {
      throw fail("\(what) is missing the required field '\(key)'", at: object.offset)
    }
    return value
  }

  /// The format version field every document starts with.
  func formatVersion(_ document: JSON, key: String, supported: Int) throws(DiagnosticError) {
    let value = try required(key, in: document, "a \(kind)")
    guard let number = value.integerValue else {
      throw fail("'\(key)' must be the \(kind) format version number, found \(value.kindName)", value)
    }
    guard number == supported else {
      throw fail(
        "unsupported \(kind) format version \(number); this version of precept reads version \(supported)", value,
        help: "update precept to read this \(kind)")
    }
  }

  func packName(key member: JSON.Member) throws(DiagnosticError) -> String {
    if let problem = PackMetadata.nameProblem(member.key) {
      throw fail(
        "invalid ruleset name '\(member.key)': \(problem)", at: member.keyOffset,
        length: rawLength(ofStringAt: member.keyOffset, member.key))
    }
    return member.key
  }

  func version(key member: JSON.Member) throws(DiagnosticError) -> SemanticVersion {
    do {
      return try SemanticVersion(parsing: member.key)
    } catch {
      throw fail(error, inStringAt: member.keyOffset, member.key)
    }
  }

  func version(_ value: JSON, _ what: String) throws(DiagnosticError) -> SemanticVersion {
    let text = try string(value, what)
    do {
      return try SemanticVersion(parsing: text)
    } catch {
      throw fail(error, inStringAt: value.offset, text)
    }
  }

  func range(_ value: JSON, _ what: String) throws(DiagnosticError) -> VersionRange {
    let text = try string(value, what)
    do {
      return try VersionRange(parsing: text)
    } catch {
      throw fail(error, inStringAt: value.offset, text)
    }
  }

  /// An object of ruleset name → version range (imports, root requirements), in name order.
  func requirements(_ value: JSON, _ what: String) throws(DiagnosticError) -> [Requirement] {
    let members = try object(value, what)
    var requirements: [Requirement] = []
    for member in members {
      let name = try packName(key: member)
      requirements.append(Requirement(name, try range(member.value, "the range of '\(name)'")))
    }
    return requirements.sorted { $0.name < $1.name }
  }

  func sha256(_ value: JSON) throws(DiagnosticError) -> String {
    let text = try string(value, "'sha256'")
    guard SHA256.isHexDigest(text) else {
      throw fail("'sha256' must be 64 lowercase hexadecimal digits", value)
    }
    return text
  }

  func file(_ value: JSON) throws(DiagnosticError) -> String {
    let text = try string(value, "'file'")
    if let problem = RegistryIndex.filePathProblem(text) {
      throw fail("invalid pack path '\(text)': \(problem)", value)
    }
    return text
  }
}

/// Requirements as a JSON object of name → range, in name order.
func requirementsJSON(_ requirements: [Requirement]) -> JSON {
  .object(requirements.sorted { $0.name < $1.name }.map { JSON.Member($0.name, .string($0.range.description)) })
}
