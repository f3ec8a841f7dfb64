/// A compiled program as bytes, for packs: the code, constants and functions in a compact
/// binary form, and the rules' metadata as JSON. Documented in Sources/PreceptDistribution/
/// README.md ("Pack format"). All integers are little-endian.
///
/// Reading never trusts the bytes: every count and length is checked against what is left, so a
/// truncated or hand-crafted blob is an error (with the byte offset), never a crash. What the
/// bytes *mean* is checked afterwards by `Verifier`.
enum BytecodeFormat {
  /// The version of this encoding and of the instruction set. Packs with an older version
  /// are recompiled from their source; newer ones are refused.
  /// 2: `compareConstant` and `builtinConstant`.
  static let version: UInt32 = 2

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var offset: Int
    var description: String { "\(message) (at byte \(offset) of the bytecode)" }
  }

  static func encode(_ program: Program) -> [UInt8] {
    var writer = ByteWriter()
    writer.u32(version)
    writer.string(program.name)
    writer.string(program.version)
    writer.string(program.sourceName)
    writer.u32(UInt32(program.globals.count))
    for global in program.globals { writer.string(global) }
    writer.u32(UInt32(program.functions.count))
    for function in program.functions {
      writer.string(function.name)
      writer.u32(UInt32(function.entry))
      writer.u32(UInt32(function.parameterCount))
      writer.u32(UInt32(function.localCount))
    }
    writer.u32(UInt32(program.code.count))
    for instruction in program.code {
      writer.u8(instruction.op.rawValue)
      writer.i32(instruction.a)
      writer.i32(instruction.b)
    }
    writer.u32(UInt32(program.constants.count))
    for constant in program.constants {
      if case .list(let elements) = constant {
        writer.u8(6)
        writer.u32(UInt32(elements.count))
        for element in elements { writeScalar(element, &writer) }
      } else {
        writeScalar(constant, &writer)
      }
    }
    writer.u32(UInt32(program.hosts.count))
    for host in program.hosts {
      writer.string(host.name)
      writer.u32(UInt32(host.arity))
    }
    writer.blob(Array(metadataJSON(program).serialized(pretty: false).utf8))
    return writer.bytes
  }

  static func decode(_ bytes: [UInt8], sourceText: String) throws(Failure) -> Program {
    var reader = ByteReader(bytes)
    let found = try reader.u32()
    guard found == version else {
      throw Failure(
        message: found > version
          ? "bytecode format \(found) is newer than this precept reads (\(version)); upgrade precept"
          : "bytecode format \(found) is older than this precept's (\(version))",
        offset: 0)
    }
    let name = try reader.string()
    let programVersion = try reader.string()
    let sourceName = try reader.string()
    var globals: [String] = []
    for _ in 0..<(try reader.count(minimumBytesEach: 4)) { globals.append(try reader.string()) }
    var functions: [FunctionInfo] = []
    for _ in 0..<(try reader.count(minimumBytesEach: 16)) {
      functions.append(
        FunctionInfo(
          name: try reader.string(), entry: Int(try reader.u32()), parameterCount: Int(try reader.u32()),
          localCount: Int(try reader.u32())))
    }
    var code: [Instruction] = []
    let codeCount = try reader.count(minimumBytesEach: 9)
    code.reserveCapacity(codeCount)
    for _ in 0..<codeCount {
      let offset = reader.offset
      let raw = try reader.u8()
      guard let op = Opcode(rawValue: raw) else { throw Failure(message: "unknown opcode \(raw)", offset: offset) }
      code.append(Instruction(op, try reader.i32(), try reader.i32()))
    }
    var constants: [Constant] = []
    for _ in 0..<(try reader.count(minimumBytesEach: 2)) {
      let offset = reader.offset
      if try reader.u8() == 6 {
        var elements: [Constant] = []
        for _ in 0..<(try reader.count(minimumBytesEach: 2)) { elements.append(try readScalar(&reader)) }
        constants.append(.list(elements))
      } else {
        reader = ByteReader(bytes, offset: offset)
        constants.append(try readScalar(&reader))
      }
    }
    // A host's name and arity; its types and place are in the metadata (packs written before
    // host functions had types have none there: every type is then `dyn`, line 0).
    var hosts: [HostSignature] = []
    for _ in 0..<(try reader.count(minimumBytesEach: 8)) {
      let name = try reader.string()
      let arityOffset = reader.offset
      let arity = Int(try reader.u32())
      guard arity <= HostSignature.maximumParameters else {
        throw Failure(
          message:
            "host function '\(name)' has \(arity) parameters, over the limit of \(HostSignature.maximumParameters)",
          offset: arityOffset)
      }
      hosts.append(
        HostSignature(
          name: name, parameters: Array(repeating: .dyn, count: arity), result: .dyn, file: sourceName, line: 0,
          column: 0))
    }
    let metadataOffset = reader.offset
    let metadataBytes = try reader.blob()
    guard reader.atEnd else { throw Failure(message: "unexpected bytes after the program", offset: reader.offset) }
    let metadata: JSON
    do {
      metadata = try JSON.parse(SourceFile(name: "<pack metadata>", bytes: metadataBytes))
    } catch {
      throw Failure(
        message: "malformed rule metadata: \(error.diagnostics.first?.message ?? "")", offset: metadataOffset)
    }
    let (rules, rulesetMetadata) = try readMetadata(
      metadata, name: name, version: programVersion, offset: metadataOffset)
    if let typed = metadata["hosts"] {
      hosts = try readHostTypes(typed, hosts, offset: metadataOffset)
    }
    // Packs written before programs had source maps have none: they run as before, and name
    // no ruleset place in errors.
    var sourceMap = SourceMap()
    if let map = metadata["sourceMap"] {
      do throws(Failure) {
        sourceMap = try SourceMap(json: map, codeCount: code.count)
      } catch {
        throw Failure(message: error.message, offset: metadataOffset)
      }
    }
    return Program(
      name: name, version: programVersion, sourceName: sourceName, metadata: rulesetMetadata, code: code,
      functions: functions, constants: constants, hosts: hosts, globals: globals, compiledRules: rules,
      sourceText: sourceText, sourceMap: sourceMap)
  }

  /// A scalar constant: anything but a list (list elements are scalars, so reading one never
  /// recurses).
  private static func writeScalar(_ constant: Constant, _ writer: inout ByteWriter) {
    switch constant {
    case .int(let value):
      writer.u8(0)
      writer.u64(UInt64(bitPattern: value))
    case .uint(let value):
      writer.u8(1)
      writer.u64(value)
    case .double(let bits):
      writer.u8(2)
      writer.u64(bits)
    case .string(let text):
      writer.u8(3)
      writer.string(text)
    case .bytes(let bytes):
      writer.u8(4)
      writer.blob(bytes)
    case .type(let tag):
      writer.u8(5)
      writer.u8(tag.rawValue)
    case .list:
      preconditionFailure("list constants hold scalars only")
    }
  }

  private static func readScalar(_ reader: inout ByteReader) throws(Failure) -> Constant {
    let offset = reader.offset
    switch try reader.u8() {
    case 0: return .int(Int64(bitPattern: try reader.u64()))
    case 1: return .uint(try reader.u64())
    case 2: return .double(try reader.u64())
    case 3: return .string(try reader.string())
    case 4: return .bytes(try reader.blob())
    case 5:
      let raw = try reader.u8()
      guard let tag = TypeTag(rawValue: raw) else {
        throw Failure(message: "unknown type tag \(raw)", offset: offset + 1)
      }
      return .type(tag)
    case let tag: throw Failure(message: "unknown constant kind \(tag)", offset: offset)
    }
  }

  // MARK: Metadata as JSON

  private static func strings(_ values: [String]) -> JSON { .array(values.map { .string($0) }) }

  private static func optional(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }

  private static func metadataJSON(_ program: Program) -> JSON {
    let metadata = program.metadata
    var members: [JSON.Member] = [
      JSON.Member("title", optional(metadata.title)), JSON.Member("summary", optional(metadata.summary)),
      JSON.Member("help", optional(metadata.help)), JSON.Member("useWhen", strings(metadata.useWhen)),
      JSON.Member(
        "avoidWhen",
        .array(metadata.avoidWhen.map { .object(["text": .string($0.text), "instead": optional($0.instead)]) })),
      JSON.Member("allow", strings(metadata.allow)), JSON.Member("golden", strings(metadata.golden)),
      JSON.Member(
        "imports",
        .array(
          metadata.imports.map { item in
            // The new keys are written only when used, so a pack of a ruleset that uses none of
            // them is byte-identical to one an older Precept wrote.
            var fields = [JSON.Member("name", .string(item.name)), JSON.Member("range", .string(item.range))]
            if metadata.definitionImports.contains(item.name) { fields.append(JSON.Member("definitions", .bool(true))) }
            return .object(fields)
          })),
    ]
    if metadata.isLibrary { members.append(JSON.Member("library", .bool(true))) }
    if !metadata.extensions.isEmpty {
      members.append(
        JSON.Member(
          "extensions",
          .array(
            metadata.extensions.map { item in
              .object([
                "rule": .string(item.rule), "types": strings(item.types), "line": .integer(Int64(item.line)),
                "card": .array(item.card.map { .object(["section": .string($0.section), "text": .string($0.text)]) }),
              ])
            })))
    }
    let ruleset: JSON = .object(members)
    let rules: [JSON] = program.compiledRules.map { rule in
      let info = rule.info
      // A structured fix is written only where there is one, so packs without any keep their bytes.
      let edit: [JSON.Member] =
        rule.fixEdit.map { edit in
          [
            JSON.Member(
              "fixEdit",
              .object(
                [JSON.Member("kind", .string(edit.kind.rawValue))]
                  + (edit.name.map { [JSON.Member("name", .string($0))] } ?? [])
                  + [JSON.Member("needsWords", .bool(edit.needsWords))]))
          ]
        } ?? []
      let written: JSON = .object([
        "id": .string(info.localID), "kind": .string(info.kind.rawValue), "severity": .string(info.severity.rawValue),
        "wcag": strings(info.wcag), "title": optional(info.title), "help": optional(info.help),
        "message": optional(info.message), "fix": optional(info.fix), "selector": .string(info.selector),
        "card": .array(info.card.map { .object(["section": .string($0.section), "text": .string($0.text)]) }),
        "category": optional(info.category), "checks": strings(info.checks), "hosts": strings(info.hostFunctions),
        "line": .integer(info.line), "targetTypes": strings(rule.targetTypes),
        "ancestorTypes": .array(rule.ancestorTypes.map(strings)), "bindings": strings(rule.bindings),
        "when": rule.when.map { .integer($0) } ?? .null,
        "requirements": .array(
          rule.requirements.map { requirement in
            .object([
              "kind": .string(requirement.kind.rawValue), "function": .integer(requirement.function),
              "text": .string(requirement.text), "line": .integer(requirement.line),
            ])
          }),
        "messageFunction": rule.message.map { .integer($0) } ?? .null,
        "fixFunction": rule.fix.map { .integer($0) } ?? .null,
        "checkFunctions": .array(rule.checks.map { .integer($0) }),
      ])
      return edit.isEmpty ? written : .object((written.objectValue ?? []) + edit)
    }
    let hosts: [JSON] = program.hosts.map { host in
      .object([
        "name": .string(host.name), "parameters": strings(host.parameters.map(\.rawValue)),
        "result": .string(host.result.rawValue), "file": .string(host.file), "line": .integer(Int64(host.line)),
        "column": .integer(Int64(host.column)),
      ])
    }
    var document = [
      JSON.Member("ruleset", ruleset), JSON.Member("rules", .array(rules)), JSON.Member("hosts", .array(hosts)),
    ]
    if !program.sourceMap.instructions.isEmpty { document.append(JSON.Member("sourceMap", program.sourceMap.json)) }
    return .object(document)
  }

  /// The types and places of the host functions, one entry per host function of the bytecode
  /// with the same name and as many parameters.
  private static func readHostTypes(_ json: JSON, _ hosts: [HostSignature], offset: Int) throws(Failure)
    -> [HostSignature]
  {
    func fail(_ message: String) -> Failure { Failure(message: "host metadata: \(message)", offset: offset) }
    func type(_ value: JSON?) throws(Failure) -> HostFunction.ValueType {
      guard let name = value?.stringValue, let type = HostFunction.ValueType(rawValue: name) else {
        throw fail("unknown type \(value?.stringValue.map { "'\($0)'" } ?? "(not a string)")")
      }
      return type
    }
    guard let entries = json.arrayValue, entries.count == hosts.count else {
      throw fail("expected one entry per host function (\(hosts.count))")
    }
    var typed: [HostSignature] = []
    for (host, entry) in zip(hosts, entries) {
      guard entry["name"]?.stringValue == host.name, let parameters = entry["parameters"]?.arrayValue,
        parameters.count == host.arity, let file = entry["file"]?.stringValue,
        let line = entry["line"]?.integerValue, let column = entry["column"]?.integerValue,
        (1...Int64(Int32.max)).contains(line), (1...Int64(Int32.max)).contains(column)
      else {
        throw fail("the entry of host function '\(host.name)' does not match it")
      }
      var types: [HostFunction.ValueType] = []
      for parameter in parameters { types.append(try type(parameter)) }
      typed.append(
        HostSignature(
          name: host.name, parameters: types, result: try type(entry["result"]), file: file, line: Int(line),
          column: Int(column)))
    }
    return typed
  }

  private static func readMetadata(_ json: JSON, name: String, version: String, offset: Int) throws(Failure) -> (
    [CompiledRule], RulesetMetadata
  ) {
    func fail(_ message: String) -> Failure { Failure(message: "rule metadata: \(message)", offset: offset) }
    func string(_ value: JSON?, _ what: String) throws(Failure) -> String {
      guard let text = value?.stringValue else { throw fail("'\(what)' must be a string") }
      return text
    }
    func optionalString(_ value: JSON?) -> String? { value?.stringValue }
    func stringList(_ value: JSON?, _ what: String) throws(Failure) -> [String] {
      guard let values = value?.arrayValue else { throw fail("'\(what)' must be a list") }
      var result: [String] = []
      for element in values { result.append(try string(element, what)) }
      return result
    }
    /// An optional boolean: absent (older packs) is false.
    func flag(_ value: JSON?, _ what: String) throws(Failure) -> Bool {
      guard let value else { return false }
      guard case .bool(let flag) = value.kind else { throw fail("'\(what)' must be a boolean") }
      return flag
    }
    func integer(_ value: JSON?, _ what: String) throws(Failure) -> Int {
      guard let number = value?.integerValue, number >= 0 else {
        throw fail("'\(what)' must be a non-negative integer")
      }
      guard number <= Int64(Int32.max) else { throw fail("'\(what)' is too large (max \(Int32.max))") }
      return Int(number)
    }
    func optionalInteger(_ value: JSON?, _ what: String) throws(Failure) -> Int? {
      guard let value, !value.isNull else { return nil }
      return try integer(value, what)
    }
    /// A structured fix; absent (a hint, or an older pack) is nil.
    func fixEdit(_ value: JSON?) throws(Failure) -> FixEditSpec? {
      guard let value else { return nil }
      guard let kind = FixEditKind(rawValue: try string(value["kind"], "fixEdit.kind")) else {
        throw fail("unknown fix edit kind")
      }
      return FixEditSpec(
        kind: kind, name: optionalString(value["name"]), needsWords: try flag(value["needsWords"], "needsWords"))
    }
    guard let rulesetJSON = json["ruleset"], let rulesJSON = json["rules"]?.arrayValue else {
      throw fail("expected 'ruleset' and 'rules'")
    }
    var avoid: [(String, String?)] = []
    for item in rulesetJSON["avoidWhen"]?.arrayValue ?? [] {
      avoid.append((try string(item["text"], "avoidWhen.text"), optionalString(item["instead"])))
    }
    var imports: [(String, String)] = []
    var definitionImports: [String] = []
    for item in rulesetJSON["imports"]?.arrayValue ?? [] {
      let name = try string(item["name"], "imports.name")
      imports.append((name, try string(item["range"], "imports.range")))
      if try flag(item["definitions"], "imports.definitions") { definitionImports.append(name) }
    }
    var extensions: [RuleExtension] = []
    for item in rulesetJSON["extensions"]?.arrayValue ?? [] {
      var card: [RuleInfo.CardEntry] = []
      for entry in item["card"]?.arrayValue ?? [] {
        card.append(
          RuleInfo.CardEntry(
            section: try string(entry["section"], "extensions.card.section"),
            text: try string(entry["text"], "extensions.card.text")))
      }
      extensions.append(
        RuleExtension(
          rule: try string(item["rule"], "extensions.rule"), types: try stringList(item["types"], "extensions.types"),
          card: card, line: try integer(item["line"], "extensions.line")))
    }
    let metadata = RulesetMetadata(
      title: optionalString(rulesetJSON["title"]), summary: optionalString(rulesetJSON["summary"]),
      help: optionalString(rulesetJSON["help"]), useWhen: try stringList(rulesetJSON["useWhen"], "useWhen"),
      avoidWhen: avoid, allow: try stringList(rulesetJSON["allow"], "allow"),
      golden: try stringList(rulesetJSON["golden"], "golden"), imports: imports,
      isLibrary: try flag(rulesetJSON["library"], "library"), definitionImports: definitionImports,
      extensions: extensions)
    var rules: [CompiledRule] = []
    for rule in rulesJSON {
      let localID = try string(rule["id"], "id")
      guard let kind = RuleInfo.Kind(rawValue: try string(rule["kind"], "kind")) else {
        throw fail("unknown rule kind")
      }
      guard let severity = Severity(rawValue: try string(rule["severity"], "severity")) else {
        throw fail("unknown severity")
      }
      var card: [RuleInfo.CardEntry] = []
      for entry in rule["card"]?.arrayValue ?? [] {
        card.append(
          RuleInfo.CardEntry(
            section: try string(entry["section"], "card.section"), text: try string(entry["text"], "card.text")))
      }
      var requirements: [CompiledRequirement] = []
      for requirement in rule["requirements"]?.arrayValue ?? [] {
        guard
          let requirementKind = RequirementSyntax.Kind(rawValue: try string(requirement["kind"], "requirement kind"))
        else {
          throw fail("unknown requirement kind")
        }
        // Packs written before explanations came from a trace list operand functions here:
        // their code is still verified, and never run.
        requirements.append(
          CompiledRequirement(
            kind: requirementKind, function: try integer(requirement["function"], "requirement function"),
            text: try string(requirement["text"], "requirement text"), line: try integer(requirement["line"], "line")))
      }
      var ancestors: [[String]] = []
      for step in rule["ancestorTypes"]?.arrayValue ?? [] { ancestors.append(try stringList(step, "ancestorTypes")) }
      var checks: [Int] = []
      for check in rule["checkFunctions"]?.arrayValue ?? [] { checks.append(try integer(check, "checkFunctions")) }
      let info = RuleInfo(
        id: "\(name)/\(localID)", localID: localID, ruleset: name, version: version, kind: kind, severity: severity,
        wcag: try stringList(rule["wcag"], "wcag"), title: optionalString(rule["title"]),
        help: optionalString(rule["help"]),
        message: optionalString(rule["message"]), fix: optionalString(rule["fix"]),
        selector: try string(rule["selector"], "selector"), card: card, category: optionalString(rule["category"]),
        checks: try stringList(rule["checks"], "checks"), hostFunctions: try stringList(rule["hosts"], "hosts"),
        line: try integer(rule["line"], "line"))
      rules.append(
        CompiledRule(
          info: info, targetTypes: try stringList(rule["targetTypes"], "targetTypes"), ancestorTypes: ancestors,
          bindings: rule["bindings"] == nil ? [] : try stringList(rule["bindings"], "bindings"),
          when: try optionalInteger(rule["when"], "when"), requirements: requirements,
          message: try optionalInteger(rule["messageFunction"], "messageFunction"),
          fix: try optionalInteger(rule["fixFunction"], "fixFunction"), fixEdit: try fixEdit(rule["fixEdit"]),
          checks: checks))
    }
    return (rules, metadata)
  }
}

