import Synchronization

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
  /// Node types rulesets add to imported rules (`extend RULE { on … }`), by full rule id.
  let extraTypes: [String: [String]]
  /// Each ruleset's enabled rules as the runner visits them (`rulesets[i]`'s are `plans[i]`).
  let plans: [[RulePlan]]
  /// Each ruleset's source texts for explanations (`rulesets[i]`'s are `texts[i]`), made once
  /// instead of for each finding.
  let texts: [SourceTexts]

  /// An engine for `rulesets` (their imports are evaluated too). Call `validate()` next: it
  /// reports each host function a ruleset declares that `hostFunctions` lacks or has with
  /// another signature. (An engine that does not validate still evaluates, reporting the rules
  /// that call such a function as *not run*: a tool exploring a ruleset, like the REPL, can.)
  /// `severityOverrides` and `disabledRules` (full ids, or ruleset names for all their rules)
  /// carry a project's configuration.
  public init(
    rulesets: [Ruleset], hostFunctions: [HostFunction] = [], limits: EvaluationLimits = .standard,
    severityOverrides: [String: Severity] = [:], disabledRules: Set<String> = []
  ) {
    self.severityOverrides = severityOverrides
    self.disabledRules = disabledRules
    var seen: Set<String> = []
    var all: [Ruleset] = []
    for ruleset in rulesets {
      for member in ruleset.ruleClosure where seen.insert(member.name).inserted { all.append(member) }
    }
    self.rulesets = all
    var extraTypes: [String: [String]] = [:]
    for ruleset in all {
      for item in ruleset.program.metadata.extensions {
        for type in item.types where !(extraTypes[item.rule]?.contains(type) ?? false) {
          extraTypes[item.rule, default: []].append(type)
        }
      }
    }
    self.extraTypes = extraTypes
    self.limits = limits
    var hosts: [String: HostFunction] = [:]
    for function in hostFunctions { hosts[function.name] = function }
    self.hosts = hosts
    self.plans = all.map { ruleset in
      RulePlan.plans(for: ruleset.program, extraTypes: extraTypes) { Engine.isEnabled($0, disabled: disabledRules) }
    }
    self.texts = all.map { SourceTexts(program: $0.program, rulesets: all) }
  }

  /// Checks the host functions every ruleset declares against the ones the engine was given:
  /// an error at the `host` declaration for each one the host did not register, or registered
  /// with another number of parameters or another parameter or result type (`dyn` on either
  /// side matches any type).
  public func validate() throws(DiagnosticError) {
    var problems: [Diagnostic] = []
    var seen: Set<String> = []
    for ruleset in rulesets {
      for host in ruleset.program.hosts where seen.insert("\(host.position) \(host.name)").inserted {
        let message: String
        if let registered = hosts[host.name] {
          guard let mismatch = host.mismatch(with: registered) else { continue }
          message = mismatch
        } else {
          message = "host function '\(host.name)' is declared, but the host did not register it"
        }
        problems.append(diagnostic(message, at: host))
      }
    }
    if !problems.isEmpty { throw DiagnosticError(problems) }
  }

  /// A diagnostic at a host declaration, quoting its line when the engine has the source.
  private func diagnostic(_ message: String, at host: HostSignature) -> Diagnostic {
    let source = rulesets.first { $0.program.sourceName == host.file }?.program.sourceText
    let line = source.flatMap { text -> String? in
      guard host.line >= 1 else { return nil }
      return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(host.line - 1).first.map {
        String($0.hasSuffix("\r") ? $0.dropLast() : $0)
      }
    }
    return Diagnostic(
      .error, message, file: host.file, location: SourceLocation(line: max(host.line, 1), column: max(host.column, 1)),
      length: host.name.count, lineText: line,
      notes: ["declared as host \(host.declaration)"],
      help: "give the engine HostFunction(\"\(host.name)\", parameters: ["
        + host.parameters.map { ".\($0 == .nullType ? "nullType" : $0.rawValue)" }.joined(separator: ", ")
        + "], result: .\(host.result == .nullType ? "nullType" : host.result.rawValue)) { … }")
  }

  /// Every rule and review item the engine evaluates, with the project's severities.
  public var rules: [RuleInfo] {
    rulesets.flatMap(\.program.rules).filter { isEnabled($0.id) }.map { rule in
      var rule = rule
      rule.severity = severityOverrides[rule.id] ?? rule.severity
      return rule
    }
  }

  func isEnabled(_ rule: String) -> Bool { Engine.isEnabled(rule, disabled: disabledRules) }

  static func isEnabled(_ rule: String, disabled disabledRules: Set<String>) -> Bool {
    guard !disabledRules.isEmpty else { return true }
    let ruleset = rule.split(separator: "/").first.map(String.init) ?? rule
    return !disabledRules.contains(rule) && !disabledRules.contains(ruleset)
  }

  /// Evaluates every rule on the nodes its selector names. All the evaluations of the model
  /// together may spend `limits.fileCostBudget` (and what is left of `options.runBudget`);
  /// when that is spent, evaluation stops and the report holds one `NotRun` of reason
  /// `totalCostBudgetExceeded` where it stopped (see `Report.stopped`).
  public func evaluate(_ model: ViewModel, options: EvaluationOptions = EvaluationOptions()) -> Report {
    var report = Report()
    report.summary.files = 1
    report.summary.nodes = model.nodeCount
    var budget = TotalBudget(limits: limits, run: options.runBudget)
    // Counted from the plans, without copying any rule (this runs once per linted file).
    let ruleCount = plans.reduce(0) { count, plans in
      count + (options.rules.map { chosen in plans.count { chosen.contains($0.rule.info.id) } } ?? plans.count)
    }
    report.ruleCounts.reserveCapacity(ruleCount)
    let visitIndex = VisitIndex(model: model)
    for index in rulesets.indices {
      let runner = RuleRunner(
        engine: self, ruleset: index, plans: plans[index], model: model, options: options, index: visitIndex)
      runner.run(into: &report, budget: &budget)
      if report.stopped != nil { break }
    }
    options.runBudget?.spend(budget.spent)
    report.cost = budget.spent
    report.summary.rules = ruleCount
    report.sort()
    report.collapseRepeats()
    return report
  }
}

