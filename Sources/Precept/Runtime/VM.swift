/// A function the embedding host provides to rulesets that declare it with `host name(…)`.
public struct HostFunction: Sendable {
  public let name: String
  public let parameterCount: Int
  public let body: @Sendable ([Value]) throws -> Value

  /// A host function; throwing from `body` makes the calling rule *not run*, with the error's
  /// description as the reason.
  public init(_ name: String, parameterCount: Int, _ body: @escaping @Sendable ([Value]) throws -> Value) {
    self.name = name
    self.parameterCount = parameterCount
    self.body = body
  }
}

/// Limits that bound one evaluation, so no ruleset can make the host hang or run out of memory.
public struct EvaluationLimits: Sendable, Hashable {
  /// Cost units one evaluation may spend: one per instruction, plus the size of what builtins
  /// read and make.
  public var costBudget: Int
  /// The longest string, in bytes, an expression may build.
  public var maximumStringLength: Int
  /// The most elements a list or map made by an expression may have.
  public var maximumCollectionSize: Int

  public init(costBudget: Int = 1_000_000, maximumStringLength: Int = 1 << 20, maximumCollectionSize: Int = 100_000) {
    self.costBudget = costBudget
    self.maximumStringLength = maximumStringLength
    self.maximumCollectionSize = maximumCollectionSize
  }

  public static let standard = EvaluationLimits()
}

/// Runs a program's bytecode against one view model. A VM is mutable and used by one thread
/// at a time; the program and the model it reads are shared.
final class VM {
  let program: Program
  let model: ViewModel
  var heap: Heap
  let limits: EvaluationLimits
  /// The constant pool with strings interned into this VM's string space.
  private(set) var constants: [Word] = []
  var globals: [Word] = []
  private let hostBodies: [HostFunction?]
  /// Compiled patterns of `matches`, by pattern string id (interned ones only).
  var regexCache: [Int32: Regex] = [:]

  private var stack: UnsafeMutablePointer<Word>
  private var capacity: Int
  var cost = 0
  /// Set when the last evaluation stopped because it ran out of budget.
  private(set) var budgetExceeded = false

  /// Interned ids of names the node functions compare against.
  let ids: WellKnownIDs

  init(program: Program, model: ViewModel, hosts: [String: HostFunction] = [:], limits: EvaluationLimits = .standard) {
    self.program = program
    self.model = model
    self.limits = limits
    self.heap = Heap(model: model)
    self.hostBodies = program.hosts.map { signature in
      hosts[signature.name].flatMap { $0.parameterCount == signature.arity ? $0 : nil }
    }
    capacity = 256
    stack = .allocate(capacity: capacity)
    var heap = self.heap
    ids = WellKnownIDs(&heap)
    constants = program.constants.map { constant in
      switch constant {
      case .int(let value): .int(value)
      case .uint(let value): .uint(value)
      case .double(let bits): .double(Double(bitPattern: bits))
      case .string(let text): .string(heap.intern(Array(text.utf8)))
      case .bytes(let bytes): .bytes(heap.intern(bytes))
      case .type(let tag): .type(tag)
      }
    }
    heap.markPersistent()
    self.heap = heap
  }

  deinit {
    stack.deallocate()
  }

  /// Whether the host registered host function `index` of the program.
  func hasHost(_ name: String) -> Bool {
    guard let index = program.hosts.firstIndex(where: { $0.name == name }) else { return false }
    return hostBodies[index] != nil
  }

  /// Binds the caller's values (for compiled expressions), kept across evaluations.
  func bind(_ values: [Value]) {
    globals = values.map { word(from: $0, interning: true) }
    heap.markPersistent()
  }

  // MARK: Running

  /// Runs function `index` with `arguments` as its parameters and returns its result. The
  /// heap is reset first, so words from an earlier call are no longer valid.
  func run(_ index: Int, _ arguments: [Word]) -> Word {
    heap.reset()
    cost = 0
    budgetExceeded = false
    return program.code.withUnsafeBufferPointer { code in
      execute(code, index, arguments)
    }
  }

  /// Runs function `index` without resetting the heap, so the caller can still read words
  /// returned by earlier calls (explanations read a requirement's operands this way).
  func runKeepingHeap(_ index: Int, _ arguments: [Word]) -> Word {
    program.code.withUnsafeBufferPointer { code in
      execute(code, index, arguments)
    }
  }

