/// A rule's visits of one model, run by the VM in one entry into its run loop (`VM.visit`).
///
/// Each visit runs the rule's `when`, then its requirements in order, as separate runs: each
/// starts with an empty heap and a full cost budget, and counts in `VM.runs` and `VM.spent`,
/// exactly as `VM.run` would. What a visit ends with decides the next run without leaving the
/// loop: the next requirement, or the next row. The batch stops, with an `event`, only where
/// the runner has work to do: a requirement failed (a finding), a clause made something other
/// than a bool (*not run*), a review item applies, the total budget is spent, or, when asked, after
/// every visit (to record its outcome). Passes and inapplicable visits are only counted here.
///
/// Entering the run loop for each clause (`VM.run`'s resets, the loop's prologue and epilogue)
/// and the runner's bookkeeping around each visit were about a tenth of the benchmark's
/// evaluation (`precept-bench`'s README, "Issue 17, session 11").
struct VisitBatch {
  /// A requirement: its function, and whether it is a `forbid` (whose `true` fails).
  struct Clause {
    var function: Int32
    var forbids: Bool
  }

  /// Why a batch stopped, at the row `position` (and, for a clause, at `clause`).
  enum Event {
    /// Every row was visited.
    case finished
    /// Requirement `clause` failed: `holds` is its value (true for a `forbid`).
    case failed(holds: Bool)
    /// The clause made `value`, which is not a bool (an error, or another type).
    case notRun(Word)
    /// The rule is a `review` item and applies to the row.
    case review
    /// The row passed or was inapplicable (only with `stopsAfterEachVisit`).
    case passed, inapplicable
    /// The total budget was spent before the row's visit started.
    case spent
  }

  /// Each visit's bindings, `stride` node indices a row: the visited node, then the nodes its
  /// `inside` steps bound.
  let rows: UnsafeBufferPointer<Int32>
  let stride: Int
  let rowCount: Int
  /// The rule's `when` function, or −1 without one.
  let when: Int32
  let clauses: UnsafeBufferPointer<Clause>
  /// Whether the rule is a `review` item: when it applies, the batch stops with `review`.
  let isReview: Bool
  /// The test `when` starts with, made on the arena before the program runs (`NodeGuard`).
  let guardTest: ResolvedNodeGuard?
  /// Whether there is a guard test: what the common path from one row to the next reads.
  let hasGuard: Bool
  /// A visit starts only while the VM's `spent` is below this: the file's or the run's total
  /// budget, less what other VMs spent.
  let spendingLimit: Int
  let stopsAfterEachVisit: Bool

  /// The row being visited (after a stop: the row the event is about), and the clause running
  /// on it (−1: `when`).
  var position: Int
  var clause = -1
  /// What stopped the batch last.
  var event = Event.finished
  /// Visits that passed, and that were inapplicable, so far.
  var passed = 0
  var inapplicable = 0
  /// Set while a run of the batch is under way (its end not yet decided).
  var running = false

  init(
    rows: UnsafeBufferPointer<Int32>, stride: Int, when: Int32, clauses: UnsafeBufferPointer<Clause>, isReview: Bool,
    guardTest: ResolvedNodeGuard?, spendingLimit: Int, stopsAfterEachVisit: Bool
  ) {
    self.rows = rows
    self.stride = stride
    rowCount = rows.count / stride
    self.when = when
    self.clauses = clauses
    self.isReview = isReview
    self.guardTest = guardTest
    hasGuard = guardTest != nil
    self.spendingLimit = spendingLimit
    self.stopsAfterEachVisit = stopsAfterEachVisit
    position = 0
  }

  /// Moves `position` to the next row whose program runs: true if there is one; else false,
  /// with the event where the batch stops. Rows that fail the guard test are inapplicable on
  /// the way (and stop the batch when it stops after each visit). A VM that has `spent` so
  /// much calls it before each visit; the runner calls it before it makes a VM, with 0.
  @inline(__always)
  mutating func nextRow(spent: Int, model: ViewModel) -> Bool {
    while position < rowCount {
      if spent >= spendingLimit {
        event = .spent
        return false
      }
      guard let guardTest, !guardTest.passes(rows[position &* stride], in: model) else { return true }
      inapplicable &+= 1
      if stopsAfterEachVisit {
        event = .inapplicable
        return false
      }
      position &+= 1
    }
    event = .finished
    return false
  }

  /// The bindings of row `position`, as the words a clause's function takes.
  func bindings(_ position: Int) -> [Word] {
    (0..<stride).map { .node(rows[position * stride + $0]) }
  }
}
