/// What the engine needs of one enabled rule to visit a model's nodes, worked out once per
/// engine rather than for every file and rule: its selector's node types (with those `extend`
/// adds) and ancestor steps, ready to look up in a model without hashing, and the node test
/// its `when` starts with, if any.
///
/// Lint evaluates every rule on every file, most of them on a few dozen nodes, so what a rule
/// costs before its first visit counts: copying the compiled rule (a dozen strings and arrays)
/// for each file, hashing its id and type names, allocating its candidate list.
final class RulePlan: Sendable {
  /// The rule's index in its program's `compiledRules`.
  let index: Int
  let rule: CompiledRule
  /// True for `on *`: every node is a candidate.
  let everyNode: Bool
  /// The selector's node types, then those `extend` adds.
  let types: [LookupName]
  /// Each `inside` step's node types, innermost first; nil for a `*` step.
  let steps: [[LookupName]?]
  /// Set when the rule calls host functions: whether they are registered is a VM's question,
  /// and a rule that cannot run is *not run* on every candidate, so no guard applies.
  let needsHosts: Bool
  /// A test of the visited node that, when it fails, makes `when` false: the node is then
  /// counted inapplicable without running the program (nil when `when` starts with none).
  let guardTest: NodeGuard?
  /// The rule's `when` function, or −1 without one.
  let when: Int
  /// Whether the rule is a `review` item (its checks, not its requirements, are run).
  let isReview: Bool
  /// Each requirement's function and whether it is a `forbid`, in order, as the VM's batch of
  /// visits reads them (`rule.requirements` would copy and retain each requirement's text).
  let clauses: [VisitBatch.Clause]

  init(index: Int, rule: CompiledRule, extraTypes: [String], program: Program) {
    self.index = index
    self.rule = rule
    everyNode = rule.targetTypes.contains("*")
    self.types = everyNode ? [] : (rule.targetTypes + extraTypes).map(LookupName.init)
    steps = rule.ancestorTypes.map { step in step.contains("*") ? nil : step.map(LookupName.init) }
    needsHosts = !rule.info.hostFunctions.isEmpty
    guardTest = needsHosts ? nil : rule.when.flatMap { program.guardTest(ofFunction: $0) }
    when = rule.when ?? -1
    isReview = rule.info.kind == .review
    clauses = rule.requirements.map { VisitBatch.Clause(function: Int32($0.function), forbids: $0.kind != .require) }
  }

  /// The engine's plans for `program`: its rules that `isEnabled`, in order.
  static func plans(for program: Program, extraTypes: [String: [String]], isEnabled: (String) -> Bool)
    -> [RulePlan]
  {
    program.compiledRules.indices.compactMap { index in
      let rule = program.compiledRules[index]
      guard isEnabled(rule.info.id) else { return nil }
      return RulePlan(index: index, rule: rule, extraTypes: extraTypes[rule.info.id] ?? [], program: program)
    }
  }
}

/// A string looked up in many models' interned strings: its bytes and hash, computed once.
struct LookupName: Sendable {
  let bytes: [UInt8]
  let hash: UInt64

  init(_ text: String) {
    bytes = Array(text.utf8)
    hash = bytes.withUnsafeBufferPointer { InternTable.hash($0) }
  }

  /// The string's id in `model`, or nil when no node, name or value of the model has it.
  func id(in model: ViewModel) -> Int32? {
    bytes.withUnsafeBufferPointer { model.strings.find($0, hash: hash) }
  }
}

/// A test of the visited node that a rule's `when` makes first, and that decides it is false
/// when it fails: `n.hasModifier("font") && …`, `"tap" in n.interactions && …`. The runner
/// makes it on the arena, without running the program: a rule `on *` whose `when` names a
/// modifier runs its program only on the nodes that have that modifier.
enum NodeGuard: Sendable, Equatable {
  /// The node has a modifier of this name.
  case modifier(LookupName)
  /// The node's `interactions` or `traits` (`field`) hold this string.
  case layerList(NodeField, LookupName)