/// Cost units several evaluations share, whatever each one's own budget: all the files of a
/// run (`precept lint` over a folder), shared between threads.
package final class RunBudget: Sendable {
  package let limit: Int
  private let spentSoFar = Mutex(0)

  package init(limit: Int) { self.limit = limit }

  /// Cost units spent by the files evaluated so far.
  package var spent: Int { spentSoFar.withLock { $0 } }

  func spend(_ units: Int) { spentSoFar.withLock { $0 &+= units } }
}

/// What one model's evaluations may still spend: the per-file budget, or what is left of the
/// run's if that is less.
struct TotalBudget {
  let limit: Int
  /// Which budget `limit` is, for the message.
  let what: String
  /// Spent by the runners done with; the current runner's VM counts its own.
  var spent = 0

  init(limits: EvaluationLimits, run: RunBudget?) {
    let left = run.map { $0.limit - $0.spent } ?? Int.max
    if left < limits.fileCostBudget, let run {
      limit = max(left, 0)
      what = "of \(run.limit) cost units for all the files of the run"
    } else {
      limit = limits.fileCostBudget
      what = "of \(limits.fileCostBudget) cost units per file"
    }
  }

  var message: String {
    "evaluation of this file stopped here: its evaluations spent the total budget \(what); the rules left were not run"
  }
}

/// What to evaluate and what to keep.
public struct EvaluationOptions: Sendable {
  /// Keep every (rule, node) outcome in `Report.outcomes` (for the REPL and tests).
  public var recordOutcomes: Bool
  /// Evaluate only the rules with these full ids; nil for all.
  public var rules: Set<String>?

  /// A budget shared with the other files of a run, if any.
  package var runBudget: RunBudget?
  /// Make each finding's explanation as the rule fails, not when it is read (tests compare
  /// the two).
  package var explainsAtOnce = false

  public init(recordOutcomes: Bool = false, rules: Set<String>? = nil) {
    self.recordOutcomes = recordOutcomes
    self.rules = rules
  }
}

