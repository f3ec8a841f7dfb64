import Testing

@testable import Precept

/// `compareConstant` and `builtinConstant`: a comparison with a literal and a two-argument
/// builtin with a literal string are one instruction each, and give what the general
/// instructions give, errors and costs included.
@Suite struct SpecialisedInstructionTests {
  static func opcodes(_ source: String, _ variables: [String]) throws -> [Opcode] {
    try CompiledExpression(source, variables: variables).program.code.map(\.op)
  }

  @Test func aComparisonWithALiteralIsOneInstruction() throws {
    for (source, variable) in [
      ("x == 'destructive'", "x"), ("x != 2", "x"), ("x > 0", "x"), ("x <= 2.5", "x"), ("x in ['a', 'b']", "x"),
    ] {
      let code = try Self.opcodes(source, [variable])
      #expect(code == [.global, .compareConstant, .return], "\(source)")
    }
    // A comparison with something else keeps the general instruction.
    #expect(try Self.opcodes("x == y", ["x", "y"]) == [.global, .global, .equal, .return])
  }

  @Test func aBuiltinWithALiteralStringIsOneInstruction() throws {
    #expect(try Self.opcodes("t.startsWith('Delete')", ["t"]) == [.global, .builtinConstant, .return])
    #expect(try Self.opcodes("n.hasModifier('disabled')", ["n"]) == [.global, .builtinConstant, .return])
    #expect(try Self.opcodes("t.startsWith(p)", ["t", "p"]) == [.global, .global, .builtin, .return])
  }

  /// Each case runs with the literal written in (the specialised instruction) and bound as a
  /// variable (the general one): values, errors and cost must be the same.
  @Test(arguments: [
    ("x == rhs", "1", "1"), ("x == rhs", "1", "1.0"), ("x == rhs", "1u", "1"), ("x == rhs", "'a'", "'a'"),
    ("x != rhs", "'a'", "'b'"), ("x == rhs", "null", "'a'"), ("x == rhs", "[1]", "1"), ("x < rhs", "1", "2"),
    ("x >= rhs", "2.5", "2"), ("x > rhs", "'b'", "'a'"), ("x < rhs", "'a'", "1"), ("x <= rhs", "1u", "1"),
    ("x in rhs", "2.0", "[1, 2]"), ("x in rhs", "'c'", "['a', 'b']"), ("x in rhs", "'a'", "['a', 'b']"),
    ("x.startsWith(rhs)", "'Delete all'", "'Delete'"), ("x.startsWith(rhs)", "''", "'D'"),
    ("x.endsWith(rhs)", "'abc'", "'bc'"), ("x.contains(rhs)", "'abc'", "'d'"),
    ("x.matches(rhs)", "'abc'", "'^a.c$'"), ("x.startsWith(rhs)", "1", "'a'"), ("x.split(rhs)", "'a,b'", "','"),
    // Every ordering of two ints, on either side of equal, and a double against an int.
    ("x < rhs", "2", "1"), ("x <= rhs", "2", "2"), ("x <= rhs", "3", "2"), ("x > rhs", "2", "2"),
    ("x > rhs", "3", "2"), ("x >= rhs", "1", "2"), ("x >= rhs", "2", "2"), ("x != rhs", "1", "1"),
    ("x < rhs", "1.5", "2"), ("x > rhs", "null", "1"),
  ])
  func specialisedAndGeneralInstructionsAgree(_ template: String, _ x: String, _ r: String) throws {
    let x0 = try CompiledExpression(x).evaluate([:]).get()
    let written = try CompiledExpression(template.replacingOccurrences(of: "rhs", with: r), variables: ["x"])
    let bound = try CompiledExpression(template, variables: ["x", "rhs"])
    let r0 = try CompiledExpression(r).evaluate([:]).get()
    #expect(written.program.code.count < bound.program.code.count, "\(template) with \(r) is specialised")
    let specialised = written.evaluate(["x": x0])
    let general = bound.evaluate(["x": x0, "rhs": r0])
    #expect("\(specialised)" == "\(general)", "\(template) with x = \(x), rhs = \(r)")
    #expect(Self.cost(written, ["x": x0]) == Self.cost(bound, ["x": x0, "rhs": r0]), "\(template): cost")
  }

