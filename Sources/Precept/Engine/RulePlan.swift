/// What the engine needs of one enabled rule to visit a model's nodes, worked out once per
/// engine rather than for every file and rule: its selector's node types (with those `extend`
/// adds) and ancestor steps, ready to look up in a model without hashing.
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
  /// Set when the rule calls host functions: whether they are registered is a VM's question.
  let needsHosts: Bool

  init(index: Int, rule: CompiledRule, extraTypes: [String], program: Program) {
    self.index = index
    self.rule = rule
    everyNode = rule.targetTypes.contains("*")
    self.types = everyNode ? [] : (rule.targetTypes + extraTypes).map(LookupName.init)
    steps = rule.ancestorTypes.map { step in step.contains("*") ? nil : step.map(LookupName.init) }
    needsHosts = !rule.info.hostFunctions.isEmpty
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