/// Runs one program's rules over one model.
///
/// A class, so that the calls the run loop makes for each visit pass one reference: as a
/// struct, the runner (152 bytes) was copied for every `evaluate` of every visit.
final class RuleRunner {
  /// The ruleset's index in `engine.rulesets`.
  let ruleset: Int
  let plans: [RulePlan]
  let model: ViewModel
  let options: EvaluationOptions
  let engine: Engine
  /// Made at the first node a rule's program runs on: a file on which none of the program's
  /// rules has a node to visit (no Menu for the menu rules) costs no VM.
  /// Read and written by one thread (the runner's), so without dynamic exclusivity checks.
  @exclusivity(unchecked) private(set) var vm: VM!
  /// What explaining the findings needs, kept at the first one (with the VM).
  private var deferred: DeferredExplanations!
  /// What the evaluation's runners share about the model.
  let visitIndex: VisitIndex

  init(
    engine: Engine, ruleset: Int, plans: [RulePlan], model: ViewModel, options: EvaluationOptions,
    index: VisitIndex? = nil
  ) {
    self.ruleset = ruleset
    self.plans = plans
    self.model = model
    self.options = options
    self.engine = engine
    self.visitIndex = index ?? VisitIndex(model: model)
  }

  private func severity(_ rule: CompiledRule) -> Severity {
    engine.severityOverrides[rule.info.id] ?? rule.info.severity
  }

  /// Evaluates the program's rules until `budget` is spent (then records where it stopped).
  ///
  /// The VM visits a rule's nodes in batches (`VM.visit`): passes and inapplicable visits are
  /// only counted there, and the batch stops for the runner where a visit makes something (a
  /// finding, a review item, a *not run*) or, when outcomes are recorded, after each visit.
  func run(into report: inout Report, budget: inout TotalBudget) {
    defer { budget.spent &+= vm?.spent ?? 0 }
    for plan in plans where options.rules?.contains(plan.rule.info.id) ?? true {
      // `plan.rule` is read in place: a copy of the compiled rule (a dozen strings and arrays)
      // for each file and rule cost twice what finding its candidates does.
      var counts = OutcomeCounts()
      defer { report.ruleCounts[plan.rule.info.id, default: OutcomeCounts()].add(counts) }
      var skipped = 0
      defer { counts.inapplicable &+= skipped }
      let stopped = withRows(plan, inapplicable: &skipped) { rows, stride, guardTest in
        guard !rows.isEmpty else { return false }
        return plan.clauses.withUnsafeBufferPointer { clauses in
          var batch = VisitBatch(
            rows: rows, stride: stride, when: Int32(plan.when), clauses: clauses, isReview: plan.isReview,
            guardTest: guardTest, spendingLimit: budget.limit &- budget.spent,
            stopsAfterEachVisit: options.recordOutcomes)
          defer {
            counts.passed &+= batch.passed
            counts.inapplicable &+= batch.inapplicable
          }
          return visit(plan, &batch, counts: &counts, report: &report, budget: budget)
        }
      }
      if stopped { return }
    }
  }

  /// Visits the batch's rows; true when the total budget stopped evaluation.
  private func visit(
    _ plan: RulePlan, _ batch: inout VisitBatch, counts: inout OutcomeCounts, report: inout Report,
    budget: TotalBudget
  ) -> Bool {
    // Whether the host registered the functions the rule calls is asked once, with the VM.
    var hostsChecked = !plan.needsHosts
    while true {
      if vm == nil {
        // No VM until a row's program is to run: a file with nothing to visit costs none.
        guard batch.nextRow(spent: 0, model: model) else {
          if !settle(plan, &batch, counts: &counts, report: &report, budget: budget) { return true }
          if case .finished = batch.event { return false }
          continue
        }
        vm = VM(program: engine.rulesets[ruleset].program, model: model, hosts: engine.hosts, limits: engine.limits)
      }
      if !hostsChecked {
        hostsChecked = true
        let missing = plan.rule.info.hostFunctions.compactMap { vm.hostProblem($0) }.joined(separator: "; ")
        if !missing.isEmpty {
          return cannotRun(plan, &batch, missing: missing, counts: &counts, report: &report, budget: budget)
        }
      }
      vm.visit(&batch)
      if !settle(plan, &batch, counts: &counts, report: &report, budget: budget) { return true }
      if case .finished = batch.event { return false }
    }
  }

