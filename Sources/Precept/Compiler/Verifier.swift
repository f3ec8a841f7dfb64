/// Checks bytecode read from a pack before anything runs it: every function's code is in
/// range and ends without falling off; every jump stays inside its function; every constant,
/// slot, binding, function, host function, builtin and field index is in range and of the
/// right kind; call and builtin argument counts match; and the operand stack has one depth at
/// each instruction on every path, never below zero and never above a bound.
///
/// Code the compiler writes always passes; the verifier exists for packs, which are untrusted.
enum Verifier {
  /// The deepest operand stack a verified function may use.
  static let maximumStackDepth = 10_000

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func verify(_ program: Program) throws(Failure) {
    let code = program.code
    guard program.functions.count <= code.count + 1 else { throw Failure(message: "more functions than instructions") }
    // Entries are checked before any range is formed: a range runs to the next entry, and an
    // entry past the end would make one far larger than the code.
    for (index, function) in program.functions.enumerated() where !(0..<code.count).contains(function.entry) {
      throw Failure(message: "function \(index) (\(function.name)) starts at \(function.entry), outside the code")
    }
    // Functions own consecutive ranges of the code, in order of entry.
    let order = program.functions.indices.sorted { program.functions[$0].entry < program.functions[$1].entry }
    var previousEnd = 0
    for (position, index) in order.enumerated() {
      let function = program.functions[index]
      let end = position + 1 < order.count ? program.functions[order[position + 1]].entry : code.count
      guard function.entry >= 0, function.entry < end, function.entry >= previousEnd else {
        throw Failure(message: "function \(index) (\(function.name)) has no code or overlaps another")
      }
      guard function.parameterCount >= 0, function.localCount >= function.parameterCount, function.localCount <= 1 << 16
      else { throw Failure(message: "function \(index) (\(function.name)) has an impossible frame") }
      try verify(function, index: index, range: function.entry..<end, program)
      previousEnd = end
    }
    try verifyConstants(program.constants)
    for rule in program.compiledRules {
      let bindings = 1 + rule.ancestorTypes.count
      let functions =
        [rule.when, rule.message, rule.fix].compactMap { $0 } + rule.checks
        + rule.requirements.map(\.function)
      for function in functions {
        guard function >= 0, function < program.functions.count, program.functions[function].parameterCount == bindings
        else {
          throw Failure(
            message: "rule \(rule.info.id) refers to function \(function), which does not take its \(bindings) bindings"
          )
        }
      }
      guard !rule.targetTypes.isEmpty else { throw Failure(message: "rule \(rule.info.id) visits no node type") }
    }
  }

  /// A pack's constants stay within the limits a compiled ruleset's literals are held to.
  private static func verifyConstants(_ constants: [Constant]) throws(Failure) {
    let limits = EvaluationLimits.standard
    // A worklist rather than recursion: a pack's lists may nest deeply.
    var work = constants.enumerated().map { ($0.offset, $0.element) }
    while let (index, constant) = work.popLast() {
      let size: Int
      let limit: Int
      switch constant {
      case .string(let text): (size, limit) = (text.utf8.count, limits.maximumStringLength)
      case .bytes(let bytes): (size, limit) = (bytes.count, limits.maximumStringLength)
      case .list(let elements): (size, limit) = (elements.count, limits.maximumCollectionSize)
      case .int, .uint, .double, .type: continue
      }
      guard size <= limit else {
        let unit = if case .list = constant { "elements" } else { "bytes" }
        throw Failure(message: "constant \(index) has \(size) \(unit), over the limit of \(limit) \(unit)")
      }
      if case .list(let elements) = constant { work += elements.map { (index, $0) } }
    }
  }

  /// Works out the operand stack's depth before each instruction of `range` from the
  /// instruction set's table (`Opcode.facts`), following every path from the first
  /// instruction, and returns the deepest. The depth must be one on every path, never below
  /// zero and never above `maximumStackDepth`; jumps stay inside `range` and the code never
  /// falls off its end. `check` sees each reachable instruction before its effect is applied;
  /// `fail` words a failure at an instruction.
  ///
  /// The verifier runs this on a pack's code; linking runs it on every program to size each
  /// function's stack, so a function is given exactly the room its code can use.
  static func deepestStack(
    _ code: [Instruction], _ range: Range<Int>, check: (Int) throws(Failure) -> Void = { _ in },
    fail: (Int, String) -> Failure
  ) throws(Failure) -> Int {
    var depth = [Int](repeating: -1, count: range.count)
    var work = [range.lowerBound]
    depth[0] = 0
    var deepest = 0
    func flow(to target: Int, _ value: Int, from pc: Int) throws(Failure) {
      guard range.contains(target) else { throw fail(pc, "jump to \(target) leaves the function") }
      guard value >= 0 else { throw fail(pc, "the stack would go below empty") }
      guard value <= maximumStackDepth else { throw fail(pc, "the stack would be deeper than \(maximumStackDepth)") }
      let slot = target - range.lowerBound
      if depth[slot] == -1 {
        depth[slot] = value
        deepest = max(deepest, value)
        work.append(target)
      } else if depth[slot] != value {
        throw fail(pc, "the stack depth at \(target) is \(depth[slot]) on one path and \(value) on another")
      }
    }
    while let pc = work.popLast() {
      let instruction = code[pc]
      let current = depth[pc - range.lowerBound]
      try check(pc)
      let facts = instruction.op.facts
      let pop = facts.pops.count(instruction)
      guard pop >= 0, current >= pop else {
        throw fail(pc, "needs \(pop) value\(pop == 1 ? "" : "s") on the stack, has \(current)")
      }
      let after = current - pop
      if facts.a == .target { try flow(to: Int(instruction.a), after + facts.targetPushes.a, from: pc) }
      if facts.b == .target { try flow(to: Int(instruction.b), after + facts.targetPushes.b, from: pc) }
      guard facts.fallsThrough else { continue }
      guard pc + 1 < range.upperBound else { throw fail(pc, "the function ends without returning") }
      try flow(to: pc + 1, after + facts.pushes, from: pc)
    }
    return deepest
  }

