import Foundation
import Testing

@testable import Precept

private let source = """
  ruleset demo.pack 1.2.0
  title "Demo"
  host contrastRatio(fg, bg)
  let iconOnly(m) = m.slot("label").size() > 0 && m.slot("label").all(n, n.type == "Image")
  let generic = ["OK", "Click here"]
  rule trigger-name {
    severity error
    wcag "4.1.2"
    on Menu as m
    when iconOnly(m)
    require m.modifier("accessibilityLabel").text() != ""
    message "Icon-only {m.type} at {m.line} has no name"
    fix ".accessibilityLabel(\\"Options\\")"
  }
  rule label {
    severity warning
    on Button as b inside Menu as m
    require !(b.text() in generic) && [1, 2].map(x, x * 2).exists(y, y == 4)
    require {"a": 1}.transformMap(k, v, v + 1)["a"] == 2
  }
  review voiceover {
    category "VoiceOver"
    on Menu as m
    check "The trigger speaks {m.text()}"
  }
  """

private let nodes = """
  [{"type": "Menu", "line": 3, "column": 5,
    "slots": {"label": [{"type": "Image"}]},
    "children": [{"type": "Button", "args": [{"label": null, "kind": "string", "value": "OK"}]},
                 {"type": "Button", "args": [{"label": null, "kind": "string", "value": "Share"}]}]}]
  """

