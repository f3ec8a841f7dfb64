import Foundation
import Precept
import PreceptDistribution

/// The packs a project's lock file names, as they sit in the pack cache.
///
/// A lock is used only if it holds exactly the resolved closure of `precept.json`'s
/// requirements: every root requirement and every import of every locked pack is locked (or,
/// for an import, built into precept), every locked version satisfies what requires it,
/// every pack's manifest is the ruleset and version locked, no pack takes the name of a
/// built-in ruleset that `precept.json` does not name, and no entry is locked that nothing
/// needs. Anything else is an error for `lint` and `install --locked`; `install` and `add`
/// resolve again and write a lock without the stray entries.
enum ProjectPacks {
  /// The rulesets built into precept, by name.
  static let builtIn: [String: SemanticVersion] = {
    var versions: [String: SemanticVersion] = [:]
    for entry in StandardRulesets.library().entries {
      versions[entry.name] = max(versions[entry.name] ?? entry.version, entry.version)
    }
    return versions
  }()

  /// Whether the lock was made for exactly the configuration's requirements.
  static func matches(_ lock: LockFile, _ configuration: ProjectConfiguration) -> Bool {
    func key(_ requirements: [Requirement]) -> [String] {
      requirements.map { "\($0.name) \($0.range.description)" }.sorted()
    }
    return key(lock.requirements) == key(configuration.rulesets)
  }

  /// Reads the locked packs from the cache, checking each against the lock's digest and
  /// identity and the lock against the configuration. Fails with what to run when the lock
  /// is missing, stale or not the closure, or a pack is not installed.
  static func installed(_ configuration: ProjectConfiguration, cache: PackCache = .standard()) throws -> [Pack] {
    guard FileManager.default.fileExists(atPath: configuration.lockPath) else {
      throw InputError(
        message:
          "\(configuration.lockPath) does not exist; run 'precept install' to resolve \(configuration.path)'s rulesets")
    }
    let lock = try LockFile.read(path: configuration.lockPath)
    guard matches(lock, configuration) else {
      throw InputError(
        message:
          "\(configuration.lockPath) does not match the rulesets in \(configuration.path); run 'precept install' to update it"
      )
    }
    let packs = try load(lock, cache: cache)
    if let problem = closureProblem(lock, packs, configuration) {
      throw InputError(message: "\(configuration.lockPath): \(problem); run 'precept install' to resolve it again")
    }
    return packs
  }

  /// The locked packs from the cache, in the lock's order, each checked against its digest
  /// and its manifest against the locked name and version.
  static func load(_ lock: LockFile, cache: PackCache = .standard()) throws -> [Pack] {
    try lock.packs.map { locked in
      let path = cache.path(forSHA256: locked.sha256)
      guard let bytes = try? SourceFile.readBytes(path).get() else {
        throw InputError(message: "\(locked.name) \(locked.version) is not installed; run 'precept install'")
      }
      let digest = SHA256.hex(SHA256.hash(bytes))
      guard digest == locked.sha256 else {
        throw InputError(
          message:
            "the cached pack of \(locked.name) \(locked.version) at \(path) has sha256 \(digest), the lock says \(locked.sha256); run 'precept install' to fetch it again"
        )
      }
      let pack = try Pack(bytes: bytes, name: "\(locked.name)-\(locked.version).preceptpack")
      try Installer.checkIdentity(pack.manifest, of: locked, at: path)
      return pack
    }
  }

  /// Why the lock is not exactly the resolved closure of the configuration's requirements
  /// (see the type), or nil. `packs` are the lock's packs in its order.
  static func closureProblem(_ lock: LockFile, _ packs: [Pack], _ configuration: ProjectConfiguration) -> String? {
    var problems: [String] = []
    let required = Set(configuration.rulesets.map(\.name))
    var locked: [String: (entry: LockFile.Pack, pack: Pack)] = [:]
    for (entry, pack) in zip(lock.packs, packs) { locked[entry.name] = (entry, pack) }
    for entry in lock.packs where builtIn[entry.name] != nil && !required.contains(entry.name) {
      problems.append(
        "it locks '\(entry.name)', a ruleset built into precept that \(configuration.path) does not name "
          + "(a pack replaces a built-in ruleset only when it is required by name)")
    }
    var reached: Set<String> = []
    var queue: [(name: String, range: VersionRange, by: String)] = configuration.rulesets.map {
      ($0.name, $0.range, "required by \(configuration.path)")
    }
    while !queue.isEmpty {
      let (name, range, by) = queue.removeFirst()
      guard let (entry, pack) = locked[name] else {
        if builtIn[name] == nil || required.contains(name) {
          problems.append("'\(name)' (\(by)) is not locked")
        }
        continue
      }
      if !range.contains(entry.version, includePrerelease: true) {
        problems.append("it locks \(name) \(entry.version), which does not satisfy '\(range)' (\(by))")
      }
      guard reached.insert(name).inserted else { continue }
      for item in pack.manifest.imports {
        guard let importRange = try? VersionRange(parsing: item.range) else {
          problems.append("\(name) \(entry.version) imports '\(item.name)' with a malformed range '\(item.range)'")
          continue
        }
        if builtIn[item.name] != nil, !required.contains(item.name) { continue }
        queue.append((item.name, importRange, "imported by \(name) \(entry.version)"))
      }
    }
    let stray = lock.packs.map(\.name).filter {
      !reached.contains($0) && !(builtIn[$0] != nil && !required.contains($0))
    }
    for name in stray {
      problems.append("it locks '\(name)', which no requirement of \(configuration.path) needs")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}
