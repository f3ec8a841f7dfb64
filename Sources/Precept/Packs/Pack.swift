/// A compiled ruleset in one file, `NAME-VERSION.preceptpack`: a manifest, the ruleset's source
/// and its bytecode. The format is described in README.md beside this file.
///
/// Loading a pack checks its magic, its manifest, the SHA-256 of its payload, and then the
/// bytecode itself (`Verifier`) before anything runs. A pack whose bytecode format is older
/// than this engine's is recompiled from the source it carries; a newer one is refused with
/// the version it needs.
public struct Pack: Sendable {
  /// The version of the pack container (magic, manifest, payload layout).
  public static let formatVersion = 1
  /// The first bytes of every pack.
  package static let magic = Array("PRECEPTPACK\n".utf8)
  /// The largest manifest accepted.
  static let maximumManifestSize = 1 << 20

  public let manifest: PackManifest
  /// The ruleset's source text.
  public let source: String
  let bytecode: [UInt8]
  /// The pack's bytes, exactly as read or written.
  public let bytes: [UInt8]

  /// Builds the pack of a compiled ruleset.
  public init(_ ruleset: Ruleset) {
    let bytecode = BytecodeFormat.encode(ruleset.program)
    let sourceBytes = ruleset.source.bytes
    var payload = ByteWriter()
    payload.blob(sourceBytes)
    var payloadBytes = payload.bytes
    payloadBytes += bytecode
    let program = ruleset.program
    manifest = PackManifest(
      name: program.name, version: program.version, formatVersion: Pack.formatVersion,
      bytecodeFormat: Int(BytecodeFormat.version), engine: Engine.compatibleVersions,
      imports: program.metadata.imports.map { PackManifest.Import(name: $0.name, range: $0.range) },
      hostFunctions: program.hosts.map {
        PackManifest.HostFunction(name: $0.name, parameterTypes: $0.parameters, resultType: $0.result)
      },
      payloadSize: payloadBytes.count, payloadSHA256: SHA256.hex(SHA256.hash(payloadBytes)))
    source = String(decoding: sourceBytes, as: UTF8.self)
    self.bytecode = bytecode
    let manifestBytes = Array(manifest.json.serialized(pretty: true).utf8)
    var file = ByteWriter()
    for byte in Pack.magic { file.u8(byte) }
    file.blob(manifestBytes)
    bytes = file.bytes + payloadBytes
  }

  /// The conventional file name, `NAME-VERSION.preceptpack`.
  public var fileName: String { "\(manifest.name)-\(manifest.version).preceptpack" }

  /// Reads a pack and checks its container and digest (not yet its bytecode: see `ruleset`).
  /// `name` is the file name shown in errors.
  public init(bytes: [UInt8], name: String) throws(DiagnosticError) {
    func fail(_ message: String, help: String? = nil) -> DiagnosticError {
      DiagnosticError(Diagnostic(.error, message, file: name, location: SourceLocation(line: 1, column: 1), help: help))
    }
    guard bytes.starts(with: Pack.magic) else {
      throw fail("not a precept pack (it does not start with the pack signature)")
    }
    // The container: magic, a length-prefixed manifest, then the payload.
    var reader = ByteReader(bytes)
    let manifestBytes: [UInt8]
    do throws(BytecodeFormat.Failure) {
      for _ in Pack.magic { _ = try reader.u8() }
      let length = Int(try reader.u32())
      guard length <= Pack.maximumManifestSize else {
        throw BytecodeFormat.Failure(
          message: "the manifest is larger than \(Pack.maximumManifestSize) bytes", offset: 12)
      }
      reader = ByteReader(bytes)
      for _ in Pack.magic { _ = try reader.u8() }
      manifestBytes = try reader.blob()
    } catch {
      throw fail("malformed pack: \(error)")
    }
    let manifestSource = SourceFile(name: "\(name) (manifest)", bytes: manifestBytes)
    manifest = try PackManifest(json: try JSON.parse(manifestSource), source: manifestSource)
    let payload = Array(bytes[reader.offset...])
    guard manifest.formatVersion <= Pack.formatVersion else {
      throw fail(
        "the pack uses pack format \(manifest.formatVersion); this precept reads format \(Pack.formatVersion)",
        help: "upgrade precept to load it")
    }
    guard payload.count == manifest.payloadSize else {
      throw fail(
        "the pack is truncated or padded: its payload has \(payload.count) bytes, the manifest says \(manifest.payloadSize)"
      )
    }
    let digest = SHA256.hex(SHA256.hash(payload))
    guard digest == manifest.payloadSHA256 else {
      throw fail(
        "the pack's contents do not match its digest (expected sha256 \(manifest.payloadSHA256), got \(digest)); it was altered or damaged"
      )
    }
    var payloadReader = ByteReader(payload)
    let sourceBytes: [UInt8]
    do throws(BytecodeFormat.Failure) {
      sourceBytes = try payloadReader.blob()
    } catch {
      throw fail("malformed pack payload: \(error)")
    }
    guard let text = String(validating: sourceBytes, as: UTF8.self) else {
      throw fail("the pack's source is not valid UTF-8")
    }
    source = text
    bytecode = Array(payload[payloadReader.offset...])
    self.bytes = bytes
  }

