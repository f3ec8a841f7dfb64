import Precept
/// The catalogue of a registry, `index.json` at its root: every pack it holds, by name and
/// version, with the path of the pack file, its SHA-256 and its imports.
///
/// ```json
/// {
///   "registry": 1,
///   "packs": {
///     "global": {
///       "1.0.0": { "file": "global/global-1.0.0.preceptpack", "sha256": "9f86d0…", "imports": {} }
///     },
///     "menu.basic": {
///       "1.2.0": {
///         "file": "menu.basic/menu.basic-1.2.0.preceptpack",
///         "sha256": "60303a…",
///         "imports": { "global": "^1.0" }
///       }
///     }
///   }
/// }
/// ```
///
/// - `registry` (required): the format version, 1.
/// - `packs` (required): ruleset name → version → entry. Names follow
///   `PackMetadata.nameProblem(_:)`; versions are SemVer; no two versions of a name may have
///   the same precedence (`1.0.0+a` and `1.0.0+b` cannot both be listed).
/// - `file` (required): the pack's path relative to the registry root, `/`-separated; each
///   segment uses `A–Z a–z 0–9 . _ + -` and is neither `.` nor `..`.
/// - `sha256` (required): the SHA-256 of the pack file's bytes, 64 lowercase hex digits.
/// - `imports` (optional, default `{}`): ruleset name → version range, as the pack's
///   `import` lines say. A pack cannot import itself.
///
/// Readers ignore members they do not know, so fields can be added without breaking them; a
/// change old readers must not ignore raises `registry`. The writer (`serialized()`) sorts
/// names (ASCII order), versions by precedence and imports by name, and always writes
/// `imports`.
public struct RegistryIndex: Sendable, Hashable {
  /// The format version this code reads and writes.
  public static let formatVersion = 1
  /// The index's file name at the root of a registry.
  public static let fileName = "index.json"

  /// One version of one pack.
  public struct Entry: Sendable, Hashable {
    public var version: SemanticVersion
    /// Path of the pack file relative to the registry root.
    public var file: String
    /// SHA-256 of the pack file, lowercase hexadecimal.
    public var sha256: String
    /// The pack's imports, in name order.
    public var imports: [Requirement]

    public init(version: SemanticVersion, file: String, sha256: String, imports: [Requirement]) {
      self.version = version
      self.file = file
      self.sha256 = sha256
      self.imports = imports.sorted { $0.name < $1.name }
    }
  }

  /// Pack name → its versions, oldest first.
  public private(set) var packs: [String: [Entry]]

  /// An empty index.
  public init() {
    packs = [:]
  }

  /// The versions of `name`, oldest first; empty if the registry has no such pack.
  public func entries(for name: String) -> [Entry] {
    packs[name] ?? []
  }

  /// The entry for an exact version.
  public func entry(_ name: String, _ version: SemanticVersion) -> Entry? {
    packs[name]?.first { $0.version == version }
  }

  /// Adds a version of a pack, keeping versions in order. The caller has checked that the
  /// name is valid and the version is not listed yet.
  mutating func insert(_ entry: Entry, for name: String) {
    var entries = packs[name] ?? []
    entries.append(entry)
    entries.sort { $0.version < $1.version }
    packs[name] = entries
  }

  /// Why `path` cannot be a pack's path inside a registry, or nil if it can.
  static func filePathProblem(_ path: String) -> String? {
    if path.isEmpty { return "the path is empty" }
    if path.hasPrefix("/") { return "the path must be relative to the registry" }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
      if segment.isEmpty { return "the path has an empty segment" }
      if segment == "." || segment == ".." { return "the path cannot contain '.' or '..' segments" }
      let allowed = segment.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"),
          UInt8(ascii: "-"):
          true
        default: false
        }
      }
      if !allowed { return "path segments use only letters, digits, '.', '_', '+' and '-'" }
    }
    return nil
  }
}

// MARK: - Reading and writing

extension RegistryIndex {
  /// Reads an index. Malformed JSON and every schema violation are reported with the file,
  /// line and column of the value at fault.
  public static func read(_ source: SourceFile) throws(DiagnosticError) -> RegistryIndex {
    let document = try JSON.parse(source)
    let reader = DocumentReader(source: source, kind: "registry index")
    _ = try reader.object(document, "a registry index")
    try reader.formatVersion(document, key: "registry", supported: formatVersion)
    let packsValue = try reader.required("packs", in: document, "a registry index")
    var index = RegistryIndex()
    for member in try reader.object(packsValue, "'packs'") {
      let name = try reader.packName(key: member)
      var entries: [Entry] = []
      var seen: [SemanticVersion: String] = [:]
      for versionMember in try reader.object(member.value, "the versions of '\(name)'") {
        let version = try reader.version(key: versionMember)
        if let earlier = seen[version] {
          throw reader.fail(
            earlier == versionMember.key
              ? "version \(earlier) of '\(name)' appears twice"
              : "version \(versionMember.key) of '\(name)' has the same precedence as \(earlier)",
            at: versionMember.keyOffset, length: versionMember.key.utf8.count + 2,
            help: earlier == versionMember.key ? nil : "build metadata does not tell versions apart")
        }
        seen[version] = versionMember.key
        entries.append(try entry(versionMember.value, name: name, version: version, reader: reader))
      }
      index.packs[name] = entries.sorted { $0.version < $1.version }
    }
    return index
  }

  private static func entry(
    _ value: JSON, name: String, version: SemanticVersion, reader: DocumentReader
  ) throws(DiagnosticError) -> Entry {
    let what = "'\(name)' \(version)"
    _ = try reader.object(value, what)
    let file = try reader.file(try reader.required("file", in: value, what))
    let sha256 = try reader.sha256(try reader.required("sha256", in: value, what))
    var imports: [Requirement] = []
    if let importsValue = value["imports"] {
      imports = try reader.requirements(importsValue, "'imports'")
      if let member = importsValue.objectValue?.first(where: { $0.key == name }) {
        throw reader.fail(
          "'\(name)' cannot import itself", at: member.keyOffset, length: member.key.utf8.count + 2)
      }
    }
    return Entry(version: version, file: file, sha256: sha256, imports: imports)
  }

  /// The index as JSON, in the canonical order described on the type.
  public var json: JSON {
    let names = packs.keys.sorted()
    return .object([
      JSON.Member("registry", .integer(RegistryIndex.formatVersion)),
      JSON.Member(
        "packs",
        .object(
          names.map { name in
            JSON.Member(
              name,
              .object(
                entries(for: name).map { entry in
                  JSON.Member(
                    entry.version.description,
                    .object([
                      JSON.Member("file", .string(entry.file)),
                      JSON.Member("sha256", .string(entry.sha256)),
                      JSON.Member("imports", requirementsJSON(entry.imports)),
                    ]))
                }))
          })),
    ])
  }

  /// The index as text: pretty JSON in canonical order, with a final newline.
  public func serialized() -> String {
    json.serialized(pretty: true) + "\n"
  }
}