  static func == (lhs: NodeGuard, rhs: NodeGuard) -> Bool {
    switch (lhs, rhs) {
    case (.modifier(let a), .modifier(let b)): a.bytes == b.bytes
    case (.layerList(let f, let a), .layerList(let g, let b)): f == g && a.bytes == b.bytes
    default: false
    }
  }

  /// The test against one model's strings.
  func resolved(in model: ViewModel) -> ResolvedNodeGuard {
    switch self {
    case .modifier(let name): name.id(in: model).map { .modifier($0) } ?? .never
    case .layerList(let field, let name): name.id(in: model).map { .layerList(field, $0) } ?? .never
    }
  }
}

/// A `NodeGuard` with its string as one model's id; `never` when the model lacks the string,
/// so that no node passes.
enum ResolvedNodeGuard {
  case modifier(Int32)
  case layerList(NodeField, Int32)
  case never

  /// For a test of a modifier, its name's id (−1 when no node passes); nil for other tests.
  var modifierName: Int32? {
    switch self {
    case .modifier(let name): name
    case .never: -1
    case .layerList: nil
    }
  }

  /// Whether `node` passes: exactly when the guarded clause would be true on it.
  func passes(_ node: Int32, in model: ViewModel) -> Bool {
    switch self {
    case .never:
      return false
    case .modifier(let name):
      let record = model.nodes[Int(node)]
      let modifiers = model.modifiers
      let start = Int(record.modifierStart)
      for position in start..<start + Int(record.modifierCount) where modifiers[position].name == name { return true }
      return false
    case .layerList(let field, let text):
      let layer = model.layers[Int(node)]
      let (start, count) =
        field == .traits ? (layer.traitStart, layer.traitCount) : (layer.interactionStart, layer.interactionCount)
      let lists = model.layerLists
      for position in Int(start)..<Int(start) + Int(count) where lists[position] == text { return true }
      return false
    }
  }
}

extension Program {
  /// The node test function `index` (a rule's `when`) starts with, if its code begins with one
  /// whose false goes straight to `return`: `local 0; builtinConstant hasModifier "name"` or
  /// `constant "text"; selectLocal 0 "interactions"|"traits"; in`, then `and` jumps (a chain of
  /// them, as `a && b && c` compiles) ending at `return`. Local 0 is the visited node; on a node
  /// both tests give a bool, never an error, so when the test is false the clause is false.
  ///
  /// Read from the bytecode, so packs get it too; a program read from a pack may be malformed
  /// (it is verified before it runs, not before this), so every index is checked.
  func guardTest(ofFunction index: Int) -> NodeGuard? {
    guard functions.indices.contains(index) else { return nil }
    var pc = functions[index].entry
    func instruction(_ at: Int) -> Instruction? { code.indices.contains(at) ? code[at] : nil }
    func string(_ constant: Int32) -> String? {
      guard constants.indices.contains(Int(constant)), case .string(let text) = constants[Int(constant)] else {
        return nil
      }
      return text
    }
    let test: NodeGuard
    if let first = instruction(pc), first.op == .local, first.a == 0, let second = instruction(pc + 1),
      second.op == .builtinConstant, second.a == Builtin.hasModifier.rawValue, let name = string(second.b)
    {
      test = .modifier(LookupName(name))
      pc += 2
    } else if let first = instruction(pc), first.op == .constant, let text = string(first.a),
      let second = instruction(pc + 1), second.op == .selectLocal, second.a == 0, let fieldName = string(second.b),
      let field = NodeField.byName[fieldName], field == .interactions || field == .traits,
      let third = instruction(pc + 2), third.op == .in
    {
      test = .layerList(field, LookupName(text))
      pc += 3
    } else {
      return nil
    }
    // `and` leaves a false on the stack and jumps; another `and` passes it on; `return` ends
    // the clause with it. Each jump must go forward, so this ends.
    var steps = 0
    while let next = instruction(pc), next.op == .and, Int(next.a) > pc, steps < code.count {
      pc = Int(next.a)
      steps += 1
    }
    return instruction(pc)?.op == .return ? test : nil
  }
}
