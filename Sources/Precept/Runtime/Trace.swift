/// What the run loop tells an observer of a run. The loop is generic over it: a normal run's
/// `Unobserved` says `observes` is false, so the specialised loop has no calls and no cost;
/// explain mode's `Trace` is told every step.
protocol RunObserver {
  static var observes: Bool { get }
  /// The run starts; the heap holds `errors` errors already (made while binding data).
  mutating func start(errors: Int)
  /// The loop is about to execute the instruction at `pc`, having executed the one at
  /// `previous` (−1 on entering a function); `top` is the top of the stack and `errors` how many
  /// errors the heap holds now.
  mutating func arrive(at pc: Int, from previous: Int, top: Word, errors: Int)
  /// A `let` function whose code starts at `entry` is called.
  mutating func call(entry: Int)
}

/// The observer of a normal run: nothing.
struct Unobserved: RunObserver {
  static var observes: Bool { false }
  @inline(__always) mutating func start(errors: Int) {}
  @inline(__always) mutating func arrive(at pc: Int, from previous: Int, top: Word, errors: Int) {}
  @inline(__always) mutating func call(entry: Int) {}
}

/// The VM's explain mode: the value each expression of the source map had the last time the
/// code reached its exit from inside it, and the expression each error was made by. Values are
/// words of the run's heap, valid until the VM runs again.
struct Trace: RunObserver {
  static var observes: Bool { true }

  let map: SourceMap
  private let code: UnsafeBufferPointer<Instruction>
  /// By source-map node; nil when the run did not evaluate it. A macro's body keeps the values
  /// of the last element visited, a `let`'s body those of its last call.
  private(set) var values: [Word?]
  /// The heap's errors before the run; `made[i]` is the node that made error `firstError + i`.
  private var firstError = 0
  private var made: [Int32] = []
  /// The instruction the loop was about to execute last: where a run stopped by its budget
  /// stopped.
  private var current = -1
  /// The node the run's result was made by, when it is an error (see `finish`).
  private(set) var failedNode: Int?

  init(map: SourceMap, code: UnsafeBufferPointer<Instruction>) {
    self.map = map
    self.code = code
    values = Array(repeating: nil, count: map.nodes.count)
  }

  mutating func start(errors: Int) { firstError = errors }

  mutating func arrive(at pc: Int, from previous: Int, top: Word, errors: Int) {
    current = pc
    guard previous >= 0, !map.nodes.isEmpty else { return }
    let node = map.node(at: previous)
    while firstError + made.count < errors { made.append(Int32(node)) }
    // The nodes whose code the step leaves, innermost first: their exits do not decrease
    // going out.
    var outer = node
    while outer >= 0 {
      let exit = Int(map.nodes[outer].exit)
      if exit > pc { break }
      if exit == pc { values[outer] = top }
      outer = Int(map.nodes[outer].parent)
    }
    // A macro moving to its next element: its body's values were the last element's.
    if node >= 0, pc == previous + 1, code[previous].op == .iterNext || code[previous].op == .iterNextPair,
      map.nodes[node].kind == .comprehension, map.nodes[node].size > 1
    {
      let range = Int(map.nodes[node + 1].size) + node + 1..<node + Int(map.nodes[node].size)
      clear(range)
    }
  }

  mutating func call(entry: Int) {
    let root = map.root(of: map.node(at: entry))
    guard root >= 0 else { return }
    clear(root..<root + Int(map.nodes[root].size))
  }

  private mutating func clear(_ range: Range<Int>) {
    for index in range where index < values.count { values[index] = nil }
  }

  /// Works out which node made the run's result, if it is an error: the one that made that
  /// error, or, for an error no instruction finished making (the budget ran out, or malformed
  /// code stopped the run), the instruction it stopped at.
  mutating func finish(_ result: Word) {
    guard case .error(let index) = result, !map.nodes.isEmpty else { return }
    let position = Int(index) - firstError
    let node = position >= 0 && position < made.count ? Int(made[position]) : map.node(at: current)
    failedNode = node >= 0 ? node : nil
  }
}
