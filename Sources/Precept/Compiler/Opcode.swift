/// The instruction set of the Precept VM — the one place it is documented.
///
/// The VM is a stack machine. Each function has a frame of local slots (its parameters first,
/// then comprehension slots); operands `a` and `b` are 32-bit. "Push"/"pop" act on the value
/// stack. A comprehension uses five consecutive locals from slot `a`: the collection, the next
/// index, the current element (or index or key, with two variables), the accumulator, and the
/// current value (with two variables).
///
/// | opcode | a | b | effect |
/// |---|---|---|---|
/// | `constant` | constant | – | push `constants[a]` |
/// | `null` | – | – | push `null` |
/// | `true` | – | – | push `true` |
/// | `false` | – | – | push `false` |
/// | `local` | slot | – | push `locals[a]` |
/// | `setLocal` | slot | – | `locals[a] = pop` |
/// | `global` | binding | – | push the caller's binding `a` |
/// | `pop` | – | – | drop the top value |
/// | `fail` | message | – | push an error whose message is the string `constants[a]` |
/// | `jump` | target | – | continue at `a` |
/// | `and` | target | – | if the top is `false`, jump to `a` (keeping it); else evaluate the right side |
/// | `andCombine` | – | – | pop right, pop left: CEL's commutative `&&` (false wins over errors) |
/// | `or` | target | – | if the top is `true`, jump to `a` (keeping it) |
/// | `orCombine` | – | – | pop right, pop left: CEL's commutative `\|\|` (true wins over errors) |
/// | `implies` | target | – | if the top is `false`, replace it with `true` and jump to `a` |
/// | `impliesCombine` | – | – | pop right, pop left: `!left \|\| right` with the same error absorption |
/// | `branch` | else | end | pop a condition: `true` falls through, `false` jumps to `a`, anything else pushes an error and jumps to `b` |
/// | `return` | – | – | return the top value to the caller |
/// | `not` | – | – | logical not of a bool |
/// | `negate` | – | – | arithmetic negation (int overflow is an error) |
/// | `add` | – | – | `+` on numbers (same type), strings, bytes, lists |
/// | `subtract` | – | – | `-` |
/// | `multiply` | – | – | `*` |
/// | `divide` | – | – | `/` (integer division by zero is an error) |
/// | `remainder` | – | – | `%` |
/// | `equal` | – | – | `==`, with CEL's heterogeneous numeric equality |
/// | `notEqual` | – | – | `!=` |
/// | `less` | – | – | `<` |
/// | `lessEqual` | – | – | `<=` |
/// | `greater` | – | – | `>` |
/// | `greaterEqual` | – | – | `>=` |
/// | `in` | – | – | pop container, pop value: list membership or map key presence |
/// | `index` | – | – | pop index, pop container: `container[index]` |
/// | `select` | name | field | pop a value: map key `constants[a]`, or node-like field `b` (−1: none); null stays null |
/// | `has` | name | field | pop a value: whether the map key or node-like field is present |
/// | `selectLocal` | slot | name | push `locals[a]` selected by the name `constants[b]`, as `local` then `select` |
/// | `list` | count | – | pop `a` values, push a list of them |
/// | `map` | count | – | pop `a` key–value pairs, push a map (duplicate keys are an error) |
/// | `template` | count | – | pop `a` values, push their display forms joined into a string |
/// | `builtin` | builtin | argc | pop `b` arguments (receiver first), push the builtin's result |
/// | `call` | function | argc | call the `let` function `a` with the top `b` values as its parameters |
/// | `host` | host | argc | call host function `a` with the top `b` values |
/// | `iterInit` | base | end | pop a list or map into `locals[a]`, set `locals[a+1]` and `locals[a+3]` to 0; anything else pushes an error and jumps to `b` |
/// | `iterNext` | base | done | if elements remain, set `locals[a+2]` to the next element (a map's next key); else jump to `b` |
/// | `iterNextPair` | base | done | like `iterNext`, but `locals[a+2]` gets the index (a map's key) and `locals[a+4]` the value |
/// | `allStep` | base | end | pop a predicate: `false` pushes `false` and jumps to `b`; an error is kept in the accumulator |
/// | `existsStep` | base | end | pop a predicate: `true` pushes `true` and jumps to `b`; an error is kept in the accumulator |
/// | `existsOneStep` | base | end | pop a predicate: `true` counts one; an error is pushed and jumps to `b` |
/// | `existsOneDone` | base | – | push whether exactly one predicate was true |
/// | `filterStep` | base | end | pop a predicate: `true` pushes the element and counts it; an error drops what was kept and jumps to `b` |
/// | `unwind` | base | stride | pop an error, drop the values a `map`/`filter` kept so far (`b` words each), push the error |
/// | `entryStep` | base | end | the top two are a key and its mapped value: keep them and count one entry; an error drops what was kept and jumps to `b` |
/// | `mapStep` | base | end | the top is the mapped value: keep it on the stack and count it; an error drops what was kept and jumps to `b` |
/// | `collect` | base | – | pop the counted values into a list |
/// | `collectMap` | base | – | pop the counted key–value pairs into a map |
/// | `compareConstant` | constant | comparison | pop a value, push `value OP constants[a]`, where `b` is the opcode number of `equal`, `notEqual`, `less`, `lessEqual`, `greater`, `greaterEqual` or `in` |
/// | `builtinConstant` | builtin | name | pop a receiver, push builtin `a` of it and the string `constants[b]` (`startsWith('…')`, `hasModifier("…")`, `arg("…")`) |
///
/// The last two stand for `constant` followed by the comparison or the two-argument builtin:
/// the compiler emits them where the checker's tree has a literal right operand (the
/// commonest pairs in the standard rulesets), and they charge the two instructions' cost.
///
/// The run loop also takes some instructions without dispatching them on their own, charging
/// each as if it had been: a `selectLocal`'s next instruction when it is a `compareConstant` or
/// `builtinConstant`; a `local`'s next when it is a `builtinConstant` or a `builtin` of one
/// argument (`n.hasModifier("…")`, `b.text()`); the `true` or `false` and the `setLocal` that
/// start an `all`'s or `exists`'s accumulator after its `iterInit`; the `or` after a `not`
/// (`!a || b`); the `jump` back to `iterNext` after an `allStep` or `existsStep` that did
/// not decide; a `compareConstant` after a `builtin` `size()` of a string (`t.size() > 0`);
/// and a `compareConstant` `in` of a constant list after a `builtin` `lowerAscii()` or
/// `upperAscii()` of a string, which then makes no string. The bytecode is the same; only an
/// explain-mode run (which observes every instruction) dispatches them one by one, and tests
/// compare the two runs' values and costs.
///
/// Operand kinds and stack effects are in `facts`, the table the verifier, the disassembler and
/// stack sizing read. Opcode numbers are stored in packs, so each is written out and never
/// reused; `InstructionSetNumberingTests` pins them. Renumbering needs a new
/// `BytecodeFormat.version`.
enum Opcode: UInt8, CaseIterable, Sendable {
  case constant = 0
  case null = 1
  case `true` = 2
  case `false` = 3
  case local = 4
  case setLocal = 5
  case global = 6
  case pop = 7
  case fail = 8
  case jump = 9
  case and = 10
  case andCombine = 11
  case or = 12
  case orCombine = 13
  case implies = 14
  case impliesCombine = 15
  case branch = 16
  case `return` = 17
  case not = 18
  case negate = 19
  case add = 20
  case subtract = 21
  case multiply = 22
  case divide = 23
  case remainder = 24
  case equal = 25
  case notEqual = 26
  case less = 27
  case lessEqual = 28
  case greater = 29
  case greaterEqual = 30
  case `in` = 31
  case index = 32
  case select = 33
  case has = 34
  case selectLocal = 35
  case list = 36
  case map = 37
  case template = 38
  case builtin = 39
  case call = 40
  case host = 41
  case iterInit = 42
  case iterNext = 43
  case iterNextPair = 44
  case allStep = 45
  case existsStep = 46
  case existsOneStep = 47
  case existsOneDone = 48
  case filterStep = 49
  case unwind = 50
  case mapStep = 51
  case entryStep = 52
  case collect = 53
  case collectMap = 54
  case compareConstant = 55
  case builtinConstant = 56

