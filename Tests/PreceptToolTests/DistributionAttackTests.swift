import Foundation
import Precept
import PreceptDistribution
import Testing

@testable import PreceptTool

/// Attacks on `add`, `install`, `publish` and the project files, run through the built
/// `precept` binary as a user would run it.
@Suite struct DistributionAttackTests {
  /// A folder with `packs/`, `registry/`, `project/` and a private cache.
  struct Project {
    let folder: TemporaryFolder
    var environment: [String: String]

    init() throws {
      folder = try TemporaryFolder()
      environment = ["PRECEPT_CACHE": folder.path + "/cache", "NO_COLOR": "1"]
      try FileManager.default.createDirectory(atPath: folder.path + "/project", withIntermediateDirectories: true)
    }

    @discardableResult
    func precept(_ arguments: [String], in directory: String = "project") throws -> Products.Run {
      try Products.run("precept", arguments, directory: folder.path + "/" + directory, environment: environment)
    }

    /// Packs `source` (a ruleset text) and publishes it to `registry/`, under `as` if given
    /// (by editing the index after publishing, as a hostile registry would).
    func publish(_ source: String, file: String) throws {
      try folder.write("src/\(file).precept", source)
      let packed = try precept(["pack", "../src/\(file).precept", "-o", "../packs"])
      #expect(packed.status == 0, "\(packed.error)")
      let pack = try #require(packed.output.split(separator: " ").dropFirst().first.map(String.init))
      let published = try precept(["publish", pack, "--registry", "../registry"])
      #expect(published.status == 0, "\(published.error)")
    }

