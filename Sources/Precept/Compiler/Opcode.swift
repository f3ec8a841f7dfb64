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
enum Opcode: UInt8, CaseIterable, Sendable {
  case constant, null, `true`, `false`, local, setLocal, global, pop, fail
  case jump, and, andCombine, or, orCombine, implies, impliesCombine, branch, `return`
  case not, negate, add, subtract, multiply, divide, remainder
  case equal, notEqual, less, lessEqual, greater, greaterEqual, `in`, index
  case select, has, selectLocal, list, map, template
  case builtin, call, host
  case iterInit, iterNext, iterNextPair, allStep, existsStep, existsOneStep, existsOneDone, filterStep, unwind
  case mapStep, entryStep, collect, collectMap

  /// Which operands an instruction uses, for the disassembler and the pack verifier.
  enum Operand {
    case none, constant, slot, global, target, count, function, host, builtin, stringConstant, field
  }

  var operands: (a: Operand, b: Operand) {
    switch self {
    case .constant: (.constant, .none)
    case .null, .true, .false, .pop, .andCombine, .orCombine, .impliesCombine, .return: (.none, .none)
    case .not, .negate, .add, .subtract, .multiply, .divide, .remainder: (.none, .none)
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in, .index: (.none, .none)
    case .local, .setLocal: (.slot, .none)
    case .global: (.global, .none)
    case .jump, .and, .or, .implies: (.target, .none)
    case .branch: (.target, .target)
    case .select, .has: (.stringConstant, .field)
    case .selectLocal: (.slot, .stringConstant)
    case .fail: (.stringConstant, .none)
    case .list, .map, .template: (.count, .none)
    case .builtin: (.builtin, .count)
    case .call: (.function, .count)
    case .host: (.host, .count)
    case .iterInit, .iterNext, .iterNextPair, .allStep, .existsStep, .existsOneStep, .filterStep, .mapStep, .entryStep:
      (.slot, .target)
    case .existsOneDone, .collect, .collectMap: (.slot, .none)
    case .unwind: (.slot, .count)
    }
  }

  /// The opcode's name as the disassembler prints it.
  var name: String {
    switch self {
    case .true: "true"
    case .false: "false"
    case .return: "return"
    case .in: "in"
    default: "\(self)"
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
