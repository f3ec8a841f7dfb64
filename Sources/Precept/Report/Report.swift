/// What evaluating rulesets against view models found: failures, items needing a person,
/// rules that could not run, and counts of every outcome.
public struct Report: Sendable, Hashable {
  /// Failed rules, one per (rule, node).
  public var findings: [Finding] = []
  /// Review items that apply: checks only a person can make.
  public var needsReview: [ReviewItem] = []
  /// Rules that could not be evaluated on a node, with the reason.
  public var notRun: [NotRun] = []
  /// Every (rule, node) outcome, when requested with `EvaluationOptions.recordOutcomes`.
  public var outcomes: [Outcome] = []
  /// Outcome counts per rule id, for rule coverage (`precept test`): with `findings`, the one
  /// record the summary's counts are derived from.
  public var ruleCounts: [String: OutcomeCounts] = [:]
  /// Where evaluation stopped because the total cost budget of the file (or of the run) was
  /// spent: also one of `notRun`. The files' callers report it as an input error.
  package var stopped: NotRun?
  /// Cost units the evaluations spent, for the per-file and per-run budgets (and the tests
  /// that bound the work).
  package var cost = 0
  /// What was evaluated, as the caller counts it (the CLI counts files it could not read).
  private var files = 0
  private var nodes = 0
  private var rules = 0
  /// Findings dropped by `suppressFindings`.
  private var suppressed = 0

  public init() {}

  /// Counts of a report's contents, derived from its findings and outcome counts; only the
  /// counts of what was evaluated (files, nodes, rules) are set by the caller.
  public var summary: Summary {
    get {
      var summary = Summary(files: files, nodes: nodes, rules: rules, suppressed: suppressed)
      for finding in findings {
        switch finding.severity {
        case .error: summary.errors += 1
        case .warning: summary.warnings += 1
        case .info: summary.infos += 1
        }
      }
      for counts in ruleCounts.values {
        summary.passed += counts.passed
        summary.inapplicable += counts.inapplicable
        summary.needsReview += counts.needsReview
        summary.notRun += counts.notRun
      }
      return summary
    }
    set {
      files = newValue.files
      nodes = newValue.nodes
      rules = newValue.rules
    }
  }

  /// Counts of a report's contents.
  public struct Summary: Sendable, Hashable {
    /// Files (view models) evaluated.
    public var files = 0
    /// Nodes in those files.
    public var nodes = 0
    /// Rules and review items evaluated.
    public var rules = 0
    public fileprivate(set) var errors = 0
    public fileprivate(set) var warnings = 0
    public fileprivate(set) var infos = 0
    public fileprivate(set) var passed = 0
    public fileprivate(set) var inapplicable = 0
    public fileprivate(set) var needsReview = 0
    public fileprivate(set) var notRun = 0
    /// Findings left out by suppression comments or a baseline.
    public fileprivate(set) var suppressed = 0

    fileprivate init(files: Int, nodes: Int, rules: Int, suppressed: Int) {
      self.files = files
      self.nodes = nodes
      self.rules = rules
      self.suppressed = suppressed
    }
  }

  /// Drops findings (suppressed by comments or a baseline); the summary counts what is left.
  public mutating func suppressFindings(where shouldSuppress: (Finding) -> Bool) {
    let before = findings.count
    findings.removeAll(where: shouldSuppress)
    suppressed += before - findings.count
  }

  /// Keeps only the findings and review items whose position `include` accepts (a pull
  /// request's changed lines), and counts what is left: the review items left out no longer
  /// count as needing review. Not-run outcomes are kept wherever they are: a rule that could
  /// not run is never hidden. Returns how many findings were left out.
  @discardableResult
  public mutating func restrict(to include: (_ file: String, _ line: Int) -> Bool) -> Int {
    let before = findings.count
    findings.removeAll { !include($0.file, $0.line) }
    needsReview.removeAll { item in
      guard !include(item.file, item.line) else { return false }
      ruleCounts[item.rule]?.needsReview -= 1
      return true
    }
    return before - findings.count
  }

  /// Makes the explanation of every finding whose explanation is not made yet, those of one
  /// evaluation (one ruleset over one model) on one core and the evaluations on every core; the
  /// findings then hold only their explanations. Lint calls it once its findings are final
  /// (placed on linked views, suppressed, baselined), so that writing the report does not make
  /// them one by one on one core.
  package mutating func explainFindings() {
    var groupOf: [ObjectIdentifier: Int] = [:]
    var groups: [(explanations: DeferredExplanations, positions: [Int], requests: [Int])] = []
    for (position, finding) in findings.enumerated() {
      guard case .deferred(let explanations, let request) = finding.explained else { continue }
      let key = ObjectIdentifier(explanations)
      let group: Int
      if let known = groupOf[key] {
        group = known
      } else {
        group = groups.count
        groupOf[key] = group
        groups.append((explanations, [], []))
      }
      groups[group].positions.append(position)
      groups[group].requests.append(request)
    }
    guard !groups.isEmpty else { return }
    let asked = groups
    let made = Concurrently.map(asked.count) { group in asked[group].explanations.explanations(asked[group].requests) }
    for (group, explanations) in made.enumerated() {
      for (position, explanation) in zip(asked[group].positions, explanations) {
        findings[position].explained = .made(explanation)
      }
    }
  }

