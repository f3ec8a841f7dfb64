/// Evaluates rulesets against view models. An engine is immutable and `Sendable`: build it
/// once with the rulesets and host functions, then evaluate any number of models from any
/// number of threads.
public struct Engine: Sendable {
  /// The rulesets given, and everything they import, each once.
  public let rulesets: [Ruleset]
  public let limits: EvaluationLimits
  let hosts: [String: HostFunction]
  /// Severities a project gives rules instead of their own, by full rule id.
  public let severityOverrides: [String: Severity]
  /// Rules a project turned off, by full rule id or ruleset name.
  public let disabledRules: Set<String>

  /// An engine for `rulesets` (their imports are evaluated too). A ruleset that declares a host
  /// function missing from `hostFunctions` still loads; its rules that need the function are
  /// reported as *not run*. `severityOverrides` and `disabledRules` (full ids, or ruleset names
  /// for all their rules) carry a project's configuration.
  public init(
    rulesets: [Ruleset], hostFunctions: [HostFunction] = [], limits: EvaluationLimits = .standard,
    severityOverrides: [String: Severity] = [:], disabledRules: Set<String> = []
  ) {
    self.severityOverrides = severityOverrides
    self.disabledRules = disabledRules
    var seen: Set<String> = []
    var all: [Ruleset] = []
    for ruleset in rulesets {
      for member in ruleset.closure where seen.insert(member.name).inserted { all.append(member) }
    }
    self.rulesets = all
    self.limits = limits
    var hosts: [String: HostFunction] = [:]
    for function in hostFunctions { hosts[function.name] = function }
    self.hosts = hosts
  }

  /// Every rule and review item the engine evaluates, with the project's severities.
  public var rules: [RuleInfo] {
    rulesets.flatMap(\.program.rules).filter { isEnabled($0.id) }.map { rule in
      var rule = rule
      rule.severity = severityOverrides[rule.id] ?? rule.severity
      return rule
    }
  }

  func isEnabled(_ rule: String) -> Bool {
    guard !disabledRules.isEmpty else { return true }
    let ruleset = rule.split(separator: "/").first.map(String.init) ?? rule
    return !disabledRules.contains(rule) && !disabledRules.contains(ruleset)
  }

  /// Evaluates every rule on the nodes its selector names.
  public func evaluate(_ model: ViewModel, options: EvaluationOptions = EvaluationOptions()) -> Report {
    var report = Report()
    report.summary.files = 1
    report.summary.nodes = model.nodeCount
    for ruleset in rulesets {
      var runner = RuleRunner(engine: self, program: ruleset.program, model: model, options: options)
      runner.run(into: &report)
    }
    // Counted without copying every rule's metadata (this runs once per linted file).
    report.summary.rules = rulesets.reduce(0) { count, ruleset in
      count
        + ruleset.program.compiledRules.count { rule in
          isEnabled(rule.info.id) && (options.rules?.contains(rule.info.id) ?? true)
        }
    }
    report.sort()
    return report
  }
}

/// What to evaluate and what to keep.
public struct EvaluationOptions: Sendable {
  /// Keep every (rule, node) outcome in `Report.outcomes` (for the REPL and tests).
  public var recordOutcomes: Bool
  /// Evaluate only the rules with these full ids; nil for all.
  public var rules: Set<String>?

  public init(recordOutcomes: Bool = false, rules: Set<String>? = nil) {
    self.recordOutcomes = recordOutcomes
    self.rules = rules
  }
}

/// Runs one program's rules over one model.
struct RuleRunner {
  let vm: VM
  let model: ViewModel
  let options: EvaluationOptions
  let engine: Engine

  init(engine: Engine, program: Program, model: ViewModel, options: EvaluationOptions) {
    self.vm = VM(program: program, model: model, hosts: engine.hosts, limits: engine.limits)
    self.model = model
    self.options = options
    self.engine = engine
  }

  private func severity(_ rule: CompiledRule) -> Severity {
    engine.severityOverrides[rule.info.id] ?? rule.info.severity
  }

  mutating func run(into report: inout Report) {
    for rule in vm.program.compiledRules
    where engine.isEnabled(rule.info.id) && (options.rules?.contains(rule.info.id) ?? true) {
      let missing = rule.info.hostFunctions.filter { !vm.hasHost($0) }
      let steps = ancestorSteps(rule)
      var counts = report.ruleCounts[rule.info.id] ?? OutcomeCounts()
      var bindings = [Word](repeating: .null, count: 1 + steps.count)
      for node in candidates(rule) {
        guard bind(node, steps, into: &bindings) else { continue }
        let result: Outcome.Result
        if !missing.isEmpty {
          let names = missing.map { "'\($0)'" }.joined(separator: ", ")
          result = .notRun(
            .hostFunctionMissing, "the rule calls host function \(names), which the host did not register")
        } else {
          result = evaluate(rule, node: node, bindings: bindings, report: &report)
        }
        record(rule, node: node, result: result, counts: &counts, report: &report)
      }
      report.ruleCounts[rule.info.id] = counts
    }
  }

  /// The rule's ancestor steps as interned type ids of this model (nil: any type), so walking
  /// up the tree compares integers.
  func ancestorSteps(_ rule: CompiledRule) -> [[Int32]?] {
    rule.ancestorTypes.map { step in
      step.contains("*") ? nil : step.compactMap { model.strings.find($0) }
    }
  }

