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
  /// Outcome counts per rule id, for rule coverage (`precept test`).
  public var ruleCounts: [String: OutcomeCounts] = [:]
  public var summary = Summary()

  public init() {}

  /// Counts of a report's contents.
  public struct Summary: Sendable, Hashable {
    /// Files (view models) evaluated.
    public var files = 0
    /// Nodes in those files.
    public var nodes = 0
    /// Rules and review items evaluated.
    public var rules = 0
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    public var passed = 0
    public var inapplicable = 0
    public var needsReview = 0
    public var notRun = 0
    /// Findings left out by suppression comments or a baseline.
    public var suppressed = 0

    public init() {}
  }

  /// Drops findings (suppressed by comments or a baseline), keeping the counts consistent.
  public mutating func suppressFindings(where shouldSuppress: (Finding) -> Bool) {
    findings.removeAll { finding in
      guard shouldSuppress(finding) else { return false }
      switch finding.severity {
      case .error: summary.errors -= 1
      case .warning: summary.warnings -= 1
      case .info: summary.infos -= 1
      }
      summary.suppressed += 1
      return true
    }
  }

  /// Adds another report's contents (for several files).
  public mutating func merge(_ other: Report) {
    findings += other.findings
    needsReview += other.needsReview
    notRun += other.notRun
    outcomes += other.outcomes
    for (rule, counts) in other.ruleCounts { ruleCounts[rule, default: OutcomeCounts()].add(counts) }
    summary.files += other.summary.files
    summary.nodes += other.summary.nodes
    summary.rules = max(summary.rules, other.summary.rules)
    summary.errors += other.summary.errors
    summary.warnings += other.summary.warnings
    summary.infos += other.summary.infos
    summary.passed += other.summary.passed
    summary.inapplicable += other.summary.inapplicable
    summary.needsReview += other.summary.needsReview
    summary.notRun += other.summary.notRun
    summary.suppressed += other.summary.suppressed
  }

  /// Sorts everything by file, line, column and rule, so output is deterministic.
  public mutating func sort() {
    findings.sort { ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule) }
    needsReview.sort { ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule) }
    notRun.sort { ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule) }
  }
}

/// How many times a rule ended each way.
public struct OutcomeCounts: Sendable, Hashable {
  public var failed = 0
  public var passed = 0
  public var inapplicable = 0
  public var needsReview = 0
  public var notRun = 0

  public init() {}

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
  public var explanation: Explanation
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

  public struct Operand: Sendable, Hashable {
    public var text: String
    public var value: String
  }

  /// One line: `require X != "" was false because X is null`.
  public var sentence: String {
    var sentence = "\(clause) \(text) was \(value)"
    if !operands.isEmpty {
      sentence += " because " + operands.map { "\($0.text) is \($0.value)" }.joined(separator: ", ")
    }
    return sentence
  }
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
  }

  public var rule: String
  public var reason: Reason
  /// The details: the error message, the missing function, the limit.
  public var message: String
  public var file: String
  public var line: Int
  public var column: Int
  public var nodeType: String
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
}
