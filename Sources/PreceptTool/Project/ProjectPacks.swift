import Foundation
import Precept

/// The packs a project's lock file names, as they sit in the pack cache.
enum ProjectPacks {
  /// Whether the lock was made for exactly the configuration's requirements.
  static func matches(_ lock: LockFile, _ configuration: ProjectConfiguration) -> Bool {
    func key(_ requirements: [Requirement]) -> [String] {
      requirements.map { "\($0.name) \($0.range.description)" }.sorted()
    }
    return key(lock.requirements) == key(configuration.rulesets)
  }

  /// Reads the locked packs from the cache, checking each against the lock's digest. Fails
  /// with what to run when the lock is missing or stale or a pack is not installed.
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
    return try lock.packs.map { locked in
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
      return try Pack(bytes: bytes, name: "\(locked.name)-\(locked.version).preceptpack")
    }
  }
}
