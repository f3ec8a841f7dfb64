// Reading a clause's trace (`VM.runTraced`): findings' explanations, `:explain`'s parts and
// the ruleset place a *not run* names all come from here, so they always agree.

import Synchronization

/// The ruleset sources a program's source map points into, found among an engine's rulesets:
/// the program's own, and those of the imports whose lets it compiled — each only if it is the
/// text the map was made from (its digest matches), so a span never quotes the wrong text.
struct SourceTexts: Sendable {
  let map: SourceMap
  private let sources: [SourceFile?]
  private let names: [String]
  /// Each expression's text, made the first time an explanation asks for it: an engine's
  /// findings quote the same few expressions over and over.
  private let cache: NodeTextCache

  init(program: Program, rulesets: [Ruleset]) {
    map = program.sourceMap
    var sources: [SourceFile?] = []
    var names: [String] = []
    for (index, file) in map.files.enumerated() {
      let found =
        index == 0
        ? program
        : rulesets.first { $0.name == file.ruleset && $0.program.sourceDigest == file.digest }?.program
      let matches = found.map { $0.sourceDigest == file.digest } ?? false
      sources.append(matches ? found?.source : nil)
      names.append(found?.sourceName ?? file.name)
    }
    self.sources = sources
    self.names = names
    cache = NodeTextCache(count: map.nodes.count)
  }

  /// The expression as written, on one line, or nil without its source.
  func text(_ node: Int) -> String? {
    if let known = cache.text(node) { return known }
    let text = makeText(node)
    cache.store(text, at: node)
    return text
  }

  private func makeText(_ node: Int) -> String? {
    let entry = map.nodes[node]
    guard let source = sources[Int(entry.file)] else { return nil }
    let text = source.text(Int(entry.start)..<Int(entry.end))
    // Most expressions are on one line; looking for a line break byte by byte is cheap.
    return text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) ? oneLine(text) : text
  }

  /// Where the expression is.
  func place(_ node: Int) -> RulesetPlace {
    let entry = map.nodes[node]
    let source = sources[Int(entry.file)]
    return RulesetPlace(
      file: names[Int(entry.file)], line: Int(entry.line), column: Int(entry.column), expression: text(node),
      lineText: source.map { $0.lineText(Int(entry.line)) })
  }
}

/// The texts of a source map's expressions, filled in as they are first asked for; shared by
/// the threads that evaluate with one engine.
final class NodeTextCache: Sendable {
  /// By source-map node: nil when not made yet, `.some(nil)` when the node has no text.
  private let texts: Mutex<[String??]>

  init(count: Int) { texts = Mutex(Array(repeating: nil, count: count)) }

  func text(_ node: Int) -> String?? { texts.withLock { $0[node] } }

  func store(_ text: String?, at node: Int) { texts.withLock { $0[node] = .some(text) } }
}

/// One traced run of a clause, read through the source map.
struct TracedClause {
  let texts: SourceTexts
  let trace: Trace
  let program: Program
  /// The clause's body in the source map, or −1 when the program has no map.
  let root: Int

  init(function: Int, trace: Trace, texts: SourceTexts, program: Program) {
    self.texts = texts
    self.trace = trace
    self.program = program
    root = texts.map.root(of: texts.map.node(at: program.functions[function].entry))
  }

  private var map: SourceMap { texts.map }

  /// The most operands an explanation lists per level.
  static let maximumOperands = 6
  /// The most helper calls an explanation follows down.
  static let maximumHelperDepth = 4