  private static func verify(_ function: FunctionInfo, index: Int, range: Range<Int>, _ program: Program)
    throws(Failure)
  {
    let name = "function \(index) (\(function.name))"
    func fail(_ pc: Int, _ message: String) -> Failure {
      Failure(message: "\(name), instruction \(pc) (\(program.code[pc].op.name)): \(message)")
    }
    _ = try deepestStack(
      program.code, range,
      check: { (pc) throws(Failure) in try checkOperands(program.code[pc], pc: pc, function: function, program, fail) },
      fail: fail)
  }

  private static func checkOperands(
    _ instruction: Instruction, pc: Int, function: FunctionInfo, _ program: Program,
    _ fail: (Int, String) -> Failure
  ) throws(Failure) {
    let a = Int(instruction.a)
    let b = Int(instruction.b)
    func slot(_ value: Int, span: Int = 1) throws(Failure) {
      guard value >= 0, value + span <= function.localCount else {
        throw fail(pc, "local slot \(value) is outside the frame of \(function.localCount)")
      }
    }
    func constant(_ value: Int, string: Bool) throws(Failure) {
      guard value >= 0, value < program.constants.count else { throw fail(pc, "constant \(value) does not exist") }
      if string, case .string = program.constants[value] {
      } else if string {
        throw fail(pc, "constant \(value) is not a string")
      }
    }
    let facts = instruction.op.facts
    func check(_ kind: Opcode.Operand, _ value: Int) throws(Failure) {
      switch kind {
      case .none, .target:  // targets are checked as the stack is followed
        break
      case .constant: try constant(value, string: false)
      case .stringConstant: try constant(value, string: true)
      case .slot: try slot(value)
      case .loop: try slot(value, span: 5)
      case .global:
        guard value >= 0, value < program.globals.count else { throw fail(pc, "binding \(value) does not exist") }
      case .count:
        guard value >= 0 else { throw fail(pc, "negative count") }
      case .field:
        guard value == -1 || NodeField(rawValue: Int32(value)) != nil else { throw fail(pc, "unknown field \(value)") }
      case .stride:
        guard value == 1 || value == 2 else { throw fail(pc, "unwind stride must be 1 or 2") }
      case .flag:
        guard value == 0 || value == 1 else { throw fail(pc, "flag \(value) is neither 0 nor 1") }
      case .comparison:
        guard Opcode.constantComparisons.contains(where: { Int($0.rawValue) == value }) else {
          throw fail(pc, "\(value) is not the opcode of a comparison")
        }
      case .binaryBuiltin:
        guard let builtin = Builtin(rawValue: Int32(value)) else { throw fail(pc, "unknown builtin \(value)") }
        guard (builtin.globalArities + builtin.methodArities.map { $0 + 1 }).contains(2) else {
          throw fail(pc, "\(builtin.name) cannot take 2 arguments")
        }
      case .builtin:
        guard Builtin(rawValue: Int32(value)) != nil else { throw fail(pc, "unknown builtin \(value)") }
      case .function:
        guard value >= 0, value < program.functions.count else { throw fail(pc, "function \(value) does not exist") }
      case .host:
        guard value >= 0, value < program.hosts.count else { throw fail(pc, "host function \(value) does not exist") }
      case .argumentCount:
        // Operand `a` names the callee, already checked to exist.
        switch facts.a {
        case .builtin:
          let builtin = Builtin(rawValue: instruction.a)!
          let counts = builtin.globalArities + builtin.methodArities.map { $0 + 1 }
          guard counts.contains(value) else { throw fail(pc, "\(builtin.name) cannot take \(value) arguments") }
        case .function:
          guard program.functions[a].parameterCount == value else {
            throw fail(pc, "function \(a) takes \(program.functions[a].parameterCount) arguments, not \(value)")
          }
        case .host:
          guard program.hosts[a].arity == value else {
            throw fail(
              pc, "host function \(program.hosts[a].name) takes \(program.hosts[a].arity) arguments, not \(value)")
          }
        default:
          preconditionFailure("\(instruction.op.name): an argument count needs a callee in operand a")
        }
      }
    }
    try check(facts.a, a)
    try check(facts.b, b)
  }
}