  /// The opcode's name as the disassembler prints it.
  var name: String { facts.mnemonic }

  /// The comparisons `compareConstant` may make (its operand `b`).
  static let constantComparisons: [Opcode] = [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in]
}

extension Opcode {
  /// What an operand of an instruction stands for. The verifier checks each operand by its kind
  /// and the disassembler annotates it by its kind.
  enum Operand: Sendable, Equatable {
    /// Unused (written as 0).
    case none
    /// An index into the constant pool.
    case constant
    /// An index into the constant pool that must hold a string.
    case stringConstant
    /// A local slot of the frame.
    case slot
    /// The first of a comprehension's five consecutive local slots.
    case loop
    /// An index into the caller's bindings.
    case global
    /// An instruction of the same function to continue at.
    case target
    /// How many values (or key–value pairs) the instruction gathers; not negative.
    case count
    /// How many arguments the callee named by operand `a` is given; it must take that many.
    case argumentCount
    /// A `let` function of the program.
    case function
    /// A host function the program declares.
    case host
    /// A `Builtin` number.
    case builtin
    /// A `NodeField` number, or −1 for none.
    case field
    /// How many stack values each kept element of a comprehension is: 1 or 2.
    case stride
    /// 0 or 1: whether the compiler proved something the instruction would otherwise check
    /// (`map`: that the keys are distinct).
    case flag
    /// The opcode number of a comparison: `equal` … `greaterEqual`, or `in`.
    case comparison
    /// A `Builtin` number that takes two arguments (a receiver and one more).
    case binaryBuiltin
  }