  /// The metadata the registry and resolver work with.
  public var metadata: PackMetadata? {
    guard let version = try? SemanticVersion(parsing: manifest.version) else { return nil }
    var requirements: [Requirement] = []
    for item in manifest.imports {
      guard let range = try? VersionRange(parsing: item.range) else { return nil }
      requirements.append(Requirement(item.name, range))
    }
    return PackMetadata(name: manifest.name, version: version, imports: requirements)
  }

  /// Decodes and verifies the bytecode without resolving imports (for `publish`).
  public func verify() throws(DiagnosticError) {
    guard manifest.bytecodeFormat == Int(BytecodeFormat.version) else { return }
    _ = try program()
  }

  /// The bytecode, decoded and verified.
  private func program() throws(DiagnosticError) -> Program {
    let name = "\(manifest.name)-\(manifest.version).preceptpack"
    func fail(_ message: String) -> DiagnosticError {
      DiagnosticError(Diagnostic(.error, message, file: name, location: SourceLocation(line: 1, column: 1)))
    }
    let program: Program
    do throws(BytecodeFormat.Failure) {
      program = try BytecodeFormat.decode(bytecode, sourceText: source)
    } catch {
      throw fail("malformed bytecode: \(error)")
    }
    do throws(Verifier.Failure) {
      try Verifier.verify(program)
    } catch {
      throw fail("the pack's bytecode does not verify: \(error)")
    }
    guard program.name == manifest.name, program.version == manifest.version else {
      throw fail(
        "the bytecode is of \(program.name) \(program.version), the manifest says \(manifest.name) \(manifest.version)")
    }
    return program
  }

  /// The pack's ruleset, ready to evaluate: its bytecode decoded and verified, or — for an
  /// older bytecode format — recompiled from its source. Imports are resolved with `resolver`.
  public func ruleset(resolver: Ruleset.Resolver?) throws(DiagnosticError) -> Ruleset {
    let sourceFile = SourceFile(name: "\(manifest.name)-\(manifest.version).preceptpack", text: source)
    if manifest.bytecodeFormat < Int(BytecodeFormat.version) {
      return try Ruleset(source: sourceFile, resolver: resolver)
    }
    func fail(_ message: String) -> DiagnosticError {
      DiagnosticError(Diagnostic(.error, message, file: sourceFile.name, location: SourceLocation(line: 1, column: 1)))
    }
    if manifest.bytecodeFormat > Int(BytecodeFormat.version) {
      throw fail(
        "the pack's bytecode is format \(manifest.bytecodeFormat); this precept runs format \(BytecodeFormat.version) (upgrade precept)"
      )
    }
    let program = try program()
    // A pack written before host functions had types lacks their types and places: its source
    // (whose declarations are untyped, so `dyn`) gives both. One written before programs had
    // source maps is recompiled too, so its errors name ruleset places and its explanations
    // have values.
    if program.hosts.contains(where: { $0.line == 0 }) || program.sourceMap.instructions.isEmpty {
      return try Ruleset(source: sourceFile, resolver: resolver)
    }
    var imports: [Ruleset] = []
    for item in manifest.imports {
      do {
        guard let resolver, let found = try resolver(item.name, item.range) else {
          throw fail("cannot find ruleset '\(item.name)' (\(item.range)), which \(manifest.name) imports")
        }
        imports.append(found)
      } catch let error as DiagnosticError {
        throw error
      } catch {
        throw fail("cannot import '\(item.name)' \(item.range): \(error)")
      }
    }
    return Ruleset(program: program, imports: imports, source: sourceFile)
  }
}

/// What a pack says about itself, before its payload is read.
public struct PackManifest: Sendable, Hashable {
  public struct Import: Sendable, Hashable {
    public var name: String
    public var range: String
  }

  /// A host function the rules need, with its declared types (all `dyn` in a pack written
  /// before host functions had types, or for an untyped declaration).
  public struct HostFunction: Sendable, Hashable {
    public var name: String
    public var parameterTypes: [Precept.HostFunction.ValueType]
    public var resultType: Precept.HostFunction.ValueType
    public var parameterCount: Int { parameterTypes.count }

    init(
      name: String, parameterTypes: [Precept.HostFunction.ValueType], resultType: Precept.HostFunction.ValueType
    ) {
      self.name = name
      self.parameterTypes = parameterTypes
      self.resultType = resultType
    }

    init(name: String, parameterCount: Int) {
      self.init(name: name, parameterTypes: Array(repeating: .dyn, count: parameterCount), resultType: .dyn)
    }
  }