private func viewModel() throws -> ViewModel {
  try ViewModel(json: SourceFile(name: "m.json", text: #"{"viewmodel": 1, "file": "S.swift", "nodes": \#(nodes)}"#))
}

/// A pack rebuilt with changed parts and a digest that matches them (a "hand-crafted" pack).
private func repack(
  _ pack: Pack, bytecode: ([UInt8]) -> [UInt8] = { $0 }, manifest: (inout PackManifest) -> Void = { _ in }
)
  -> [UInt8]
{
  var payload = ByteWriter()
  payload.blob(Array(pack.source.utf8))
  let payloadBytes = payload.bytes + bytecode(pack.bytecode)
  var changed = pack.manifest
  changed.payloadSize = payloadBytes.count
  changed.payloadSHA256 = SHA256.hex(SHA256.hash(payloadBytes))
  manifest(&changed)
  var file = ByteWriter()
  for byte in Pack.magic { file.u8(byte) }
  file.blob(Array(changed.json.serialized().utf8))
  return file.bytes + payloadBytes
}

private func loadError(_ bytes: [UInt8]) -> String? {
  do {
    _ = try Pack(bytes: bytes, name: "demo.preceptpack").ruleset(resolver: nil)
    return nil
  } catch {
    return error.diagnostics.map(\.message).joined(separator: "\n")
  }
}

@Suite struct PackTests {
  @Test func roundTripEvaluatesLikeTheSource() throws {
    let ruleset = try Ruleset(text: source, name: "demo.precept")
    let pack = Pack(ruleset)
    #expect(pack.fileName == "demo.pack-1.2.0.preceptpack")
    #expect(pack.manifest.hostFunctions == [PackManifest.HostFunction(name: "contrastRatio", parameterCount: 2)])
    let loaded = try Pack(bytes: pack.bytes, name: pack.fileName).ruleset(resolver: nil)
    #expect(loaded.program.rules == ruleset.program.rules)
    #expect(loaded.disassembly == ruleset.disassembly)
    let model = try viewModel()
    let expected = Engine(rulesets: [ruleset]).evaluate(model)
    #expect(Engine(rulesets: [loaded]).evaluate(model) == expected)
    #expect(expected.findings.count == 2)
  }

  @Test func tamperingIsDetected() throws {
    let pack = Pack(try Ruleset(text: source))
    var bytes = pack.bytes
    bytes[bytes.count - 10] ^= 0x01
    #expect(loadError(bytes)?.contains("do not match its digest") == true)
    #expect(loadError(Array("not a pack".utf8))?.contains("not a precept pack") == true)
  }

  @Test func everyTruncationIsAnError() throws {
    let bytes = Pack(try Ruleset(text: source)).bytes
    for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
      #expect(loadError(Array(bytes.prefix(length))) != nil, "a pack cut to \(length) bytes loaded")
    }
  }

  @Test func handCraftedBytecodeIsRejectedByTheVerifier() throws {
    let pack = Pack(try Ruleset(text: source))
    let program = try BytecodeFormat.decode(pack.bytecode, sourceText: pack.source)
    func mutated(
      _ change: (inout [Instruction]) -> Void, functions changeFunctions: (inout [FunctionInfo]) -> Void = { _ in }
    ) -> [UInt8] {
      var code = program.code
      change(&code)
      var functions = program.functions
      changeFunctions(&functions)
      let altered = Program(
        name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
        code: code, functions: functions, constants: program.constants, hosts: program.hosts,
        globals: program.globals, compiledRules: program.compiledRules, sourceText: program.sourceText)
      return BytecodeFormat.encode(altered)
    }
    let jump = program.code.firstIndex { $0.op == .jump }!
    let constant = program.code.firstIndex { $0.op == .constant }!
    let local = program.code.firstIndex { $0.op == .local }!
    let cases: [(String, [UInt8])] = [
      ("leaves the function", mutated { $0[jump].a = 1_000_000 }),
      ("constant 99999 does not exist", mutated { $0[constant].a = 99_999 }),
      // Linked before it is verified: a call out of range is left out of the function's uses.
      ("function 99999 does not exist", mutated { $0[constant] = Instruction(.call, 99_999, 0) }),
      ("outside the frame", mutated { $0[local].a = 500 }),
      ("needs 1 value on the stack, has 0", mutated { $0[0] = Instruction(.pop) }),
      ("ends without returning", mutated { $0[$0.count - 1] = Instruction(.null) }),
      // Found by the pack fuzz target: an entry far past the code once made the verifier ask
      // for gigabytes to track the stack depth of a function that ran up to it.
      ("outside the code", mutated({ _ in }, functions: { $0[0].entry = 3_000_000_000 })),
      ("outside the code", mutated({ _ in }, functions: { $0[$0.count - 1].entry = $0.count + 1_000_000 })),
      (
        "cannot take",
        mutated { code in
          let builtin = code.firstIndex { $0.op == .builtin }!
          code[builtin].b = 7
        }
      ),
    ]
    for (expected, bytecode) in cases {
      let error = loadError(repack(pack, bytecode: { _ in bytecode }))
      #expect(error?.contains(expected) == true, "expected '\(expected)', got \(error ?? "no error")")
    }
    // The first `return` instruction's nine bytes: its opcode becomes one that does not exist.
    var unknownOpcode = pack.bytecode
    let encodedReturn: [UInt8] = [Opcode.return.rawValue] + Array(repeating: 0, count: 8)
    let index = try #require(
      (0..<(unknownOpcode.count - 9)).first { Array(unknownOpcode[$0..<$0 + 9]) == encodedReturn })
    unknownOpcode[index] = 250
    #expect(loadError(repack(pack, bytecode: { _ in unknownOpcode })) != nil)
  }

  @Test func formatVersions() throws {
    let pack = Pack(try Ruleset(text: source))
    let newerPack = repack(pack, manifest: { $0.formatVersion = Pack.formatVersion + 1 })
    #expect(loadError(newerPack)?.contains("this precept reads format 1") == true)
    let newerBytecode = repack(pack, manifest: { $0.bytecodeFormat = Int(BytecodeFormat.version) + 1 })
    #expect(loadError(newerBytecode)?.contains("upgrade precept") == true)
    // An older bytecode format is recompiled from the source the pack carries.
    let older = repack(pack, bytecode: { _ in [0, 0, 0, 0] }, manifest: { $0.bytecodeFormat = 0 })
    let recompiled = try Pack(bytes: older, name: "old.preceptpack").ruleset(resolver: nil)
    #expect(Engine(rulesets: [recompiled]).evaluate(try viewModel()).findings.count == 2)
  }

  /// A manifest number past Int32 said "needs a non-negative integer", which 2147483648 is.
  @Test func aManifestNumberTooLargeSaysSo() throws {
    let pack = Pack(try Ruleset(text: source))
    let huge = repack(pack, manifest: { $0.formatVersion = Int(Int32.max) + 1 })
    #expect(loadError(huge) == "the manifest's 'preceptPack' is too large (max 2147483647)")
    let negative = repack(pack, manifest: { $0.formatVersion = -1 })
    #expect(loadError(negative) == "the manifest needs a non-negative integer 'preceptPack'")
  }

  /// A pack declaring a host function with 300,000,000 parameters allocated a type for each
  /// (the pack fuzz target: 2.6 GB, out of memory), in the bytecode's host table and in the
  /// manifest alike. Both are refused at the limit before anything is allocated.
  @Test func aHostFunctionWithAHugeParameterCountIsRefusedNotAllocated() throws {
    let pack = Pack(try Ruleset(text: source))
    // The bytecode's host table: the name as a length-prefixed string, then its arity (u32).
    let name = Array("contrastRatio".utf8)
    let hugeArity = repack(
      pack,
      bytecode: { code in
        var code = code
        let entry = [UInt8(name.count), 0, 0, 0] + name + [2, 0, 0, 0]
        guard let at = (0...(code.count - entry.count)).first(where: { Array(code[$0..<$0 + entry.count]) == entry })
        else { return code }
        code.replaceSubrange((at + 4 + name.count)..<(at + entry.count), with: [0x00, 0xA3, 0xE1, 0x11])
        return code
      })
    #expect(loadError(hugeArity)?.contains("has 300000000 parameters, over the limit of 1000") == true)
    // The manifest's count of parameters.
    var bytes = pack.bytes
    let manifestLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
    let manifest = String(decoding: bytes[16..<(16 + manifestLength)], as: UTF8.self)
    let counted = try #require(manifest.range(of: #""parameters"\s*:\s*2"#, options: .regularExpression))
    let forged = Array(manifest.replacingCharacters(in: counted, with: #""parameters": 300000000"#).utf8)
    let length = UInt32(forged.count)
    bytes.replaceSubrange(
      12..<(16 + manifestLength),
      with: [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)] + forged)
    #expect(loadError(bytes)?.contains("has 300000000 parameters, over the limit of 1000") == true)
  }
}
