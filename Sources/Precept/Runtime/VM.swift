/// A function the embedding host provides to rulesets that declare it with `host name(…)`.
///
/// It declares the types of its parameters and of its result, in the language's type names;
/// `Engine.validate()` checks them against what each ruleset declares, and every call checks
/// the argument values and the result against them (`.dyn` accepts anything).
public struct HostFunction: Sendable {
  /// A type a host function's parameter or result may have: one of the language's types, or
  /// `dyn` for any value (what an untyped declaration means).
  public enum ValueType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case dyn, int, uint, double, bool, string, bytes, list, map, type, node, argument, modifier, property
    case nullType = "null_type"

    /// The type's name as a ruleset writes it.
    public var description: String { rawValue }

    /// The language type of `value`'s values, or nil for `dyn`.
    var tag: TypeTag? {
      self == .dyn ? nil : TypeTag.byName[rawValue]
    }

    /// Whether a value of type `tag` is of this type.
    func accepts(_ tag: TypeTag) -> Bool { self == .dyn || self.tag == tag }
  }

  public let name: String
  public let parameterTypes: [ValueType]
  public let resultType: ValueType
  public let body: @Sendable ([Value]) throws -> Value

  public var parameterCount: Int { parameterTypes.count }

  /// A host function taking `parameters` and returning `result`; throwing from `body` makes
  /// the calling rule *not run*, with the error's description as the reason.
  public init(
    _ name: String, parameters: [ValueType], result: ValueType,
    _ body: @escaping @Sendable ([Value]) throws -> Value
  ) {
    self.name = name
    self.parameterTypes = parameters
    self.resultType = result
    self.body = body
  }

  /// An untyped host function: `parameterCount` parameters and a result of type `dyn`, as an
  /// untyped `host name(a, b)` declaration declares.
  public init(_ name: String, parameterCount: Int, _ body: @escaping @Sendable ([Value]) throws -> Value) {
    self.init(name, parameters: Array(repeating: .dyn, count: parameterCount), result: .dyn, body)
  }

  /// The signature as a ruleset would declare it: `(string, string) -> double`.
  var signatureText: String {
    HostSignature.text(parameterTypes, resultType)
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

  /// Cost units all the evaluations of one file (one view model) may spend together. A file
  /// that reaches it stops being evaluated; the report says so, and the rules left are not run.
  public var fileCostBudget: Int
  /// Cost units the evaluations of all the files of one run may spend together (the CLI's
  /// `lint` and `check`); files started after it is spent are stopped the same way.
  public var runCostBudget: Int

  public init(
    costBudget: Int = 1_000_000, maximumStringLength: Int = 1 << 20, maximumCollectionSize: Int = 100_000,
    fileCostBudget: Int = 2_000_000_000, runCostBudget: Int = 20_000_000_000
  ) {
    self.costBudget = costBudget
    self.maximumStringLength = maximumStringLength
    self.maximumCollectionSize = maximumCollectionSize
    self.fileCostBudget = fileCostBudget
    self.runCostBudget = runCostBudget
  }

  public static let standard = EvaluationLimits()
}

/// Runs a program's bytecode against one view model. A VM is mutable and used by one thread
/// at a time; the program and the model it reads are shared.
final class VM {
  let program: Program
  let model: ViewModel
  // The VM is used by one thread at a time and never lends its storage out across a call that
  // could reenter it, so Swift's dynamic exclusivity checks on these hot properties only cost
  // time (they were an eighth of evaluation).
  @exclusivity(unchecked) var heap: Heap
  let limits: EvaluationLimits
  /// The program's code and functions (shared by every VM of the program, which `program`
  /// keeps alive) and its constant pool with strings interned into this VM's string space, all
  /// in memory the run loop reads without reference counts.
  private let code: UnsafeBufferPointer<Instruction>
  private let functions: UnsafeBufferPointer<Function>
  @exclusivity(unchecked) private(set) var constants: RawArray<Word>
  /// What linking this program needs (`program.linkage`, held here so that linking a function
  /// touches no reference count); for each function, whether the constants its code and its
  /// callees' code name are linked (`prepare`); for each constant, whether it is linked.
  private let linkage: Linkage
  private let prepared: UnsafeMutablePointer<Bool>
  private let linked: UnsafeMutablePointer<Bool>
  /// For each string constant that names a node field, the field's code (−1 otherwise), so
  /// `selectLocal` needs only the name.
  private let fieldCodes: UnsafeBufferPointer<Int32>
  @exclusivity(unchecked) var globals: [Word] = []
  /// For each of the program's host functions, the registered one if it matches the
  /// declaration (else why not), and the types its arguments and result must have.
  private let hostBodies: [HostFunction?]
  private let hostProblems: [String?]
  private let hostTypes: [(parameters: [HostFunction.ValueType], result: HostFunction.ValueType)]
  /// Compiled patterns of `matches`, by pattern string id (interned ones only).
  var regexCache: [Int32: Regex] = [:]
  /// Steps the regex matcher took in this VM's runs, for tests that bound the work.
  var regexSteps = 0

  @exclusivity(unchecked) private var stack: UnsafeMutablePointer<Word>
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var frames = RawArray<Frame>(capacity: 16)
  /// The memo of pure `let`s of one node (`Function.memo`): for each, a table made at its first
  /// call with the bool it returned for each node and what that run charged. Lets such as
  /// `hasText(b)` are called by several rules on one node; the model does not change while the
  /// VM lives, so their value for a node does not either.
  @exclusivity(unchecked) private var memoTables: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
  private let memoSlotCount: Int
  private let memoNodeCount: Int
  /// Calls the memo answered (tests count them).
  @exclusivity(unchecked) private(set) var memoAnswers = 0
  @exclusivity(unchecked) var cost = 0
  /// Cost spent by every run of this VM so far, for the per-file and per-run budgets.
  @exclusivity(unchecked) private(set) var spent = 0
  /// Set when the last evaluation stopped because it ran out of budget.
  @exclusivity(unchecked) private(set) var budgetExceeded = false
  /// Programs this VM has run (tests count them to show which nodes a rule ran on).
  @exclusivity(unchecked) private(set) var runs = 0

