/// Compiles a syntax tree into a `RegexProgram` (Thompson's construction).
///
/// Work is driven by an explicit task stack rather than recursion, and every counted
/// repetition is expanded by emitting its operand again, so the program's size is checked
/// as it grows and a pattern such as `((a{1000}){1000}){1000}` stops at the size limit.
struct RegexCompiler {
  private enum Task {
    case node(Int)
    /// Emit `child*`, `child+` or `child?` with the current position as its start.
    case star(Int)
    case plus(Int)
    case optional(Int)
    /// Close a `star` that starts at the given instruction.
    case closeStar(Int)
    /// Close a `plus` whose operand starts at the given instruction.
    case closePlus(Int)
    /// Point the second target of the `split` at the given instruction to here.
    case resolveSplit(Int)
    /// Emit alternative `index` of an alternation; `exits` names its list of exit jumps.
    case alternative(node: Int, index: Int, exits: Int)
    /// After a non-final alternative: jump to the exit, then continue with the next one.
    case afterAlternative(node: Int, index: Int, exits: Int, split: Int)
    /// Point every exit jump of an alternation to here.
    case resolveExits(Int)
  }

  private let tree: RegexSyntaxTree
  private var program = RegexProgram()
  private var tasks: [Task] = []
  private var exitLists: [[Int]] = []
  /// The index of each set already in the program, so repetitions and repeated classes share
  /// one copy.
  private var setIndex: [ScalarSet: Int32] = [:]

  static func compile(_ tree: RegexSyntaxTree) throws(RegexError) -> RegexProgram {
    var compiler = RegexCompiler(tree: tree)
    return try compiler.compile()
  }

  private init(tree: RegexSyntaxTree) { self.tree = tree }

  private mutating func compile() throws(RegexError) -> RegexProgram {
    tasks.append(.node(tree.root))
    while let task = tasks.popLast() {
      try run(task)
    }
    try emit(RegexInstruction(.match))
    program.anchoredAtStart = anchoredAtStart()
    for instruction in program.instructions where instruction.opcode == .assert {
      program.assertions |= UInt8(instruction.a)
    }
    program.firstBytes = firstBytes()
    return program
  }

  private var position: Int { program.instructions.count }

  private mutating func emit(_ instruction: RegexInstruction) throws(RegexError) {
    guard program.instructions.count < RegexLimits.programSize else {
      throw RegexError("pattern too large (compiles to more than \(RegexLimits.programSize) instructions)", at: 0)
    }
    program.instructions.append(instruction)
  }

  private mutating func run(_ task: Task) throws(RegexError) {
    switch task {
    case .node(let id):
      try emitNode(id)
    case .star(let child):
      tasks.append(.closeStar(position))
      tasks.append(.node(child))
      try emit(RegexInstruction(.split, Int32(position + 1)))
    case .plus(let child):
      tasks.append(.closePlus(position))
      tasks.append(.node(child))
    case .optional(let child):
      tasks.append(.resolveSplit(position))
      tasks.append(.node(child))
      try emit(RegexInstruction(.split, Int32(position + 1)))
    case .closeStar(let start):
      try emit(RegexInstruction(.jump, Int32(start)))
      program.instructions[start].b = Int32(position)
    case .closePlus(let start):
      try emit(RegexInstruction(.split, Int32(start), Int32(position + 1)))
    case .resolveSplit(let split):
      program.instructions[split].b = Int32(position)
    case .alternative(let node, let index, let exits):
      guard case .alternation(let children) = tree.nodes[node] else { return }
      if index == children.count - 1 {
        tasks.append(.resolveExits(exits))
      } else {
        tasks.append(.afterAlternative(node: node, index: index, exits: exits, split: position))
        try emit(RegexInstruction(.split, Int32(position + 1)))
      }
      tasks.append(.node(children[index]))
    case .afterAlternative(let node, let index, let exits, let split):
      exitLists[exits].append(position)
      try emit(RegexInstruction(.jump))
      program.instructions[split].b = Int32(position)
      tasks.append(.alternative(node: node, index: index + 1, exits: exits))
    case .resolveExits(let exits):
      for jump in exitLists[exits] { program.instructions[jump].a = Int32(position) }
    }
  }

