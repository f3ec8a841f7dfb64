import Foundation
import Testing

@testable import Precept

/// Packs store opcode, builtin, node-field and type-tag numbers. These lists pin every one of
/// them: reordering, renumbering or removing a case breaks a pack built earlier, so it must
/// come with a new `BytecodeFormat.version` (older packs are then recompiled from their
/// source) and a new list here.
@Suite struct InstructionSetNumberingTests {
  static let formatVersion: UInt32 = 2

  static let opcodes: [(String, UInt8)] = [
    ("constant", 0), ("null", 1), ("true", 2), ("false", 3), ("local", 4), ("setLocal", 5), ("global", 6),
    ("pop", 7), ("fail", 8), ("jump", 9), ("and", 10), ("andCombine", 11), ("or", 12), ("orCombine", 13),
    ("implies", 14), ("impliesCombine", 15), ("branch", 16), ("return", 17), ("not", 18), ("negate", 19),
    ("add", 20), ("subtract", 21), ("multiply", 22), ("divide", 23), ("remainder", 24), ("equal", 25),
    ("notEqual", 26), ("less", 27), ("lessEqual", 28), ("greater", 29), ("greaterEqual", 30), ("in", 31),
    ("index", 32), ("select", 33), ("has", 34), ("selectLocal", 35), ("list", 36), ("map", 37), ("template", 38),
    ("builtin", 39), ("call", 40), ("host", 41), ("iterInit", 42), ("iterNext", 43), ("iterNextPair", 44),
    ("allStep", 45), ("existsStep", 46), ("existsOneStep", 47), ("existsOneDone", 48), ("filterStep", 49),
    ("unwind", 50), ("mapStep", 51), ("entryStep", 52), ("collect", 53), ("collectMap", 54),
    ("compareConstant", 55), ("builtinConstant", 56),
  ]

  static let builtins: [(String, Int32)] = [
    ("size", 0), ("contains", 1), ("startsWith", 2), ("endsWith", 3), ("matches", 4), ("lowerAscii", 5),
    ("upperAscii", 6), ("trim", 7), ("split", 8), ("join", 9), ("replace", 10), ("indexOf", 11),
    ("lastIndexOf", 12), ("substring", 13), ("charAt", 14), ("int", 15), ("uint", 16), ("double", 17),
    ("string", 18), ("bytes", 19), ("bool", 20), ("dyn", 21), ("type", 22), ("arg", 23), ("text", 24),
    ("modifier", 25), ("hasModifier", 26), ("modifiers", 27), ("slot", 28), ("property", 29),
    ("descendants", 30),
  ]

  static let nodeFields: [(String, Int32)] = [
    ("type", 0), ("name", 1), ("file", 2), ("line", 3), ("column", 4), ("args", 5), ("modifiers", 6),
    ("children", 7), ("descendants", 8), ("ancestors", 9), ("parent", 10), ("owner", 11), ("properties", 12),
    ("slots", 13), ("kind", 14), ("label", 15), ("value", 16), ("wrapper", 17),
    ("platforms", 18), ("tapWidth", 19), ("tapHeight", 20), ("isElement", 21), ("role", 22), ("accessibleName", 23),
    ("nameSource", 24), ("visibleText", 25), ("accessibleValue", 26), ("hint", 27), ("traits", 28), ("hidden", 29),
    ("childBehavior", 30), ("interactions", 31), ("scalesText", 32), ("foreground", 33), ("background", 34),
    ("expr", 35), ("form", 36), ("text", 37),
    ("base", 38), ("condition", 39), ("then", 40), ("else", 41), ("statements", 42), ("target", 43),
    ("operator", 44), ("rhs", 45), ("parts", 46), ("elements", 47), ("number", 48), ("components", 49),
    ("asset", 50), ("textStyle", 51), ("pointSize", 52), ("relativeTo", 53), ("scales", 54),
  ]

  static let typeTags: [(String, UInt8)] = [
    ("null_type", 0), ("bool", 1), ("int", 2), ("uint", 3), ("double", 4), ("string", 5), ("bytes", 6),
    ("list", 7), ("map", 8), ("type", 9), ("node", 10), ("argument", 11), ("modifier", 12), ("property", 13),
    ("expression", 14),
  ]

  static func rows<Number: BinaryInteger>(_ list: [(String, Number)]) -> [String] { list.map { "\($0.0) \($0.1)" } }

  static let bump = "packs store these numbers: keep them, or bump BytecodeFormat.version and update this list"

  @Test func theNumberingBelongsToThisBytecodeFormat() {
    #expect(BytecodeFormat.version == Self.formatVersion, "a new bytecode format: update the lists of this suite")
  }

  @Test func opcodeNumbersArePinned() {
    #expect(Self.rows(Opcode.allCases.map { ($0.name, $0.rawValue) }) == Self.rows(Self.opcodes), "\(Self.bump)")
  }

  @Test func builtinNumbersArePinned() {
    #expect(Self.rows(Builtin.allCases.map { ($0.name, $0.rawValue) }) == Self.rows(Self.builtins), "\(Self.bump)")
  }

  @Test func nodeFieldNumbersArePinned() {
    #expect(
      Self.rows(NodeField.allCases.map { ($0.name, $0.rawValue) }) == Self.rows(Self.nodeFields), "\(Self.bump)")
  }

  @Test func typeTagNumbersArePinned() {
    #expect(Self.rows(TypeTag.allCases.map { ($0.name, $0.rawValue) }) == Self.rows(Self.typeTags), "\(Self.bump)")
  }
}