  /// Interned ids of names the node functions compare against.
  let ids: WellKnownIDs
  /// The interned ids of expression form names, looked up on first use (−2: not yet, −1: not
  /// interned): most models are evaluated without a rule reading a form, and interning all of
  /// them for every evaluation cost more than the forms' reads.
  var expressionFormIDs: [Int32] = []
  /// The model's arena, read directly (the model outlives the VM, which holds it).
  let nodeRecords: NodeTable
  let argumentRecords: UnsafeBufferPointer<ArgumentRecord>
  let modifierRecords: ModifierTable
  let slotRecords: UnsafeBufferPointer<SlotRecord>
  let propertyRecords: UnsafeBufferPointer<PropertyRecord>
  let layerRecords: LayerTable
  let expressionRecords: ExpressionTable

  init(program: Program, model: ViewModel, hosts: [String: HostFunction] = [:], limits: EvaluationLimits = .standard) {
    self.program = program
    self.model = model
    self.limits = limits
    self.heap = Heap(model: model)
    nodeRecords = model.nodes
    argumentRecords = model.arguments
    modifierRecords = model.modifiers
    slotRecords = model.slots
    propertyRecords = model.properties
    layerRecords = model.layers
    expressionRecords = model.expressions
    var bodies: [HostFunction?] = []
    var problems: [String?] = []
    var types: [(parameters: [HostFunction.ValueType], result: HostFunction.ValueType)] = []
    for signature in program.hosts {
      let registered = hosts[signature.name]
      let problem =
        registered.map { signature.mismatch(with: $0) }
        ?? "host function '\(signature.name)' is not registered by the host"
      bodies.append(problem == nil ? registered : nil)
      problems.append(problem)
      // Where the ruleset says `dyn`, the host's own type still holds.
      types.append(
        (
          zip(signature.parameters, registered?.parameterTypes ?? signature.parameters).map { $0 == .dyn ? $1 : $0 },
          signature.result == .dyn ? registered?.resultType ?? .dyn : signature.result
        ))
    }
    self.hostBodies = bodies
    self.hostProblems = problems
    self.hostTypes = types
    capacity = 256
    stack = .allocate(capacity: capacity)
    let linkage = program.linkage
    var heap = self.heap
    heap.startExtras(copying: linkage.strings)
    // Words are constants as they are; strings, bytes and lists wait for the first function
    // that names them (`prepare`).
    constants = RawArray(copying: linkage.unlinkedConstants.buffer)
    self.linkage = linkage
    prepared = .allocate(capacity: max(1, linkage.functions.count))
    prepared.initialize(repeating: false, count: max(1, linkage.functions.count))
    linked = .allocate(capacity: max(1, linkage.constants.count))
    linked.initialize(repeating: false, count: max(1, linkage.constants.count))
    ids = WellKnownIDs(&heap)
    fieldCodes = linkage.fieldCodes.buffer
    heap.markPersistent()
    self.heap = heap
    code = linkage.code.buffer
    functions = linkage.functions.buffer
    memoSlotCount = linkage.memoSlots
    memoNodeCount = model.nodeCount
    memoTables = .allocate(capacity: max(1, memoSlotCount))
    memoTables.initialize(repeating: nil, count: max(1, memoSlotCount))
  }

  deinit {
    for slot in 0..<memoSlotCount { memoTables[slot]?.deallocate() }
    memoTables.deallocate()
    prepared.deallocate()
    linked.deallocate()
    stack.deallocate()
    heap.deallocate()
    constants.deallocate()
    frames.deallocate()
  }

  /// What the run loop needs of a function.
  struct Function: Sendable {
    var entry: Int32
    var localCount: Int32
    /// Room the function's own values need on the stack: the deepest its code goes, from the
    /// instruction set's table (`Verifier.deepestStack`).
    var stackNeed: Int32
    /// The function's slot in the VM's memo (`memoTables`), or −1: a `let` of one parameter
    /// whose value depends on it alone (`Linkage.pureOfOneParameter`).
    var memo: Int32
  }

  /// Whether an ordering (-1, 0, 1) satisfies a comparison opcode.
  @inline(__always)
  static func holds(_ op: Opcode, _ order: Int) -> Bool {
    switch op {
    case .less: order < 0
    case .lessEqual: order <= 0
    case .greater: order > 0
    default: order >= 0
    }
  }

  /// `compareConstant`: `left OP right`, where `raw` is a comparison's opcode number (the
  /// verifier checks it), with the fast paths of `equal` and the orderings.
  ///
  /// The opcode is told by its number: `Opcode(rawValue:)` is a call, not inlined, and it was
  /// a tenth of the §6 rule's comparisons.
  @inline(__always)
  private func compare(_ left: Word, _ right: Word, _ raw: Int32) -> Word {
    let number = UInt8(truncatingIfNeeded: raw)
    if number == Opcode.equal.rawValue || number == Opcode.notEqual.rawValue {
      let negated = number == Opcode.notEqual.rawValue
      switch (left, right) {
      case (.string(let a), .string(let b)) where heap.isInterned(a) && heap.isInterned(b):
        return .bool((a == b) != negated)
      case (.int(let a), .int(let b)):
        return .bool((a == b) != negated)
      default:
        return equality(left, right, negated: negated)
      }
    }
    if number == Opcode.in.rawValue { return membership(left, right) }
    if case .int(let a) = left, case .int(let b) = right {
      let order = a < b ? -1 : (a > b ? 1 : 0)
      switch number {
      case Opcode.less.rawValue: return .bool(order < 0)
      case Opcode.lessEqual.rawValue: return .bool(order <= 0)
      case Opcode.greater.rawValue: return .bool(order > 0)
      default: return .bool(order >= 0)
      }
    }
    let op = Opcode(rawValue: number) ?? .greaterEqual
    return ordering(left, right, VM.operatorName(op)) { VM.holds(op, $0) }
  }

  /// `builtinConstant`: builtin `raw` of a receiver and a string constant, with a string's
  /// prefix tested in place and the node queries by name out of line (`callBuiltin(_:_:constant:)`):
  /// testing them here too made the run loop larger and slower.
  @inline(__always)
  private func callBuiltin(_ raw: Int32, _ receiver: Word, _ argument: Word) -> Word {
    if raw == Builtin.startsWith.rawValue, case .string(let text) = receiver, case .string(let prefix) = argument {
      return stringStartsWith(text, prefix)
    }
    return callBuiltin(raw, receiver, constant: argument)
  }