  public var name: String
  public var version: String
  /// The pack container version.
  public var formatVersion: Int
  /// The bytecode format of the payload.
  public var bytecodeFormat: Int
  /// The engine versions that can run the bytecode, as a version range.
  public var engine: String
  public var imports: [Import]
  /// Host functions the rules call; an engine without them reports those rules as not run.
  public var hostFunctions: [HostFunction]
  public var payloadSize: Int
  /// SHA-256 of the payload, in lowercase hex.
  public var payloadSHA256: String

  var json: JSON {
    .object([
      "preceptPack": .integer(formatVersion), "name": .string(name), "version": .string(version),
      "bytecodeFormat": .integer(bytecodeFormat), "engine": .string(engine),
      "imports": .array(imports.map { .object(["name": .string($0.name), "range": .string($0.range)]) }),
      "hostFunctions": .array(
        hostFunctions.map {
          .object([
            "name": .string($0.name), "parameters": .integer(Int64($0.parameterCount)),
            "parameterTypes": .array($0.parameterTypes.map { .string($0.rawValue) }),
            "result": .string($0.resultType.rawValue),
          ])
        }),
      "payload": .object(["size": .integer(payloadSize), "sha256": .string(payloadSHA256)]),
    ])
  }

  init(
    name: String, version: String, formatVersion: Int, bytecodeFormat: Int, engine: String, imports: [Import],
    hostFunctions: [HostFunction], payloadSize: Int, payloadSHA256: String
  ) {
    self.name = name
    self.version = version
    self.formatVersion = formatVersion
    self.bytecodeFormat = bytecodeFormat
    self.engine = engine
    self.imports = imports
    self.hostFunctions = hostFunctions
    self.payloadSize = payloadSize
    self.payloadSHA256 = payloadSHA256
  }

  init(json: JSON, source: SourceFile) throws(DiagnosticError) {
    func fail(_ message: String, _ value: JSON?) -> DiagnosticError {
      let offset = max(0, value?.offset ?? json.offset)
      return DiagnosticError(Diagnostic(.error, message, in: source, span: Span(offset, offset + 1)))
    }
    func string(_ key: String, in object: JSON) throws(DiagnosticError) -> String {
      guard let value = object[key]?.stringValue else {
        throw fail("the manifest needs a string '\(key)'", object[key] ?? object)
      }
      return value
    }
    func integer(_ key: String, in object: JSON) throws(DiagnosticError) -> Int {
      guard let value = object[key]?.integerValue, value >= 0 else {
        throw fail("the manifest needs a non-negative integer '\(key)'", object[key] ?? object)
      }
      guard value <= Int64(Int32.max) else {
        throw fail("the manifest's '\(key)' is too large (max \(Int32.max))", object[key] ?? object)
      }
      return Int(value)
    }
    formatVersion = try integer("preceptPack", in: json)
    name = try string("name", in: json)
    version = try string("version", in: json)
    bytecodeFormat = try integer("bytecodeFormat", in: json)
    engine = try string("engine", in: json)
    var imports: [Import] = []
    for item in json["imports"]?.arrayValue ?? [] {
      imports.append(Import(name: try string("name", in: item), range: try string("range", in: item)))
    }
    self.imports = imports
    var hosts: [HostFunction] = []
    for item in json["hostFunctions"]?.arrayValue ?? [] {
      let name = try string("name", in: item)
      let count = try integer("parameters", in: item)
      guard count <= HostSignature.maximumParameters else {
        throw fail(
          "host function '\(name)' has \(count) parameters, over the limit of \(HostSignature.maximumParameters)",
          item["parameters"] ?? item)
      }
      guard let written = item["parameterTypes"] else {
        hosts.append(HostFunction(name: name, parameterCount: count))
        continue
      }
      func type(_ value: JSON?) throws(DiagnosticError) -> Precept.HostFunction.ValueType {
        guard let text = value?.stringValue, let type = Precept.HostFunction.ValueType(rawValue: text) else {
          throw fail("unknown type of host function '\(name)'", value ?? item)
        }
        return type
      }
      guard let list = written.arrayValue, list.count == count else {
        throw fail("'parameterTypes' of host function '\(name)' must list \(count) types", written)
      }
      var types: [Precept.HostFunction.ValueType] = []
      for element in list { types.append(try type(element)) }
      hosts.append(HostFunction(name: name, parameterTypes: types, resultType: try type(item["result"])))
    }
    hostFunctions = hosts
    guard let payload = json["payload"] else { throw fail("the manifest needs a 'payload' object", json) }
    payloadSize = try integer("size", in: payload)
    payloadSHA256 = try string("sha256", in: payload)
    if let problem = PackMetadata.nameProblem(name) {
      throw fail("invalid ruleset name '\(name)': \(problem)", json["name"])
    }
    if (try? SemanticVersion(parsing: version)) == nil { throw fail("invalid version '\(version)'", json["version"]) }
  }
}

extension Engine {
  /// This engine's version.
  public static let version = "0.1.0"
  /// The engine versions that run this engine's bytecode, written into every pack.
  public static let compatibleVersions = "^0.1"
}
