// What the REPL asks of rulesets and rules beyond evaluating them: the value of every part of
// a rule on the nodes it visits (`:explain`), the bytecode of one rule (`:disasm`), and the lets
// a ruleset defines (completion and `:help`).

/// What every clause of a rule evaluates to on one node, with the value of each of the clause's
/// sub-expressions, so an author sees which clause decided and why.
package struct RuleExplanation: Sendable {
  /// The node the rule visited.
  package var node: NodeReference
  /// The selector's named bindings and the nodes bound to them, the visited node first.
  package var bindings: [(name: String, value: Value)]
  /// `when` (if the rule has one), then each `require` and `forbid`, in source order.
  package var clauses: [Clause]

  /// One clause and its parts.
  package struct Clause: Sendable {
    /// `when`, `require` or `forbid`.
    package var kind: String
    /// The clause's expression first (depth 0), then its sub-expressions in preorder.
    package var parts: [Part]
  }

  /// One sub-expression and its value.
  package struct Part: Sendable {
    /// The sub-expression as written.
    package var text: String
    /// Nesting below the clause: 0 for the clause itself, 1 for its operands, and so on.
    package var depth: Int
    /// The value, or nil when the clause does not evaluate this part on this node: the
    /// `&&`, `||`, `=>` or `?:` above it is decided without it.
    package var value: Result<Value, EvaluationError>?
  }
}

extension Engine {
  /// Explains the rule with full id `id` on the nodes it visits (those whose indices are in
  /// `nodes`, when given). Every clause is evaluated, even after one has decided the outcome,
  /// and so is every sub-expression that can be evaluated on its own: all but literals, bare
  /// names, and the parts of a macro's body that read the macro's variable. Returns nil when
  /// the engine has no such rule.
  package func explain(rule id: String, in model: ViewModel, nodes: Set<Int>? = nil) -> [RuleExplanation]? {
    guard let ruleset = rulesets.first(where: { $0.program.rules.contains { $0.id == id } }),
      let checked = try? ruleset.checked(), let rule = checked.rules.first(where: { "\(ruleset.name)/\($0.id)" == id })
    else { return nil }
    var plan = ExplanationPlan(parameterCount: rule.bindings.count, source: checked.source)
    var clauses: [(kind: String, root: Int)] = []
    if let when = rule.when { clauses.append(("when", plan.add(when.body))) }
    for requirement in rule.requirements {
      clauses.append((requirement.kind.rawValue, plan.add(requirement.function.body)))
    }
    let functions = plan.bodies.map {
      CheckedFunction(name: "\(rule.id).part", parameterCount: rule.bindings.count, localCount: 0, body: $0)
    }
    let (program, indices) = CodeGen.compileRuleset(checked, adding: functions)
    guard let compiled = program.compiledRules.first(where: { $0.info.id == id }) else { return nil }
    let runner = RuleRunner(engine: self, program: program, model: model, options: EvaluationOptions())
    let steps = runner.ancestorSteps(compiled)
    var explanations: [RuleExplanation] = []
    var words: [Word] = []
    for node in runner.candidates(compiled) where nodes?.contains(Int(node)) ?? true {
      guard runner.bind(node, steps, into: &words) else { continue }
      var evaluation = PlanEvaluation(plan: plan, functions: indices, vm: runner.vm, bindings: words)
      let explained = clauses.map { clause in
        var parts: [RuleExplanation.Part] = []
        evaluation.evaluate(clause.root, depth: 0, reached: true, into: &parts)
        return RuleExplanation.Clause(kind: clause.kind, parts: parts)
      }
      let bindings = zip(rule.bindings, words).filter { !$0.0.isEmpty }.map { ($0.0, runner.vm.value(of: $0.1)) }
      explanations.append(RuleExplanation(node: model.reference(node), bindings: bindings, clauses: explained))
    }
    return explanations
  }
}

/// The sub-expressions of a rule's clauses as a tree; each one that reads nothing but the
/// rule's bindings becomes a function of them.
private struct ExplanationPlan {
  /// How a step's operands after the first are reached.
  enum Gate {
    case always
    /// The second operand is skipped when the first is false (`&&`, `=>`) or true (`||`).
    case skipSecondWhen(Bool)
    /// `?:`: the condition picks one branch.
    case conditional
  }

  struct Step {
    var text: String
    /// Index into `bodies` when the sub-expression can be evaluated on its own.
    var body: Int?
    var shown: Bool
    var children: [Int] = []
    var gate: Gate
  }

