import Foundation
import Testing

@testable import Precept
@testable import PreceptDistribution

/// A folder registry with `global` 1.0.0 and 1.1.0 and `menu.basic` 1.0.0 (importing
/// `global ^1.0`), published through `Registry.publish`; pack payloads are opaque bytes.
struct RegistryFixture {
  let folder: TemporaryFolder
  var registry: String { folder.file("registry") }
  var cache: PackCache { PackCache(directory: folder.file("cache")) }

  init() throws {
    folder = try TemporaryFolder()
    try publish("global", "1.0.0", payload: "global one")
    try publish("global", "1.1.0", payload: "global one point one")
    try publish("menu.basic", "1.0.0", imports: ["global": "^1.0"], payload: "menu")
  }

  /// A real pack (install verifies what it stores) of a rule-less ruleset whose source
  /// carries `text`, so that every payload has its own digest.
  static func payload(_ text: String, _ name: String = "global", _ version: String = "1.0.0") -> [UInt8] {
    let ruleset = try! Ruleset(text: "ruleset \(name) \(version)\n// \(text)\n")
    return Pack(ruleset).bytes
  }

  @discardableResult
  func publish(
    _ name: String, _ version: String, imports: KeyValuePairs<String, String> = [:], payload: String
  ) throws -> Registry.Publication {
    let pack = try folder.write("build/\(name)-\(version).preceptpack", Self.payload(payload, name, version))
    let metadata = PackMetadata(
      name: name, version: try SemanticVersion(parsing: version), imports: try requirements(imports))
    return try Registry.publish(packFile: pack, metadata: metadata, to: registry)
  }
}

/// The error a throwing call ends with, or nil.
func distributionError<T>(_ body: () throws(DistributionError) -> T) -> DistributionError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