  /// Does what the event the batch stopped at asks, and moves it past that row; false when
  /// the total budget is spent.
  private func settle(
    _ plan: RulePlan, _ batch: inout VisitBatch, counts: inout OutcomeCounts, report: inout Report,
    budget: TotalBudget
  ) -> Bool {
    if case .finished = batch.event { return true }
    let node = batch.rows[batch.position &* batch.stride]
    let made = (findings: report.findings.count, reviews: report.needsReview.count)
    let result: Outcome.Result
    switch batch.event {
    case .finished:
      preconditionFailure("settled above")
    case .spent:
      stop(plan.rule, node: node, message: budget.message, counts: &counts, report: &report)
      return false
    case .failed(let holds):
      let requirement = plan.rule.requirements[batch.clause]
      report.findings.append(
        finding(plan.rule, requirement, node: node, value: holds, bindings: batch.bindings(batch.position)))
      counts.failed &+= 1
      result = .failed
    case .notRun(let value):
      let bindings = batch.bindings(batch.position)
      let evaluated: Evaluated
      if batch.clause < 0 {
        evaluated = notRun(value, function: plan.when, kind: "when", text: nil, bindings: bindings)
      } else {
        let requirement = plan.rule.requirements[batch.clause]
        evaluated = notRun(
          value, function: requirement.function, kind: requirement.kind.rawValue, text: requirement.text,
          bindings: bindings)
      }
      record(
        plan.rule, node: node, result: evaluated.result, site: evaluated.site, counts: &counts, report: &report,
        madeFrom: made)
      batch.position &+= 1
      return true
    case .review:
      review(plan.rule, node: node, bindings: batch.bindings(batch.position), report: &report)
      counts.needsReview &+= 1
      result = .needsReview
    case .passed:
      result = .passed
    case .inapplicable:
      result = .inapplicable
    }
    if options.recordOutcomes { recordOutcome(plan.rule, node: node, result: result, report: &report, madeFrom: made) }
    batch.position &+= 1
    return true
  }

  /// Calls `body` with the rule's rows (see `VisitBatch.rows`) and the guard test the batch
  /// makes on each: the nodes its selector names, in preorder, each with the nodes its `inside`
  /// steps bind (a node a step finds no ancestor for is not visited). Without steps, the rows
  /// are the type index's own storage when one type has nodes in this model; and, unless each
  /// outcome is recorded, a rule whose `when` starts with `n.hasModifier("…")` visits only the
  /// nodes the index lists with that modifier, the others counted in `inapplicable` at once.
  /// (Should the total budget run out, evaluation then stops at the next node visited, not at
  /// a node the guard would have made inapplicable.)
  private func withRows<Result>(
    _ plan: RulePlan, inapplicable: inout Int,
    _ body: (UnsafeBufferPointer<Int32>, Int, ResolvedNodeGuard?) -> Result
  ) -> Result {
    let guardTest = plan.guardTest?.resolved(in: model)
    if plan.steps.isEmpty, !options.recordOutcomes, let guardTest, let name = guardTest.modifierName {
      let having = name < 0 ? [] : visitIndex.nodes(withModifier: name)
      if plan.everyNode {
        inapplicable &+= model.nodeCount &- having.count
        return having.withUnsafeBufferPointer { body($0, 1, nil) }
      }
      let types = plan.types.compactMap { $0.id(in: model) }
      let candidates = types.reduce(0) { $0 &+ model.nodes(ofTypeID: $1).count }
      let nodes = model.nodes
      let rows = having.filter { types.contains(nodes[Int($0)].type) }
      inapplicable &+= candidates &- rows.count
      return rows.withUnsafeBufferPointer { body($0, 1, nil) }
    }
    let candidates = self.candidates(plan)
    // Most rules have nothing to visit in most files: no rows, no steps looked up.
    if candidates.count == 0 { return body(UnsafeBufferPointer(start: nil, count: 0), 1, nil) }
    let steps = ancestorSteps(plan)
    if steps.isEmpty {
      switch candidates {
      case .nodes(let nodes): return body(nodes, 1, guardTest)
      case .merged(let nodes): return nodes.withUnsafeBufferPointer { body($0, 1, guardTest) }
      case .every: return visitIndex.allNodes.withUnsafeBufferPointer { body($0, 1, guardTest) }
      }
    }
    let stride = 1 + steps.count
    let rows = [Int32](unsafeUninitializedCapacity: candidates.count * stride) { rows, made in
      for position in 0..<candidates.count where bind(candidates[position], steps, into: rows.baseAddress! + made) {
        made &+= stride
      }
    }
    return rows.withUnsafeBufferPointer { body($0, stride, guardTest) }
  }