  /// How many values an instruction pops: a fixed number or one read from an operand.
  enum PopCount: Sendable, Equatable {
    case fixed(Int)
    /// `perItem` values for each of operand `a`'s count.
    case operandA(perItem: Int)
    /// As many as operand `b` says.
    case operandB

    func count(_ instruction: Instruction) -> Int {
      switch self {
      case .fixed(let count): count
      case .operandA(let perItem): Int(instruction.a) * perItem
      case .operandB: Int(instruction.b)
      }
    }
  }

  /// An opcode's facts, as `luaP_opmodes` is for Lua: its mnemonic, what its operands are, and
  /// how it changes the operand stack. The verifier's checks, the disassembler's output and each
  /// function's stack size are all derived from these; the run loop dispatches on the opcode
  /// itself and never reads them.
  ///
  /// An instruction pops `pops` values, then pushes `pushes` if it continues at the next
  /// instruction, or `targetPushes.a` / `targetPushes.b` if it continues at the target in operand
  /// `a` / `b`. Values a `map` or `filter` keeps for its result are not counted: they sit below
  /// the loop's own values and the run loop makes room for them as it keeps them.
  struct Facts: Sendable {
    var mnemonic: String
    var a: Operand
    var b: Operand
    var pops: PopCount
    var pushes: Int
    var targetPushes: (a: Int, b: Int)
    /// False when the instruction never continues at the next one (`jump`, `return`).
    var fallsThrough: Bool

    init(
      _ mnemonic: String, a: Operand = .none, b: Operand = .none, pops: PopCount = .fixed(0), pushes: Int = 0,
      targetPushes: (a: Int, b: Int) = (0, 0), fallsThrough: Bool = true
    ) {
      self.mnemonic = mnemonic
      self.a = a
      self.b = b
      self.pops = pops
      self.pushes = pushes
      self.targetPushes = targetPushes
      self.fallsThrough = fallsThrough
    }
  }
}

