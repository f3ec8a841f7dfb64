import Foundation
import Precept
import PreceptDistribution

/// A project's `precept.json`: which rulesets it uses and how. Users read about it in the
/// README's "Project configuration (precept.json)" section: a key added here goes there too.
///
/// ```json
/// {
///   "precept": 1,
///   "registry": "https://rulesets.example.com",
///   "rulesets": { "acme.buttons": "^2.1" },
///   "paths": ["Rulesets/local"],
///   "standard": true,
///   "severity": { "menu.basic/min-commands": "info" },
///   "disable": ["global/semantic-color"],
///   "exclude": ["**/Generated/**"],
///   "platforms": ["iOS", "iPadOS"]
/// }
/// ```
///
/// - `rulesets`: rulesets from the registry with version ranges; `precept add` writes them,
///   `precept install` resolves them into `precept.lock` beside this file and fetches the packs.
/// - `registry`: a folder or an HTTP(S) base URL holding `index.json` (also `--registry`).
/// - `paths`: ruleset files or folders of the project itself, relative to this file.
/// - `standard`: whether the rulesets built into precept are used too (default true).
/// - `severity`: a severity (error, warning, info) per full rule id, replacing the rule's own.
/// - `disable`: rules (full ids) or whole rulesets (names) to leave out.
/// - `exclude`: globs `precept lint` skips, as with `--exclude`.
/// - `platforms`: the platforms the app ships (iOS, iPadOS, macOS, Mac Catalyst, tvOS,
///   watchOS, visionOS), as with `--platform`; default: those the code mentions, else iOS.
struct ProjectConfiguration {
  static let fileName = "precept.json"
  static let formatVersion = 1

  /// Where the file is (or will be written).
  var path: String
  var registry: String?
  var rulesets: [Requirement] = []
  var paths: [String] = []
  var standard = true
  var severity: [String: Severity] = [:]
  var disable: [String] = []
  var exclude: [String] = []
  var platforms: PlatformSet? = nil
  /// The rule ids and ruleset names `severity` and `disable` name, with their spans in the
  /// file, for reporting misspelt ones (`RuleIDCheck`); and the file they are in.
  var ruleNames: [(setting: String, name: String, span: Span)] = []
  var source: SourceFile?