  /// The total budget is spent: one *not run* where evaluation stops.
  @inline(never)
  private func stop(
    _ rule: CompiledRule, node: Int32, message: String, counts: inout OutcomeCounts, report: inout Report
  ) {
    record(rule, node: node, result: .notRun(.totalCostBudgetExceeded, message), counts: &counts, report: &report)
    report.stopped = report.notRun.last
  }

  /// A rule that calls host functions the host lacks: *not run* on each row left, at the
  /// clause that would fail; false when the total budget stopped evaluation on the way.
  @inline(never)
  private func cannotRun(
    _ plan: RulePlan, _ batch: inout VisitBatch, missing: String, counts: inout OutcomeCounts,
    report: inout Report, budget: TotalBudget
  ) -> Bool {
    while batch.position < batch.rowCount {
      let node = batch.rows[batch.position &* batch.stride]
      if vm.spent >= batch.spendingLimit {
        stop(plan.rule, node: node, message: budget.message, counts: &counts, report: &report)
        return true
      }
      let made = (report.findings.count, report.needsReview.count)
      record(
        plan.rule, node: node, result: .notRun(.hostFunctionMissing, missing),
        site: callSite(plan.rule, batch.bindings(batch.position)), counts: &counts, report: &report, madeFrom: made)
      batch.position &+= 1
    }
    return false
  }

  /// The rule's ancestor steps as interned type ids of this model (nil: any type), so walking
  /// up the tree compares integers.
  func ancestorSteps(_ plan: RulePlan) -> [[Int32]?] {
    plan.steps.isEmpty ? [] : plan.steps.map { step in step.map { $0.compactMap { $0.id(in: model) } } }
  }

  /// The nodes a rule's selector names, in preorder.
  enum Candidates {
    case every(Int)
    case nodes(UnsafeBufferPointer<Int32>)
    case merged([Int32])

    var count: Int {
      switch self {
      case .every(let count): count
      case .nodes(let nodes): nodes.count
      case .merged(let nodes): nodes.count
      }
    }

    subscript(position: Int) -> Int32 {
      switch self {
      case .every: Int32(position)
      case .nodes(let nodes): nodes[position]
      case .merged(let nodes): nodes[position]
      }
    }
  }

  /// Nodes whose type the selector names, in preorder: the type index's own storage when one
  /// type has nodes in this model, a merged list only when several do.
  func candidates(_ plan: RulePlan) -> Candidates {
    if plan.everyNode { return .every(model.nodeCount) }
    var found: [UnsafeBufferPointer<Int32>] = []
    var only: UnsafeBufferPointer<Int32>? = nil
    for type in plan.types {
      guard let id = type.id(in: model) else { continue }
      let nodes = model.nodes(ofTypeID: id)
      guard !nodes.isEmpty else { continue }
      if only == nil && found.isEmpty {
        only = nodes
      } else {
        if let first = only { found.append(first) }
        only = nil
        found.append(nodes)
      }
    }
    if let only { return .nodes(only) }
    if found.isEmpty { return .nodes(UnsafeBufferPointer(start: nil, count: 0)) }
    return .merged(merge(found))
  }