  let parameterCount: Int
  let source: SourceFile
  private(set) var steps: [Step] = []
  private(set) var bodies: [IR] = []

  init(parameterCount: Int, source: SourceFile) {
    self.parameterCount = parameterCount
    self.source = source
  }

  /// Adds a clause (or, recursively, a sub-expression) and returns its step.
  mutating func add(_ ir: IR, isClause: Bool = true) -> Int {
    let evaluable = ir.readsOnlyParameters(below: parameterCount)
    let gate: Gate =
      switch ir.kind {
      case .binary(.and, _, _), .binary(.implies, _, _): .skipSecondWhen(false)
      case .binary(.or, _, _): .skipSecondWhen(true)
      case .conditional: .conditional
      default: .always
      }
    let index = steps.count
    steps.append(
      Step(
        text: source.text(ir.span.range), body: evaluable ? bodies.count : nil,
        shown: isClause || (evaluable && ir.isWorthExplaining), gate: gate))
    if evaluable { bodies.append(ir) }
    let children = ir.children.map { add($0, isClause: false) }
    steps[index].children = children
    return index
  }
}

/// Evaluates a plan's steps on one node's bindings.
private struct PlanEvaluation {
  let plan: ExplanationPlan
  /// Function indices of the plan's bodies in the compiled program.
  let functions: [Int]
  let vm: VM
  let bindings: [Word]

  /// Appends the shown parts of `step` and its operands; returns the step's value, or nil if it
  /// was not evaluated (not reached, or not evaluable on its own).
  @discardableResult
  mutating func evaluate(
    _ index: Int, depth: Int, reached: Bool, into parts: inout [RuleExplanation.Part]
  ) -> Result<Value, EvaluationError>? {
    let step = plan.steps[index]
    var value: Result<Value, EvaluationError>?
    if reached, let body = step.body {
      let word = vm.run(functions[body], bindings)
      if case .error(let error) = word {
        value = .failure(EvaluationError(vm.heap.errorMessage(error)))
      } else {
        value = .success(vm.value(of: word))
      }
    }
    if step.shown { parts.append(RuleExplanation.Part(text: step.text, depth: depth, value: value)) }
    let inner = step.shown ? depth + 1 : depth
    switch step.gate {
    case .always:
      for child in step.children { evaluate(child, depth: inner, reached: reached, into: &parts) }
    case .skipSecondWhen(let deciding):
      let first = evaluate(step.children[0], depth: inner, reached: reached, into: &parts)
      let decided = first.map { if case .success(.bool(deciding)) = $0 { true } else { false } } ?? false
      evaluate(step.children[1], depth: inner, reached: reached && !decided, into: &parts)
    case .conditional:
      let condition = evaluate(step.children[0], depth: inner, reached: reached, into: &parts)
      // A condition that was not evaluated on its own leaves both branches possible.
      var takes = (true, true)
      if let condition {
        if case .success(.bool(let flag)) = condition { takes = (flag, !flag) } else { takes = (false, false) }
      }
      evaluate(step.children[1], depth: inner, reached: reached && takes.0, into: &parts)
      evaluate(step.children[2], depth: inner, reached: reached && takes.1, into: &parts)
    }
    return value
  }
}

extension IR {
  /// Literals, bare names and types say nothing their text does not.
  fileprivate var isWorthExplaining: Bool {
    switch kind {
    case .local, .global, .type: false
    default: !isLiteral
    }
  }
}

extension Ruleset {
  /// The bytecode of one rule (by its id inside the ruleset, or its full id): the functions of
  /// its clauses, message and fix, and the lets they call. Nil when the ruleset has no such rule.
  package func disassembly(ofRule id: String) -> String? {
    guard let rule = program.compiledRules.first(where: { $0.info.id == id || $0.info.localID == id }) else {
      return nil
    }
    var functions = rule.requirements.flatMap { [$0.function] + $0.operands.map(\.function) }
    functions += [rule.when, rule.message, rule.fix].compactMap { $0 } + rule.checks
    return Disassembler.disassemble(program, functions: functions)
  }

  /// The lets the ruleset defines, as they are called: `iconOnly(m)`, or `name` without
  /// parameters.
  package var letSignatures: [String] {
    ((try? checked())?.syntax.lets ?? []).map { definition in
      definition.parameters.isEmpty
        ? definition.name.value
        : "\(definition.name.value)(\(definition.parameters.map(\.value).joined(separator: ", ")))"
    }
  }
}
