import Foundation
import Precept
import PreceptDistribution

extension Command {
  static let packCommand = Command(
    name: "pack",
    summary: "compile rulesets into verified single-file packs",
    usage: "precept pack RULESET… [-o DIR]",
    details: """
      Compiles each ruleset (a .precept file, or every one in a folder) and writes
      NAME-VERSION.preceptpack into DIR (default: the current folder): a manifest (name,
      version, formats, engine range, imports, host functions, SHA-256 of the payload), the
      source and the bytecode. Imports are resolved among the given rulesets and the standard
      ones; --with-imports writes packs of the imported rulesets too, ready to publish together.
      The format is described in Sources/PreceptDistribution/README.md.
      """,
    options: [
      OptionSpec(name: "--output", short: "-o", value: "DIR", help: "the folder to write packs into"),
      OptionSpec(name: "--with-imports", help: "also pack every ruleset the given ones import"),
    ],
    run: { arguments, console in
      guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing ruleset file or folder") }
      let folder = arguments.value("--output") ?? "."
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      var rulesets = try Evaluation.rulesets(arguments.positionals)
      if arguments.flag("--with-imports") {
        var seen: Set<String> = []
        rulesets = rulesets.flatMap(\.closure).filter { seen.insert("\($0.name)@\($0.version)").inserted }
      }
      for ruleset in rulesets {
        let pack = Pack(ruleset)
        let path = (folder as NSString).appendingPathComponent(pack.fileName)
        do {
          try Data(pack.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          throw InputError(message: "cannot write \(path): \(error.localizedDescription)")
        }
        console.print("wrote \(path) (\(pack.bytes.count) bytes, sha256 \(SHA256.hex(SHA256.hash(pack.bytes))))")
      }
      return 0
    })

  static let publishCommand = Command(
    name: "publish",
    summary: "add packs to a folder registry",
    usage: "precept publish PACK… --registry DIR",
    details: """
      Verifies each pack (digest and bytecode) and adds it to the registry folder DIR: the pack
      is copied to NAME/NAME-VERSION.preceptpack and DIR/index.json updated. Publishing the same
      version again with the same bytes changes nothing; with different bytes it is refused.
      """,
    options: [OptionSpec(name: "--registry", value: "DIR", help: "the registry folder (created if needed)")],
    run: { arguments, console in
      guard let registry = arguments.value("--registry") else { throw UsageError(message: "missing --registry DIR") }
      guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing pack file") }
      try FileManager.default.createDirectory(atPath: registry, withIntermediateDirectories: true)
      for path in arguments.positionals {
        let source = try readInput(path, console)
        let pack = try Pack(bytes: source.bytes, name: path)
        try pack.verify()
        guard let metadata = pack.metadata else {
          throw InputError(message: "\(path): the manifest's version or imports are malformed")
        }
        let publication = try Registry.publish(packFile: path, metadata: metadata, to: registry)
        console.print(
          publication.added
            ? "published \(metadata.name) \(metadata.version) to \(registry)"
            : "\(metadata.name) \(metadata.version) is already in \(registry) with the same contents")
      }
      return 0
    })

  static let addCommand = Command(
    name: "add",
    summary: "add rulesets from a registry to the project",
    usage: "precept add NAME[@RANGE]… [--registry URL|DIR] [--pre]",
    details: """
      Adds rulesets to precept.json (created if needed), resolves every ruleset the project
      uses and their imports against the registry — the newest versions the ranges allow —,
      writes precept.lock with exact versions and digests, and installs the packs into the
      cache. Without @RANGE, the newest version is added as ^VERSION. Ranges: ^1.2, ~1.2,
      >=1.0 <2.0, 1.2.3; pre-releases only with --pre or when a range names one. Nothing is
      written unless every pack is fetched and verified. Credentials in a registry URL are
      never written; set PRECEPT_REGISTRY_TOKEN to send a Bearer token.
      """,
    options: [
      OptionSpec(
        name: "--registry", value: "URL|DIR", help: "the registry (default: precept.json's, or $PRECEPT_REGISTRY)"),
      OptionSpec(name: "--pre", help: "allow pre-release versions"), Evaluation.configOption,
    ],
    run: { arguments, console in
      guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing NAME[@RANGE]") }
      let requested = try arguments.positionals.map(parseRequest)
      // One add or install at a time per project: the lock is held while precept.json and
      // precept.lock are re-read, resolved, installed and rewritten.
      let path = arguments.value("--config") ?? ProjectConfiguration.fileName
      let projectLock = try FolderLock(ProjectConfiguration(path: path).folder)
      defer { projectLock.unlock() }
      var configuration =
        try ProjectConfiguration.find(arguments.value("--config")) ?? ProjectConfiguration(path: path)
      let location = try registryLocation(arguments, configuration)
      let registry = try Registry.open(location)
      for (name, range) in requested {
        let chosen: VersionRange
        if let range {
          chosen = range
        } else {
          let versions = registry.index.entries(for: name).map(\.version)
            .filter { arguments.flag("--pre") || !$0.isPrerelease }
          guard let newest = versions.max() else {
            throw InputError(message: "the registry at \(registry.location) has no ruleset named '\(name)'")
          }
          chosen = try VersionRange(parsing: "^\(newest.release)")
        }
        configuration.rulesets.removeAll { $0.name == name }
        configuration.rulesets.append(Requirement(name, chosen))
      }
      if configuration.registry == nil, arguments.value("--registry") != nil {
        configuration.registry = RegistryCredentials.stripped(location)
      }
      let lock = try resolve(configuration.rulesets, in: registry, arguments)
      // Nothing is written until every pack is fetched and verified.
      let installed = try installVerified(lock, configuration)
      try configuration.write()
      try writeLock(lock, configuration)
      report(installed, console)
      console.print("wrote \(configuration.lockPath)")
      return 0
    })

  /// `NAME` or `NAME@RANGE` from the command line.
  private static func parseRequest(_ text: String) throws -> (String, VersionRange?) {
    let (name, rangeText) =
      text.firstIndex(of: "@").map {
        (String(text[..<$0]), String(text[text.index(after: $0)...]))
      } ?? (text, nil)
    if let problem = PackMetadata.nameProblem(name) {
      throw UsageError(message: "invalid ruleset name '\(name)': \(problem)")
    }
    guard let rangeText else { return (name, nil) }
    do throws(VersionParseError) {
      return (name, try VersionRange(parsing: rangeText))
    } catch {
      throw UsageError(message: "invalid version range '\(rangeText)': \(error.message)")
    }
  }

  static let installCommand = Command(
    name: "install",
    summary: "fetch the packs precept.lock names (resolving it first if needed)",
    usage: "precept install [--registry URL|DIR] [--locked] [--pre]",
    details: """
      Installs exactly the packs precept.lock names into the cache, verifying each against its
      SHA-256 (a mismatch is an error). If the lock is missing or no longer matches the
      rulesets in precept.json, resolves them against the registry first and writes a new lock
      — unless --locked is given, which makes that an error (for CI). Downloads are cached in
      $PRECEPT_CACHE, $XDG_CACHE_HOME/precept or ~/.cache/precept.
      """,
    options: [
      OptionSpec(
        name: "--registry", value: "URL|DIR", help: "the registry (default: precept.json's, or $PRECEPT_REGISTRY)"),
      OptionSpec(name: "--locked", help: "fail instead of re-resolving when precept.lock is missing or stale"),
      OptionSpec(name: "--pre", help: "allow pre-release versions when resolving"), Evaluation.configOption,
    ],
    run: { arguments, console in
      let path = arguments.value("--config") ?? ProjectConfiguration.fileName
      let projectLock = try FolderLock(ProjectConfiguration(path: path).folder)
      defer { projectLock.unlock() }
      guard let configuration = try ProjectConfiguration.find(arguments.value("--config")) else {
        throw InputError(message: "no \(ProjectConfiguration.fileName) here; create one with 'precept add NAME'")
      }
      if FileManager.default.fileExists(atPath: configuration.lockPath) {
        let lock = try LockFile.read(path: configuration.lockPath)
        if ProjectPacks.matches(lock, configuration) {
          let installed = try installVerified(lock, configuration)
          let problem = ProjectPacks.closureProblem(lock, try ProjectPacks.load(lock), configuration)
          guard let problem else {
            report(installed, console)
            return 0
          }
          if arguments.flag("--locked") {
            throw InputError(message: "\(configuration.lockPath): \(problem) (--locked)")
          }
          console.printError("note: \(configuration.lockPath): \(problem); resolving again")
        }
      }
      if arguments.flag("--locked") {
        throw InputError(
          message: "\(configuration.lockPath) is missing or does not match \(configuration.path) (--locked)")
      }
      let registry = try Registry.open(try registryLocation(arguments, configuration))
      let lock = try resolve(configuration.rulesets, in: registry, arguments)
      let installed = try installVerified(lock, configuration)
      try writeLock(lock, configuration)
      report(installed, console)
      console.print("wrote \(configuration.lockPath)")
      return 0
    })

  /// The registry from --registry, the configuration, or $PRECEPT_REGISTRY.
  private static func registryLocation(_ arguments: ParsedArguments, _ configuration: ProjectConfiguration) throws
    -> String
  {
    if let location = arguments.value("--registry") { return location }
    if let location = configuration.registry {
      return location.contains("://") ? location : configuration.resolve(location)
    }
    if let location = ProcessInfo.processInfo.environment["PRECEPT_REGISTRY"], !location.isEmpty { return location }
    throw UsageError(message: "no registry: give --registry, set \"registry\" in precept.json, or set PRECEPT_REGISTRY")
  }

  /// Resolves with the built-in rulesets provided by precept (a pack never replaces one
  /// that is not required by name).
  private static func resolve(
    _ requirements: [Requirement], in registry: Registry, _ arguments: ParsedArguments
  ) throws -> LockFile {
    try Resolver.resolve(
      requirements, in: registry, includePrerelease: arguments.flag("--pre"), builtIn: ProjectPacks.builtIn)
  }

  /// Fetches and verifies every pack of `lock` into the cache (writing nothing else).
  private static func installVerified(_ lock: LockFile, _ configuration: ProjectConfiguration) throws
    -> [InstalledPack]
  {
    try Installer.install(lock: lock, into: .standard(), relativeTo: configuration.folder)
  }

  private static func writeLock(_ lock: LockFile, _ configuration: ProjectConfiguration) throws {
    try lock.write(to: configuration.lockPath)
  }

  private static func report(_ installed: [InstalledPack], _ console: Console) {
    for pack in installed {
      console.print(
        "\(pack.fetched ? "installed" : "up to date:") \(pack.name) \(pack.version) (sha256 \(pack.sha256.prefix(12))…)"
      )
    }
  }
}