  /// Nodes whose type the selector names, in preorder.
  func candidates(_ rule: CompiledRule) -> [Int32] {
    if rule.targetTypes.contains("*") { return Array(0..<Int32(model.nodeCount)) }
    if rule.targetTypes.count == 1 { return Array(model.nodes(ofType: rule.targetTypes[0])) }
    return rule.targetTypes.flatMap { model.nodes(ofType: $0) }.sorted()
  }

  /// Fills `bindings` (one word per step, written in place) with the node, then for each
  /// `inside` step the nearest enclosing node of that type (above the previous one); false
  /// when a step has none.
  func bind(_ node: Int32, _ steps: [[Int32]?], into bindings: inout [Word]) -> Bool {
    if bindings.count != 1 + steps.count { bindings = [Word](repeating: .null, count: 1 + steps.count) }
    bindings[0] = .node(node)
    let nodes = model.nodes
    var current = node
    for (index, step) in steps.enumerated() {
      var ancestor = nodes[Int(current)].parent
      while ancestor >= 0, let types = step, !types.contains(nodes[Int(ancestor)].type) {
        ancestor = nodes[Int(ancestor)].parent
      }
      guard ancestor >= 0 else { return false }
      bindings[index + 1] = .node(ancestor)
      current = ancestor
    }
    return true
  }

  private func notRun(_ word: Word) -> Outcome.Result {
    if case .error(let index) = word {
      return .notRun(vm.budgetExceeded ? .costBudgetExceeded : .evaluationError, vm.heap.errorMessage(index))
    }
    return .notRun(.evaluationError, "the clause is \(vm.describeType(word)), not bool")
  }

  private func evaluate(_ rule: CompiledRule, node: Int32, bindings: [Word], report: inout Report) -> Outcome.Result {
    if let when = rule.when {
      let value = vm.run(when, bindings)
      guard case .bool(let applies) = value else { return notRun(value) }
      if !applies { return .inapplicable }
    }
    if rule.info.kind == .review {
      let reference = model.reference(node)
      for check in rule.checks {
        report.needsReview.append(
          ReviewItem(
            rule: rule.info.id, ruleset: rule.info.ruleset, version: rule.info.version, category: rule.info.category,
            message: text(check, bindings) ?? "", file: model.file, line: reference.line, column: reference.column,
            nodeType: reference.type, wcag: rule.info.wcag))
      }
      return .needsReview
    }
    for requirement in rule.requirements {
      let value = vm.run(requirement.function, bindings)
      guard case .bool(let holds) = value else { return notRun(value) }
      let failed = requirement.kind == .require ? !holds : holds
      if failed {
        report.findings.append(finding(rule, requirement, node: node, value: holds, bindings: bindings))
        return .failed
      }
    }
    return .passed
  }

  /// Runs a template function and reads its string, or nil if it failed.
  private func text(_ function: Int, _ bindings: [Word]) -> String? {
    let value = vm.run(function, bindings)
    if case .string(let id) = value { return vm.heap.string(id) }
    if case .error(let index) = value { return "<error: \(vm.heap.errorMessage(index))>" }
    return nil
  }

  private func finding(
    _ rule: CompiledRule, _ requirement: CompiledRequirement, node: Int32, value: Bool, bindings: [Word]
  ) -> Finding {
    // Operands are re-evaluated one by one; only failures pay for this.
    var operands: [Explanation.Operand] = []
    for operand in requirement.operands {
      let result = vm.run(operand.function, bindings)
      operands.append(Explanation.Operand(text: operand.text, value: vm.summary(of: result)))
    }
    let reference = model.reference(node)
    let message =
      rule.message.flatMap { text($0, bindings) } ?? rule.info.title
      ?? "\(requirement.kind.rawValue) \(requirement.text) failed"
    return Finding(
      rule: rule.info.id, ruleset: rule.info.ruleset, version: rule.info.version, severity: severity(rule),
      message: message, file: model.file, line: reference.line, column: reference.column, nodeType: reference.type,
      wcag: rule.info.wcag, fix: rule.fix.flatMap { text($0, bindings) }, help: rule.info.help,
      explanation: Explanation(
        clause: requirement.kind.rawValue, text: requirement.text, value: value ? "true" : "false", operands: operands))
  }

  private func record(
    _ rule: CompiledRule, node: Int32, result: Outcome.Result, counts: inout OutcomeCounts, report: inout Report
  ) {
    switch result {
    case .failed:
      counts.failed += 1
      switch severity(rule) {
      case .error: report.summary.errors += 1
      case .warning: report.summary.warnings += 1
      case .info: report.summary.infos += 1
      }
    case .passed:
      counts.passed += 1
      report.summary.passed += 1
    case .inapplicable:
      counts.inapplicable += 1
      report.summary.inapplicable += 1
    case .needsReview:
      counts.needsReview += 1
      report.summary.needsReview += 1
    case .notRun(let reason, let message):
      counts.notRun += 1
      report.summary.notRun += 1
      let reference = model.reference(node)
      report.notRun.append(
        NotRun(
          rule: rule.info.id, reason: reason, message: message, file: model.file, line: reference.line,
          column: reference.column, nodeType: reference.type))
    }
    if options.recordOutcomes {
      report.outcomes.append(Outcome(rule: rule.info.id, node: model.reference(node), result: result))
    }
  }
}