@Suite struct RegistryTests {
  @Test func publishCopiesPacksAndWritesACanonicalIndex() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let stored = try fixture.folder.read("registry/menu.basic/menu.basic-1.0.0.preceptpack")
    #expect(stored == RegistryFixture.payload("menu", "menu.basic"))
    let indexText = String(decoding: try fixture.folder.read("registry/index.json"), as: UTF8.self)
    let index = try RegistryIndex.read(SourceFile(name: "index.json", text: indexText))
    #expect(indexText == index.serialized())
    #expect(index.entries(for: "global").map(\.version.description) == ["1.0.0", "1.1.0"])
    let entry = try #require(index.entry("menu.basic", SemanticVersion(1, 0, 0)))
    #expect(entry.sha256 == SHA256.hex(SHA256.hash(stored)))
    #expect(entry.imports.map(\.description) == ["global ^1.0"])
  }

  @Test func republishingTheSameBytesChangesNothing() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let before = try fixture.folder.read("registry/index.json")
    let again = try fixture.publish("global", "1.0.0", payload: "global one")
    #expect(!again.added)
    #expect(try fixture.folder.read("registry/index.json") == before)
  }

  @Test func refusesToOverwriteAVersionWithOtherBytes() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let error = distributionError { () throws(DistributionError) in
      let pack = try? fixture.folder.write("build/other.preceptpack", RegistryFixture.payload("changed"))
      return try Registry.publish(
        packFile: pack ?? "", metadata: PackMetadata(name: "global", version: SemanticVersion(1, 0, 0)),
        to: fixture.registry)
    }
    let published = SHA256.hex(SHA256.hash(RegistryFixture.payload("global one")))
    let offered = SHA256.hex(SHA256.hash(RegistryFixture.payload("changed")))
    #expect(
      error?.description
        == "global 1.0.0 is already published with different content (sha256 \(published); this pack has \(offered)); publish the change under a new version"
    )
    #expect(
      try fixture.folder.read("registry/global/global-1.0.0.preceptpack") == RegistryFixture.payload("global one"))
  }

  @Test func refusesBadMetadata() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let pack = try fixture.folder.write("build/x.preceptpack", RegistryFixture.payload("x"))
    func publish(_ metadata: PackMetadata) -> String? {
      distributionError { () throws(DistributionError) in
        try Registry.publish(packFile: pack, metadata: metadata, to: fixture.registry)
      }?.description
    }
    let one = SemanticVersion(1, 0, 0)
    #expect(
      publish(PackMetadata(name: "Menu", version: one))
        == "invalid ruleset name 'Menu': a ruleset name uses only lowercase letters, digits, '-' and '.'")
    #expect(
      publish(PackMetadata(name: "x", version: one, imports: [Requirement("icons", .any)]))
        == "x 1.0.0 imports 'icons', which the registry at \(fixture.registry) does not have; publish 'icons' first")
    #expect(
      publish(PackMetadata(name: "x", version: one, imports: [Requirement("x", .any)])) == "x cannot import itself")
    #expect(
      publish(
        PackMetadata(name: "x", version: one, imports: [Requirement("global", .any), Requirement("global", .any)]))
        == "x imports 'global' twice")
    #expect(
      distributionError { () throws(DistributionError) in
        try Registry.publish(
          packFile: pack, metadata: PackMetadata(name: "x", version: one), to: "https://example.org/registry")
      }?.description == "packs can be published only to a folder registry, not to https://example.org/registry/")
  }

  @Test func openReportsMissingAndTamperedIndexes() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let missing = fixture.folder.file("nowhere")
    #expect(
      distributionError { () throws(DistributionError) in try Registry.open(missing) }?.description
        == "\(missing)/index.json: no such file")
    var text = String(decoding: try fixture.folder.read("registry/index.json"), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"global/global-1.1.0.preceptpack\"", with: "\"global/../../x\"")
    try fixture.folder.write("registry/index.json", Array(text.utf8))
    let error = distributionError { () throws(DistributionError) in try Registry.open(fixture.registry) }
    #expect(
      error?.description
        == "\(fixture.registry)/index.json:11:17: error: invalid pack path 'global/../../x': the path cannot contain '.' or '..' segments"
    )
    guard case .invalidDocument(let diagnostics) = error else {
      Issue.record("expected an invalid document")
      return
    }
    #expect(diagnostics.rendered().contains("\"file\": \"global/../../x\""))
    #expect(
      distributionError { () throws(DistributionError) in try Registry.open("ftp://example.org/r") }?.description
        == "ftp://example.org/r: a registry is a folder or an http:// or https:// URL")
  }

  @Test func installReproducesTheLockExactly() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let registry = try Registry.open(fixture.registry)
    let lock = try Resolver.resolve(try requirements(["menu.basic": "^1.0"]), in: registry)
    #expect(lock.packs.map { "\($0.name) \($0.version)" } == ["global 1.1.0", "menu.basic 1.0.0"])
    let lockPath = fixture.folder.file("project/precept.lock")
    try lock.write(to: lockPath)
    #expect(try LockFile.read(path: lockPath) == lock)

    // A newer version published after locking does not change what is installed.
    try fixture.publish("global", "1.2.0", payload: "global one point two")
    let installed = try Installer.install(lock: try LockFile.read(path: lockPath), into: fixture.cache)
    #expect(installed.map { "\($0.name) \($0.version)" } == ["global 1.1.0", "menu.basic 1.0.0"])
    #expect(installed.allSatisfy { $0.fetched })
    for pack in installed {
      #expect(pack.path == fixture.cache.path(forSHA256: pack.sha256))
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack.path)))
      #expect(SHA256.hex(SHA256.hash(bytes)) == pack.sha256)
    }
    #expect(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: installed[0].path)))
        == RegistryFixture.payload("global one point one", "global", "1.1.0"))

    // A second install finds everything in the cache.
    let again = try Installer.install(lock: lock, into: fixture.cache)
    #expect(again.map(\.path) == installed.map(\.path))
    #expect(again.allSatisfy { !$0.fetched })
  }

  @Test func installFailsOnADigestMismatch() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let lock = try Resolver.resolve(try requirements(["global": "1.0.0"]), in: try Registry.open(fixture.registry))
    try fixture.folder.write("registry/global/global-1.0.0.preceptpack", RegistryFixture.payload("tampered"))
    let error = distributionError { () throws(DistributionError) in
      try Installer.install(lock: lock, into: fixture.cache)
    }
    let expected = SHA256.hex(SHA256.hash(RegistryFixture.payload("global one")))
    let actual = SHA256.hex(SHA256.hash(RegistryFixture.payload("tampered")))
    guard case .digestMismatch(let source, let expectedDigest, let actualDigest) = error else {
      Issue.record("expected a digest mismatch, got \(String(describing: error))")
      return
    }
    #expect(source == fixture.registry + "/global/global-1.0.0.preceptpack")
    #expect(expectedDigest == expected)
    #expect(actualDigest == actual)
    #expect(error?.description.contains("expected \(expected), got \(actual)") == true)
    #expect(!FileManager.default.fileExists(atPath: fixture.cache.path(forSHA256: expected)))
    #expect(!FileManager.default.fileExists(atPath: fixture.cache.path(forSHA256: actual)))
  }

  @Test func installReplacesACorruptedCacheEntry() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let lock = try Resolver.resolve(try requirements(["global": "1.0.0"]), in: try Registry.open(fixture.registry))
    let digest = lock.packs[0].sha256
    try fixture.folder.write("cache/\(digest)", Array("garbage".utf8))
    let installed = try Installer.install(lock: lock, into: fixture.cache)
    #expect(installed[0].fetched)
    #expect(try fixture.folder.read("cache/\(digest)") == RegistryFixture.payload("global one"))
  }

  @Test func relativeFolderSourcesAreRelativeToTheGivenDirectory() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let index = try RegistryIndex.read(
      SourceFile(name: "index.json", bytes: try fixture.folder.read("registry/index.json")))
    let lock = try Resolver.resolve(
      try requirements(["global": "^1"]), in: Registry(location: "../registry", index: index))
    #expect(lock.packs[0].source == "../registry")
    try FileManager.default.createDirectory(atPath: fixture.folder.file("project"), withIntermediateDirectories: true)
    let installed = try Installer.install(lock: lock, into: fixture.cache, relativeTo: fixture.folder.file("project"))
    #expect(installed.map(\.version.description) == ["1.1.0"])
    let elsewhere = distributionError { () throws(DistributionError) in
      try Installer.install(lock: lock, into: PackCache(directory: fixture.folder.file("cache2")), relativeTo: "/")
    }
    #expect(
      elsewhere?.description
        == "/../registry: is not a registry (it has no index.json), so the lock's source for global is refused")
  }

  /// A lock could name any folder and file: `install` read it and printed its SHA-256 in
  /// the mismatch error, and copied a non-pack into the cache as "installed".
  @Test func lockSourceOutsideARegistryIsNotRead() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let secret = try fixture.folder.write("secret/passwd", Array("root:x:0:0".utf8))
    let probe = LockFile.Pack(
      name: "global", version: SemanticVersion(1, 0, 0), source: fixture.folder.file("secret"), file: "passwd",
      sha256: digestA)
    let message = distributionError { () throws(DistributionError) in try Installer.install(probe, into: fixture.cache)
    }?.description
    #expect(message?.contains("is not a registry") == true, "\(message ?? "")")
    #expect(message?.contains(SHA256.hex(SHA256.hash(try fixture.folder.read("secret/passwd")))) == false)
    _ = secret
  }

  @Test func symlinkOutOfAFolderRegistryIsRefused() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let outside = try fixture.folder.write("outside.preceptpack", RegistryFixture.payload("outside"))
    try FileManager.default.createSymbolicLink(
      atPath: fixture.folder.file("registry/global/link.preceptpack"), withDestinationPath: outside)
    let lock = LockFile.Pack(
      name: "global", version: SemanticVersion(1, 0, 0), source: fixture.registry, file: "global/link.preceptpack",
      sha256: SHA256.hex(SHA256.hash(RegistryFixture.payload("outside"))))
    let message = distributionError { () throws(DistributionError) in try Installer.install(lock, into: fixture.cache)
    }?.description
    #expect(message?.contains("leads out of the registry") == true, "\(message ?? "")")
    #expect(!FileManager.default.fileExists(atPath: fixture.cache.path(forSHA256: lock.sha256)))
  }

  @Test func fileThatIsNotAPackIsNeitherCachedNorReported() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let junk = Array("not a pack".utf8)
    try fixture.folder.write("registry/global/junk.preceptpack", junk)
    let digest = SHA256.hex(SHA256.hash(junk))
    // The lock's digest matches the junk: only verifying the pack itself catches it.
    let lock = LockFile.Pack(
      name: "global", version: SemanticVersion(1, 0, 0), source: fixture.registry, file: "global/junk.preceptpack",
      sha256: digest)
    let message = distributionError { () throws(DistributionError) in try Installer.install(lock, into: fixture.cache)
    }?.description
    #expect(message?.contains("not a precept pack") == true, "\(message ?? "")")
    #expect(!FileManager.default.fileExists(atPath: fixture.cache.path(forSHA256: digest)))
    // A mismatching non-pack: the error does not give the file's digest away.
    var other = lock
    other.sha256 = digestA
    let mismatch = distributionError { () throws(DistributionError) in try Installer.install(other, into: fixture.cache)
    }?.description
    #expect(mismatch?.contains(digest) == false)
    #expect(mismatch?.contains("is not a precept pack") == true, "\(mismatch ?? "")")
  }

  /// A registry entry named `acme.buttons` served a pack whose manifest said `global`.
  @Test func packWhoseManifestNamesAnotherRulesetIsRefused() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let impostor = try fixture.folder.write(
      "build/impostor.preceptpack", RegistryFixture.payload("impostor", "global", "1.0.0"))
    _ = try Registry.publish(
      packFile: impostor, metadata: PackMetadata(name: "acme.buttons", version: SemanticVersion(1, 0, 0)),
      to: fixture.registry)
    let lock = try Resolver.resolve(try requirements(["acme.buttons": "^1"]), in: try Registry.open(fixture.registry))
    let message = distributionError { () throws(DistributionError) in
      try Installer.install(lock: lock, into: fixture.cache)
    }?.description
    #expect(
      message?.hasSuffix(
        "the pack's manifest says it is global 1.0.0, but the registry index listed it and precept.lock locks it as acme.buttons 1.0.0; a registry must serve each pack under its own name and version"
      ) == true, "\(message ?? "")")
    // The same for a version that differs.
    var versioned = lock.packs[0]
    versioned.name = "global"
    versioned.version = SemanticVersion(2, 0, 0)
    let other = distributionError { () throws(DistributionError) in
      try Installer.install(versioned, into: PackCache(directory: fixture.folder.file("c2")))
    }?.description
    #expect(other?.contains("says it is global 1.0.0, but") == true, "\(other ?? "")")
    #expect(other?.contains("as global 2.0.0") == true)
  }

  @Test func theStandardCacheFollowsTheEnvironment() {
    #expect(
      PackCache.standard(environment: ["PRECEPT_CACHE": "/tmp/pc", "HOME": "/home/u"]).directory == "/tmp/pc/packs")
    #expect(
      PackCache.standard(environment: ["XDG_CACHE_HOME": "/var/cache/u", "HOME": "/home/u"]).directory
        == "/var/cache/u/precept/packs")
    #expect(PackCache.standard(environment: ["HOME": "/home/u"]).directory == "/home/u/.cache/precept/packs")
    #expect(PackCache(directory: "/c").path(forSHA256: digestA) == "/c/\(digestA)")
  }

  @Test func lockFileReadReportsFileProblems() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(
      distributionError { () throws(DistributionError) in try LockFile.read(path: folder.path) }?.description
        == "\(folder.path): is a folder, not a file")
    let path = try folder.write("precept.lock", Array("{\"lock\": 1, \"requirements\": {}".utf8))
    #expect(
      distributionError { () throws(DistributionError) in try LockFile.read(path: path) }?.description
        == "\(path):1:1: error: unterminated object: expected ',' or '}', found end of file")
  }
}

