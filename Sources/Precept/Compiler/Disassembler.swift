/// Prints bytecode readably: one function after another, one instruction a line, with the
/// ruleset line and column it was compiled from (its source map entry, as `luac -l` prints
/// Lua's line info) and the constant, slot, builtin or jump target each operand stands for.
enum Disassembler {
  static func disassemble(_ program: Program) -> String {
    var out = ""
    if !program.globals.isEmpty {
      out +=
        "; bindings: " + program.globals.enumerated().map { "\($0.offset)=\($0.element)" }.joined(separator: ", ")
        + "\n"
    }
    if !program.constants.isEmpty {
      out += "; constants:\n"
      for (index, constant) in program.constants.enumerated() {
        out += "; " + pad(String(index), 5) + describe(constant) + "\n"
      }
    }
    for index in codeOrder(program) {
      out += function(index, program)
    }
    return out
  }

  /// Only the given functions and the lets they call, directly or not, in code order; each
  /// operand's note shows the constant it names, so the pool is left out.
  static func disassemble(_ program: Program, functions roots: [Int]) -> String {
    var wanted = Set(roots)
    var pending = roots
    while let index = pending.popLast() {
      for pc in codeRange(index, program) where program.code[pc].op == .call {
        let callee = Int(program.code[pc].a)
        if callee >= 0, callee < program.functions.count, wanted.insert(callee).inserted { pending.append(callee) }
      }
    }
    return codeOrder(program).filter(wanted.contains).map { function($0, program) }.joined()
  }

  private static func codeOrder(_ program: Program) -> [Int] {
    program.functions.indices.sorted { program.functions[$0].entry < program.functions[$1].entry }
  }

  /// The instructions of function `index`: up to the entry of the function after it in the code.
  private static func codeRange(_ index: Int, _ program: Program) -> Range<Int> {
    let entry = program.functions[index].entry
    let next = program.functions.map(\.entry).filter { $0 > entry }.min() ?? program.code.count
    return entry..<next
  }

  private static func function(_ index: Int, _ program: Program) -> String {
    let function = program.functions[index]
    var out =
      "\nfunction \(index) \(function.name) (params: \(function.parameterCount), locals: \(function.localCount))\n"
    for pc in codeRange(index, program) {
      out += line(pc, program.code[pc], program) + "\n"
    }
    return out
  }

  static func line(_ pc: Int, _ instruction: Instruction, _ program: Program) -> String {
    let facts = instruction.op.facts
    let (a, b) = (facts.a, facts.b)
    let node = program.sourceMap.node(at: pc)
    let place = node >= 0 ? "\(program.sourceMap.nodes[node].line):\(program.sourceMap.nodes[node].column)" : "-"
    var text = "  " + pad(String(pc), 6) + pad(place, 8) + pad(facts.mnemonic, 15)
    var notes: [String] = []
    if a != .none {
      text += pad(String(instruction.a), 6)
      if let note = note(a, instruction.a, program) { notes.append(note) }
    }
    if b != .none {
      text += pad(String(instruction.b), 6)
      if let note = note(b, instruction.b, program) { notes.append(note) }
    }
    if !notes.isEmpty {
      text += "; " + notes.joined(separator: ", ")
    }
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }

  private static func note(_ operand: Opcode.Operand, _ value: Int32, _ program: Program) -> String? {
    switch operand {
    case .constant, .stringConstant:
      guard value >= 0, Int(value) < program.constants.count else { return "invalid constant" }
      return describe(program.constants[Int(value)])
    case .global:
      guard value >= 0, Int(value) < program.globals.count else { return "invalid binding" }
      return program.globals[Int(value)]
    case .function:
      guard value >= 0, Int(value) < program.functions.count else { return "invalid function" }
      return program.functions[Int(value)].name
    case .host:
      guard value >= 0, Int(value) < program.hosts.count else { return "invalid host function" }
      return "host " + program.hosts[Int(value)].name
    case .builtin, .binaryBuiltin:
      return Builtin(rawValue: value).map(\.name) ?? "invalid builtin"
    case .comparison:
      return Opcode.constantComparisons.first { Int32($0.rawValue) == value }?.name ?? "invalid comparison"
    case .field:
      return value < 0 ? nil : NodeField(rawValue: value).map { "field " + $0.name } ?? "invalid field"
    case .target:
      return "→ \(value)"
    case .flag:
      return value == 1 ? "distinct keys" : nil
    case .none, .slot, .loop, .count, .argumentCount, .stride:
      return nil
    }
  }

  static func describe(_ constant: Constant) -> String {
    switch constant {
    case .int(let value): Printer.literal(.int(value))
    case .uint(let value): Printer.literal(.uint(value))
    case .double(let bits): Printer.literal(.double(Double(bitPattern: bits)))
    case .string(let value): Printer.literal(.string(value))
    case .bytes(let value): Printer.literal(.bytes(value))
    case .type(let tag): tag.name
    case .list(let elements): "[" + elements.map(describe).joined(separator: ", ") + "]"
    }
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
