import Foundation
import Precept

/// A folder of verified pack files named by their SHA-256: `<directory>/<sha256>`.
///
/// Content addressing makes the cache safe to share between projects and registries: a file
/// is only ever stored under the digest of its own bytes, and it is verified again whenever it
/// is used, so a corrupted entry is fetched anew rather than trusted.
public struct PackCache: Sendable {
  /// The folder holding the packs; created when the first pack is stored.
  public let directory: String

  /// A cache in `directory`.
  public init(directory: String) {
    self.directory = directory
  }

  /// The user's cache: `$PRECEPT_CACHE/packs` when `PRECEPT_CACHE` is set, otherwise
  /// `$XDG_CACHE_HOME/precept/packs`, otherwise `~/.cache/precept/packs`.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PackCache {
    if let root = environment["PRECEPT_CACHE"], !root.isEmpty {
      return PackCache(directory: FileAccess.join(root, "packs"))
    }
    if let root = environment["XDG_CACHE_HOME"], root.hasPrefix("/") {
      return PackCache(directory: FileAccess.join(root, "precept/packs"))
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return PackCache(directory: FileAccess.join(home, ".cache/precept/packs"))
  }

  /// Where the pack with this digest is (or would be) stored.
  public func path(forSHA256 digest: String) -> String {
    FileAccess.join(directory, digest)
  }

  /// The cached bytes for `digest` if present and intact.
  func verifiedContents(sha256 digest: String) -> [UInt8]? {
    let path = path(forSHA256: digest)
    guard FileAccess.exists(path), let bytes = try? FileAccess.read(path) else { return nil }
    return SHA256.hex(SHA256.hash(bytes)) == digest ? bytes : nil
  }

  func store(_ bytes: [UInt8], sha256 digest: String) throws(DistributionError) {
    try FileAccess.writeAtomically(bytes, to: path(forSHA256: digest))
  }
}

/// A pack present and verified in the cache.
public struct InstalledPack: Sendable, Hashable {
  /// The ruleset name, version and digest, as locked.
  public var name: String
  public var version: SemanticVersion
  public var sha256: String
  /// The cached file, ready for the pack loader.
  public var path: String
  /// Whether it was fetched now (false: it was already in the cache).
  public var fetched: Bool
}

/// Brings the packs of a lock file into the cache, exactly as locked.
public enum Installer {
  /// Fetches every pack of `lock` that the cache lacks, from the `source` and `file` the lock
  /// records (registry indexes are not consulted, so a registry that changed since cannot
  /// change what is installed), verifies each against the locked SHA-256 and stores it.
  ///
  /// Relative folder sources are taken relative to `directory`, normally the folder holding
  /// the lock file. Stops at the first pack that cannot be fetched or does not verify;
  /// packs installed before it stay in the cache. Blocks the calling thread while it
  /// downloads.
  public static func install(
    lock: LockFile, into cache: PackCache,
    relativeTo directory: String = FileManager.default.currentDirectoryPath
  ) throws(DistributionError) -> [InstalledPack] {
    var installed: [InstalledPack] = []
    for pack in lock.packs {
      installed.append(try install(pack, into: cache, relativeTo: directory))
    }
    return installed
  }

  /// Fetches and verifies one locked pack (see `install(lock:into:relativeTo:)`).
  ///
  /// What is stored and reported installed is a verified pack: its SHA-256 is the locked one,
  /// its container, payload digest and bytecode verify, and its manifest names the locked
  /// ruleset and version. A folder source must be a registry (it holds `index.json`) and the
  /// file must lie inside it once symbolic links are resolved; the digest of a file that is
  /// not a pack is never printed, so a lock cannot be used to probe files.
  public static func install(
    _ pack: LockFile.Pack, into cache: PackCache,
    relativeTo directory: String = FileManager.default.currentDirectoryPath
  ) throws(DistributionError) -> InstalledPack {
    var result = InstalledPack(
      name: pack.name, version: pack.version, sha256: pack.sha256, path: cache.path(forSHA256: pack.sha256),
      fetched: false)
    if let cached = cache.verifiedContents(sha256: pack.sha256),
      (try? verify(cached, as: pack, at: result.path)) != nil
    {
      return result
    }
    let location = try RegistryLocation(pack.source, relativeTo: directory)
    if case .folder(let root) = location {
      let index = FileAccess.join(root, RegistryIndex.fileName)
      guard FileAccess.isRegularFile(index) else {
        throw .unavailable(
          location: root,
          reason:
            "is not a registry (it has no \(RegistryIndex.fileName)), so the lock's source for \(pack.name) is refused")
      }
    }
    let address = location.address(of: pack.file)
    let bytes = try location.fetch(pack.file)
    let actual = SHA256.hex(SHA256.hash(bytes))
    guard actual == pack.sha256 else {
      guard bytes.starts(with: Pack.magic) else {
        throw .invalidPack(
          "\(address): is not a precept pack (the lock expects sha256 \(pack.sha256) for \(pack.name) \(pack.version))")
      }
      throw .digestMismatch(source: address, expected: pack.sha256, actual: actual)
    }
    try verify(bytes, as: pack, at: address)
    try cache.store(bytes, sha256: actual)
    result.fetched = true
    return result
  }

  /// Checks that `bytes` are a pack that loads and verifies and that its manifest is the
  /// locked ruleset and version (a registry entry named `acme.buttons` must not serve a pack
  /// that says it is `global`).
  static func verify(_ bytes: [UInt8], as locked: LockFile.Pack, at address: String) throws(DistributionError) {
    let pack: Pack
    do {
      pack = try Pack(bytes: bytes, name: address)
      try pack.verify()
    } catch {
      throw .invalidDocument(error)
    }
    try checkIdentity(pack.manifest, of: locked, at: address)
  }

  /// Fails unless the manifest names the locked ruleset and version. The lock's name and
  /// version are those of the registry index entry it was resolved from, so the message
  /// names all three.
  package static func checkIdentity(
    _ manifest: PackManifest, of locked: LockFile.Pack, at address: String
  ) throws(DistributionError) {
    if manifest.name == locked.name, manifest.version == locked.version.description { return }
    throw .invalidPack(
      "\(address): the pack's manifest says it is \(manifest.name) \(manifest.version), but the registry index "
        + "listed it and \(LockFile.fileName) locks it as \(locked.name) \(locked.version); "
        + "a registry must serve each pack under its own name and version")
  }
}