  private func grow(_ needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<Word>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: stack, count: capacity)
    stack.deallocate()
    stack = bigger
    capacity = newCapacity
  }

  private struct Frame {
    var returnPC: Int
    var base: Int
  }

  // swift-format-ignore
  private func execute(_ code: UnsafeBufferPointer<Instruction>, _ index: Int, _ arguments: [Word]) -> Word {
    let function = program.functions[index]
    if function.localCount + 64 > capacity { grow(function.localCount + 64) }
    var sp = 0
    for argument in arguments {
      stack[sp] = argument
      sp += 1
    }
    while sp < function.localCount {
      stack[sp] = .null
      sp += 1
    }
    var bp = 0
    var pc = function.entry
    var frames: [Frame] = []
    let budget = limits.costBudget
    var cost = self.cost

    @inline(__always) func pop() -> Word {
      sp -= 1
      return stack[sp]
    }
    @inline(__always) func push(_ word: Word) {
      stack[sp] = word
      sp += 1
    }
    // Operators that charge for the size of their operands (`+`, `==`, `<`, `in`, indexing,
    // selection, map literals) add to `self.cost`, so the loop's counter is stored before them
    // and reloaded after, written out at each: a helper closure would capture the counter and
    // keep it out of a register (14 % slower on comparisons).

    while true {
      let instruction = code[pc]
      pc += 1
      cost &+= 1
      if cost > budget || sp + 8 >= capacity {
        if cost > budget {
          self.cost = cost
          budgetExceeded = true
          return heap.makeError(
            "evaluation cost budget of \(budget) exceeded (cost so far: \(cost + heap.allocated))")
        }
        grow(sp + 64)
      }
      switch instruction.op {
      case .constant: push(constants[Int(instruction.a)])
      case .null: push(.null)
      case .true: push(.bool(true))
      case .false: push(.bool(false))
      case .local: push(stack[bp + Int(instruction.a)])
      case .setLocal: stack[bp + Int(instruction.a)] = pop()
      case .global: push(globals[Int(instruction.a)])
      case .pop: sp -= 1
      case .fail:
        guard case .string(let message) = constants[Int(instruction.a)] else { continue }
        push(heap.makeError(heap.string(message)))
      case .jump: pc = Int(instruction.a)

      case .and:
        if case .bool(false) = stack[sp - 1] { pc = Int(instruction.a) }
      case .andCombine:
        let right = pop()
        let left = pop()
        push(logicalAnd(left, right))
      case .or:
        if case .bool(true) = stack[sp - 1] { pc = Int(instruction.a) }
      case .orCombine:
        let right = pop()
        let left = pop()
        push(logicalOr(left, right))
      case .implies:
        if case .bool(false) = stack[sp - 1] {
          stack[sp - 1] = .bool(true)
          pc = Int(instruction.a)
        }
      case .impliesCombine:
        let right = pop()
        let left = pop()
        push(logicalOr(not(left), right))
      case .branch:
        let condition = pop()
        switch condition {
        case .bool(true): break
        case .bool(false): pc = Int(instruction.a)
        case .error: push(condition); pc = Int(instruction.b)
        default: push(noOverload("_?_:_", condition)); pc = Int(instruction.b)
        }
      case .return:
        let result = pop()
        guard let frame = frames.popLast() else {
          self.cost = cost
          return result
        }
        sp = bp
        bp = frame.base
        pc = frame.returnPC
        push(result)

      case .not: stack[sp - 1] = not(stack[sp - 1])
      case .negate: stack[sp - 1] = negate(stack[sp - 1])
      case .add:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = add(stack[sp - 1], right)
        cost = self.cost
      case .subtract:
        let right = pop()
        stack[sp - 1] = arithmetic(.subtract, stack[sp - 1], right)
      case .multiply:
        let right = pop()
        stack[sp - 1] = arithmetic(.multiply, stack[sp - 1], right)
      case .divide:
        let right = pop()
        stack[sp - 1] = arithmetic(.divide, stack[sp - 1], right)
      case .remainder:
        let right = pop()
        stack[sp - 1] = arithmetic(.remainder, stack[sp - 1], right)
      case .equal:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = equality(stack[sp - 1], right, negated: false)
        cost = self.cost
      case .notEqual:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = equality(stack[sp - 1], right, negated: true)
        cost = self.cost
      case .less:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = ordering(stack[sp - 1], right, "_<_") { $0 < 0 }
        cost = self.cost
      case .lessEqual:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = ordering(stack[sp - 1], right, "_<=_") { $0 <= 0 }
        cost = self.cost
      case .greater:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = ordering(stack[sp - 1], right, "_>_") { $0 > 0 }
        cost = self.cost
      case .greaterEqual:
        let right = pop()
        self.cost = cost
        stack[sp - 1] = ordering(stack[sp - 1], right, "_>=_") { $0 >= 0 }
        cost = self.cost
      case .in:
        let container = pop()
        self.cost = cost
        stack[sp - 1] = membership(stack[sp - 1], container)
        cost = self.cost
      case .index:
        let key = pop()
        self.cost = cost
        stack[sp - 1] = self.index(stack[sp - 1], key)
        cost = self.cost
      case .select:
        self.cost = cost
        stack[sp - 1] = select(stack[sp - 1], name: instruction.a, field: instruction.b)
        cost = self.cost
      case .has:
        stack[sp - 1] = has(stack[sp - 1], name: instruction.a, field: instruction.b)
      case .list:
        let count = Int(instruction.a)
        sp -= count
        push(makeList(from: stack + sp, count: count))
      case .map:
        let count = Int(instruction.a)
        sp -= count * 2
        self.cost = cost
        push(makeMap(from: stack + sp, count: count))
        cost = self.cost
      case .template:
        let count = Int(instruction.a)
        sp -= count
        push(template(UnsafeBufferPointer(start: stack + sp, count: count)))

      case .builtin:
        let count = Int(instruction.b)
        sp -= count
        self.cost = cost
        let result = callBuiltin(instruction.a, UnsafeBufferPointer(start: stack + sp, count: count))
        cost = self.cost
        push(result)
      case .call:
        let callee = program.functions[Int(instruction.a)]
        frames.append(Frame(returnPC: pc, base: bp))
        bp = sp - Int(instruction.b)
        let top = bp + callee.localCount
        if top + 64 >= capacity { grow(top + 64) }
        while sp < top {
          stack[sp] = .null
          sp += 1
        }
        pc = callee.entry
      case .host:
        let count = Int(instruction.b)
        sp -= count
        push(callHost(Int(instruction.a), UnsafeBufferPointer(start: stack + sp, count: count)))

      case .iterInit:
        let base = bp + Int(instruction.a)
        let collection = pop()
        switch collection {
        case .list, .map:
          stack[base] = collection
        case .error:
          push(collection)
          pc = Int(instruction.b)
          continue
        default:
          push(heap.makeError("no matching overload: macros range over a list or map, not \(describeType(collection))"))
          pc = Int(instruction.b)
          continue
        }
        stack[base + 1] = .int(0)
        stack[base + 3] = .int(0)
      case .iterNext, .iterNextPair:
        let base = bp + Int(instruction.a)
        guard case .int(let position) = stack[base + 1] else { continue }
        let pair = instruction.op == .iterNextPair
        switch stack[base] {
        case .list(let list) where Int(position) < heap.count(list):
          if pair {
            stack[base + 2] = .int(position)
            stack[base + 4] = heap.element(list, Int(position))
          } else {
            stack[base + 2] = heap.element(list, Int(position))
          }
        case .map(let map) where Int(position) < Int(heap.mapRecord(map).count):
          let entry = Int(heap.mapRecord(map).start) + Int(position)
          stack[base + 2] = heap.mapKey(entry)
          if pair { stack[base + 4] = heap.mapValue(entry) }
        default:
          pc = Int(instruction.b)
          continue
        }
        stack[base + 1] = .int(position + 1)
      case .allStep:
        let base = bp + Int(instruction.a)
        let predicate = pop()
        switch predicate {
        case .bool(true): break
        case .bool(false):
          push(.bool(false))
          pc = Int(instruction.b)
        default:
          if case .bool = stack[base + 3] {
            stack[base + 3] = predicate.isError ? predicate : noOverload("all", predicate)
          }
        }
      case .existsStep:
        let base = bp + Int(instruction.a)
        let predicate = pop()
        switch predicate {
        case .bool(false): break
        case .bool(true):
          push(.bool(true))
          pc = Int(instruction.b)
        default:
          if case .bool = stack[base + 3] {
            stack[base + 3] = predicate.isError ? predicate : noOverload("exists", predicate)
          }
        }
      case .existsOneStep:
        let base = bp + Int(instruction.a)
        let predicate = pop()
        switch predicate {
        case .bool(false): break
        case .bool(true):
          if case .int(let count) = stack[base + 3] { stack[base + 3] = .int(count + 1) }
        default:
          push(predicate.isError ? predicate : noOverload("exists_one", predicate))
          pc = Int(instruction.b)
        }
      case .existsOneDone:
        if case .int(let count) = stack[bp + Int(instruction.a) + 3] { push(.bool(count == 1)) } else { push(.bool(false)) }
      case .filterStep:
        let base = bp + Int(instruction.a)
        let predicate = pop()
        guard case .int(let kept) = stack[base + 3] else { continue }
        switch predicate {
        case .bool(true):
          push(stack[base + 2])
          stack[base + 3] = .int(kept + 1)
          if kept + 1 > limits.maximumCollectionSize {
            sp -= Int(kept) + 1
            push(collectionTooLarge())
            pc = Int(instruction.b)
          }
        case .bool(false): break
        default:
          sp -= Int(kept)
          push(predicate.isError ? predicate : noOverload("filter", predicate))
          pc = Int(instruction.b)
        }
      case .mapStep:
        let base = bp + Int(instruction.a)
        guard case .int(let kept) = stack[base + 3] else { continue }
        if stack[sp - 1].isError || kept + 1 > limits.maximumCollectionSize {
          let failure = stack[sp - 1].isError ? stack[sp - 1] : collectionTooLarge()
          sp -= Int(kept) + 1
          push(failure)
          pc = Int(instruction.b)
        } else {
          stack[base + 3] = .int(kept + 1)
        }
      case .entryStep:
        let base = bp + Int(instruction.a)
        guard case .int(let kept) = stack[base + 3] else { continue }
        if stack[sp - 1].isError || kept + 1 > limits.maximumCollectionSize {
          let failure = stack[sp - 1].isError ? stack[sp - 1] : collectionTooLarge()
          sp -= Int(kept) * 2 + 2
          push(failure)
          pc = Int(instruction.b)
        } else {
          stack[base + 3] = .int(kept + 1)
        }
      case .unwind:
        let failure = pop()
        if case .int(let kept) = stack[bp + Int(instruction.a) + 3] { sp -= Int(kept) * Int(instruction.b) }
        push(failure)
      case .collect:
        guard case .int(let kept) = stack[bp + Int(instruction.a) + 3] else { continue }
        sp -= Int(kept)
        push(.list(heap.makeList(from: stack + sp, count: Int(kept))))
      case .collectMap:
        guard case .int(let kept) = stack[bp + Int(instruction.a) + 3] else { continue }
        sp -= Int(kept) * 2
        // The keys are those of the list or map iterated over, distinct already.
        push(makeMap(from: stack + sp, count: Int(kept), distinct: true))
      }
    }
  }

  func collectionTooLarge() -> Word {
    heap.makeError("a list or map would exceed the limit of \(limits.maximumCollectionSize) elements")
  }

  private func makeList(from pointer: UnsafeMutablePointer<Word>, count: Int) -> Word {
    let elements = UnsafeBufferPointer(start: pointer, count: count)
    if let failure = elements.first(where: \.isError) { return failure }
    return .list(heap.makeList(elements))
  }

  /// A map of `count` key–value pairs. Unless the keys are known to be `distinct`, each is
  /// compared with the ones before it, and the comparisons are charged to the budget.
  private func makeMap(from pointer: UnsafeMutablePointer<Word>, count: Int, distinct: Bool = false) -> Word {
    var keys: [Word] = []
    var values: [Word] = []
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    for index in 0..<count {
      let key = pointer[index * 2]
      let value = pointer[index * 2 + 1]
      if key.isError { return key }
      if value.isError { return value }
      switch key {
      case .int, .uint, .bool, .string: break
      default: return heap.makeError("unsupported map key type: \(describeType(key))")
      }
      if !distinct, keys.contains(where: { equals($0, key) }) {
        return heap.makeError("repeated key in map literal: \(Printer.literal(self.value(of: key)))")
      }
      if !distinct { cost += keys.count }
      keys.append(key)
      values.append(value)
    }
    return keys.withUnsafeBufferPointer { keyBuffer in
      values.withUnsafeBufferPointer { valueBuffer in .map(heap.makeMap(keys: keyBuffer, values: valueBuffer)) }
    }
  }

  private func callHost(_ index: Int, _ arguments: UnsafeBufferPointer<Word>) -> Word {
    if let failure = arguments.first(where: \.isError) { return failure }
    if let failure = arguments.lazy.map(boxable).first(where: \.isError) { return failure }
    guard let host = hostBodies[index] else {
      return heap.makeError("host function '\(program.hosts[index].name)' is not registered by the host")
    }
    do {
      let result = try host.body(arguments.map { value(of: $0) })
      return word(from: result, interning: false)
    } catch {
      return heap.makeError("host function '\(host.name)' failed: \(error)")
    }
  }
}

/// Interned ids of the strings node functions compare with, so they never compare text.
struct WellKnownIDs {
  /// The names of `ArgumentKind`s, in `allCases` order.
  let argumentKinds: [Int32]
  let trueText: Int32
  let empty: Int32

  init(_ heap: inout Heap) {
    empty = heap.intern([])
    argumentKinds = ArgumentKind.allCases.map { heap.intern(Array($0.rawValue.utf8)) }
    trueText = heap.intern(Array("true".utf8))
  }
}
