import Precept

/// A failure to read, fetch, verify or publish registry files, lock files and packs.
/// (Version resolution fails with `ResolutionError`.)
public enum DistributionError: Error, Sendable, CustomStringConvertible {
  /// A malformed `index.json` or `precept.lock`, with file, line and column.
  case invalidDocument(DiagnosticError)
  /// A file or URL that could not be read or written.
  case unavailable(location: String, reason: String)
  /// Bytes whose SHA-256 is not the one the index or lock file records.
  case digestMismatch(source: String, expected: String, actual: String)
  /// `publish`: the registry already has this version with different content.
  case versionAlreadyPublished(name: String, version: SemanticVersion, publishedSHA256: String, offeredSHA256: String)
  /// `publish`: metadata the registry cannot take.
  case invalidPack(String)

  public var description: String {
    switch self {
    case .invalidDocument(let error):
      error.description
    case .unavailable(let location, let reason):
      "\(location): \(reason)"
    case .digestMismatch(let source, let expected, let actual):
      "\(source): SHA-256 mismatch: expected \(expected), got \(actual); "
        + "the pack changed after it was indexed or locked, or the transfer was corrupted"
    case .versionAlreadyPublished(let name, let version, let published, let offered):
      "\(name) \(version) is already published with different content (sha256 \(published); "
        + "this pack has \(offered)); publish the change under a new version"
    case .invalidPack(let message):
      message
    }
  }
}