  /// The nodes of several types' lists, each in preorder, merged in preorder (a node has one
  /// type, so no node is in two lists): a bit per node of the model, then the set bits in
  /// order, which is linear where a sort was not.
  func merge(_ lists: [UnsafeBufferPointer<Int32>]) -> [Int32] {
    var bits = [UInt64](repeating: 0, count: (model.nodeCount + 63) / 64)
    var total = 0
    for list in lists {
      total &+= list.count
      for node in list { bits[Int(node) >> 6] |= 1 << UInt64(node & 63) }
    }
    return [Int32](unsafeUninitializedCapacity: total) { merged, made in
      for index in bits.indices {
        var word = bits[index]
        while word != 0 {
          merged.initializeElement(at: made, to: Int32(index << 6 | word.trailingZeroBitCount))
          made &+= 1
          word &= word &- 1
        }
      }
    }
  }

  /// Writes the row of `node` at `row`: the node, then for each `inside` step the nearest
  /// enclosing node of that type (above the previous one); false when a step has none.
  func bind(_ node: Int32, _ steps: [[Int32]?], into row: UnsafeMutablePointer<Int32>) -> Bool {
    row[0] = node
    let nodes = model.nodes
    var current = node
    for index in steps.indices {
      var ancestor = nodes[Int(current)].parent
      if let types = steps[index] {
        while ancestor >= 0, !types.contains(nodes[Int(ancestor)].type) { ancestor = nodes[Int(ancestor)].parent }
      }
      guard ancestor >= 0 else { return false }
      row[index &+ 1] = ancestor
      current = ancestor
    }
    return true
  }

  /// An outcome, and for one that is *not run* the clause and the ruleset place it failed at.
  struct Evaluated {
    var result: Outcome.Result
    var site: Site?

    init(_ result: Outcome.Result, site: Site? = nil) {
      self.result = result
      self.site = site
    }
  }

  struct Site {
    var clause: String
    var place: RulesetPlace?
  }

  /// A clause whose value is not a bool: why, and where. The clause runs again in explain
  /// mode to find the sub-expression that made the error, so the normal run pays nothing for
  /// knowing it.
  private func notRun(
    _ word: Word, function: Int, kind: String, text: String?, bindings: [Word]
  ) -> Evaluated {
    let result: Outcome.Result
    if case .error(let index) = word {
      result = .notRun(vm.budgetExceeded ? .costBudgetExceeded : .evaluationError, vm.heap.errorMessage(index))
    } else {
      result = .notRun(.evaluationError, "the clause is \(vm.describeType(word)), not bool")
    }
    let (_, traced) = trace(function, bindings)
    let node = word.isError ? traced.trace.failedNode ?? traced.root : traced.root
    return Evaluated(result, site: site(traced, kind: kind, text: text, node: node))
  }

  private func site(_ traced: TracedClause, kind: String, text: String?, node: Int) -> Site {
    let written = traced.root >= 0 ? traced.texts.text(traced.root) : nil
    return Site(
      clause: kind + ((written ?? text).map { " " + $0 } ?? ""), place: node >= 0 ? traced.texts.place(node) : nil)
  }

  /// Runs a clause in explain mode.
  private func trace(_ function: Int, _ bindings: [Word]) -> (Word, TracedClause) {
    let (result, trace) = vm.runTraced(function, bindings)
    let texts = engine.texts[ruleset]
    return (result, TracedClause(function: function, trace: trace, texts: texts, program: vm.program))
  }

  /// Where a rule that cannot run (it calls a host function the host lacks) would fail: the
  /// first of its clauses whose run in explain mode makes an error.
  private func callSite(_ rule: CompiledRule, _ bindings: [Word]) -> Site? {
    let clauses =
      (rule.when.map { [("when", $0, nil as String?)] } ?? [])
      + rule.requirements.map { ($0.kind.rawValue, $0.function, $0.text as String?) }
    for (kind, function, text) in clauses {
      let (result, traced) = trace(function, bindings)
      guard result.isError else { continue }
      return site(traced, kind: kind, text: text, node: traced.trace.failedNode ?? traced.root)
    }
    return nil
  }