/// The instruction set's table (`Opcode.facts`) is what the verifier, the disassembler and
/// stack sizing read; these check the table itself and that each reader follows it.
@Suite struct InstructionSetTableTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyOpcodeIsDisassembledByItsOwnName() {
    for op in Opcode.allCases {
      #expect(op.facts.mnemonic == "\(op)")
    }
  }

  @Test func theTableIsConsistent() {
    for op in Opcode.allCases {
      let facts = op.facts
      // An argument count belongs to a callee named by operand a.
      #expect(facts.a != .argumentCount, "\(op)")
      if facts.b == .argumentCount { #expect([.builtin, .function, .host].contains(facts.a), "\(op)") }
      if [.builtin, .function, .host].contains(facts.a) { #expect(facts.b == .argumentCount, "\(op)") }
      // Only targets have a stack effect of their own, and an instruction goes somewhere.
      if facts.a != .target { #expect(facts.targetPushes.a == 0, "\(op)") }
      if facts.b != .target { #expect(facts.targetPushes.b == 0, "\(op)") }
      #expect(facts.fallsThrough || facts.a == .target || op == .return, "\(op)")
      // No instruction nets more than one value, on any edge.
      let pops = if case .fixed(let count) = facts.pops { count } else { 0 }
      #expect(facts.pushes - pops <= 1 && facts.targetPushes.a - pops <= 1 && facts.targetPushes.b - pops <= 1)
    }
  }

  /// Found by review: each function was given one stack slot per instruction (and 16 more),
  /// whatever its code did; it is now given the depth the table says its code reaches.
  @Test func aFunctionIsGivenTheStackItsCodeReaches() throws {
    // global × 4, list, return: four values deep, six instructions.
    let program = try CompiledExpression("[x, x, x, x]", variables: ["x"]).program
    #expect(program.code.count == 6)
    #expect(program.linkage.functions[0].stackNeed == 4)
    #expect(
      try CompiledExpression("[x, x, x, x]", variables: ["x"]).evaluate(["x": .int(1)]).get()
        == .list(Array(repeating: .int(1), count: 4)))
    // A comprehension keeps its accumulator in locals and its results apart.
    let macro = try CompiledExpression("l.map(v, [v, v, v]).filter(w, w.size() == 3).size()", variables: ["l"])
    #expect(Bytecode.problems(macro.program) == [])
    let list = Value.list((0..<500).map { .int($0) })
    #expect(try macro.evaluate(["l": list]).get() == .int(500))
  }

  /// Code the verifier rejects is never run; linking it must still not trap, and it is given
  /// one slot per instruction.
  @Test func codeWithoutADepthIsLinkedWithoutTrapping() throws {
    let program = try CompiledExpression("[x, x]", variables: ["x"]).program
    var code = program.code
    code[0] = Instruction(.pop)
    code[1] = Instruction(.jump, 1_000_000)
    let altered = Program(
      name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
      code: code, functions: program.functions, constants: program.constants, hosts: program.hosts,
      globals: program.globals, compiledRules: program.compiledRules, sourceText: program.sourceText)
    #expect(altered.linkage.functions[0].stackNeed == Int32(code.count + 16))
    #expect(throws: Verifier.Failure.self) { try Verifier.verify(altered) }
  }

  /// Linking walks each function's code to size its stack. Found by review: a pack listing
  /// many functions with one entry had that code walked once per function (20,000 functions
  /// over 20,000 instructions: 400 million steps before the verifier could refuse the pack).
  @Test func functionsSharingAnEntryAreWalkedOnce() throws {
    let count = 20_000
    let code =
      (1..<count / 2).flatMap { _ in [Instruction(.null), Instruction(.pop)] } + [
        Instruction(.null), Instruction(.return),
      ]
    let functions = (0..<count).map { FunctionInfo(name: "f\($0)", entry: 0, parameterCount: 0, localCount: 0) }
    let program = Program(
      name: "p", version: "1.0.0", sourceName: "p", metadata: try Ruleset(text: "ruleset p 1.0.0").program.metadata,
      code: code, functions: functions, constants: [], hosts: [], globals: [], compiledRules: [], sourceText: "")
    #expect(program.linkage.functions[count - 1].stackNeed == 1)
    #expect(throws: Verifier.Failure.self) { try Verifier.verify(program) }
  }

  /// Every standard ruleset passes the verifier, goes into a pack and comes back out of it as
  /// the same instructions (a pack of this bytecode format is not recompiled).
  @Test func standardRulesetsRoundTripThroughPacks() throws {
    let library = RulesetLibrary()
    try library.add(path: Self.root.appendingPathComponent("Rulesets").path)
    let (rulesets, diagnostics) = library.compileAll()
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(rulesets.count >= 5)
    for ruleset in rulesets {
      #expect(Bytecode.problems(ruleset.program) == [], "\(ruleset.name)")
      let pack = try Pack(bytes: Pack(ruleset).bytes, name: "\(ruleset.name).preceptpack")
      let loaded = try BytecodeFormat.decode(pack.bytecode, sourceText: pack.source)
      #expect(loaded.code == ruleset.program.code, "\(ruleset.name)")
      #expect(Disassembler.disassemble(loaded) == ruleset.disassembly, "\(ruleset.name)")
    }
  }

  /// The fuzz corpus's packs (written again for format 2, so that they hold its new
  /// instructions) load from their bytecode and pass the verifier.
  @Test func packsWrittenEarlierStillLoad() throws {
    let folder = Self.root.appendingPathComponent("Tests/Fuzz/Corpus/pack")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".preceptpack")
    }
    #expect(names.count >= 5)
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
      let pack = try Pack(bytes: bytes, name: name)
      #expect(pack.manifest.bytecodeFormat == Int(BytecodeFormat.version), "\(name)")
      try pack.verify()
      let program = try BytecodeFormat.decode(pack.bytecode, sourceText: pack.source)
      #expect(Bytecode.problems(program) == [], "\(name)")
    }
  }
}