    func read(_ name: String) -> String? {
      try? String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: folder.path + "/" + name) }
  }

  func ruleset(_ name: String, _ version: String = "1.0.0", imports: String = "") -> String {
    """
    ruleset \(name) \(version)
    \(imports)
    rule named {
      severity warning
      on Menu as m
      require m.text() != ""
      message "name the menu"
    }
    """
  }

  /// A registry entry `acme.buttons` whose pack says it is `global`: before, `add` succeeded
  /// and lint used it in place of the built-in `global` (an empty one removed every global
  /// check). Now the command fails naming the index, the lock and the manifest.
  @Test func packNamedAfterBuiltinCannotShadowIt() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.publish("ruleset global 1.0.0\n", file: "empty-global")
    // Rename the entry in the index: acme.buttons 1.0.0 → the pack that says global 1.0.0.
    let indexPath = project.folder.path + "/registry/index.json"
    let index = try #require(project.read("registry/index.json"))
    try Data(index.replacingOccurrences(of: "\"global\": {", with: "\"acme.buttons\": {").utf8).write(
      to: URL(fileURLWithPath: indexPath))
    let added = try project.precept(["add", "acme.buttons", "--registry", "../registry"])
    #expect(added.status == 2)
    #expect(added.error.contains("the pack's manifest says it is global 1.0.0"), "\(added.error)")
    #expect(added.error.contains("registry index listed it and precept.lock locks it as acme.buttons 1.0.0"))
    #expect(!project.exists("project/precept.json") && !project.exists("project/precept.lock"))
  }

  /// A registry `global` imported by a pack is not taken from the registry: the built-in
  /// one serves the import, and the lock does not hold a `global`.
  @Test func importedBuiltinComesFromPreceptNotTheRegistry() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.publish("ruleset global 1.0.0\n", file: "empty-global")
    try project.publish(ruleset("acme.menus", imports: "import global ^1.0"), file: "acme")
    let added = try project.precept(["add", "acme.menus", "--registry", "../registry"])
    #expect(added.status == 0, "\(added.error)")
    let lock = try #require(project.read("project/precept.lock"))
    #expect(!lock.contains("\"global\""), "\(lock)")
    try project.folder.write(
      "project/S.swift",
      "struct S: View { var body: some View { Menu {} label: { Image(systemName: \"x\") }.focusEffectDisabled() } }")
    let lint = try project.precept(["lint", "--format", "json"])
    #expect(lint.output.contains(#""rule": "global/focus-visible""#), "\(lint.output)\(lint.error)")

    // A hand-made lock that slips the registry's empty global in is refused by lint.
    let globalDigest = try #require(
      project.read("registry/index.json")?.split(separator: "\"").map(String.init)
        .first { $0.count == 64 && !lock.contains($0) })
    let forged = lock.replacingOccurrences(
      of: #""packs": {"#,
      with:
        #""packs": {"global": {"version": "1.0.0", "source": "../registry", "file": "global/global-1.0.0.preceptpack", "sha256": ""#
        + globalDigest + #""}, "#)
    try project.folder.write("project/precept.lock", forged)
    #expect(try project.precept(["install", "--locked"]).status == 2)
    let refused = try project.precept(["lint"])
    #expect(refused.status == 2)
    #expect(refused.error.contains("it locks 'global', a ruleset built into precept"), "\(refused.error)")
  }

  /// A lock entry no requirement needs used to be installed and loaded.
  @Test func strayLockEntryIsNeitherLoadedNorKept() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.publish(ruleset("acme.menus"), file: "acme")
    try project.publish(ruleset("other.menus"), file: "other")
    #expect(try project.precept(["add", "acme.menus", "other.menus", "--registry", "../registry"]).status == 0)
    // Drop other.menus from precept.json and from the lock's requirements, keeping its pack.
    try project.folder.write(
      "project/precept.json", #"{"precept": 1, "registry": "../registry", "rulesets": {"acme.menus": "^1.0.0"}}"#)
    let lock = try #require(project.read("project/precept.lock"))
    try project.folder.write(
      "project/precept.lock", lock.replacingOccurrences(of: #", "other.menus": "^1.0.0""#, with: ""))
    let lint = try project.precept(["lint"])
    #expect(lint.status == 2)
    #expect(lint.error.contains("it locks 'other.menus', which no requirement of precept.json needs"), "\(lint.error)")
    #expect(try project.precept(["install", "--locked"]).status == 2)
    let install = try project.precept(["install"])
    #expect(install.status == 0, "\(install.error)")
    #expect(project.read("project/precept.lock")?.contains("other.menus") == false)
    try project.folder.write("project/Screen.swift", "struct Screen: View { var body: some View { Text(\"a\") } }\n")
    let relinted = try project.precept(["lint"])
    #expect(relinted.status == 0, "\(relinted.error)")
  }

  /// Before, a failed add rewrote precept.lock before installing, and in an empty folder left
  /// a lock without a precept.json.
  @Test func failedAddWritesNothing() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.publish(ruleset("acme.menus"), file: "acme")
    try project.publish(ruleset("other.menus"), file: "other")
    // A pack changed in the registry after it was indexed: the add fails at install.
    let packPath = project.folder.path + "/registry/other.menus/other.menus-1.0.0.preceptpack"
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: packPath)))
    bytes[bytes.count - 1] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: packPath))
    let failed = try project.precept(["add", "other.menus", "--registry", "../registry"])
    #expect(failed.status == 2)
    #expect(!project.exists("project/precept.json") && !project.exists("project/precept.lock"))

    #expect(try project.precept(["add", "acme.menus", "--registry", "../registry"]).status == 0)
    let json = project.read("project/precept.json")
    let lock = project.read("project/precept.lock")
    #expect(try project.precept(["add", "other.menus"]).status == 2)
    #expect(project.read("project/precept.json") == json)
    #expect(project.read("project/precept.lock") == lock)
  }

  /// Before, concurrent adds all exited 0 but precept.json kept one ruleset.
  @Test func concurrentAddsKeepEveryRuleset() throws {
    let project = try Project()
    defer { project.folder.remove() }
    let names = (1...6).map { "r\($0).menus" }
    for name in names { try project.publish(ruleset(name), file: name) }
    try project.folder.write("project/precept.json", #"{"precept": 1, "registry": "../registry", "rulesets": {}}"#)
    let statuses = Mutex<[Int32]>([])
    DispatchQueue.concurrentPerform(iterations: names.count) { index in
      let run = try? project.precept(["add", names[index]])
      statuses.withLock { $0.append(run?.status ?? -1) }
    }
    #expect(statuses.withLock { $0 } == Array(repeating: 0, count: names.count))
    let json = try #require(project.read("project/precept.json"))
    for name in names { #expect(json.contains("\"\(name)\""), "\(json)") }
    let lock = try LockFile.read(path: project.folder.path + "/project/precept.lock")
    #expect(lock.requirements.map(\.name) == names)
    #expect(lock.packs.map(\.name) == names)
    #expect(try project.precept(["install", "--locked"]).status == 0)
  }

  /// Before, concurrent publishes to one folder registry lost index entries.
  @Test func concurrentPublishesKeepEveryEntry() throws {
    let project = try Project()
    defer { project.folder.remove() }
    let names = (1...6).map { "p\($0).menus" }
    for name in names {
      try project.folder.write("src/\(name).precept", ruleset(name))
      #expect(try project.precept(["pack", "../src/\(name).precept", "-o", "../packs"]).status == 0)
    }
    let statuses = Mutex<[Int32]>([])
    DispatchQueue.concurrentPerform(iterations: names.count) { index in
      let run = try? project.precept([
        "publish", "../packs/\(names[index])-1.0.0.preceptpack", "--registry", "../registry",
      ])
      statuses.withLock { $0.append(run?.status ?? -1) }
    }
    #expect(statuses.withLock { $0 } == Array(repeating: 0, count: names.count))
    let index = try #require(project.read("registry/index.json"))
    for name in names { #expect(index.contains("\"\(name)\""), "\(index)") }
  }

  /// Before, `^9223372036854775806` trapped (exit 132) wherever a range was read.
  @Test func rangeAtTheMaximumVersionIsNotACrash() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.publish(ruleset("acme.menus"), file: "acme")
    let added = try project.precept(["add", "acme.menus@^9223372036854775806", "--registry", "../registry"])
    #expect(added.status == 2)
    #expect(added.error.contains("no version of 'acme.menus' matches '^9223372036854775806'"), "\(added.error)")
    try project.folder.write(
      "project/precept.json", #"{"precept": 1, "rulesets": {"acme.menus": "~1.9223372036854775806"}}"#)
    #expect(try project.precept(["lint"]).status == 2)
    try project.folder.write("rules.precept", ruleset("limit.menus", imports: "import global ^9223372036854775806"))
    let lint = try project.precept(["lint", "--ruleset", "../rules.precept", "."])
    #expect(lint.status == 2)
    #expect(!lint.error.contains("Fatal error"))
  }

  /// Was reported without a position, or not at all (the last `rulesets` won).
  @Test func duplicateKeyInPreceptJSONHasAPosition() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.folder.write("project/precept.json", "{\"precept\": 1,\n  \"rulesets\": {},\n  \"rulesets\": {}}\n")
    let lint = try project.precept(["lint"])
    #expect(lint.status == 2)
    #expect(lint.error.contains("precept.json:3:3: error: duplicate key \"rulesets\""), "\(lint.error)")
  }

  /// Was "no rulesets found in " with nothing after it.
  @Test func noRulesetsSaysWhatWasSearched() throws {
    let project = try Project()
    defer { project.folder.remove() }
    try project.folder.write("project/precept.json", #"{"precept": 1, "standard": false}"#)
    try project.folder.write("project/S.swift", "struct S {}")
    let lint = try project.precept(["lint"])
    #expect(lint.status == 2)
    #expect(lint.error.contains("no rulesets to use: precept.json names no rulesets"), "\(lint.error)")
  }

  /// Credentials in a registry URL were written verbatim into precept.json.
  @Test func credentialsAreNotWrittenIntoPreceptJSON() throws {
    var configuration = ProjectConfiguration(path: "precept.json")
    configuration.registry = "https://user:t0ken@rules.example.com/precept"
    let text = configuration.json.serialized(pretty: true)
    #expect(!text.contains("t0ken") && !text.contains("user@"))
    #expect(text.contains("https://rules.example.com/precept"))
  }

  /// An HTTP registry made ~/.cache/org.swift.foundation.URLCache/precept and
  /// ~/.local/share/… even with PRECEPT_CACHE set and when the connection failed.
  @Test(.enabled(if: ServedFolder.isAvailable, "python3 is needed to serve a registry over HTTP"))
  func httpRegistryLeavesHomeUntouched() throws {
    var project = try Project()
    defer { project.folder.remove() }
    try project.publish(ruleset("acme.menus"), file: "acme")
    let home = project.folder.path + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    project.environment["HOME"] = home
    project.environment["XDG_CACHE_HOME"] = home + "/.cache"
    project.environment["XDG_DATA_HOME"] = home + "/.local/share"
    project.environment["XDG_CONFIG_HOME"] = home + "/.config"
    let failed = try project.precept(["add", "acme.menus", "--registry", "http://127.0.0.1:9/registry"])
    #expect(failed.status == 2)
    let server = try ServedFolder(project.folder.path + "/registry")
    defer { server.stop() }
    let added = try project.precept(["add", "acme.menus", "--registry", server.baseURL])
    #expect(added.status == 0, "\(added.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home) == [])
  }
}

/// `python3 -m http.server` on 127.0.0.1 at a port the system picks.
final class ServedFolder {
  static var isAvailable: Bool { python != nil }
  static let python: String? = {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/python3"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  let process = Process()
  private(set) var baseURL = ""

  init(_ folder: String) throws {
    process.executableURL = URL(fileURLWithPath: ServedFolder.python ?? "/usr/bin/python3")
    process.arguments = ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // "Serving HTTP on 127.0.0.1 port 43215 (http://127.0.0.1:43215/) ..."; bounded by the
    // server printing it or exiting (a closed pipe reads as empty).
    var text = ""
    while !text.contains("\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let range = text.range(of: #"port (\d+)"#, options: .regularExpression) else {
      stop()
      throw CocoaError(.fileReadUnknown)
    }
    baseURL = "http://127.0.0.1:\(text[range].split(separator: " ")[1])"
  }

  func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
