import Foundation
import Precept
import Synchronization

/// A place that serves packs: a folder, or an HTTP(S) base URL, holding `index.json`
/// (`RegistryIndex`) and the pack files the index names.
///
/// ```
/// registry/
///   index.json
///   global/global-1.0.0.preceptpack
///   menu.basic/menu.basic-1.2.0.preceptpack
/// ```
///
/// The same layout served over HTTP is a registry at its base URL: `GET <base>/index.json`,
/// `GET <base>/<file>`. `publish` writes into folder registries; a web registry is a folder
/// registry copied to a web server.
public struct Registry: Sendable {
  /// Where the registry is, as given to `open`: a folder path or an `http(s)://` base URL.
  /// Lock files record it as each pack's `source`.
  public let location: String
  /// The registry's catalogue, read when it was opened.
  public let index: RegistryIndex

  /// A registry whose index is already at hand (tests, embedding hosts).
  public init(location: String, index: RegistryIndex) {
    self.location = RegistryCredentials.stripped(location)
    self.index = index
  }

  /// Reads the index of the registry at `location`: a folder path (relative paths are
  /// relative to the current directory) or an `http://`/`https://` base URL. Blocks the
  /// calling thread while it downloads.
  public static func open(_ location: String) throws(DistributionError) -> Registry {
    let place = try RegistryLocation(location, relativeTo: FileManager.default.currentDirectoryPath)
    let bytes = try place.fetch(RegistryIndex.fileName)
    do {
      let index = try RegistryIndex.read(SourceFile(name: place.address(of: RegistryIndex.fileName), bytes: bytes))
      return Registry(location: RegistryCredentials.stripped(location), index: index)
    } catch {
      throw .invalidDocument(error)
    }
  }

  /// The outcome of `publish`.
  public struct Publication: Sendable, Hashable {
    /// The index entry of the pack.
    public var entry: RegistryIndex.Entry
    /// False when the registry already had this version with the same bytes, so nothing
    /// changed.
    public var added: Bool
  }

  /// Adds a pack to the folder registry at `folder`, creating the registry if the folder has
  /// no `index.json` yet.
  ///
  /// The pack is copied to `NAME/NAME-VERSION.preceptpack` and the index is rewritten; both
  /// writes go through a temporary file and a rename, and the index is written last, so a
  /// failure midway never leaves an index naming a missing or partial file. Publishing a
  /// version that is already there succeeds without change if the bytes are the same and
  /// fails with `.versionAlreadyPublished` if they differ. Every import must name a ruleset
  /// the registry already has. The registry folder is locked (`FolderLock`) while the index
  /// is read and rewritten, so concurrent publishes to one folder take turns and keep every
  /// entry.
  public static func publish(
    packFile: String, metadata: PackMetadata, to folder: String
  ) throws(DistributionError) -> Publication {
    let folder = try RegistryLocation(folder, relativeTo: FileManager.default.currentDirectoryPath)
    guard case .folder(let root) = folder else {
      throw .invalidPack("packs can be published only to a folder registry, not to \(folder.address(of: ""))")
    }
    try validate(metadata)
    let bytes = try FileAccess.read(packFile)
    try FileAccess.createFolder(root)
    let lock = try FolderLock(root)
    defer { lock.unlock() }
    let digest = SHA256.hex(SHA256.hash(bytes))
    let indexPath = FileAccess.join(root, RegistryIndex.fileName)
    var index = RegistryIndex()
    if FileAccess.exists(indexPath) {
      let source = SourceFile(name: indexPath, bytes: try FileAccess.read(indexPath))
      do {
        index = try RegistryIndex.read(source)
      } catch {
        throw .invalidDocument(error)
      }
    }
    if let existing = index.entry(metadata.name, metadata.version) {
      guard existing.sha256 == digest else {
        throw .versionAlreadyPublished(
          name: metadata.name, version: existing.version, publishedSHA256: existing.sha256, offeredSHA256: digest)
      }
      return Publication(entry: existing, added: false)
    }
    for requirement in metadata.imports where index.entries(for: requirement.name).isEmpty {
      throw .invalidPack(
        "\(metadata.name) \(metadata.version) imports '\(requirement.name)', which the registry at \(root) "
          + "does not have; publish '\(requirement.name)' first")
    }
    let entry = RegistryIndex.Entry(
      version: metadata.version, file: "\(metadata.name)/\(metadata.fileName)", sha256: digest,
      imports: metadata.imports)
    try FileAccess.writeAtomically(bytes, to: FileAccess.join(root, entry.file))
    index.insert(entry, for: metadata.name)
    try FileAccess.writeAtomically(Array(index.serialized().utf8), to: indexPath)
    return Publication(entry: entry, added: true)
  }