// MARK: - Bytes

struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func u8(_ value: UInt8) { bytes.append(value) }
  mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }
  mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func blob(_ value: [UInt8]) {
    u32(UInt32(value.count))
    bytes.append(contentsOf: value)
  }
  mutating func string(_ value: String) { blob(Array(value.utf8)) }
}

struct ByteReader {
  let bytes: [UInt8]
  private(set) var offset = 0

  init(_ bytes: [UInt8], offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  var atEnd: Bool { offset == bytes.count }

  private mutating func take(_ count: Int) throws(BytecodeFormat.Failure) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else {
      throw BytecodeFormat.Failure(
        message: "truncated: needed \(count) more bytes, \(bytes.count - offset) left", offset: offset)
    }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func u8() throws(BytecodeFormat.Failure) -> UInt8 { try take(1).first! }

  mutating func u32() throws(BytecodeFormat.Failure) -> UInt32 {
    try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func i32() throws(BytecodeFormat.Failure) -> Int32 { Int32(bitPattern: try u32()) }

  mutating func u64() throws(BytecodeFormat.Failure) -> UInt64 {
    try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func blob() throws(BytecodeFormat.Failure) -> [UInt8] {
    let length = Int(try u32())
    return Array(try take(length))
  }

  mutating func string() throws(BytecodeFormat.Failure) -> String {
    let start = offset
    let bytes = try blob()
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw BytecodeFormat.Failure(message: "a string is not valid UTF-8", offset: start)
    }
    return text
  }

  /// A count of items that each take at least `minimumBytesEach` bytes; a count the remaining
  /// bytes cannot hold is an error before anything is allocated for it.
  mutating func count(minimumBytesEach: Int) throws(BytecodeFormat.Failure) -> Int {
    let start = offset
    let value = Int(try u32())
    guard value <= (bytes.count - offset) / max(1, minimumBytesEach) else {
      throw BytecodeFormat.Failure(message: "a count of \(value) items does not fit in what is left", offset: start)
    }
    return value
  }
}