  /// A `builtinConstant` run after the instruction before it without a dispatch of its own:
  /// charged as the two instructions it is (itself and the `constant` it stands for), with the
  /// run's steps joining `cost` first, as before any builtin. The caller checks the budget.
  @inline(__always)
  private func fusedBuiltinConstant(_ next: Instruction, _ receiver: Word, _ steps: inout Int) -> Word {
    steps &+= 2
    cost &+= steps
    steps = 0
    return callBuiltin(next.a, receiver, constants[Int(next.b)])
  }

  static func operatorName(_ op: Opcode) -> String {
    switch op {
    case .less: "_<_"
    case .lessEqual: "_<=_"
    case .greater: "_>_"
    default: "_>=_"
    }
  }

  /// The memo's table of function slot `slot`, made at its first call: one entry per node,
  /// 0 until the call's value for that node is known, then 1 | value << 1 | cost << 2 |
  /// words allocated << 34.
  @inline(never)
  private func makeMemoTable(_ slot: Int) -> UnsafeMutablePointer<UInt64> {
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, memoNodeCount))
    table.initialize(repeating: 0, count: max(1, memoNodeCount))
    memoTables[slot] = table
    return table
  }

  /// Keeps the bool a memoized call returned, with what it charged (a call that charged more
  /// than the entry holds is not kept, and runs again next time).
  @inline(__always)
  private func remember(_ value: Bool, _ frame: Frame, spent: Int) {
    let made = heap.allocated &- frame.allocatedBefore
    guard spent >= 0, spent <= 0xFFFF_FFFF, made >= 0, made < 1 << 30 else { return }
    memoTables[Int(frame.memo)]![Int(frame.node)] = 1 | (value ? 2 : 0) | UInt64(spent) << 2 | UInt64(made) << 34
  }

  /// Stops an evaluation that spent its budget.
  private func overBudget(_ frameBase: Int, _ steps: Int) -> Word {
    cost &+= steps
    budgetExceeded = true
    frames.truncate(to: frameBase)
    return heap.makeError(
      "evaluation cost budget of \(limits.costBudget) exceeded (cost so far: \(cost + heap.allocated))")
  }

  /// Stops an evaluation whose code left a macro's position or count slot holding something
  /// else (code the compiler writes never does). The verifier bounds slots and the stack but
  /// not what a pack's code stores in a macro's slots, so this is an evaluation error, never a
  /// silent skip (which would unbalance the stack) nor a trap on a malformed pack.
  private func malformed(_ frameBase: Int, _ steps: Int, _ pc: Int, _ what: String) -> Word {
    cost &+= steps
    frames.truncate(to: frameBase)
    return heap.makeError(
      "malformed bytecode: at instruction \(pc - 1) (\(code[pc - 1].op.name)) the macro's \(what) is not an int")
  }

  /// Whether the host registered host function `index` of the program.
  func hasHost(_ name: String) -> Bool { hostProblem(name) == nil }

  /// Why the host function `name` cannot be called (not registered, or registered with another
  /// signature), or nil when it can.
  func hostProblem(_ name: String) -> String? {
    guard let index = program.hosts.firstIndex(where: { $0.name == name }) else {
      return "host function '\(name)' is not declared"
    }
    return hostProblems[index]
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
    var observer = Unobserved()
    return run(index, arguments, &observer)
  }

  /// What `run(index, …)` would make, when function `index` makes one constant string and
  /// nothing else (`Linkage.constantTexts`: a message with nothing interpolated), charged as
  /// that run would be charged (its three instructions); nil for other functions. A rule's
  /// message is read this way for each finding, without running the function or making a
  /// Swift string of what it left in the heap.
  func constantText(_ index: Int) -> String? {
    guard let text = linkage.constantTexts[index], text.utf8.count <= limits.maximumStringLength else { return nil }
    cost = 3
    budgetExceeded = false
    runs &+= 1
    spent &+= cost
    return text
  }

  /// Runs function `index` in explain mode: like `run`, and `trace` records what the source
  /// map's expressions evaluated to and where each error was made. The cost is not counted
  /// in `spent`: an explanation re-runs a clause that the budgets already paid for once.
  func runTraced(_ index: Int, _ arguments: [Word]) -> (result: Word, trace: Trace) {
    let before = spent
    var trace = Trace(map: program.sourceMap, code: code)
    let result = run(index, arguments, &trace)
    spent = before
    trace.finish(result)
    return (result, trace)
  }

  /// Links the constants function `index` and every function it calls name, the first time
  /// it is to run: `constants` holds them from then on.
  @inline(__always)
  private func prepare(_ index: Int) {
    if !prepared[index] { link(index) }
  }

  /// How many constants (strings, bytes and lists) this VM has linked; tests count them.
  var linkedConstantCount: Int { (0..<constants.count).filter { linked[$0] }.count }

  /// Links what `prepare` found unlinked. A list is made in the heap, so the heap is reset
  /// first (nothing runs between a run's reset and its first instruction, so nothing made
  /// since is in use) and marked persistent after: its lists outlive every later run.
  private func link(_ first: Int) {
    heap.reset()
    let linkage = self.linkage
    linkage.hashes.withUnsafeBufferPointer { hashes in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, functions.count)) { pending in
        // Each function is pushed once, when it is marked prepared.
        pending[0] = first
        prepared[first] = true
        var count = 1
        while count > 0 {
          count &-= 1
          let function = pending[count]
          for position in Int(linkage.useStarts[function])..<Int(linkage.useStarts[function &+ 1]) {
            let use = Int(linkage.uses[position])
            if use < 0 {
              let callee = -1 &- use
              if !prepared[callee] {
                prepared[callee] = true
                pending[count] = callee
                count &+= 1
              }
            } else if !linked[use] {
              linked[use] = true
              let code = linkage.linkCodes[use]
              if code >= 0 {
                constants[use] = .string(heap.linkedString(code, hash: hashes[Int(code)]))
              } else if code <= -2 {
                constants[use] = .bytes(heap.linkedString(-2 &- code, hash: hashes[Int(-2 &- code)]))
              } else {
                constants[use] = heap.link(linkage.constants[use], hashes: hashes)
              }
            }
          }
        }
      }
    }
    heap.markPersistent()
  }

  private func run<Observer: RunObserver>(_ index: Int, _ arguments: [Word], _ observer: inout Observer) -> Word {
    heap.reset()
    prepare(index)
    cost = 0
    budgetExceeded = false
    runs &+= 1
    observer.start(errors: heap.errors.count)
    let result = arguments.withUnsafeBufferPointer { execute(index, $0, &observer, nil) }
    spent &+= cost
    return result
  }

  /// Visits `batch`'s rows from `batch.position` until a visit needs the runner
  /// (`batch.event`; see `VisitBatch`). Each clause is a run of its own, begun as `run` begins
  /// one, but the run loop goes from one to the next without returning.
  func visit(_ batch: inout VisitBatch) {
    // The run loop goes from one clause to the next without `run`: each is prepared here.
    if batch.when >= 0 { prepare(Int(batch.when)) }
    for clause in batch.clauses { prepare(Int(clause.function)) }
    var function = firstVisitRun(&batch)
    var observer = Unobserved()
    while function >= 0 {
      let stride = batch.stride
      let row = batch.position &* stride
      let result = withUnsafeTemporaryAllocation(of: Word.self, capacity: stride) { arguments in
        for index in 0..<stride { (arguments.baseAddress! + index).initialize(to: .node(batch.rows[row &+ index])) }
        return withUnsafeMutablePointer(to: &batch) { execute(function, UnsafeBufferPointer(arguments), &observer, $0) }
      }
      // The loop returns when the batch stops, or when a run ends early (out of budget,
      // malformed code): then that run's result decides the visit here.
      guard batch.running else { return }
      function = nextVisitRun(&batch, after: result)
    }
  }

  /// Begins a run of `function` for `batch`, as `run` begins one.
  @inline(__always)
  private func beginVisitRun(_ batch: inout VisitBatch, _ function: Int32) -> Int {
    heap.reset()
    cost = 0
    budgetExceeded = false
    runs &+= 1
    batch.running = true
    return Int(function)
  }

  /// Stops `batch` at `event`.
  private func stopVisits(_ batch: inout VisitBatch, _ event: VisitBatch.Event) -> Int {
    batch.event = event
    batch.running = false
    return -1
  }

  /// The first run of the visit of the next row to visit from `batch.position` (rows that fail
  /// the guard test are inapplicable without one), begun; or −1 where the batch stops.
  @inline(never)
  private func firstVisitRun(_ batch: inout VisitBatch) -> Int {
    while batch.nextRow(spent: spent, model: model) {
      if let first = beginVisit(&batch) { return first }
      if batch.isReview { return stopVisits(&batch, .review) }
      // A rule without requirements passes.
      batch.passed &+= 1
      if batch.stopsAfterEachVisit { return stopVisits(&batch, .passed) }
      batch.position &+= 1
    }
    batch.running = false  // at the event `nextRow` made
    return -1
  }

  /// A run of `batch` ended with `result`: it counts in `spent`, as after `run`, and decides
  /// what runs next: the function returned (its run begun, on row `batch.position`), or −1
  /// where the batch stops.
  @inline(never)
  private func nextVisitRun(_ batch: inout VisitBatch, after result: Word) -> Int {
    spent &+= cost
    guard case .bool(let value) = result else { return stopVisits(&batch, .notRun(result)) }
    var clause = batch.clause
    if clause < 0 {
      guard value else {
        batch.inapplicable &+= 1
        if batch.stopsAfterEachVisit { return stopVisits(&batch, .inapplicable) }
        return nextRowRun(&batch)
      }
      if batch.isReview { return stopVisits(&batch, .review) }
      clause = 0
    } else {
      if value == batch.clauses[clause].forbids { return stopVisits(&batch, .failed(holds: value)) }
      clause &+= 1
    }
    if clause < batch.clauses.count {
      batch.clause = clause
      return beginVisitRun(&batch, batch.clauses[clause].function)
    }
    batch.passed &+= 1
    if batch.stopsAfterEachVisit { return stopVisits(&batch, .passed) }
    return nextRowRun(&batch)
  }

  /// The first run of the next row's visit: in the common case (a row left, no guard test,
  /// budget left, a `when` or a requirement to run) at once, else as `firstVisitRun` finds it.
  @inline(__always)
  private func nextRowRun(_ batch: inout VisitBatch) -> Int {
    batch.position &+= 1
    if batch.position < batch.rowCount, !batch.hasGuard, spent < batch.spendingLimit,
      let first = beginVisit(&batch)
    {
      return first
    }
    return firstVisitRun(&batch)
  }

  /// The first run of row `batch.position`'s visit (its `when`, else its first requirement)
  /// begun; nil when the visit has none to run (a review item without `when`, or a rule without
  /// requirements), which the caller decides.
  @inline(__always)
  private func beginVisit(_ batch: inout VisitBatch) -> Int? {
    if batch.when >= 0 {
      batch.clause = -1
      return beginVisitRun(&batch, batch.when)
    }
    if !batch.isReview, !batch.clauses.isEmpty {
      batch.clause = 0
      return beginVisitRun(&batch, batch.clauses[0].function)
    }
    return nil
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

  struct Frame {
    var returnPC: Int
    var base: Int
    var stackNeed: Int
    /// For a call that will keep its value in the memo: the callee's slot (else −1), the node
    /// it was called with, and the cost and heap allocation charged before it started.
    var memo: Int32 = -1
    var node: Int32 = 0
    var costBefore: Int = 0
    var allocatedBefore: Int = 0
  }

  // swift-format-ignore
  private func execute<Observer: RunObserver>(
    _ index: Int, _ arguments: UnsafeBufferPointer<Word>, _ observer: inout Observer,
    _ batch: UnsafeMutablePointer<VisitBatch>?
  ) -> Word {
    let function = functions[index]
    let localCount = Int(function.localCount)
    if localCount + Int(function.stackNeed) > capacity { grow(localCount + Int(function.stackNeed)) }
    // The stack's base in a local (reloaded after `grow`), and the instructions run counted in
    // a local that joins `cost` before anything reads it: both were loads and stores through
    // `self` on every instruction.
    var stack = self.stack
    var steps = 0
    var sp = 0
    for argument in arguments {
      stack[sp] = argument
      sp &+= 1
    }
    while sp < localCount {
      stack[sp] = .null
      sp &+= 1
    }
    var bp = 0
    var pc = Int(function.entry)
    var need = Int(function.stackNeed)
    let frameBase = frames.count
    let code = self.code.baseAddress!
    let codeCount = self.code.count
    let budget = limits.costBudget
    // The instruction that ran last, for an observer (−1 on entering a function); when there
    // is none, the optimiser drops it with the calls.
    var previous = -1

    // The stack is worked in place below (`stack[sp] = …; sp &+= 1` to push): local functions
    // capturing `sp` would cost a dynamic exclusivity check on every evaluation.

    // Straight-line code is as long as the program at most, so the budget is checked where
    // code repeats or grows the work: loop heads, jumps, calls and builtins. The stack has room
    // for a function's locals and the deepest its code goes (`Function.stackNeed`); only values
    // kept by `map` and `filter` go beyond, checked there.

    while true {
      if Observer.observes {
        observer.arrive(at: pc, from: previous, top: sp > 0 ? stack[sp &- 1] : .null, errors: heap.errors.count)
        previous = pc
      }
      let instruction = code[pc]
      pc &+= 1
      steps &+= 1
      switch instruction.op {
      case .constant:
        stack[sp] = constants[Int(instruction.a)]
        sp &+= 1
      case .null:
        stack[sp] = .null
        sp &+= 1
      case .true:
        stack[sp] = .bool(true)
        sp &+= 1
      case .false:
        stack[sp] = .bool(false)
        sp &+= 1
      case .local:
        stack[sp] = stack[bp &+ Int(instruction.a)]
        // A local is most often the receiver of a query by name (`n.hasModifier("…")`,
        // `b.slot("label")`): the `builtinConstant` after it runs here, charged as it would be.
        // So is the `builtin` of one argument (`b.text()`).
        if !Observer.observes {
          let next = code[pc]
          if next.op == .builtinConstant {
            pc &+= 1
            stack[sp] = fusedBuiltinConstant(next, stack[sp], &steps)
            if cost > budget { return overBudget(frameBase, 0) }
          } else if next.op == .builtin, next.b == 1 {
            pc &+= 1
            steps &+= 1
            cost &+= steps
            steps = 0
            stack[sp] = callUnaryBuiltin(next.a, stack[sp])
            if cost > budget { return overBudget(frameBase, 0) }
          }
        }
        sp &+= 1
      case .setLocal:
        sp &-= 1
        stack[bp &+ Int(instruction.a)] = stack[sp]
      case .global:
        stack[sp] = globals[Int(instruction.a)]
        sp &+= 1
      case .pop: sp &-= 1
      case .fail:
        guard case .string(let message) = constants[Int(instruction.a)] else {
          preconditionFailure("fail's operand is not a string constant (the verifier checks it)")
        }
        stack[sp] = heap.makeError(heap.string(message))
        sp &+= 1
      case .jump:
        pc = Int(instruction.a)
        if cost &+ steps > budget { return overBudget(frameBase, steps) }

      case .and:
        if case .bool(false) = stack[sp &- 1] { pc = Int(instruction.a) }
      case .andCombine:
        sp &-= 1
        let right = stack[sp]
        sp &-= 1
        // The `and` before it jumped over a false left side: a true one and a bool right side
        // make the right side, without the call.
        if case .bool(true) = stack[sp], case .bool = right {
          stack[sp] = right
        } else {
          stack[sp] = logicalAnd(stack[sp], right)
        }
        sp &+= 1
      case .or:
        if case .bool(true) = stack[sp &- 1] { pc = Int(instruction.a) }
      case .orCombine:
        sp &-= 1
        let right = stack[sp]
        sp &-= 1
        // As in `andCombine`: a false left side and a bool right side make the right side.
        if case .bool(false) = stack[sp], case .bool = right {
          stack[sp] = right
        } else {
          stack[sp] = logicalOr(stack[sp], right)
        }
        sp &+= 1
      case .implies:
        if case .bool(false) = stack[sp &- 1] {
          stack[sp &- 1] = .bool(true)
          pc = Int(instruction.a)
        }
      case .impliesCombine:
        sp &-= 1
        let right = stack[sp]
        sp &-= 1
        let left = stack[sp]
        stack[sp] = logicalOr(not(left), right)
        sp &+= 1
      case .branch:
        sp &-= 1
        let condition = stack[sp]
        switch condition {
        case .bool(true): break
        case .bool(false): pc = Int(instruction.a)
        case .error:
          stack[sp] = condition
          sp &+= 1
          pc = Int(instruction.b)
        default:
          stack[sp] = noOverload("_?_:_", condition)
          sp &+= 1
          pc = Int(instruction.b)
        }
      case .return:
        sp &-= 1
        let result = stack[sp]
        guard frames.count > frameBase else {
          cost &+= steps
          // In a batch of visits, the next run starts here, as the prologue above starts one.
          guard !Observer.observes, let batch else { return result }
          let next = nextVisitRun(&batch.pointee, after: result)
          guard next >= 0 else { return result }
          let callee = functions[next]
          let localCount = Int(callee.localCount)
          if localCount + Int(callee.stackNeed) > capacity { grow(localCount + Int(callee.stackNeed)) }
          stack = self.stack
          let stride = batch.pointee.stride
          let row = batch.pointee.rows.baseAddress! + batch.pointee.position &* stride
          // A row is the visited node, then (rarely) the nodes `inside` steps bound.
          stack[0] = .node(row[0])
          sp = 1
          while sp < stride {
            stack[sp] = .node(row[sp])
            sp &+= 1
          }
          while sp < localCount {
            stack[sp] = .null
            sp &+= 1
          }
          bp = 0
          pc = Int(callee.entry)
          need = Int(callee.stackNeed)
          steps = 0
          continue
        }
        let frame = frames[frames.count - 1]
        frames.truncate(to: frames.count - 1)
        if !Observer.observes, frame.memo >= 0, case .bool(let value) = result {
          remember(value, frame, spent: cost &+ steps &- frame.costBefore)
        }
        sp = bp
        bp = frame.base
        pc = frame.returnPC
        need = frame.stackNeed
        stack[sp] = result
        sp &+= 1
        // The call completes as an instruction of the caller.
        if Observer.observes { previous = pc - 1 }

      case .not:
        stack[sp &- 1] = not(stack[sp &- 1])
        // `!a || b`: the `or` after it is taken here, charged as its own instruction.
        if !Observer.observes, code[pc].op == .or {
          let target = Int(code[pc].a)
          pc &+= 1
          steps &+= 1
          if case .bool(true) = stack[sp &- 1] { pc = target }
        }
      case .negate: stack[sp &- 1] = negate(stack[sp &- 1])
      // Operators that read whole strings, lists or maps charge `cost` for what they read.
      case .add:
        sp &-= 1
        let right = stack[sp]
        stack[sp &- 1] = add(stack[sp &- 1], right)
      case .subtract:
        sp &-= 1
        let right = stack[sp]
        stack[sp &- 1] = arithmetic(.subtract, stack[sp &- 1], right)
      case .multiply:
        sp &-= 1
        let right = stack[sp]
        stack[sp &- 1] = arithmetic(.multiply, stack[sp &- 1], right)
      case .divide:
        sp &-= 1
        let right = stack[sp]
        stack[sp &- 1] = arithmetic(.divide, stack[sp &- 1], right)
      case .remainder:
        sp &-= 1
        let right = stack[sp]
        stack[sp &- 1] = arithmetic(.remainder, stack[sp &- 1], right)
      case .equal, .notEqual:
        sp &-= 1
        let right = stack[sp]
        let negated = instruction.op == .notEqual
        // Interned strings (node types, names, constants) and ints compare in place.
        switch (stack[sp &- 1], right) {
        case (.string(let a), .string(let b)) where heap.isInterned(a) && heap.isInterned(b):
          stack[sp &- 1] = .bool((a == b) != negated)
        case (.int(let a), .int(let b)):
          stack[sp &- 1] = .bool((a == b) != negated)
        default:
          stack[sp &- 1] = equality(stack[sp &- 1], right, negated: negated)
        }
      case .compareConstant:
        steps &+= 1  // the `constant` it stands for
        stack[sp &- 1] = compare(stack[sp &- 1], constants[Int(instruction.a)], instruction.b)
      case .builtinConstant:
        steps &+= 1  // the `constant` it stands for
        cost &+= steps  // before a builtin, which may read what is spent (`matches`)
        steps = 0
        stack[sp &- 1] = callBuiltin(instruction.a, stack[sp &- 1], constants[Int(instruction.b)])
        if cost &+ steps > budget { return overBudget(frameBase, steps) }
      case .less, .lessEqual, .greater, .greaterEqual:
        sp &-= 1
        let right = stack[sp]
        let op = instruction.op
        // Ints (sizes, counts, lines) compare in place.
        if case .int(let a) = stack[sp &- 1], case .int(let b) = right {
          let order = a < b ? -1 : (a > b ? 1 : 0)
          stack[sp &- 1] = .bool(VM.holds(op, order))
        } else {
          stack[sp &- 1] = ordering(stack[sp &- 1], right, VM.operatorName(op)) { VM.holds(op, $0) }
        }
      case .in:
        sp &-= 1
        let container = stack[sp]
        stack[sp &- 1] = membership(stack[sp &- 1], container)
      case .index:
        sp &-= 1
        let key = stack[sp]
        stack[sp &- 1] = self.index(stack[sp &- 1], key)
      case .select:
        stack[sp &- 1] = selectField(stack[sp &- 1], name: instruction.a, field: instruction.b)
      case .has:
        stack[sp &- 1] = has(stack[sp &- 1], name: instruction.a, field: instruction.b)
      case .list:
        let count = Int(instruction.a)
        sp -= count
        stack[sp] = makeList(from: stack + sp, count: count)
        sp &+= 1
      case .map:
        let count = Int(instruction.a)
        sp -= count * 2
        // Keys the compiler found distinct are not compared, but charged as if they were.
        stack[sp] = makeMap(from: stack + sp, count: count, distinct: instruction.b == 1, charged: true)
        sp &+= 1
      case .template:
        let count = Int(instruction.a)
        sp -= count
        stack[sp] = template(UnsafeBufferPointer(start: stack + sp, count: count))
        sp &+= 1

      case .builtin:
        let count = Int(instruction.b)
        sp -= count
        // `size()` and `startsWith()` of strings, the commonest builtins, skip the general call.
        var sized = false
        if count == 1, instruction.a == Builtin.size.rawValue, case .string(let id) = stack[sp] {
          stack[sp] = stringSize(id)
          sized = true
        } else if count == 2, instruction.a == Builtin.startsWith.rawValue, case .string(let text) = stack[sp],
          case .string(let prefix) = stack[sp &+ 1]
        {
          stack[sp] = stringStartsWith(text, prefix)
        } else if count == 1, !Observer.observes,
          instruction.a == Builtin.lowerAscii.rawValue || instruction.a == Builtin.upperAscii.rawValue,
          case .string(let id) = stack[sp], code[pc].op == .compareConstant,
          UInt8(truncatingIfNeeded: code[pc].b) == Opcode.in.rawValue, case .list(let list) = constants[Int(code[pc].a)]
        {
          // `s.lowerAscii() in ["…", …]` (a vague label, a reserved word) runs without making
          // the changed string: the list's strings are compared with `s` changed as it is read.
          // Charged as the builtin, then the `compareConstant` after it, would be.
          cost &+= steps
          steps = 0
          let bytes = heap.bytes(id)
          cost &+= bytes.count / 32
          heap.count(allocated: bytes.count / 16 + 1)
          if cost > budget { return overBudget(frameBase, 0) }
          pc &+= 1
          steps &+= 2
          stack[sp] = caseChangedMembership(bytes, upper: instruction.a == Builtin.upperAscii.rawValue, list)
          sp &+= 1
          continue
        } else {
          cost &+= steps  // as in `builtinConstant`
          steps = 0
          stack[sp] =
            count == 1
            ? callUnaryBuiltin(instruction.a, stack[sp])
            : callBuiltin(instruction.a, UnsafeBufferPointer(start: stack + sp, count: count))
        }
        sp &+= 1
        if cost &+ steps > budget { return overBudget(frameBase, steps) }
        // A string's size is most often compared with a constant (`t.size() > 0`): that
        // `compareConstant` runs here, charged as its two instructions.
        if sized, !Observer.observes, code[pc].op == .compareConstant {
          let next = code[pc]
          pc &+= 1
          steps &+= 2
          stack[sp &- 1] = compare(stack[sp &- 1], constants[Int(next.a)], next.b)
        }
      case .call:
        if cost &+ steps > budget { return overBudget(frameBase, steps) }
        let callee = functions[Int(instruction.a)]
        // A pure `let` of a node made its bool for this node before: the call is answered from
        // the memo and charged what running it charged (unless that would exceed the budget,
        // where running it again stops at the same instruction it did).
        var memo: Int32 = -1
        var memoNode: Int32 = 0
        if !Observer.observes, callee.memo >= 0, instruction.b == 1, case .node(let node) = stack[sp &- 1],
          node >= 0, Int(node) < memoNodeCount
        {
          let table = memoTables[Int(callee.memo)] ?? makeMemoTable(Int(callee.memo))
          let entry = table[Int(node)]
          if entry == 0 {
            memo = callee.memo
            memoNode = node
          } else if cost &+ steps &+ Int(truncatingIfNeeded: entry >> 2 & 0xFFFF_FFFF) <= budget {
            steps &+= Int(truncatingIfNeeded: entry >> 2 & 0xFFFF_FFFF)
            heap.count(allocated: Int(truncatingIfNeeded: entry >> 34))
            stack[sp &- 1] = .bool(entry & 2 != 0)
            memoAnswers &+= 1
            continue
          }
        }
        frames.append(
          Frame(
            returnPC: pc, base: bp, stackNeed: need, memo: memo, node: memoNode, costBefore: cost &+ steps,
            allocatedBefore: heap.allocated))
        need = Int(callee.stackNeed)
        bp = sp - Int(instruction.b)
        let top = bp + Int(callee.localCount)
        if top + Int(callee.stackNeed) >= capacity {
          grow(top + Int(callee.stackNeed))
          stack = self.stack
        }
        while sp < top {
          stack[sp] = .null
          sp &+= 1
        }
        pc = Int(callee.entry)
        if Observer.observes {
          observer.call(entry: pc)
          previous = -1
        }
      case .host:
        let count = Int(instruction.b)
        sp -= count
        stack[sp] = callHost(Int(instruction.a), UnsafeBufferPointer(start: stack + sp, count: count))
        sp &+= 1

      case .iterInit:
        let base = bp &+ Int(instruction.a)
        sp &-= 1
        let collection = stack[sp]
        switch collection {
        case .list, .map:
          stack[base] = collection
        case .error:
          stack[sp] = collection
          sp &+= 1
          pc = Int(instruction.b)
          continue
        default:
          stack[sp] = heap.makeError("no matching overload: macros range over a list or map, not \(describeType(collection))")
          sp &+= 1
          pc = Int(instruction.b)
          continue
        }
        stack[base &+ 1] = .int(0)
        stack[base &+ 3] = .int(0)
        // `all` and `exists` start their accumulator with `true` or `false` and `setLocal`
        // (what the compiler emits next): taken here, charged as their two instructions.
        if !Observer.observes, pc &+ 1 < codeCount, code[pc].op == .true || code[pc].op == .false,
          code[pc &+ 1].op == .setLocal, code[pc &+ 1].a == instruction.a &+ 3
        {
          stack[base &+ 3] = .bool(code[pc].op == .true)
          pc &+= 2
          steps &+= 2
        }
      case .iterNext, .iterNextPair:
        if cost &+ steps > budget { return overBudget(frameBase, steps) }
        let base = bp &+ Int(instruction.a)
        guard case .int(let position) = stack[base &+ 1] else { return malformed(frameBase, steps, pc, "position") }
        let pair = instruction.op == .iterNextPair
        switch stack[base] {
        case .list(let list) where Int(position) < heap.count(list):
          if pair {
            stack[base &+ 2] = .int(position)
            stack[base &+ 4] = heap.element(list, Int(position))
          } else {
            stack[base &+ 2] = heap.element(list, Int(position))
          }
        case .map(let map) where Int(position) < Int(heap.mapRecord(map).count):
          let entry = Int(heap.mapRecord(map).start) + Int(position)
          stack[base &+ 2] = heap.mapKey(entry)
          if pair { stack[base &+ 4] = heap.mapValue(entry) }
        default:
          pc = Int(instruction.b)
          continue
        }
        stack[base &+ 1] = .int(position + 1)
      case .selectLocal:
        let name = instruction.b
        let operand = stack[bp &+ Int(instruction.a)]
        // A map field named by an interned key found by its id (JSON keys are interned), the
        // usual case; anything else takes the general path.
        if case .map(let map) = operand, case .string(let key) = constants[Int(name)],
          let position = heap.positionOfInternedKey(key, in: map)
        {
          cost &+= position.probes
          stack[sp] = heap.mapValue(position.index)
        } else if case .node(let node) = operand, fieldCodes[Int(name)] == NodeField.type.rawValue {
          stack[sp] = .string(nodeRecords[Int(node)].type)
        } else {
          stack[sp] = selectField(operand, name: name, field: fieldCodes[Int(name)])
        }
        // A field is most often compared with a constant or given to a builtin with one
        // (`i.role == 'destructive'`, `c.type == "Image"`, `i.title.startsWith('Delete')`): the
        // next instruction runs here, charged as it would be, without a dispatch of its own.
        if !Observer.observes {
          let next = code[pc]
          if next.op == .compareConstant {
            pc &+= 1
            steps &+= 2
            stack[sp] = compare(stack[sp], constants[Int(next.a)], next.b)
          } else if next.op == .builtinConstant {
            pc &+= 1
            stack[sp] = fusedBuiltinConstant(next, stack[sp], &steps)
            if cost > budget { return overBudget(frameBase, 0) }
          }
        }
        sp &+= 1
      case .allStep, .existsStep:
        // `all` stops at the first false, `exists` at the first true; an error or a non-bool
        // is remembered (the first one) and reported only if nothing decides.
        let base = bp &+ Int(instruction.a)
        let decisive = instruction.op == .existsStep
        sp &-= 1
        let predicate = stack[sp]
        switch predicate {
        case .bool(decisive):
          stack[sp] = predicate
          sp &+= 1
          pc = Int(instruction.b)
        case .bool:
          // The loop's `jump` back to its `iterNext` (what the compiler emits next) is taken
          // here, charged as its own instruction, without a dispatch of its own.
          if !Observer.observes, code[pc].op == .jump {
            pc = Int(code[pc].a)
            steps &+= 1
            if cost &+ steps > budget { return overBudget(frameBase, steps) }
          }
        default:
          if case .bool = stack[base &+ 3] {
            stack[base &+ 3] = predicate.isError ? predicate : noOverload(decisive ? "exists" : "all", predicate)
          }
        }
      case .existsOneStep:
        let base = bp &+ Int(instruction.a)
        sp &-= 1
        let predicate = stack[sp]
        switch predicate {
        case .bool(false): break
        case .bool(true):
          guard case .int(let count) = stack[base &+ 3] else { return malformed(frameBase, steps, pc, "count") }
          stack[base &+ 3] = .int(count + 1)
        default:
          stack[sp] = predicate.isError ? predicate : noOverload("exists_one", predicate)
          sp &+= 1
          pc = Int(instruction.b)
        }
      case .existsOneDone:
        guard case .int(let count) = stack[bp &+ Int(instruction.a) + 3] else {
          return malformed(frameBase, steps, pc, "count")
        }
        stack[sp] = .bool(count == 1)
        sp &+= 1
      case .filterStep:
        let base = bp &+ Int(instruction.a)
        sp &-= 1
        let predicate = stack[sp]
        guard case .int(let kept) = stack[base &+ 3] else { return malformed(frameBase, steps, pc, "count") }
        switch predicate {
        case .bool(true):
          stack[sp] = stack[base &+ 2]
          sp &+= 1
          stack[base &+ 3] = .int(kept + 1)
          if sp + need >= capacity { grow(sp + need); stack = self.stack }
          if kept + 1 > limits.maximumCollectionSize {
            sp -= Int(kept) + 1
            stack[sp] = collectionTooLarge()
            sp &+= 1
            pc = Int(instruction.b)
          }
        case .bool(false): break
        default:
          sp -= Int(kept)
          stack[sp] = predicate.isError ? predicate : noOverload("filter", predicate)
          sp &+= 1
          pc = Int(instruction.b)
        }
      case .mapStep, .entryStep:
        // The mapped value (after its key, for `entryStep`) stays on the stack and is counted;
        // an error drops everything kept so far.
        let base = bp &+ Int(instruction.a)
        let stride = instruction.op == .entryStep ? 2 : 1
        guard case .int(let kept) = stack[base &+ 3] else { return malformed(frameBase, steps, pc, "count") }
        if stack[sp &- 1].isError || kept + 1 > limits.maximumCollectionSize {
          let failure = stack[sp &- 1].isError ? stack[sp &- 1] : collectionTooLarge()
          sp -= (Int(kept) + 1) * stride
          stack[sp] = failure
          sp &+= 1
          pc = Int(instruction.b)
        } else {
          stack[base &+ 3] = .int(kept + 1)
          if sp + need >= capacity { grow(sp + need); stack = self.stack }
        }
      case .unwind:
        sp &-= 1
        let failure = stack[sp]
        guard case .int(let kept) = stack[bp &+ Int(instruction.a) + 3] else {
          return malformed(frameBase, steps, pc, "count")
        }
        sp -= Int(kept) * Int(instruction.b)
        stack[sp] = failure
        sp &+= 1
      case .collect:
        guard case .int(let kept) = stack[bp &+ Int(instruction.a) + 3] else {
          return malformed(frameBase, steps, pc, "count")
        }
        sp -= Int(kept)
        stack[sp] = .list(heap.makeList(UnsafeBufferPointer(start: stack + sp, count: Int(kept))))
        sp &+= 1
      case .collectMap:
        guard case .int(let kept) = stack[bp &+ Int(instruction.a) + 3] else {
          return malformed(frameBase, steps, pc, "count")
        }
        sp -= Int(kept) * 2
        // The keys are those of the list or map iterated over, distinct already.
        stack[sp] = makeMap(from: stack + sp, count: Int(kept), distinct: true)
        sp &+= 1
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
  /// compared with the ones before it; the comparisons are charged to the budget unless the
  /// keys are distinct and not `charged`.
  private func makeMap(
    from pointer: UnsafeMutablePointer<Word>, count: Int, distinct: Bool = false, charged: Bool = false
  ) -> Word {
    var keys: [Word] = []
    var values: [Word] = []
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    // Small maps compare keys pairwise; big ones (transformMap makes up to 100,000 entries)
    // hash them, so building a map stays linear.
    var seen: Set<MapKeyIdentity> = []
    for index in 0..<count {
      let key = pointer[index * 2]
      let value = pointer[index * 2 + 1]
      if key.isError { return key }
      if value.isError { return value }
      switch key {
      case .int, .uint, .bool, .string: break
      default: return heap.makeError("unsupported map key type: \(describeType(key))")
      }
      let repeated =
        distinct
        ? false
        : count <= 16 ? keys.contains(where: { equals($0, key) }) : !seen.insert(identity(ofKey: key)).inserted
      if repeated {
        return heap.makeError("repeated key in map literal: \(Printer.literal(self.value(of: key)))")
      }
      if !distinct || charged { cost += keys.count }
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
      return heap.makeError(hostProblems[index] ?? "host function '\(program.hosts[index].name)' is not registered")
    }
    let types = hostTypes[index]
    for (position, (argument, type)) in zip(arguments, types.parameters).enumerated()
    where !type.accepts(argument.typeTag) {
      return heap.makeError(
        "host function '\(host.name)' takes \(Checker.article(type.rawValue)) as argument \(position + 1), "
          + "not \(Checker.article(argument.typeTag.name))")
    }
    let result: Word
    do {
      result = word(from: try host.body(arguments.map { value(of: $0) }), interning: false)
    } catch {
      return heap.makeError("host function '\(host.name)' failed: \(error)")
    }
    guard result.isError || types.result.accepts(result.typeTag) else {
      return heap.makeError(
        "host function '\(host.name)' returned \(Checker.article(result.typeTag.name)), "
          + "but it is declared to return \(Checker.article(types.result.rawValue))")
    }
    return result
  }
}

/// Interned ids of the strings node functions compare with, so they never compare text.
struct WellKnownIDs {
  /// The names of `ArgumentKind`s, in `allCases` order.
  let argumentKinds: [Int32]
  let trueText: Int32
  let empty: Int32

  init(_ heap: inout Heap) {
    // From bytes made once: making them per VM (one per file and ruleset) cost 4,000
    // instructions a VM.
    let bytes = WellKnownIDs.bytes
    empty = heap.intern(bytes[0])
    argumentKinds = bytes[1..<bytes.count - 1].map { heap.intern($0) }
    trueText = heap.intern(bytes[bytes.count - 1])
  }

  private static let bytes: [[UInt8]] = names.map { Array($0.utf8) }

  /// The names above in the order `init` interns them. Every program's string table ends with
  /// them (`Linkage`), so a VM finds them in its copy instead of growing and rehashing it: that
  /// was a fifth of making a VM, which `lint` does for every file and ruleset.
  static let names: [String] = [""] + ArgumentKind.allCases.map(\.rawValue) + ["true"]
}
