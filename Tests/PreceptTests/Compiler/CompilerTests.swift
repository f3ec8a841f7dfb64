import Foundation
import Testing

@testable import Precept

/// Golden disassembly: each `Golden/compiler/*.cel` is compiled with `CompiledExpression` (a
/// first line `// variables: a, b` declares its bindings) and each `*.precept` with `Ruleset`;
/// the disassembly must equal the `.disasm` file beside it.
@Suite struct CompilerGoldenTests {
  static let inputs = Golden.inputs("compiler", ["cel", "precept"])

  @Test func goldenFolderIsNotEmpty() {
    #expect(Self.inputs.count >= 8)
  }

  @Test(arguments: inputs)
  func golden(_ name: String) throws {
    let text = String(decoding: Golden.bytes("compiler", name), as: UTF8.self)
    let program = try Self.compile(text, name: name)
    #expect(Bytecode.problems(program) == [])
    Golden.verify(Disassembler.disassemble(program), "compiler", Golden.sibling(name, "disasm"))
  }

  static func compile(_ text: String, name: String) throws -> Program {
    if name.hasSuffix(".precept") { return try Ruleset(text: text, name: name).program }
    return try CompiledExpression(text, variables: declaredVariables(text), name: name).program
  }

  /// The names listed on a first line `// variables: a, b`.
  static func declaredVariables(_ text: String) -> [String] {
    guard let first = text.split(separator: "\n").first, first.hasPrefix("// variables:") else { return [] }
    return first.dropFirst("// variables:".count).split(separator: ",").map {
      String($0.trimmingCharacters(in: .whitespaces))
    }
  }
}

/// What the pack verifier finds wrong with a compiled program: code the compiler writes must
/// always pass it, and the stack size linking gives each function must be the depth it finds.
enum Bytecode {
  static func problems(_ program: Program) -> [String] {
    do throws(Verifier.Failure) {
      try Verifier.verify(program)
    } catch {
      return [error.message]
    }
    var problems: [String] = []
    let entries = program.functions.map(\.entry).sorted() + [program.code.count]
    for (index, function) in program.functions.enumerated() {
      let end = entries.first { $0 > function.entry }!
      let deepest = try? Verifier.deepestStack(
        program.code, function.entry..<end, fail: { _, message in Verifier.Failure(message: message) })
      if let deepest, program.linkage.functions[index].stackNeed != Int32(deepest) {
        problems.append(
          "function \(function.name) is given \(program.linkage.functions[index].stackNeed) stack slots for a depth of \(deepest)"
        )
      }
    }
    return problems
  }
}

@Suite struct CompilerTests {
  @Test func constantsAreSharedAndStringsCompareByCodePoints() throws {
    // The variable keeps the list from being one constant, so each element is pooled.
    let program = try CompiledExpression("[x, 'a', 'a', 1, 1, 1.0, 1u, 'é', 'e\u{301}']", variables: ["x"]).program
    // 1 and 1.0 and 1u are different constants; the two spellings of é are different strings.
    #expect(program.constants.count == 6)
  }

  @Test func aListOfLiteralsIsOneConstant() throws {
    let program = try CompiledExpression("x in ['OK', 'Cancel', 1]", variables: ["x"]).program
    #expect(program.constants == [.list([.string("OK"), .string("Cancel"), .int(1)])])
    #expect(!program.code.contains { $0.op == .list })
    #expect(try CompiledExpression("'Cancel' in ['OK', 'Cancel']").evaluate() == .success(.bool(true)))
  }

  @Test func everyFunctionOfARulesetIsNamed() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset r 1.0.0
        let f(x) = x + 1
        let unused = 2
        rule a { severity info on T as t when f(1) == 2 require t.line > 0 forbid false message "{t.type}" fix "x" }
        review b { on T check "c" check "{node.line}" }
        """)
    let names = ruleset.program.functions.map(\.name)
    #expect(names.contains("f"))
    #expect(!names.contains("unused"))
    #expect(names.contains("a.when"))
    #expect(names.contains("a.require#1"))
    #expect(names.contains("a.forbid#2"))
    #expect(names.contains("a.message"))
    #expect(names.contains("a.fix"))
    #expect(names.filter { $0 == "b.check" }.count == 2)
    #expect(Bytecode.problems(ruleset.program) == [])
  }

  @Test func reviewChecksAreShownAsWritten() throws {
    let ruleset = try Ruleset(
      text: "ruleset c 1.0.0\n" + #"review a { on T check """triple {node.type}""" check r'raw \n' check "plain" }"#)
    #expect(ruleset.program.rules.first?.checks == ["triple {node.type}", #"raw \n"#, "plain"])
  }

  @Test func importedLetsAreCompiledIntoTheImporter() throws {
    let base = try Ruleset(text: "ruleset base 1.0.0\nlet twice(x) = x * 2\nlet unused = 0")
    let ruleset = try Ruleset(
      text: "ruleset top 1.0.0\nimport base ^1.0\nrule r { severity info on T require base.twice(2) == 4 }",
      resolver: { name, _ in name == "base" ? base : nil })
    #expect(ruleset.program.functions.map(\.name).contains("base.twice"))
    #expect(!ruleset.program.functions.map(\.name).contains("base.unused"))
    #expect(Bytecode.problems(ruleset.program) == [])
  }
}

/// States the verifier does not rule out are errors of the evaluation; states it does rule out
/// trap (`preconditionFailure`) rather than being skipped silently.
@Suite struct ImpossibleStateTests {
  /// Found by review: a macro step whose count slot held something else was skipped with
  /// `continue`, leaving the stack one value off for the instructions that followed. Verified
  /// code from a pack can do that (the verifier checks slot bounds, not what a slot holds):
  /// the evaluation now stops with an error.
  @Test func aMacroSlotHoldingTheWrongKindIsAnErrorNotASkip() throws {
    let program = try CompiledExpression("[1, 2, 3].exists(x, x > 1)").program
    var code = program.code
    // `exists` keeps a bool in the slot where `exists_one` counts.
    let step = try #require(code.firstIndex { $0.op == .existsStep })
    code[step].op = .existsOneStep
    let altered = Program(
      name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
      code: code, functions: program.functions, constants: program.constants, hosts: program.hosts,
      globals: program.globals, compiledRules: program.compiledRules, sourceText: program.sourceText)
    try Verifier.verify(altered)
    let vm = VM(program: altered, model: .empty, limits: .standard)
    guard case .error(let index) = vm.run(0, []) else {
      Issue.record("the clobbered slot was skipped")
      return
    }
    #expect(vm.heap.errorMessage(index).contains("malformed bytecode"), "\(vm.heap.errorMessage(index))")
  }
}

/// What making a VM for a program costs: `lint` makes one for every file and ruleset.
@Suite struct LinkingTests {
  /// The names the node functions compare against are in every program's string table, so a
  /// VM's copy of it is not grown (and rehashed) when it looks them up.
  @Test func aVMAddsNoStringsToItsCopyOfTheProgramsTable() throws {
    for source in ["x == 'a'", "1 + 2", "n.arg('title').kind == 'string'"] {
      let program = try CompiledExpression(source, variables: ["x", "n"]).program
      let vm = VM(program: program, model: ViewModel.empty)
      #expect(vm.heap.extras.count == program.linkage.strings.count, "\(source)")
    }
  }
}
