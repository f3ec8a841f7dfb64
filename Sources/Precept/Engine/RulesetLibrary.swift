import Foundation

/// A search path of rulesets — sources and packs — loaded on demand: `import NAME RANGE` is
/// resolved to the newest version of NAME in the library that the range accepts.
///
/// Rulesets are added from files, folders (every `*.precept` and `*.preceptpack` directly
/// inside), text or packs. Only headers and manifests are read when added; a ruleset is
/// compiled (or its pack verified) the first time it is asked for, once, with its imports
/// resolved from the same library.
public final class RulesetLibrary: @unchecked Sendable {
  /// A ruleset source the library holds: its name and version as the header gives them.
  public struct Entry: Sendable {
    public let name: String
    public let version: SemanticVersion
    /// The ruleset's source (for a pack, the source it carries).
    public let source: SourceFile
    /// The pack the ruleset came from, if any: its verified bytecode is used, not the source.
    public let pack: Pack?
    /// The source as parsed when it was added, when that parse found no problem: compiling
    /// starts from it instead of parsing the source a second time.
    let syntax: RulesetSyntax?

    init(name: String, version: SemanticVersion, source: SourceFile, pack: Pack?, syntax: RulesetSyntax? = nil) {
      self.name = name
      self.version = version
      self.source = source
      self.pack = pack
      self.syntax = syntax
    }
  }

  public private(set) var entries: [Entry] = []
  private var compiled: [String: Ruleset] = [:]
  private var compiling: [String] = []
  private let lock = NSLock()

  public init() {}

  /// Adds a ruleset source. Its header must parse (`ruleset NAME VERSION`); the rest is checked
  /// when it is compiled. A second source with the same name and version is an error.
  public func add(_ source: SourceFile) throws(DiagnosticError) {
    let (syntax, diagnostics) = Parser.parseRuleset(source)
    guard let syntax else { throw DiagnosticError(diagnostics) }
    let version: SemanticVersion
    do {
      version = try SemanticVersion(parsing: syntax.version.value)
    } catch {
      throw DiagnosticError(error.diagnostic(in: source, textOffset: syntax.version.span.start))
    }
    lock.lock()
    defer { lock.unlock() }
    if let existing = entries.first(where: { $0.name == syntax.name.value && $0.version == version }) {
      throw DiagnosticError(
        Diagnostic(
          .error, "ruleset \(syntax.name.value) \(version) is defined twice", in: source, span: syntax.name.span,
          notes: ["also defined in \(existing.source.name)"]))
    }
    entries.append(
      Entry(
        name: syntax.name.value, version: version, source: source, pack: nil,
        syntax: diagnostics.isEmpty ? syntax : nil))
  }

  /// Adds an entry another library holds (its header already read), without parsing its
  /// source again; a second entry with the same name and version is an error, as for a source.
  package func add(_ entry: Entry) throws(DiagnosticError) {
    lock.lock()
    let duplicate = entries.contains { $0.name == entry.name && $0.version == entry.version }
    if !duplicate { entries.append(entry) }
    lock.unlock()
    // The source or pack path again, for the same diagnostic as adding it would give.
    if duplicate {
      if let pack = entry.pack { try add(pack, path: entry.source.name) } else { try add(entry.source) }
    }
  }

  /// Adds a pack (already checked for integrity by `Pack(bytes:name:)`).
  public func add(_ pack: Pack, path: String) throws(DiagnosticError) {
    guard let version = try? SemanticVersion(parsing: pack.manifest.version) else {
      throw DiagnosticError(
        Diagnostic(.error, "the pack's version is malformed", file: path, location: SourceLocation(line: 1, column: 1)))
    }
    lock.lock()
    defer { lock.unlock() }
    if let existing = entries.first(where: { $0.name == pack.manifest.name && $0.version == version }) {
      throw DiagnosticError(
        Diagnostic(
          .error, "ruleset \(pack.manifest.name) \(version) is defined twice", file: path,
          location: SourceLocation(line: 1, column: 1), notes: ["also defined in \(existing.source.name)"]))
    }
    entries.append(
      Entry(name: pack.manifest.name, version: version, source: SourceFile(name: path, text: pack.source), pack: pack))
  }