  /// The sub-expressions whose values explain `top`'s value, nearest first: the operands of
  /// its operator and, below them, receivers and arguments — each the run evaluated. Literals,
  /// bare names and macro bodies (whose values are per element) are left out, and the same
  /// text twice is listed once.
  func operands(of top: Int) -> [Int] {
    guard top >= 0 else { return [] }
    var result: [Int] = []
    // Breadth first: a queue read from `head` on, each node's children appended as it is taken.
    var queue: [Int] = []
    var head = 0
    func appendChildren(_ node: Int) {
      var child = node + 1
      let end = node + Int(map.nodes[node].size)
      while child < end {
        queue.append(child)
        child += Int(map.nodes[child].size)
      }
    }
    var first = top
    if map.nodes[top].kind == .not, map.nodes[top].size > 1 { first = top + 1 }
    appendChildren(first)
    // At most `maximumOperands + 1` texts: a list compared in place is cheaper than a set that
    // hashes each one.
    var seen: [String] = [texts.text(top) ?? ""]
    while head < queue.count, result.count < Self.maximumOperands {
      let next = queue[head]
      head += 1
      let kind = map.nodes[next].kind
      guard kind != .name, kind != .literal, trace.values[next] != nil, !map.isInMacroBody(next, below: top),
        let text = texts.text(next), !seen.contains(text)
      else { continue }
      seen.append(text)
      result.append(next)
      switch kind {
      case .comprehension: queue.append(next + 1)
      case .template: continue
      default: appendChildren(next)
      }
    }
    return result
  }

  /// When `node` is one call of a `let` (or its negation), the body of the let it called.
  func calledBody(_ node: Int) -> (call: Int, body: Int)? {
    guard node >= 0 else { return nil }
    var call = node
    if map.nodes[call].kind == .not, let inner = map.children(of: call).first { call = inner }
    guard map.nodes[call].kind == .call, trace.values[call] != nil else { return nil }
    let last = Int(map.nodes[call].exit) - 1
    guard last >= 0, last < program.code.count, program.code[last].op == .call else { return nil }
    let function = Int(program.code[last].a)
    guard function >= 0, function < program.functions.count else { return nil }
    let body = map.root(of: map.node(at: program.functions[function].entry))
    return body >= 0 && trace.values[body] != nil ? (call, body) : nil
  }

  /// The helper bodies that decided `top`: the let it calls, the let that let's body calls,
  /// and so on.
  func helperChain(from top: Int) -> [(call: Int, body: Int)] {
    var chain: [(call: Int, body: Int)] = []
    var node = top
    while chain.count < Self.maximumHelperDepth, let next = calledBody(node) {
      chain.append(next)
      node = next.body
    }
    return chain
  }

  /// Every part of `top` worth showing, in preorder with its depth among the parts shown: the
  /// expression itself, then what it is made of but literals, bare names and macro bodies,
  /// then — when it is one helper call — the helper's body (with the call it answers) and its
  /// parts, one level deeper.
  func parts(of top: Int) -> [(node: Int, depth: Int, call: Int?)] {
    guard top >= 0 else { return [] }
    var result: [(node: Int, depth: Int, call: Int?)] = [(top, 0, nil)]
    func visit(_ node: Int, _ depth: Int) {
      for child in map.children(of: node) {
        let kind = map.nodes[child].kind
        if map.nodes[node].kind == .comprehension, child != node + 1 { continue }
        if kind == .name || kind == .literal { continue }
        result.append((child, depth, nil))
        visit(child, depth + 1)
      }
    }
    visit(top, 1)
    for (level, step) in helperChain(from: top).enumerated() {
      result.append((step.body, level + 1, step.call))
      visit(step.body, level + 2)
    }
    return result
  }
}

/// The explanations of one runner's findings (one ruleset's rules over one model), each made
/// the first time it is read (`Finding.explanation`) or asked for (`Report.explainFindings`):
/// what re-running its clause in explain mode needs is kept — the clause, its value, the
/// node's bindings — and the runner's VM with it, so that making one later costs what making it
/// at once did, and a finding that is dropped first costs none of it.
///
/// The runner runs the VM until `Engine.evaluate` returns the report that holds these findings,
/// so nothing can ask for an explanation before then; after, the lock keeps the VM to one
/// thread at a time. The VM (and the model it reads) is let go once every explanation is made.
final class DeferredExplanations: @unchecked Sendable {
  private struct Request {
    var function: Int
    var value: Bool
    var kind: String
    var text: String
    /// Where the node's bindings are in `words`.
    var bindings: Range<Int>
  }