  /// Adds another report's contents (for several files).
  public mutating func merge(_ other: Report) {
    findings += other.findings
    needsReview += other.needsReview
    notRun += other.notRun
    outcomes += other.outcomes
    for (rule, counts) in other.ruleCounts { ruleCounts[rule, default: OutcomeCounts()].add(counts) }
    stopped = stopped ?? other.stopped
    cost += other.cost
    files += other.files
    nodes += other.nodes
    rules = max(rules, other.rules)
    suppressed += other.suppressed
  }

  /// Drops a finding or review item that repeats an earlier one word for word at the same
  /// place: one view written once and used twice (a local `let` shown in two stacks) is two
  /// nodes at one position, and one defect in the source. Nodes without a position (a view
  /// model that gives none) are never taken for one another.
  mutating func collapseRepeats() {
    // Keyed by position alone (two integers hash in a few instructions), the strings compared
    // only between the few items at one position: hashing an array of five strings made for
    // each item cost 6,000 instructions a finding.
    let keptFindings = Report.firstOfRepeats(findings, dropped: { _ in })
    if keptFindings.count != findings.count { findings = keptFindings }
    var dropped: [String] = []
    let keptReviews = Report.firstOfRepeats(needsReview, dropped: { dropped.append($0.rule) })
    if keptReviews.count != needsReview.count { needsReview = keptReviews }
    for rule in dropped { ruleCounts[rule]?.needsReview -= 1 }
  }

  /// `items` less those that repeat an earlier one's rule, file and message at its position
  /// (items at line 0 have no position and are all kept), each one left out given to `dropped`.
  private static func firstOfRepeats<Item: Repeatable>(_ items: [Item], dropped: (Item) -> Void) -> [Item] {
    // Sorted by file, position and rule (as `sort()` leaves them), an item's repeats are its
    // neighbours: when no two neighbours have one file, position and rule, nothing repeats, and
    // the position table below (two hash lookups and an array per item) is not needed. The
    // items are read in place, through the protocol's fields: a closure that made a tuple of
    // them took a copy of each item (a finding is a few hundred bytes and a dozen references),
    // which was most of what this check cost.
    let sortedApart = items.withUnsafeBufferPointer { items in
      for index in items.indices.dropFirst() {
        let (earlier, later) = (items[index - 1], items[index])
        let order = Report.order(
          (earlier.file, earlier.line, earlier.column, earlier.rule), (later.file, later.line, later.column, later.rule)
        )
        if order > 0 || (order == 0 && earlier.line > 0) { return false }
      }
      return true
    }
    if sortedApart { return items }
    var keptAt: [RepeatPosition: [Int]] = [:]
    var kept: [Item] = []
    kept.reserveCapacity(items.count)
    for item in items {
      if item.line > 0 {
        let position = RepeatPosition(line: item.line, column: item.column)
        let repeats = keptAt[position, default: []].contains { index in
          kept[index].rule == item.rule && kept[index].file == item.file && kept[index].message == item.message
        }
        if repeats {
          dropped(item)
          continue
        }
        keptAt[position, default: []].append(kept.count)
      }
      kept.append(item)
    }
    return kept
  }

  /// −1, 0 or 1 as a file, position and rule come before, at or after another, in the order
  /// `sort()` leaves them (equal file names are usually one string, compared at once).
  private static func order(_ left: (String, Int, Int, String), _ right: (String, Int, Int, String)) -> Int {
    if left.0 != right.0 { return left.0 < right.0 ? -1 : 1 }
    if left.1 != right.1 { return left.1 < right.1 ? -1 : 1 }
    if left.2 != right.2 { return left.2 < right.2 ? -1 : 1 }
    if left.3 != right.3 { return left.3 < right.3 ? -1 : 1 }
    return 0
  }

  /// Where a finding or review item is, for `collapseRepeats`.
  private struct RepeatPosition: Hashable {
    var line: Int
    var column: Int
  }

  /// Sorts everything by file, line, column and rule, so output is deterministic.
  public mutating func sort() {
    Report.sort(&findings) { ($0.file, $0.line, $0.column, $0.rule) }
    Report.sort(&needsReview) { ($0.file, $0.line, $0.column, $0.rule) }
    Report.sort(&notRun) { ($0.file, $0.line, $0.column, $0.rule) }
  }