  private mutating func emitNode(_ id: Int) throws(RegexError) {
    switch tree.nodes[id] {
    case .empty:
      break
    case .scalar(let value):
      try emit(RegexInstruction(.scalar, Int32(value)))
    case .set(let set):
      let index: Int32
      if let known = setIndex[set] {
        index = known
      } else {
        index = program.addSet(set)
        setIndex[set] = index
      }
      try emit(RegexInstruction(.set, index))
    case .anyScalar:
      try emit(RegexInstruction(.any))
    case .anyButNewline:
      try emit(RegexInstruction(.anyButNewline))
    case .assertion(let assertion):
      try emit(RegexInstruction(.assert, Int32(assertion.rawValue)))
    case .concatenation(let children):
      for child in children.reversed() { tasks.append(.node(child)) }
    case .alternation:
      exitLists.append([])
      tasks.append(.alternative(node: id, index: 0, exits: exitLists.count - 1))
    case .repetition(let child, let min, let max):
      // child{n,m} is n copies of child then m-n optional ones; child{n,} ends in child+
      // (or is child* when n is 0). Tasks run last-pushed first, so push in reverse.
      if let max {
        for _ in min..<max { tasks.append(.optional(child)) }
        for _ in 0..<min { tasks.append(.node(child)) }
      } else if min == 0 {
        tasks.append(.star(child))
      } else {
        tasks.append(.plus(child))
        for _ in 1..<min { tasks.append(.node(child)) }
      }
      // Expanding x{1000} pushes 1000 tasks at once; fail before the stack itself grows large.
      if tasks.count > RegexLimits.programSize * 2 {
        throw RegexError("pattern too large (compiles to more than \(RegexLimits.programSize) instructions)", at: 0)
      }
    }
  }

  /// Whether every path through the program begins with `\A`.
  private func anchoredAtStart() -> Bool {
    var id = tree.root
    while true {
      switch tree.nodes[id] {
      case .assertion(.beginText): return true
      case .concatenation(let children): id = children[0]
      case .repetition(let child, let min, _) where min > 0: id = child
      default: return false
      }
    }
  }

  /// The first bytes of every match, when no match can be empty or start with an assertion.
  private func firstBytes() -> ByteSet? {
    var bytes = ByteSet()
    var visited = Set<Int>()
    var pending = [0]
    while let pc = pending.popLast() {
      guard visited.insert(pc).inserted else { continue }
      let instruction = program.instructions[pc]
      switch instruction.opcode {
      case .scalar:
        bytes.insert(Self.leadByte(of: UInt32(instruction.a)))
      case .set:
        let set = Int(instruction.a)
        var range = Int(program.setBounds[set])
        while range < Int(program.setBounds[set + 1]) {
          let (low, high) = (program.setRanges[range], program.setRanges[range + 1])
          if low < 0x80 {
            for byte in low...min(high, 0x7F) { bytes.insert(UInt8(byte)) }
          }
          if high >= 0x80 {
            for byte in Self.leadByte(of: max(low, 0x80))...Self.leadByte(of: high) { bytes.insert(byte) }
          }
          range += 2
        }
      case .split:
        pending.append(Int(instruction.a))
        pending.append(Int(instruction.b))
      case .jump:
        pending.append(Int(instruction.a))
      case .any, .anyButNewline, .assert, .match:
        return nil
      }
    }
    // Skipping pays only when most bytes cannot start a match.
    return bytes.count <= 128 ? bytes : nil
  }

  /// The first byte of a scalar's UTF-8 encoding (monotonic in the scalar).
  private static func leadByte(of value: UInt32) -> UInt8 {
    switch value {
    case ..<0x80: UInt8(value)
    case ..<0x800: UInt8(0xC0 | (value >> 6))
    case ..<0x1_0000: UInt8(0xE0 | (value >> 12))
    default: UInt8(0xF0 | min(value >> 18, 7))
    }
  }
}