extension Opcode {
  /// The instruction set's table: one row per opcode.
  var facts: Facts {
    switch self {
    case .constant: Facts("constant", a: .constant, pushes: 1)
    case .null: Facts("null", pushes: 1)
    case .true: Facts("true", pushes: 1)
    case .false: Facts("false", pushes: 1)
    case .local: Facts("local", a: .slot, pushes: 1)
    case .setLocal: Facts("setLocal", a: .slot, pops: .fixed(1))
    case .global: Facts("global", a: .global, pushes: 1)
    case .pop: Facts("pop", pops: .fixed(1))
    case .fail: Facts("fail", a: .stringConstant, pushes: 1)
    case .jump: Facts("jump", a: .target, fallsThrough: false)
    // The short-circuit tests leave the left side on the stack either way.
    case .and: Facts("and", a: .target, pops: .fixed(1), pushes: 1, targetPushes: (1, 0))
    case .andCombine: Facts("andCombine", pops: .fixed(2), pushes: 1)
    case .or: Facts("or", a: .target, pops: .fixed(1), pushes: 1, targetPushes: (1, 0))
    case .orCombine: Facts("orCombine", pops: .fixed(2), pushes: 1)
    case .implies: Facts("implies", a: .target, pops: .fixed(1), pushes: 1, targetPushes: (1, 0))
    case .impliesCombine: Facts("impliesCombine", pops: .fixed(2), pushes: 1)
    // The else edge drops the condition; the end edge replaces it with an error.
    case .branch: Facts("branch", a: .target, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .return: Facts("return", pops: .fixed(1), fallsThrough: false)
    case .not: Facts("not", pops: .fixed(1), pushes: 1)
    case .negate: Facts("negate", pops: .fixed(1), pushes: 1)
    case .add: Facts("add", pops: .fixed(2), pushes: 1)
    case .subtract: Facts("subtract", pops: .fixed(2), pushes: 1)
    case .multiply: Facts("multiply", pops: .fixed(2), pushes: 1)
    case .divide: Facts("divide", pops: .fixed(2), pushes: 1)
    case .remainder: Facts("remainder", pops: .fixed(2), pushes: 1)
    case .equal: Facts("equal", pops: .fixed(2), pushes: 1)
    case .notEqual: Facts("notEqual", pops: .fixed(2), pushes: 1)
    case .less: Facts("less", pops: .fixed(2), pushes: 1)
    case .lessEqual: Facts("lessEqual", pops: .fixed(2), pushes: 1)
    case .greater: Facts("greater", pops: .fixed(2), pushes: 1)
    case .greaterEqual: Facts("greaterEqual", pops: .fixed(2), pushes: 1)
    case .in: Facts("in", pops: .fixed(2), pushes: 1)
    case .index: Facts("index", pops: .fixed(2), pushes: 1)
    case .select: Facts("select", a: .stringConstant, b: .field, pops: .fixed(1), pushes: 1)
    case .has: Facts("has", a: .stringConstant, b: .field, pops: .fixed(1), pushes: 1)
    case .selectLocal: Facts("selectLocal", a: .slot, b: .stringConstant, pushes: 1)
    case .list: Facts("list", a: .count, pops: .operandA(perItem: 1), pushes: 1)
    // `b` is 1 when the keys are string constants the compiler found distinct: the VM then
    // does not compare them (and charges the same cost as if it had).
    case .map: Facts("map", a: .count, b: .flag, pops: .operandA(perItem: 2), pushes: 1)
    case .template: Facts("template", a: .count, pops: .operandA(perItem: 1), pushes: 1)
    case .builtin: Facts("builtin", a: .builtin, b: .argumentCount, pops: .operandB, pushes: 1)
    case .call: Facts("call", a: .function, b: .argumentCount, pops: .operandB, pushes: 1)
    case .host: Facts("host", a: .host, b: .argumentCount, pops: .operandB, pushes: 1)
    case .iterInit: Facts("iterInit", a: .loop, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .iterNext: Facts("iterNext", a: .loop, b: .target)
    case .iterNextPair: Facts("iterNextPair", a: .loop, b: .target)
    case .allStep: Facts("allStep", a: .loop, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .existsStep: Facts("existsStep", a: .loop, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .existsOneStep: Facts("existsOneStep", a: .loop, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .existsOneDone: Facts("existsOneDone", a: .loop, pushes: 1)
    // A kept element stays on the stack, counted apart (see above).
    case .filterStep: Facts("filterStep", a: .loop, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .unwind: Facts("unwind", a: .loop, b: .stride, pops: .fixed(1), pushes: 1)
    case .mapStep: Facts("mapStep", a: .loop, b: .target, pops: .fixed(1), targetPushes: (0, 1))
    case .entryStep: Facts("entryStep", a: .loop, b: .target, pops: .fixed(2), targetPushes: (0, 1))
    case .collect: Facts("collect", a: .loop, pushes: 1)
    case .collectMap: Facts("collectMap", a: .loop, pushes: 1)
    case .compareConstant: Facts("compareConstant", a: .constant, b: .comparison, pops: .fixed(1), pushes: 1)
    case .builtinConstant: Facts("builtinConstant", a: .binaryBuiltin, b: .stringConstant, pops: .fixed(1), pushes: 1)
    }
  }
}

/// One instruction: an opcode and up to two operands.
struct Instruction: Equatable, Sendable {
  var op: Opcode
  var a: Int32
  var b: Int32

  init(_ op: Opcode, _ a: Int32 = 0, _ b: Int32 = 0) {
    self.op = op
    self.a = a
    self.b = b
  }
}