  /// Sorts `items` stably by `key`. The keys are sorted with the items' positions, and then each
  /// item is moved once to its place: sorting the items themselves moved each (a finding is a
  /// few hundred bytes) a dozen times.
  private static func sort<Item>(_ items: inout [Item], by key: (Item) -> (String, Int, Int, String)) {
    guard items.count > 1 else { return }
    let keys = items.map(key)
    var inOrder = true
    for index in keys.indices.dropFirst() where keys[index] < keys[index - 1] {
      inOrder = false
      break
    }
    if inOrder { return }
    // Ties keep their order: positions break them.
    let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    // Place `p` takes the item at `order[p]`: each cycle of the permutation is followed with
    // one item held aside, so every item is moved once.
    var placed = [Bool](repeating: false, count: order.count)
    items.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      for start in order.indices where !placed[start] && order[start] != start {
        let held = (base + start).move()
        var place = start
        while true {
          placed[place] = true
          let from = order[place]
          if from == start {
            (base + place).initialize(to: held)
            break
          }
          (base + place).moveInitialize(from: base + from, count: 1)
          place = from
        }
      }
    }
  }
}

/// What `Report.collapseRepeats` compares of a finding or review item.
protocol Repeatable {
  var line: Int { get }
  var column: Int { get }
  var rule: String { get }
  var file: String { get }
  var message: String { get }
}

extension Finding: Repeatable {}
extension ReviewItem: Repeatable {}

/// How many times a rule ended each way.
public struct OutcomeCounts: Sendable, Hashable {
  public var failed = 0
  public var passed = 0
  public var inapplicable = 0
  public var needsReview = 0
  public var notRun = 0

  public init() {}

  /// Counts one more outcome.
  mutating func count(_ result: Outcome.Result) {
    switch result {
    case .failed: failed += 1
    case .passed: passed += 1
    case .inapplicable: inapplicable += 1
    case .needsReview: needsReview += 1
    case .notRun: notRun += 1
    }
  }

  mutating func add(_ other: OutcomeCounts) {
    failed += other.failed
    passed += other.passed
    inapplicable += other.inapplicable
    needsReview += other.needsReview
    notRun += other.notRun
  }
}

/// A rule that failed on a node.
public struct Finding: Sendable, Hashable {
  /// The full rule id, `ruleset/rule`.
  public var rule: String
  public var ruleset: String
  public var version: String
  public var severity: Severity
  public var message: String
  public var file: String
  public var line: Int
  public var column: Int
  /// The type of the node the rule failed on.
  public var nodeType: String
  public var wcag: [String]
  public var fix: String?
  public var help: String?
  /// Which clause decided the failure and the values of its operands.
  ///
  /// The engine makes it the first time it is read (re-running the clause in explain mode on
  /// the node), not when the rule fails: most findings a project's lint makes on linked views
  /// are dropped, and so are those a suppression or baseline covers. It is the explanation
  /// making it at once would give; until it is made, the finding keeps the view model it was
  /// found on.
  public var explanation: Explanation {
    get { explained.explanation }
    set { explained = .made(newValue) }
  }
  /// The explanation, or how to make it.
  var explained: ExplanationSlot
  /// The fix as an edit of the source, when the rule's fix is one (`fix add modifier "…"`);
  /// `fix` then reads it as a hint.
  package var edit: FixEdit? = nil

  init(
    rule: String, ruleset: String, version: String, severity: Severity, message: String, file: String, line: Int,
    column: Int, nodeType: String, wcag: [String], fix: String?, help: String?, explained: ExplanationSlot,
    edit: FixEdit? = nil
  ) {
    self.rule = rule
    self.ruleset = ruleset
    self.version = version
    self.severity = severity
    self.message = message
    self.file = file
    self.line = line
    self.column = column
    self.nodeType = nodeType
    self.wcag = wcag
    self.fix = fix
    self.help = help
    self.explained = explained
    self.edit = edit
  }

  init(
    rule: String, ruleset: String, version: String, severity: Severity, message: String, file: String, line: Int,
    column: Int, nodeType: String, wcag: [String], fix: String?, help: String?, explanation: Explanation,
    edit: FixEdit? = nil
  ) {
    self.init(
      rule: rule, ruleset: ruleset, version: version, severity: severity, message: message, file: file, line: line,
      column: column, nodeType: nodeType, wcag: wcag, fix: fix, help: help, explained: .made(explanation), edit: edit)
  }

  /// Whether the explanation has been made (read, or made by `Report.explainFindings`).
  package var isExplained: Bool { explained.isMade }
}