  /// The review items of a `review` rule that applies: one per check.
  private func review(_ rule: CompiledRule, node: Int32, bindings: [Word], report: inout Report) {
    let reference = model.reference(node)
    for check in rule.checks {
      report.needsReview.append(
        ReviewItem(
          rule: rule.info.id, ruleset: rule.info.ruleset, version: rule.info.version, category: rule.info.category,
          message: text(check, bindings) ?? "", file: model.file, line: reference.line, column: reference.column,
          nodeType: reference.type, wcag: rule.info.wcag))
    }
  }

  /// Runs a template function and reads its string, or nil if it failed.
  private func text(_ function: Int, _ bindings: [Word]) -> String? {
    vm.constantText(function) ?? text(of: vm.run(function, bindings))
  }

  private func text(of value: Word) -> String? {
    if case .string(let id) = value { return vm.heap.string(id) }
    if case .error(let index) = value { return "<error: \(vm.heap.errorMessage(index))>" }
    return nil
  }

  private func finding(
    _ rule: CompiledRule, _ requirement: CompiledRequirement, node: Int32, value: Bool,
    bindings: [Word]
  ) -> Finding {
    // The requirement runs again in explain mode when the explanation is read: a finding
    // dropped before then (on a copy of a linked view, suppressed) never pays for it.
    if deferred == nil { deferred = DeferredExplanations(texts: engine.texts[ruleset]) }
    let request = deferred.add(requirement, value: value, bindings: bindings, vm: vm)
    let explained =
      options.explainsAtOnce ? .made(deferred.explanation(request)) : ExplanationSlot.deferred(deferred, request)
    let reference = model.reference(node)
    let message =
      rule.message.flatMap { text($0, bindings) } ?? rule.info.title
      ?? "\(requirement.kind.rawValue) \(requirement.text) failed"
    var fix: String?
    var edit: FixEdit?
    if let function = rule.fix {
      let value = vm.run(function, bindings)
      fix = text(of: value)
      // A fix whose text could not be made is a hint that says why, never an edit.
      if let spec = rule.fixEdit, case .string(let id) = value {
        let made = FixEdit(kind: spec.kind, name: spec.name, text: vm.heap.string(id), node: Int(node))
        fix = made.hint
        edit = made
      }
    }
    return Finding(
      rule: rule.info.id, ruleset: rule.info.ruleset, version: rule.info.version, severity: severity(rule),
      message: message, file: model.file, line: reference.line, column: reference.column, nodeType: reference.type,
      wcag: rule.info.wcag, fix: fix, help: rule.info.help, explained: explained, edit: edit)
  }

  /// Counts an outcome (the summary is derived from the counts and the findings) and keeps it
  /// when asked, with the finding or review items it made: those from `madeFrom` on.
  private func record(
    _ rule: CompiledRule, node: Int32, result: Outcome.Result, site: Site? = nil, counts: inout OutcomeCounts,
    report: inout Report, madeFrom: (findings: Int, reviews: Int)? = nil
  ) {
    counts.count(result)
    if case .notRun(let reason, let message) = result {
      let reference = model.reference(node)
      report.notRun.append(
        NotRun(
          rule: rule.info.id, reason: reason, message: message, file: model.file, line: reference.line,
          column: reference.column, nodeType: reference.type, clause: site?.clause, place: site?.place))
    }
    if options.recordOutcomes { recordOutcome(rule, node: node, result: result, report: &report, madeFrom: madeFrom) }
  }

  /// Keeps an outcome (`EvaluationOptions.recordOutcomes`) with what it made.
  @inline(never)
  private func recordOutcome(
    _ rule: CompiledRule, node: Int32, result: Outcome.Result, report: inout Report,
    madeFrom: (findings: Int, reviews: Int)? = nil
  ) {
    let made = madeFrom ?? (report.findings.count, report.needsReview.count)
    report.outcomes.append(
      Outcome(
        rule: rule.info.id, node: model.reference(node), result: result,
        finding: report.findings[made.findings...].last,
        reviewItems: Array(report.needsReview[made.reviews...]),
        notRun: result.isNotRun ? report.notRun.last : nil))
  }
}

extension Outcome.Result {
  fileprivate var isNotRun: Bool {
    if case .notRun = self { return true }
    return false
  }
}