  private static func validate(_ metadata: PackMetadata) throws(DistributionError) {
    if let problem = PackMetadata.nameProblem(metadata.name) {
      throw .invalidPack("invalid ruleset name '\(metadata.name)': \(problem)")
    }
    var seen = Set<String>()
    for requirement in metadata.imports {
      if let problem = PackMetadata.nameProblem(requirement.name) {
        throw .invalidPack("\(metadata.name) imports an invalid ruleset name '\(requirement.name)': \(problem)")
      }
      if requirement.name == metadata.name {
        throw .invalidPack("\(metadata.name) cannot import itself")
      }
      if !seen.insert(requirement.name).inserted {
        throw .invalidPack("\(metadata.name) imports '\(requirement.name)' twice")
      }
    }
  }
}

/// Where registry files are read from.
enum RegistryLocation {
  /// A folder, as an absolute or current-directory-relative path.
  case folder(String)
  /// A web base URL, ending in `/`.
  case web(URL)

  /// Interprets a registry location; a relative folder path is taken relative to `directory`.
  init(_ text: String, relativeTo directory: String) throws(DistributionError) {
    let lowered = text.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
      let base = text.hasSuffix("/") ? text : text + "/"
      guard let url = URL(string: base), url.host != nil else {
        throw .unavailable(location: RegistryCredentials.stripped(text), reason: "not a valid URL")
      }
      RegistryCredentials.register(url)
      self = .web(RegistryCredentials.stripped(url))
    } else if text.contains("://") {
      throw .unavailable(location: text, reason: "a registry is a folder or an http:// or https:// URL")
    } else if text.isEmpty {
      throw .unavailable(location: text, reason: "the registry location is empty")
    } else {
      self = .folder(FileAccess.resolve(text, relativeTo: directory))
    }
  }

  /// The path or URL of a file of the registry, for reading and for messages.
  func address(of file: String) -> String {
    switch self {
    case .folder(let root): FileAccess.join(root, file)
    case .web(let base): base.absoluteString + file
    }
  }

  /// The bytes of a file of the registry (`file` is a checked relative path).
  func fetch(_ file: String) throws(DistributionError) -> [UInt8] {
    switch self {
    case .folder(let root):
      return try FileAccess.readContained(file, in: root)
    case .web(let base):
      // `file` is a checked relative path, so the URL stays under the base; checked again
      // because a lock or index is not trusted.
      guard let url = URL(string: base.absoluteString + file), url.host == base.host, url.port == base.port,
        url.scheme == base.scheme, url.absoluteString.hasPrefix(base.absoluteString)
      else {
        throw .unavailable(location: address(of: file), reason: "not a valid URL inside the registry")
      }
      return try HTTPClient.get(url)
    }
  }
}

/// Credentials written into a registry URL (`https://user:token@host/…`). They are taken out
/// of every location precept records or prints, because `precept.json` and `precept.lock`
/// are meant to be committed; for the rest of the process they are sent as HTTP Basic
/// authentication to the same scheme, host and port. Later runs give credentials with
/// `PRECEPT_REGISTRY_TOKEN` (see `HTTPClient.authorization`).
package enum RegistryCredentials {
  /// `Authorization` header values by origin (`scheme://host:port`), from URLs seen so far.
  private static let registered = Mutex<[String: String]>([:])

  /// `location` without user and password, if it is a URL that has them; otherwise as is.
  package static func stripped(_ location: String) -> String {
    guard location.contains("@"), var components = URLComponents(string: location),
      components.user != nil || components.password != nil
    else { return location }
    components.user = nil
    components.password = nil
    return components.string ?? location
  }

  /// The URL without user and password.
  static func stripped(_ url: URL) -> URL {
    URL(string: stripped(url.absoluteString)) ?? url
  }

  /// For messages: the same as `stripped`.
  static func redacted(_ location: String) -> String { stripped(location) }

  /// Remembers the credentials of `url`, if it has any, for requests to its origin.
  static func register(_ url: URL) {
    guard let user = url.user, !user.isEmpty || url.password != nil else { return }
    let pair = "\(user.removingPercentEncoding ?? user):\((url.password ?? "").removingPercentEncoding ?? "")"
    let value = "Basic " + Data(pair.utf8).base64EncodedString()
    registered.withLock { $0[origin(of: url)] = value }
  }

  /// The Basic credentials registered for the origin of `url`.
  static func registeredAuthorization(for url: URL) -> String? {
    registered.withLock { $0[origin(of: url)] }
  }

  private static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }
}
