// What the distribution layer knows about a pack. The pack format itself (source + bytecode)
// belongs to the compiler; its reader produces a `PackMetadata` and nothing here looks inside
// the payload.

/// A pack's identity and imports: what the registry records and the resolver follows.
///
/// The pack reader fills this in from a `.preceptpack` file; `Registry.publish` takes it
/// alongside the file, whose bytes it hashes itself.
public struct PackMetadata: Sendable, Hashable {
  /// The ruleset's dotted name, e.g. `menu.basic` (see `nameProblem(_:)` for the rules).
  public var name: String
  public var version: SemanticVersion
  /// The rulesets this one imports, one requirement per name.
  public var imports: [Requirement]

  public init(name: String, version: SemanticVersion, imports: [Requirement] = []) {
    self.name = name
    self.version = version
    self.imports = imports
  }

  /// The conventional file name of the pack, `NAME-VERSION.preceptpack`.
  public var fileName: String { "\(name)-\(version).preceptpack" }

  /// Why `name` is not a valid ruleset name, or nil if it is one.
  ///
  /// A name is one or more segments separated by `.`; a segment is a lowercase ASCII letter
  /// followed by lowercase letters, digits and `-`. At most 128 characters. Names are used
  /// as folder and file names in registries, so they are kept to characters that mean the
  /// same on every file system and in URLs, and lowercase so that no two differ only in case.
  public static func nameProblem(_ name: String) -> String? {
    let bytes = Array(name.utf8)
    if bytes.isEmpty { return "a ruleset name cannot be empty" }
    if bytes.count > 128 { return "a ruleset name has at most 128 characters" }
    var segmentStart = true
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        segmentStart = false
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        if segmentStart { return "each dot-separated part of a ruleset name starts with a lowercase letter" }
      case UInt8(ascii: "."):
        if segmentStart { return "a ruleset name cannot start with '.', end with '.' or have '..'" }
        segmentStart = true
      default:
        return "a ruleset name uses only lowercase letters, digits, '-' and '.'"
      }
    }
    if segmentStart { return "a ruleset name cannot start with '.', end with '.' or have '..'" }
    return nil
  }
}

/// A ruleset name with the versions that are acceptable for it: an `import`, or a root
/// requirement of a project.
public struct Requirement: Sendable, Hashable, CustomStringConvertible {
  /// The required ruleset's name.
  public var name: String
  /// The versions of it that are acceptable.
  public var range: VersionRange

  public init(_ name: String, _ range: VersionRange) {
    self.name = name
    self.range = range
  }

  /// `name range`, as an import is written.
  public var description: String { "\(name) \(range)" }
}
