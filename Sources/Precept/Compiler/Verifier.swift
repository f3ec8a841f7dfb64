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
        + rule.requirements.flatMap { [$0.function] + $0.operands.map(\.function) }
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

  /// How an instruction changes the stack: values popped, then pushed when it falls through
  /// and when it jumps to its target(s).
  private static func effect(_ instruction: Instruction) -> (pop: Int, fallThrough: Int, taken: Int) {
    switch instruction.op {
    case .constant, .null, .true, .false, .local, .global, .fail: (0, 1, 0)
    case .setLocal, .pop: (1, 0, 0)
    case .jump, .iterNext, .iterNextPair: (0, 0, 0)
    case .and, .or, .implies: (1, 1, 1)
    case .andCombine, .orCombine, .impliesCombine: (2, 1, 0)
    // The else edge drops the condition; the end edge replaces it with an error.
    case .branch: (1, 0, 0)
    case .return: (1, 0, 0)
    case .not, .negate, .select, .has: (1, 1, 0)
    case .selectLocal: (0, 1, 0)
    case .add, .subtract, .multiply, .divide, .remainder, .equal, .notEqual, .less, .lessEqual, .greater,
      .greaterEqual, .in, .index:
      (2, 1, 0)
    case .list, .template: (Int(instruction.a), 1, 0)
    case .map: (Int(instruction.a) * 2, 1, 0)
    case .builtin, .call, .host: (Int(instruction.b), 1, 0)
    // Values kept by map and filter live below the loop's own stack; they are counted apart.
    case .iterInit: (1, 0, 1)
    case .allStep, .existsStep, .existsOneStep, .filterStep, .mapStep: (1, 0, 1)
    case .entryStep: (2, 0, 1)
    case .unwind: (1, 1, 0)
    case .existsOneDone, .collect, .collectMap: (0, 1, 0)
    }
  }

  private static func verify(_ function: FunctionInfo, index: Int, range: Range<Int>, _ program: Program)
    throws(Failure)
  {
    let name = "function \(index) (\(function.name))"
    func fail(_ pc: Int, _ message: String) -> Failure {
      Failure(message: "\(name), instruction \(pc) (\(program.code[pc].op.name)): \(message)")
    }
    var depth = [Int](repeating: -1, count: range.count)
    var work = [range.lowerBound]
    depth[0] = 0
    func flow(to target: Int, _ value: Int, from pc: Int) throws(Failure) {
      guard range.contains(target) else { throw fail(pc, "jump to \(target) leaves the function") }
      guard value >= 0 else { throw fail(pc, "the stack would go below empty") }
      guard value <= maximumStackDepth else { throw fail(pc, "the stack would be deeper than \(maximumStackDepth)") }
      let slot = target - range.lowerBound
      if depth[slot] == -1 {
        depth[slot] = value
        work.append(target)
      } else if depth[slot] != value {
        throw fail(pc, "the stack depth at \(target) is \(depth[slot]) on one path and \(value) on another")
      }
    }
    while let pc = work.popLast() {
      let instruction = program.code[pc]
      let current = depth[pc - range.lowerBound]
      try checkOperands(instruction, pc: pc, function: function, program, fail)
      let (pop, fallThrough, taken) = effect(instruction)
      guard pop >= 0, current >= pop else {
        throw fail(pc, "needs \(pop) value\(pop == 1 ? "" : "s") on the stack, has \(current)")
      }
      let after = current - pop
      switch instruction.op {
      case .return:
        continue
      case .jump:
        try flow(to: Int(instruction.a), after + taken, from: pc)
        continue
      case .branch:
        try flow(to: Int(instruction.a), after, from: pc)
        try flow(to: Int(instruction.b), after + 1, from: pc)
      case .and, .or, .implies:
        try flow(to: Int(instruction.a), after + taken, from: pc)
      case .iterInit, .iterNext, .iterNextPair, .allStep, .existsStep, .existsOneStep, .filterStep, .mapStep,
        .entryStep:
        try flow(to: Int(instruction.b), after + taken, from: pc)
      default:
        break
      }
      guard pc + 1 < range.upperBound else { throw fail(pc, "the function ends without returning") }
      try flow(to: pc + 1, after + fallThrough, from: pc)
    }
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
    switch instruction.op {
    case .constant: try constant(a, string: false)
    case .select, .has:
      try constant(a, string: true)
      guard b == -1 || NodeField(rawValue: instruction.b) != nil else { throw fail(pc, "unknown field \(b)") }
    case .fail: try constant(a, string: true)
    case .selectLocal:
      try slot(a)
      try constant(b, string: true)
    case .local, .setLocal: try slot(a)
    case .global:
      guard a >= 0, a < program.globals.count else { throw fail(pc, "binding \(a) does not exist") }
    case .list, .map, .template:
      guard a >= 0 else { throw fail(pc, "negative count") }
    case .builtin:
      guard let builtin = Builtin(rawValue: instruction.a) else { throw fail(pc, "unknown builtin \(a)") }
      let counts = builtin.globalArities + builtin.methodArities.map { $0 + 1 }
      guard counts.contains(b) else { throw fail(pc, "\(builtin.name) cannot take \(b) arguments") }
    case .call:
      guard a >= 0, a < program.functions.count else { throw fail(pc, "function \(a) does not exist") }
      guard program.functions[a].parameterCount == b else {
        throw fail(pc, "function \(a) takes \(program.functions[a].parameterCount) arguments, not \(b)")
      }
    case .host:
      guard a >= 0, a < program.hosts.count else { throw fail(pc, "host function \(a) does not exist") }
      guard program.hosts[a].arity == b else {
        throw fail(pc, "host function \(program.hosts[a].name) takes \(program.hosts[a].arity) arguments, not \(b)")
      }
    case .iterInit, .iterNext, .iterNextPair, .allStep, .existsStep, .existsOneStep, .filterStep, .mapStep, .entryStep,
      .existsOneDone, .collect, .collectMap:
      try slot(a, span: 5)
    case .unwind:
      try slot(a, span: 5)
      guard b == 1 || b == 2 else { throw fail(pc, "unwind stride must be 1 or 2") }
    case .null, .true, .false, .pop, .jump, .and, .andCombine, .or, .orCombine, .implies, .impliesCombine, .branch,
      .return, .not, .negate, .add, .subtract, .multiply, .divide, .remainder, .equal, .notEqual, .less, .lessEqual,
      .greater, .greaterEqual, .in, .index:
      break
    }
  }
}
