import Precept

/// `precept.lock`: the exact packs a project uses, so that `install` fetches the same bytes
/// on every machine, and the root requirements they were resolved from, so that a change of
/// requirements can be noticed.
///
/// ```json
/// {
///   "lock": 1,
///   "requirements": {
///     "menu.basic": "^1.0"
///   },
///   "packs": {
///     "global": {
///       "version": "1.1.0",
///       "source": "https://rules.example.com/precept",
///       "file": "global/global-1.1.0.preceptpack",
///       "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
///     },
///     "menu.basic": { … }
///   }
/// }
/// ```
///
/// - `lock` (required): the format version, 1.
/// - `requirements` (required): ruleset name → version range, the root requirements.
/// - `packs` (required): ruleset name → the pack chosen for it:
///   - `version`: the exact version;
///   - `source`: the registry it came from, as given to `Registry.open`: an `http://` or
///     `https://` base URL, or a folder path (a relative path is relative to the directory
///     holding the lock file);
///   - `file`: the pack's path inside that registry (the same rules as in `index.json`);
///   - `sha256`: the SHA-256 of the pack file, 64 lowercase hex digits.
///
/// The file is written deterministically: pretty JSON with two-space indentation, members in
/// the order above, requirements and packs by name, a final newline. The same resolution
/// always gives the same bytes. Readers ignore members they do not know.
public struct LockFile: Sendable, Hashable {
  /// The format version this code reads and writes.
  public static let formatVersion = 1
  /// The lock file's conventional name.
  public static let fileName = "precept.lock"

  /// One locked pack.
  public struct Pack: Sendable, Hashable {
    public var name: String
    public var version: SemanticVersion
    /// The registry location the pack is fetched from.
    public var source: String
    /// Path of the pack file inside the registry.
    public var file: String
    /// SHA-256 of the pack file, lowercase hexadecimal.
    public var sha256: String

    public init(name: String, version: SemanticVersion, source: String, file: String, sha256: String) {
      self.name = name
      self.version = version
      self.source = source
      self.file = file
      self.sha256 = sha256
    }
  }

  /// The root requirements, in name order.
  public var requirements: [Requirement]
  /// The locked packs, in name order.
  public var packs: [Pack]

  public init(requirements: [Requirement], packs: [Pack]) {
    self.requirements = requirements.sorted { $0.name < $1.name }
    self.packs = packs.sorted { $0.name < $1.name }
  }

  /// The locked pack for a ruleset name.
  public func pack(_ name: String) -> Pack? {
    packs.first { $0.name == name }
  }
}

// MARK: - Reading and writing

extension LockFile {
  /// Reads a lock file. Malformed JSON and every schema violation are reported with the file,
  /// line and column of the value at fault.
  public static func read(_ source: SourceFile) throws(DiagnosticError) -> LockFile {
    let document = try JSON.parse(source)
    let reader = DocumentReader(source: source, kind: "lock file")
    _ = try reader.object(document, "a lock file")
    try reader.formatVersion(document, key: "lock", supported: formatVersion)
    let requirements = try reader.requirements(
      try reader.required("requirements", in: document, "a lock file"), "'requirements'")
    let packsValue = try reader.required("packs", in: document, "a lock file")
    var packs: [Pack] = []
    for member in try reader.object(packsValue, "'packs'") {
      let name = try reader.packName(key: member)
      let what = "the locked pack '\(name)'"
      _ = try reader.object(member.value, what)
      let version = try reader.version(try reader.required("version", in: member.value, what), "'version'")
      let sourceValue = try reader.required("source", in: member.value, what)
      let location = try reader.string(sourceValue, "'source'")
      if location.isEmpty { throw reader.fail("'source' cannot be empty", sourceValue) }
      packs.append(
        Pack(
          name: name, version: version, source: location,
          file: try reader.file(try reader.required("file", in: member.value, what)),
          sha256: try reader.sha256(try reader.required("sha256", in: member.value, what))))
    }
    return LockFile(requirements: requirements, packs: packs)
  }

  /// The lock file as JSON, in the canonical order described on the type.
  public var json: JSON {
    .object([
      JSON.Member("lock", .integer(LockFile.formatVersion)),
      JSON.Member("requirements", requirementsJSON(requirements)),
      JSON.Member(
        "packs",
        .object(
          packs.sorted { $0.name < $1.name }.map { pack in
            JSON.Member(
              pack.name,
              .object([
                JSON.Member("version", .string(pack.version.description)),
                JSON.Member("source", .string(pack.source)),
                JSON.Member("file", .string(pack.file)),
                JSON.Member("sha256", .string(pack.sha256)),
              ]))
          })),
    ])
  }

  /// The lock file as text: pretty JSON in canonical order, with a final newline.
  public func serialized() -> String {
    json.serialized(pretty: true) + "\n"
  }
}
