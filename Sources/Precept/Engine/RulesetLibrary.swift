import Foundation
import Synchronization

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
    /// `NAME@VERSION`: what the library's compiled rulesets and import chains are keyed by.
    var key: String { "\(name)@\(version)" }

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
  private let lock = NSLock()

  public init() {}

  /// Adds a ruleset source. Its header must parse (`ruleset NAME VERSION`); the rest is checked
  /// when it is compiled. A second source with the same name and version is an error.
  public func add(_ source: SourceFile) throws(DiagnosticError) {
    let (syntax, diagnostics) = Parser.parseRuleset(source)
    try add(source, syntax: syntax, diagnostics: diagnostics)
  }

  /// Adds a source whose parse gave `syntax` and `diagnostics`.
  private func add(_ source: SourceFile, syntax: RulesetSyntax?, diagnostics: [Diagnostic]) throws(DiagnosticError) {
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

  /// Adds ruleset sources as `add` does, one after another, their headers parsed on every core
  /// first: the first source that `add` would refuse is refused, with those before it added.
  package func add(_ sources: [SourceFile]) throws(DiagnosticError) {
    let parsed = Mutex<[(RulesetSyntax?, [Diagnostic])?]>(Array(repeating: nil, count: sources.count))
    RulesetLibrary.onEveryCore(sources.count) { index in
      let result = Parser.parseRuleset(sources[index])
      parsed.withLock { $0[index] = result }
    }
    for (source, parse) in zip(sources, parsed.withLock { $0 }) {
      let (syntax, diagnostics) = parse!
      try add(source, syntax: syntax, diagnostics: diagnostics)
    }
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
    try ruleset(entry, importedBy: [])
  }

  /// Compiles (once) `entry`, imported through `chain` (the keys of the rulesets being compiled
  /// that led here, outermost first): an entry already in its own chain imports itself. The
  /// chain belongs to one compile, not to the library, so compiles on several threads at once
  /// do not take each other's work in progress for a cycle.
  private func ruleset(_ entry: Entry, importedBy chain: [String]) throws(DiagnosticError) -> Ruleset {
    let key = entry.key
    lock.lock()
    let done = compiled[key]
    lock.unlock()
    if let done { return done }
    if let start = chain.firstIndex(of: key) {
      let cycle = chain[start...].map { $0.split(separator: "@")[0] } + [entry.name[...]]
      throw DiagnosticError(
        Diagnostic(
          .error, "rulesets import each other in a cycle: \(cycle.joined(separator: " → "))", file: entry.source.name,
          location: SourceLocation(line: 1, column: 1)))
    }
    let resolver = self.resolver(importedBy: chain + [key])
    let ruleset =
      if let pack = entry.pack {
        try pack.ruleset(resolver: resolver)
      } else if let syntax = entry.syntax {
        try Ruleset(syntax: syntax, source: entry.source, resolver: resolver, openImports: false, visible: visibleNames)
      } else {
        try Ruleset(source: entry.source, resolver: resolver, openImports: false, visible: visibleNames)
      }
    lock.lock()
    defer { lock.unlock() }
    // Compiled on another thread meanwhile: that one is kept, so every importer shares one.
    if let done = compiled[key] { return done }
    compiled[key] = ruleset
    return ruleset
  }

  /// Compiles `entries` and what they import from this library ahead of `ruleset`, on every
  /// core, so that asking for them then finds them done. They go in waves: a ruleset starts
  /// once those it imports are compiled, so no two threads compile a shared import (`common`)
  /// twice; each wave's largest first. At the first failure, or an import cycle, it stops and
  /// leaves the rest to `ruleset`, which reports the problem as it always has.
  package func compileConcurrently(_ entries: [Entry]) {
    func imports(_ entry: Entry) -> [Entry] {
      let written =
        entry.syntax.map { $0.imports.map { ($0.name.value, $0.range.value) } }
        ?? entry.pack.map { $0.manifest.imports.map { ($0.name, $0.range) } } ?? []
      return written.compactMap { name, range in (try? VersionRange(parsing: range)).flatMap { best(name, range: $0) } }
    }
    // Every entry reachable through imports, with the keys of what it imports.
    var pending: [(entry: Entry, imports: Set<String>)] = []
    var seen: Set<String> = []
    var stack = entries
    while let entry = stack.popLast() {
      guard seen.insert(entry.key).inserted else { continue }
      let imported = imports(entry)
      pending.append((entry, Set(imported.map(\.key))))
      stack += imported
    }
    var done: Set<String> = []
    while !pending.isEmpty {
      let wave = pending.filter { $0.imports.isSubset(of: done) }.map(\.entry).sorted {
        $0.source.bytes.count > $1.source.bytes.count
      }
      guard !wave.isEmpty else { return }
      let failed = Mutex(false)
      RulesetLibrary.onEveryCore(wave.count) { index in
        do {
          _ = try self.ruleset(wave[index])
        } catch {
          failed.withLock { $0 = true }
        }
      }
      if failed.withLock({ $0 }) { return }
      done.formUnion(wave.map(\.key))
      pending.removeAll { done.contains($0.entry.key) }
    }
  }

  /// `body(index)` for every index in `0..<count`, each thread taking the next index when done:
  /// this one and one more per other core, with the main thread's stack size, since compiling
  /// recurses as deep as a ruleset's nesting allows (a dispatch worker's stack can be smaller).
  package static func onEveryCore(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = Mutex(0)
    let work: @Sendable () -> Void = {
      while true {
        let index = next.withLock { value in
          defer { value += 1 }
          return value
        }
        guard index < count else { return }
        body(index)
      }
    }
    let helpers = min(count, ProcessInfo.processInfo.activeProcessorCount) - 1
    let finished = DispatchGroup()
    for _ in 0..<max(0, helpers) {
      finished.enter()
      let thread = Thread {
        work()
        finished.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    work()
    finished.wait()
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
  public var resolver: Ruleset.Resolver { resolver(importedBy: []) }

  /// Resolves the imports of a ruleset compiled through `chain` (see `ruleset(_:importedBy:)`).
  private func resolver(importedBy chain: [String]) -> Ruleset.Resolver {
    { [self] name, rangeText in
      let range = try VersionRange(parsing: rangeText)
      guard let entry = best(name, range: range) else {
        let found = entries.filter { $0.name == name }.map { "\($0.version)" }
        if found.isEmpty { return nil }
        throw ImportError(
          message: "no version of '\(name)' matches \(rangeText) (found \(found.joined(separator: ", ")))")
      }
      return try ruleset(entry, importedBy: chain)
    }
  }
}

/// Why an import could not be resolved.
public struct ImportError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}