  /// Adds a `.precept` file, or every `.precept` file directly inside a folder (sorted by name).
  public func add(path: String) throws(DiagnosticError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw DiagnosticError(
        Diagnostic(.error, "no such file or folder", file: path, location: SourceLocation(line: 1, column: 1)))
    }
    let files: [String]
    if isDirectory.boolValue {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      files = names.filter { $0.hasSuffix(".precept") || $0.hasSuffix(".preceptpack") }.sorted().map {
        (path as NSString).appendingPathComponent($0)
      }
    } else {
      files = [path]
    }
    for file in files {
      let data: [UInt8]
      switch SourceFile.readBytes(file) {
      case .success(let bytes): data = bytes
      case .failure(let failure):
        throw DiagnosticError(
          Diagnostic(.error, failure.reason, file: file, location: SourceLocation(line: 1, column: 1)))
      }
      if file.hasSuffix(".preceptpack") {
        try add(try Pack(bytes: data, name: file), path: file)
      } else {
        try add(SourceFile(name: file, bytes: data))
      }
    }
  }

  /// The newest entry named `name` whose version the range accepts.
  public func best(_ name: String, range: VersionRange) -> Entry? {
    lock.lock()
    defer { lock.unlock() }
    return entries.filter { $0.name == name && range.contains($0.version) }.max { $0.version < $1.version }
  }

  /// The names of the rulesets this library holds, for suggestions on a misspelt import.
  var visibleNames: [String] {
    lock.lock()
    defer { lock.unlock() }
    return Array(Set(entries.map(\.name))).sorted()
  }

  /// Compiles (once) the given entry with its imports.
  public func ruleset(_ entry: Entry) throws(DiagnosticError) -> Ruleset {
    let key = "\(entry.name)@\(entry.version)"
    lock.lock()
    if let done = compiled[key] {
      lock.unlock()
      return done
    }
    if let start = compiling.firstIndex(of: key) {
      let cycle = compiling[start...].map { $0.split(separator: "@")[0] } + [entry.name[...]]
      lock.unlock()
      throw DiagnosticError(
        Diagnostic(
          .error, "rulesets import each other in a cycle: \(cycle.joined(separator: " → "))", file: entry.source.name,
          location: SourceLocation(line: 1, column: 1)))
    }
    compiling.append(key)
    lock.unlock()
    defer {
      lock.lock()
      compiling.removeAll { $0 == key }
      lock.unlock()
    }
    let ruleset =
      if let pack = entry.pack {
        try pack.ruleset(resolver: resolver)
      } else if let syntax = entry.syntax {
        try Ruleset(syntax: syntax, source: entry.source, resolver: resolver, openImports: false, visible: visibleNames)
      } else {
        try Ruleset(source: entry.source, resolver: resolver, openImports: false, visible: visibleNames)
      }
    lock.lock()
    compiled[key] = ruleset
    lock.unlock()
    return ruleset
  }

  /// Compiles every ruleset in the library (the newest version of each name), reporting each
  /// failure and going on with the rest.
  public func compileAll() -> (rulesets: [Ruleset], diagnostics: [Diagnostic]) {
    var newest: [String: Entry] = [:]
    for entry in entries where newest[entry.name].map({ $0.version < entry.version }) ?? true {
      newest[entry.name] = entry
    }
    var rulesets: [Ruleset] = []
    var diagnostics: [Diagnostic] = []
    for name in newest.keys.sorted() {
      do {
        rulesets.append(try ruleset(newest[name]!))
      } catch {
        diagnostics += error.diagnostics
      }
    }
    return (rulesets, diagnostics)
  }

  /// Resolves imports from this library.
  public var resolver: Ruleset.Resolver {
    { [self] name, rangeText in
      let range = try VersionRange(parsing: rangeText)
      guard let entry = best(name, range: range) else {
        let found = entries.filter { $0.name == name }.map { "\($0.version)" }
        if found.isEmpty { return nil }
        throw ImportError(
          message: "no version of '\(name)' matches \(rangeText) (found \(found.joined(separator: ", ")))")
      }
      return try ruleset(entry)
    }
  }
}

/// Why an import could not be resolved.
public struct ImportError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}