/// A finding's explanation, made or still to make: equal (and hashed) as the explanations.
enum ExplanationSlot: Sendable, Hashable {
  case made(Explanation)
  /// Request `index` of one runner's explanations.
  case deferred(DeferredExplanations, Int)

  var explanation: Explanation {
    switch self {
    case .made(let explanation): explanation
    case .deferred(let explanations, let index): explanations.explanation(index)
    }
  }

  var isMade: Bool {
    switch self {
    case .made: true
    case .deferred(let explanations, let index): explanations.isMade(index)
    }
  }

  static func == (left: ExplanationSlot, right: ExplanationSlot) -> Bool { left.explanation == right.explanation }

  func hash(into hasher: inout Hasher) { explanation.hash(into: &hasher) }
}

/// Why a rule failed: the deciding clause as written and the values of its operands.
public struct Explanation: Sendable, Hashable {
  /// `require` or `forbid`.
  public var clause: String
  /// The clause's expression as written.
  public var text: String
  /// The clause's value (`false` for a failed `require`, `true` for a failed `forbid`).
  public var value: String
  /// Sub-expressions of the clause and their values, as literals, nearest first.
  public var operands: [Operand]

  /// When the clause is a call of a `let` (`require hasLabel(m)`), what decided it inside: the
  /// let's body, its value and its operands' (`clause` is the call as written, `place` where the
  /// body is); then, if that body is itself one call, the next let's, and so on.
  package var helpers: [Explanation] = []
  /// For a helper's level: where its body is written.
  package var place: RulesetPlace?

  public struct Operand: Sendable, Hashable {
    public var text: String
    public var value: String
  }

  /// One line: `require X != "" was false because X is null`, then what decided each helper
  /// it calls: `; in hasLabel(m): m.text() != "" was false because m.text() is ""`.
  public var sentence: String {
    var sentence = "\(clause) \(text) was \(value)"
    if !operands.isEmpty {
      sentence += " because " + operands.map { "\($0.text) is \($0.value)" }.joined(separator: ", ")
    }
    for helper in helpers {
      sentence += "; in \(helper.clause): \(helper.text) was \(helper.value)"
      if !helper.operands.isEmpty {
        sentence += " because " + helper.operands.map { "\($0.text) is \($0.value)" }.joined(separator: ", ")
      }
    }
    return sentence
  }
}

/// A place in ruleset source: the sub-expression an evaluation failed at, or a helper's body.
package struct RulesetPlace: Sendable, Hashable {
  /// The ruleset file as it was loaded (`Rulesets/menu.basic.precept`).
  package var file: String
  package var line: Int
  package var column: Int
  /// The expression there, as written (on one line); nil when the source is not at hand.
  package var expression: String?
  /// The source line, to quote under the place.
  package var lineText: String?
}

/// A check a person must make on a node (a `review` item that applies).
public struct ReviewItem: Sendable, Hashable {
  public var rule: String
  public var ruleset: String
  public var version: String
  public var category: String?
  /// What to check, with template holes filled.
  public var message: String
  public var file: String
  public var line: Int
  public var column: Int
  public var nodeType: String
  public var wcag: [String]
}

/// A rule that could not be evaluated on a node.
public struct NotRun: Sendable, Hashable {
  public enum Reason: String, Sendable, Hashable {
    /// The evaluation spent its whole cost budget.
    case costBudgetExceeded = "cost budget exceeded"
    /// The rule calls a host function the host did not register.
    case hostFunctionMissing = "host function missing"
    /// A clause evaluated to an error or to something that is not a boolean.
    case evaluationError = "evaluation error"
    /// The evaluations of the file (or of the run) spent their total cost budget: evaluation
    /// of the file stopped here.
    case totalCostBudgetExceeded = "total cost budget exceeded"
  }

  public var rule: String
  public var reason: Reason
  /// The details: the error message, the missing function, the limit.
  public var message: String
  public var file: String
  public var line: Int
  public var column: Int
  public var nodeType: String
  /// The clause being evaluated, as written (`require m.text().matches(p)`); nil when no
  /// clause ran (the total budget was spent first).
  package var clause: String?
  /// Where in the ruleset it failed: the sub-expression that made the error, where the budget
  /// ran out, or the clause that was not a bool.
  package var place: RulesetPlace?
}

/// What happened when one rule met one node.
public struct Outcome: Sendable, Hashable {
  public enum Result: Sendable, Hashable {
    case failed
    case passed
    /// `when` was false.
    case inapplicable
    case needsReview
    case notRun(NotRun.Reason, String)
  }

  public var rule: String
  public var node: NodeReference
  public var result: Result
  /// The finding a failed outcome made.
  public var finding: Finding?
  /// The review items a `needsReview` outcome made, one per check.
  public var reviewItems: [ReviewItem] = []
  /// What a `notRun` outcome reported, with its ruleset place.
  package var notRun: NotRun?
}