  // Read and written under `lock` only, so without dynamic exclusivity checks (three a
  // finding, a fifth of what keeping one cost).
  private let lock = Mutex(())
  @exclusivity(unchecked) private var vm: VM?
  private let texts: SourceTexts
  @exclusivity(unchecked) private var requests: [Request] = []
  /// Every request's bindings, one after another.
  @exclusivity(unchecked) private var words: [Word] = []
  /// By request, once one is made (before, none is).
  @exclusivity(unchecked) private var made: [Explanation?] = []
  /// Requests whose explanation is not made yet.
  @exclusivity(unchecked) private var left = 0

  init(texts: SourceTexts) { self.texts = texts }

  /// Keeps what explaining a failure of `requirement` (its value `value`) on `bindings` with
  /// `vm` needs; returns the request's index. (The VM is given again each time: it was let go
  /// if every explanation so far has been made, as `EvaluationOptions.explainsAtOnce` does.)
  func add(_ requirement: CompiledRequirement, value: Bool, bindings: [Word], vm: VM) -> Int {
    lock.withLock { _ in
      if self.vm == nil { self.vm = vm }
      let start = words.count
      words.append(contentsOf: bindings)
      requests.append(
        Request(
          function: requirement.function, value: value, kind: requirement.kind.rawValue, text: requirement.text,
          bindings: start..<words.count))
      left += 1
      return requests.count - 1
    }
  }

  /// Request `index`'s explanation, made now if it was not.
  func explanation(_ index: Int) -> Explanation { lock.withLock { _ in make(index) } }

  /// The explanations of `indices`, in their order.
  func explanations(_ indices: [Int]) -> [Explanation] { lock.withLock { _ in indices.map { make($0) } } }

  func isMade(_ index: Int) -> Bool { lock.withLock { _ in index < made.count && made[index] != nil } }

  /// How many explanations have been made (tests count them).
  var madeCount: Int { lock.withLock { _ in requests.count - left } }

  private func make(_ index: Int) -> Explanation {
    if made.count < requests.count { made.append(contentsOf: repeatElement(nil, count: requests.count - made.count)) }
    if let known = made[index] { return known }
    guard let vm else { preconditionFailure("every explanation is made, and the VM let go") }
    let request = requests[index]
    let explanation = Self.explain(
      request.kind, request.text, value: request.value, function: request.function,
      bindings: Array(words[request.bindings]), vm: vm, texts: texts)
    made[index] = explanation
    left -= 1
    if left == 0 {
      self.vm = nil
      words = []
    }
    return explanation
  }

  /// Why a requirement decided a failure, read from its trace: its operands' values and, when
  /// it is one helper call, what decided inside the helper.
  private static func explain(
    _ kind: String, _ text: String, value: Bool, function: Int, bindings: [Word], vm: VM, texts: SourceTexts
  ) -> Explanation {
    let (_, trace) = vm.runTraced(function, bindings)
    let traced = TracedClause(function: function, trace: trace, texts: texts, program: vm.program)
    let values = trace.values
    func operands(_ top: Int) -> [Explanation.Operand] {
      traced.operands(of: top).compactMap { node in
        guard let text = texts.text(node), let word = values[node] else { return nil }
        return Explanation.Operand(text: text, value: vm.summary(of: word))
      }
    }
    var explanation = Explanation(
      clause: kind, text: text, value: value ? "true" : "false", operands: operands(traced.root))
    for step in traced.helperChain(from: traced.root) {
      guard let call = texts.text(step.call), let body = texts.text(step.body), let word = values[step.body] else {
        break
      }
      explanation.helpers.append(
        Explanation(
          clause: call, text: body, value: vm.summary(of: word), operands: operands(step.body),
          place: texts.place(step.body)))
    }
    return explanation
  }
}
