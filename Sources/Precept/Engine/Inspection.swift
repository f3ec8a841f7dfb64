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
  /// `nodes`, when given). Every clause runs in the VM's explain mode, even after one has
  /// decided the outcome, and the parts come from its trace: each sub-expression but literals,
  /// bare names and macro bodies, with the value it had (nil where the clause did not evaluate
  /// it), and, for a clause that is one helper call, the helper's body and its parts. Returns
  /// nil when the engine has no such rule.
  package func explain(rule id: String, in model: ViewModel, nodes: Set<Int>? = nil) -> [RuleExplanation]? {
    guard let index = rulesets.firstIndex(where: { $0.program.rules.contains { $0.id == id } }),
      let compiled = rulesets[index].program.compiledRules.first(where: { $0.info.id == id })
    else { return nil }
    let program = rulesets[index].program
    let texts = SourceTexts(program: program, rulesets: rulesets)
    let plan = RulePlan(index: 0, rule: compiled, extraTypes: extraTypes[id] ?? [], program: program)
    let runner = RuleRunner(engine: self, ruleset: index, plans: [plan], model: model, options: EvaluationOptions())
    let vm = VM(program: program, model: model, hosts: hosts, limits: limits)
    var clauses: [(kind: String, function: Int)] = compiled.when.map { [("when", $0)] } ?? []
    clauses += compiled.requirements.map { ($0.kind.rawValue, $0.function) }
    let steps = runner.ancestorSteps(plan)
    var explanations: [RuleExplanation] = []
    var row = [Int32](repeating: 0, count: 1 + steps.count)
    let candidates = runner.candidates(plan)
    for node in (0..<candidates.count).map({ candidates[$0] }) where nodes?.contains(Int(node)) ?? true {
      guard row.withUnsafeMutableBufferPointer({ runner.bind(node, steps, into: $0.baseAddress!) }) else { continue }
      let words = row.map { Word.node($0) }
      let bindings = zip(compiled.bindings, words).filter { !$0.0.isEmpty }.map { ($0.0, vm.value(of: $0.1)) }
      let explained = clauses.map { clause in
        let (result, trace) = vm.runTraced(clause.function, words)
        let traced = TracedClause(function: clause.function, trace: trace, texts: texts, program: program)
        var parts = traced.parts(of: traced.root).map { part in
          let text = texts.text(part.node) ?? ""
          return RuleExplanation.Part(
            text: part.call.flatMap { texts.text($0) }.map { "in \($0): \(text)" } ?? text, depth: part.depth,
            value: trace.values[part.node].map { vm.result(of: $0) })
        }
        // The clause's own value is the run's result (a program without a source map has no
        // parts, and no text for it).
        if parts.isEmpty { parts = [RuleExplanation.Part(text: "", depth: 0, value: nil)] }
        parts[0].value = vm.result(of: result)
        return RuleExplanation.Clause(kind: clause.kind, parts: parts)
      }
      explanations.append(RuleExplanation(node: model.reference(node), bindings: bindings, clauses: explained))
    }
    return explanations
  }
}

extension VM {
  /// A word as an explanation shows it: its value, or the error it is.
  fileprivate func result(of word: Word) -> Result<Value, EvaluationError> {
    if case .error(let error) = word { return .failure(EvaluationError(heap.errorMessage(error))) }
    return .success(value(of: word))
  }
}

extension Ruleset {
  /// The bytecode of one rule (by its id inside the ruleset, or its full id): the functions of
  /// its clauses, message and fix, and the lets they call. Nil when the ruleset has no such rule.
  package func disassembly(ofRule id: String) -> String? {
    guard let rule = program.compiledRules.first(where: { $0.info.id == id || $0.info.localID == id }) else {
      return nil
    }
    var functions = rule.requirements.map(\.function)
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