@Suite(.serialized) struct HTTPRegistryTests {
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed to serve a registry over HTTP"))
  func resolvesAndInstallsOverHTTP() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let server = try LocalHTTPServer(serving: fixture.registry)
    defer { server.stop() }

    let registry = try Registry.open(server.baseURL)
    #expect(registry.location == server.baseURL)
    #expect(registry.index.entries(for: "global").count == 2)
    let lock = try Resolver.resolve(try requirements(["menu.basic": "^1"]), in: registry)
    #expect(lock.packs.allSatisfy { $0.source == server.baseURL })
    let installed = try Installer.install(lock: lock, into: fixture.cache)
    #expect(installed.map { "\($0.name) \($0.version)" } == ["global 1.1.0", "menu.basic 1.0.0"])
    #expect(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: installed[1].path)))
        == RegistryFixture.payload("menu", "menu.basic"))

    // A trailing slash names the same registry.
    #expect(try Registry.open(server.baseURL + "/").index == registry.index)
  }

  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed to serve a registry over HTTP"))
  func reportsHTTPErrorsAndTampering() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let server = try LocalHTTPServer(serving: fixture.folder.path)
    defer { server.stop() }

    // No index.json at that URL.
    #expect(
      distributionError { () throws(DistributionError) in try Registry.open(server.baseURL + "/missing") }?.description
        == "\(server.baseURL)/missing/index.json: HTTP 404 (Not Found)")

    // A pack changed on the server after locking.
    let registryURL = server.baseURL + "/registry"
    let lock = try Resolver.resolve(try requirements(["global": "1.0.0"]), in: try Registry.open(registryURL))
    try fixture.folder.write("registry/global/global-1.0.0.preceptpack", RegistryFixture.payload("tampered"))
    let error = distributionError { () throws(DistributionError) in
      try Installer.install(lock: lock, into: fixture.cache)
    }
    guard case .digestMismatch(let source, let expected, let actual) = error else {
      Issue.record("expected a digest mismatch, got \(String(describing: error))")
      return
    }
    #expect(source == registryURL + "/global/global-1.0.0.preceptpack")
    #expect(expected == lock.packs[0].sha256)
    #expect(actual == SHA256.hex(SHA256.hash(RegistryFixture.payload("tampered"))))

    // A truncated index served over HTTP is reported at its URL, line and column.
    let text = String(decoding: try fixture.folder.read("registry/index.json"), as: UTF8.self)
    try fixture.folder.write("registry/index.json", Array(text.prefix(40).utf8))
    let truncated = distributionError { () throws(DistributionError) in try Registry.open(registryURL) }
    #expect(truncated?.description.hasPrefix("\(registryURL)/index.json:4:") == true)
  }

  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed to serve a registry over HTTP"))
  func capsTheSizeOfResponses() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let server = try LocalHTTPServer(serving: fixture.registry)
    defer { server.stop() }
    let url = try #require(URL(string: server.baseURL + "/index.json"))
    #expect(try HTTPClient.get(url, limit: 1 << 20) == fixture.folder.read("registry/index.json"))
    #expect(
      distributionError { () throws(DistributionError) in try HTTPClient.get(url, limit: 100) }?.description
        == "\(url.absoluteString): the response is larger than the limit of 100 bytes")
  }

  /// The hostile server, with `body` run against its base URL; skipped without python3.
  func withHostileServer(_ body: (String, TemporaryFolder) throws -> Void) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let server = try LocalHTTPServer(hostileIn: folder.path)
    defer { server.stop() }
    try body(server.baseURL, folder)
  }

  func failure(
    _ url: String, limit: Int = 1 << 20, timeouts: HTTPClient.Timeouts = .init(), environment: [String: String] = [:]
  ) throws -> String? {
    let url = try #require(URL(string: url))
    return distributionError { () throws(DistributionError) in
      try HTTPClient.get(url, limit: limit, timeouts: timeouts, environment: environment)
    }?.description
  }

  /// A 2 MiB gzip bomb against a 1 MiB limit: before, URLSession inflated the body on its
  /// own threads (a 2 GiB bomb took 2.3 GB of memory before the size check cancelled); now an
  /// encoded body is refused when its headers arrive, before any of it is inflated.
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed for the hostile server"))
  func gzipBombIsRefusedBeforeItInflates() throws {
    try withHostileServer { base, _ in
      let message = try failure(base + "/bomb/index.json")
      #expect(message?.contains("the server sent a 'gzip'-encoded body") == true, "\(message ?? "no error")")
      // And the request asked for an unencoded body in the first place.
      let headers = try HTTPClient.get(try #require(URL(string: base + "/headers")))
      #expect(String(decoding: headers, as: UTF8.self).lowercased().contains("accept-encoding: identity"))
    }
  }

  /// One byte every 0.2 s never trips the idle timeout; the total one ends it.
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed for the hostile server"))
  func tricklingServerHitsTheTotalTimeout() throws {
    try withHostileServer { base, _ in
      let url = base + "/trickle/index.json"
      let message = try failure(url, timeouts: .init(idle: 20, total: 2))
      #expect(message == "\(url): timed out after 2 s downloading \(url) (the limit for a whole download)")
    }
  }

  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed for the hostile server"))
  func silentServerHitsTheIdleTimeoutWithAPlainMessage() throws {
    try withHostileServer { base, _ in
      let url = base + "/silent/index.json"
      let message = try failure(url, timeouts: .init(idle: 1, total: 60))
      #expect(message == "\(url): timed out after 1 s downloading \(url) (no data arrived for that long)")
    }
  }

  @Test func timeoutsFollowTheEnvironment() {
    #expect(HTTPClient.Timeouts.standard(environment: [:]) == .init(idle: 30, total: 600))
    #expect(
      HTTPClient.Timeouts.standard(environment: [
        "PRECEPT_DOWNLOAD_TIMEOUT": "5", "PRECEPT_DOWNLOAD_IDLE_TIMEOUT": "0.5",
      ])
        == .init(idle: 0.5, total: 5))
    #expect(HTTPClient.Timeouts.standard(environment: ["PRECEPT_DOWNLOAD_TIMEOUT": "-1"]) == .init())
  }

  /// Was "HTTP 0 (Server Error)".
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed for the hostile server"))
  func redirectWithoutLocationSaysSo() throws {
    try withHostileServer { base, _ in
      let url = base + "/noloc/index.json"
      let message = try failure(url)
      #expect(message == "\(url): HTTP 301 redirect without a Location header from \(url)")
    }
  }

  /// `PRECEPT_REGISTRY_TOKEN` is sent as a Bearer token (over HTTPS, or to loopback).
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed for the hostile server"))
  func registryTokenIsSentAsABearerHeader() throws {
    try withHostileServer { base, _ in
      let url = base + "/bearer/index.json"
      let refused = try failure(url)
      #expect(refused == "\(url): HTTP 401 (Unauthorized)")
      let accepted = try failure(url, environment: ["PRECEPT_REGISTRY_TOKEN": "s3cret"])
      #expect(accepted == nil)
    }
    let remote = try #require(URL(string: "http://rules.example.com/index.json"))
    #expect(HTTPClient.authorization(for: remote, environment: ["PRECEPT_REGISTRY_TOKEN": "t"]) == nil)
    let secure = try #require(URL(string: "https://rules.example.com/index.json"))
    #expect(HTTPClient.authorization(for: secure, environment: ["PRECEPT_REGISTRY_TOKEN": "t"]) == "Bearer t")
  }

  /// Credentials in a registry URL authenticate this process's requests to that origin but
  /// never reach the lock (or messages).
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "python3 is needed for the hostile server"))
  func credentialsInTheRegistryURLAreNeverRecorded() throws {
    let fixture = try RegistryFixture()
    defer { fixture.folder.remove() }
    let server = try LocalHTTPServer(hostileIn: fixture.folder.path)
    defer { server.stop() }
    let plain = server.baseURL + "/basic"
    let withCredentials = plain.replacingOccurrences(of: "http://", with: "http://u:pw@")
    let registry = try Registry.open(withCredentials)
    #expect(registry.location == plain)
    let lock = try Resolver.resolve(try requirements(["menu.basic": "^1"]), in: registry)
    #expect(lock.packs.allSatisfy { $0.source == plain })
    #expect(!lock.serialized().contains("pw"))
    let installed = try Installer.install(lock: lock, into: fixture.cache)
    #expect(installed.count == 2)
    #expect(RegistryCredentials.stripped("https://user:tok@h.example/r/") == "https://h.example/r/")
    #expect(RegistryCredentials.stripped("../registry") == "../registry")
  }

  @Test func reportsAnUnreachableServer() throws {
    // Port 9 (discard) on loopback: nothing listens there on a test machine.
    let error = distributionError { () throws(DistributionError) in try Registry.open("http://127.0.0.1:9/r") }
    guard case .unavailable(let location, _) = error else {
      Issue.record("expected .unavailable, got \(String(describing: error))")
      return
    }
    #expect(location == "http://127.0.0.1:9/r/index.json")
  }
}