  /// The folder holding the file: relative paths in it are taken from there.
  var folder: String {
    (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
  }

  var lockPath: String { (folder as NSString).appendingPathComponent(LockFile.fileName) }

  func resolve(_ relative: String) -> String {
    relative.hasPrefix("/")
      ? relative : (folder == "." ? relative : (folder as NSString).appendingPathComponent(relative))
  }

  /// The configuration named by `--config`, or `precept.json` in the current folder, or nil.
  static func find(_ explicit: String?) throws -> ProjectConfiguration? {
    if let explicit { return try read(explicit) }
    return FileManager.default.fileExists(atPath: fileName) ? try read(fileName) : nil
  }

  static func read(_ path: String) throws -> ProjectConfiguration {
    let source: SourceFile
    switch SourceFile.readBytes(path) {
    case .success(let bytes): source = SourceFile(name: path, bytes: bytes)
    case .failure(let failure):
      throw InputError(message: "cannot read the project configuration \(path): \(failure.reason)")
    }
    let json = try JSON.parse(source)
    func fail(_ message: String, _ value: JSON) -> DiagnosticError {
      let offset = max(0, value.offset)
      return DiagnosticError(Diagnostic(.error, message, in: source, span: Span(offset, offset + 1)))
    }
    guard let members = json.objectValue else { throw fail("the configuration must be a JSON object", json) }
    guard let version = json["precept"], version.integerValue == Int64(formatVersion) else {
      throw fail("expected \"precept\": \(formatVersion) (the configuration format version)", json["precept"] ?? json)
    }
    var configuration = ProjectConfiguration(path: path)
    configuration.source = source
    func strings(_ value: JSON, _ key: String) throws -> [String] {
      guard let values = value.arrayValue else { throw fail("'\(key)' must be a list of strings", value) }
      return try values.map { element in
        guard let text = element.stringValue else { throw fail("'\(key)' must be a list of strings", element) }
        return text
      }
    }
    for member in members {
      let value = member.value
      switch member.key {
      case "precept": break
      case "registry":
        guard let text = value.stringValue else { throw fail("'registry' must be a string", value) }
        configuration.registry = text
      case "rulesets":
        guard let entries = value.objectValue else { throw fail("'rulesets' must map names to version ranges", value) }
        for entry in entries {
          guard let text = entry.value.stringValue else {
            throw fail("the version range of '\(entry.key)' must be a string", entry.value)
          }
          if let problem = PackMetadata.nameProblem(entry.key) {
            throw fail("invalid ruleset name '\(entry.key)': \(problem)", entry.value)
          }
          do {
            configuration.rulesets.append(Requirement(entry.key, try VersionRange(parsing: text)))
          } catch {
            throw DiagnosticError(error.diagnostic(in: source, textOffset: entry.value.offset + 1))
          }
        }
      case "paths": configuration.paths = try strings(value, "paths")
      case "standard":
        guard let flag = value.boolValue else { throw fail("'standard' must be true or false", value) }
        configuration.standard = flag
      case "severity":
        guard let entries = value.objectValue else { throw fail("'severity' must map rule ids to severities", value) }
        for entry in entries {
          guard let text = entry.value.stringValue, let severity = Severity(rawValue: text) else {
            throw fail("the severity of '\(entry.key)' must be \"error\", \"warning\" or \"info\"", entry.value)
          }
          configuration.severity[entry.key] = severity
          configuration.ruleNames.append(
            ("severity", entry.key, Span(entry.keyOffset, entry.keyOffset + entry.key.utf8.count + 2)))
        }
      case "disable":
        configuration.disable = try strings(value, "disable")
        for (element, name) in zip(value.arrayValue ?? [], configuration.disable) {
          configuration.ruleNames.append(("disable", name, Span(element.offset, element.offset + name.utf8.count + 2)))
        }
      case "exclude": configuration.exclude = try strings(value, "exclude")
      case "platforms":
        var platforms: PlatformSet = []
        for (element, name) in zip(value.arrayValue ?? [], try strings(value, "platforms")) {
          guard let platform = PlatformSet(name: name) else {
            throw fail("unknown platform '\(name)'; expected one of \(PlatformSet.nameList)", element)
          }
          platforms.insert(platform)
        }
        guard !platforms.isEmpty else { throw fail("'platforms' must name at least one platform", value) }
        configuration.platforms = platforms
      default:
        let known = [
          "precept", "registry", "rulesets", "paths", "standard", "severity", "disable", "exclude", "platforms",
        ]
        let suggestion = Spelling.closest(member.key, in: known).map { "; did you mean '\($0)'?" } ?? ""
        throw DiagnosticError(
          Diagnostic(
            .error, "unknown setting '\(member.key)'\(suggestion)", in: source,
            span: Span(member.keyOffset, member.keyOffset + member.key.utf8.count + 2)))
      }
    }
    return configuration
  }

  var json: JSON {
    var members: [JSON.Member] = [JSON.Member("precept", .integer(ProjectConfiguration.formatVersion))]
    // Credentials never go into a file meant to be committed (see the Distribution README).
    if let registry { members.append(JSON.Member("registry", .string(RegistryCredentials.stripped(registry)))) }
    members.append(
      JSON.Member("rulesets", .object(rulesets.map { JSON.Member($0.name, .string($0.range.description)) })))
    if !paths.isEmpty { members.append(JSON.Member("paths", .array(paths.map { .string($0) }))) }
    if !standard { members.append(JSON.Member("standard", .bool(false))) }
    if !severity.isEmpty {
      members.append(
        JSON.Member(
          "severity", .object(severity.keys.sorted().map { JSON.Member($0, .string(severity[$0]!.rawValue)) })))
    }
    if !disable.isEmpty { members.append(JSON.Member("disable", .array(disable.map { .string($0) }))) }
    if !exclude.isEmpty { members.append(JSON.Member("exclude", .array(exclude.map { .string($0) }))) }
    if let platforms { members.append(JSON.Member("platforms", .array(platforms.names.map { .string($0) }))) }
    return .object(members)
  }

  func write() throws {
    do {
      try Data((json.serialized(pretty: true) + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw InputError(message: "cannot write \(path): \(error.localizedDescription)")
    }
  }
}