  @Test func theVerifierChecksTheNewOperands() throws {
    let program = try CompiledExpression("x == 'a' && x.startsWith('b')", variables: ["x"]).program
    #expect(Bytecode.problems(program) == [])
    func altered(_ change: (inout Instruction) -> Void, at op: Opcode) -> Program {
      var code = program.code
      change(&code[code.firstIndex { $0.op == op }!])
      return Program(
        name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
        code: code, functions: program.functions, constants: program.constants, hosts: program.hosts,
        globals: program.globals, compiledRules: program.compiledRules, sourceText: program.sourceText)
    }
    let problems: [(Program, String)] = [
      (altered({ $0.b = Int32(Opcode.add.rawValue) }, at: .compareConstant), "is not the opcode of a comparison"),
      (altered({ $0.a = 99 }, at: .compareConstant), "constant 99 does not exist"),
      (altered({ $0.a = Builtin.size.rawValue }, at: .builtinConstant), "size cannot take 2 arguments"),
      (altered({ $0.a = 999 }, at: .builtinConstant), "unknown builtin 999"),
      (altered({ $0.b = 99 }, at: .builtinConstant), "constant 99 does not exist"),
    ]
    for (program, message) in problems {
      #expect(Bytecode.problems(program).first?.contains(message) == true, "\(message)")
    }
    // A non-string constant as the builtin's argument.
    let withInt = try CompiledExpression("x == 1 && x.startsWith('b')", variables: ["x"]).program
    var code = withInt.code
    let compare = code.first { $0.op == .compareConstant }!
    let index = code.firstIndex { $0.op == .builtinConstant }!
    code[index].b = compare.a
    let nonString = Program(
      name: withInt.name, version: withInt.version, sourceName: withInt.sourceName, metadata: withInt.metadata,
      code: code, functions: withInt.functions, constants: withInt.constants, hosts: withInt.hosts,
      globals: withInt.globals, compiledRules: withInt.compiledRules, sourceText: withInt.sourceText)
    #expect(Bytecode.problems(nonString).first?.contains("is not a string") == true)
  }

  /// Cost units one evaluation spends: specialised instructions charge what the pair they
  /// stand for would, so budgets mean what they meant.
  /// A map literal whose keys are distinct string constants is marked so, and the VM does not
  /// compare its keys; the value and the cost are those of the same map with a key bound.
  @Test func distinctConstantKeysAreNotComparedAtRunTime() throws {
    func flag(_ source: String, _ variables: [String] = []) throws -> Int32? {
      try CompiledExpression(source, variables: variables).program.code.first { $0.op == .map }?.b
    }
    #expect(try flag("{'trash': 'Delete', 'gear': 'Settings', 'plus': 'Add'}") == 1)
    #expect(try flag("{'a': 1, 'a': 2}") == 0)
    #expect(try flag("{'a': 1, 2: 2}") == 0)
    #expect(try flag("{'a': 1, k: 2}", ["k"]) == 0)
    let written = try CompiledExpression("{'a': 1, 'b': 2, 'c': 3}['c']")
    let bound = try CompiledExpression("{'a': 1, 'b': 2, k: 3}['c']", variables: ["k"])
    #expect("\(written.evaluate([:]))" == "\(bound.evaluate(["k": .string("c")]))")
    #expect(Self.cost(written, [:]) == Self.cost(bound, ["k": .string("c")]))
    // An error value stops the map where it is, charged the same way.
    let failing = try CompiledExpression("{'a': 1, 'b': x / 0, 'c': 3, 'd': 4}", variables: ["x"])
    let failingBound = try CompiledExpression("{'a': 1, 'b': x / 0, 'c': 3, k: 4}", variables: ["x", "k"])
    #expect("\(failing.evaluate(["x": .int(1)]))" == "\(failingBound.evaluate(["x": .int(1), "k": .string("d")]))")
    #expect(Self.cost(failing, ["x": .int(1)]) == Self.cost(failingBound, ["x": .int(1), "k": .string("d")]))
    // A repeated key is still an error.
    guard case .failure(let error) = try CompiledExpression("{'a': 1, 'a': 2}").evaluate([:]) else {
      Issue.record("a repeated key must be an error")
      return
    }
    #expect(error.message.contains("repeated key"))
    // The verifier takes 0 or 1 only.
    let program = try CompiledExpression("{'a': 1}").program
    var code = program.code
    code[code.firstIndex { $0.op == .map }!].b = 2
    let altered = Program(
      name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
      code: code, functions: program.functions, constants: program.constants, hosts: program.hosts,
      globals: program.globals, compiledRules: program.compiledRules, sourceText: program.sourceText)
    #expect(Bytecode.problems(altered).first?.contains("flag 2 is neither 0 nor 1") == true)
  }

  static func cost(_ expression: CompiledExpression, _ bindings: [String: Value]) -> Int {
    let vm = VM(program: expression.program, model: ViewModel.empty)
    vm.bind(expression.program.globals.map { bindings[$0] ?? .null })
    _ = vm.run(0, [])
    return vm.spent
  }
}
