/// Evaluates rulesets against view models. An engine is immutable and `Sendable`: build it
/// once with the rulesets and host functions, then evaluate any number of models from any
/// number of threads.
public struct Engine: Sendable {
  /// The rulesets given, and everything they import, each once.
  public let rulesets: [Ruleset]
  public let limits: EvaluationLimits
  let hosts: [String: HostFunction]

  /// An engine for `rulesets` (their imports are evaluated too). A ruleset that declares a host
  /// function missing from `hostFunctions` still loads; its rules that need the function are
  /// reported as *not run*.
  public init(rulesets: [Ruleset], hostFunctions: [HostFunction] = [], limits: EvaluationLimits = .standard) {
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

  /// Every rule and review item the engine evaluates.
  public var rules: [RuleInfo] { rulesets.flatMap(\.program.rules) }

  /// Evaluates every rule on the nodes its selector names.
  public func evaluate(_ model: ViewModel, options: EvaluationOptions = EvaluationOptions()) -> Report {
    var report = Report()
    report.summary.files = 1
    report.summary.nodes = model.nodeCount
    for ruleset in rulesets {
      var runner = RuleRunner(program: ruleset.program, model: model, hosts: hosts, limits: limits, options: options)
      runner.run(into: &report)
    }
    report.summary.rules = rules.filter { options.rules?.contains($0.id) ?? true }.count
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

  init(program: Program, model: ViewModel, hosts: [String: HostFunction], limits: EvaluationLimits, options: EvaluationOptions) {
    self.vm = VM(program: program, model: model, hosts: hosts, limits: limits)
    self.model = model
    self.options = options
  }

  mutating func run(into report: inout Report) {
    for rule in vm.program.compiledRules where options.rules?.contains(rule.info.id) ?? true {
      let missing = rule.info.hostFunctions.filter { !vm.hasHost($0) }
      for node in candidates(rule) {
        guard let bindings = bind(rule, node) else { continue }
        let result: Outcome.Result
        if !missing.isEmpty {
          let names = missing.map { "'\($0)'" }.joined(separator: ", ")
          result = .notRun(.hostFunctionMissing, "the rule calls host function \(names), which the host did not register")
        } else {
          result = evaluate(rule, node: node, bindings: bindings, report: &report)
        }
        record(rule, node: node, result: result, report: &report)
      }
    }
  }

  /// Nodes whose type the selector names, in preorder.
  private func candidates(_ rule: CompiledRule) -> [Int32] {
    if rule.targetTypes.contains("*") { return Array(0..<Int32(model.nodeCount)) }
    if rule.targetTypes.count == 1 { return Array(model.nodes(ofType: rule.targetTypes[0])) }
    return rule.targetTypes.flatMap { model.nodes(ofType: $0) }.sorted()
  }

  /// The words bound to the selector's names: the node, then for each `inside` step the
  /// nearest enclosing node of that type (above the previous one); nil when a step has none.
  private func bind(_ rule: CompiledRule, _ node: Int32) -> [Word]? {
    var bindings: [Word] = [.node(node)]
    var current = node
    for step in rule.ancestorTypes {
      var ancestor = model.nodes[Int(current)].parent
      while ancestor >= 0, !(step.contains("*") || step.contains(model.typeName(ancestor))) {
        ancestor = model.nodes[Int(ancestor)].parent
      }
      guard ancestor >= 0 else { return nil }
      bindings.append(.node(ancestor))
      current = ancestor
    }
    return bindings
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
      let result = vm.boxable(vm.run(operand.function, bindings))
      let shown: String
      if case .error(let index) = result {
        shown = "an error (\(vm.heap.errorMessage(index)))"
      } else {
        shown = Printer.literal(vm.value(of: result))
      }
      operands.append(Explanation.Operand(text: operand.text, value: shown))
    }
    let reference = model.reference(node)
    let message = rule.message.flatMap { text($0, bindings) } ?? rule.info.title ?? "\(requirement.kind.rawValue) \(requirement.text) failed"
    return Finding(
      rule: rule.info.id, ruleset: rule.info.ruleset, version: rule.info.version, severity: rule.info.severity,
      message: message, file: model.file, line: reference.line, column: reference.column, nodeType: reference.type,
      wcag: rule.info.wcag, fix: rule.fix.flatMap { text($0, bindings) }, help: rule.info.help,
      explanation: Explanation(
        clause: requirement.kind.rawValue, text: requirement.text, value: value ? "true" : "false", operands: operands))
  }

  private func record(_ rule: CompiledRule, node: Int32, result: Outcome.Result, report: inout Report) {
    var counts = report.ruleCounts[rule.info.id] ?? OutcomeCounts()
    switch result {
    case .failed:
      counts.failed += 1
      switch rule.info.severity {
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
    report.ruleCounts[rule.info.id] = counts
    if options.recordOutcomes {
      report.outcomes.append(Outcome(rule: rule.info.id, node: model.reference(node), result: result))
    }
  }
}
