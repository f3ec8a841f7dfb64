import Precept

// Statement lists and control flow: `if`, `switch`, `#if` become nodes; loops, `guard`, `do`
// contribute their bodies' views in place.

extension Parser {
  /// Parses the statements in `start..<end` into `block`.
  func items(_ start: Int, _ end: Int, _ mode: Mode, _ block: inout Block) {
    guard enter(1, at: start) else { return }
    let outerViews = state.localViews
    defer {
      leave(1)
      state.localViews = outerViews
    }
    var i = start
    while i < end {
      i = max(i + 1, statement(i, end, mode, &block))
    }
  }

  /// Parses one statement at `i`; returns the index after it.
  private func statement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    state.steps &+= 1
    let token = tokens[i]
    switch token.kind {
    case .semicolon, .comma, .colon, .rightParen, .rightBracket, .rightBrace:
      return i + 1
    case .pound:
      switch token.keyword {
      case .poundIf: return ifConfig(i, end, mode, &block)
      case .poundPreview: return preview(i, end, &block)
      case .poundElseif, .poundElse, .poundEndif: return i + 1
      default: return skipStatement(i, end)
      }
    case .at:
      if isDeclarationStart(i) { return declaration(i, end, mode, &block) }
      return attributeEnd(i)
    case .identifier where token.keyword != .none:
      if isDeclarationStart(i) { return declaration(i, end, mode, &block) }
      if mode == .members { return skipStatement(i, end) }
      switch token.keyword {
      case .kIf: return ifStatement(i, end, mode, &block)
      case .kSwitch: return switchStatement(i, end, mode, &block)
      case .kFor, .kWhile: return loop(i, end, mode, &block)
      case .kRepeat: return repeatLoop(i, end, mode, &block)
      case .kGuard: return guardStatement(i, end, mode, &block)
      case .kDo: return doStatement(i, end, mode, &block)
      case .kDefer:
        guard let brace = findBrace(i + 1, end) else { return skipStatement(i, end) }
        return skip(brace)
      case .kReturn: return returnStatement(i, end, mode, &block)
      case .kThrow, .kBreak, .kContinue, .kFallthrough:
        block.evidence.add(.action)
        return skipStatement(i, end)
      case .kCase, .kDefault:
        return skipStatement(i, end)
      default:
        return expressionStatement(i, end, mode, &block)
      }
    case .identifier:
      if mode == .members { return skipStatement(i, end) }
      // A statement label: `outer: for …`.
      if kind(i + 1) == .colon, isLabelledStatement(i + 2) { return i + 2 }
      return expressionStatement(i, end, mode, &block)
    default:
      if mode == .members { return skipStatement(i, end) }
      return expressionStatement(i, end, mode, &block)
    }
  }

  private func isLabelledStatement(_ i: Int) -> Bool {
    switch keyword(i) {
    case .kFor, .kWhile, .kRepeat, .kDo, .kIf, .kSwitch: true
    default: false
    }
  }

  /// An expression used as a statement: a view in a builder, a view that looks like one at the
  /// top level, nothing elsewhere.
  private func expressionStatement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    let (expression, next) = viewExpression(i, end)
    block.evidence.add(expression.evidence)
    if mode == .builder || expression.evidence.views > 0 && expression.evidence.actions == 0 {
      block.nodes.append(contentsOf: expression.nodes)
    }
    return next
  }

  private func returnStatement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    block.sawReturn = true
    let value = i + 1
    guard value < end, !newline(value), kind(value) != .semicolon, kind(value) != .rightBrace else { return value }
    let (expression, next) = viewExpression(value, end)
    block.evidence.add(expression.evidence)
    block.returnedEvidence.add(expression.evidence)
    if mode == .builder || expression.evidence.views > 0 && expression.evidence.actions == 0 {
      block.nodes.append(contentsOf: expression.nodes)
      block.returned.append(contentsOf: expression.nodes)
    }
    return next
  }

  // MARK: - Control flow

  /// Adds a control-flow node built from nested blocks, in both readings. A control-flow node
  /// with no views in any branch (`#if` around local constants) is left out.
  private func appendControlFlow(
    _ block: inout Block, _ branches: [Block], build: ([[ViewNode]]) -> ViewNode
  ) {
    // After a failure nothing more is built: a chain that was too long stays unbuilt.
    guard state.failure == nil else { return }
    var builderEvidence = Evidence()
    var returnedEvidence = Evidence()
    var anyNodes = false
    var anyReturned = false
    var sawReturn = false
    for branch in branches {
      builderEvidence.add(branch.evidence)
      returnedEvidence.add(branch.returnedEvidence)
      anyNodes = anyNodes || !branch.nodes.isEmpty
      anyReturned = anyReturned || !branch.returned.isEmpty
      sawReturn = sawReturn || branch.sawReturn
      block.properties.append(contentsOf: branch.properties)
    }
    block.evidence.add(builderEvidence)
    block.returnedEvidence.add(returnedEvidence)
    block.sawReturn = block.sawReturn || sawReturn
    if anyNodes {
      block.nodes.append(build(branches.map(\.nodes)))
    }
    if anyReturned {
      block.returned.append(build(branches.map(\.returned)))
    }
  }

  /// `if … { } else if … { } else { }`: an `if` node per condition, each later clause in the
  /// `else` slot of the one before.
  func ifStatement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    var clauses: [(keyword: Int, body: Int)] = []
    var elseBody: Int? = nil
    var j = i
    while true {
      guard let brace = findBrace(j + 1, end) else { return skipStatement(i, end) }
      clauses.append((j, brace))
      j = skip(brace)
      guard j < end, keyword(j) == .kElse else { break }
      if keyword(j + 1) == .kIf, j + 1 < end {
        j += 1
        continue
      }
      if kind(j + 1) == .leftBrace, j + 1 < end {
        elseBody = j + 1
        j = skip(j + 1)
      }
      break
    }
    // Each later clause sits one level deeper, in the `else` slot of the one before.
    var branches: [Block] = []
    for (index, clause) in clauses.enumerated() {
      var branch = Block()
      chained(index, at: clause.keyword) { items(clause.body + 1, match(clause.body), mode, &branch) }
      branches.append(branch)
    }
    if let elseBody {
      var branch = Block()
      chained(clauses.count, at: elseBody) { items(elseBody + 1, match(elseBody), mode, &branch) }
      branches.append(branch)
    }
    // A chain longer than the nesting limit is an error (`chained` reports it above); building
    // it whole would make a tree so deep that tearing it down overflows the stack, so only the
    // first `limit` clauses are built.
    let built = clauses.prefix(limit)
    let hasElse = elseBody != nil && built.count == clauses.count
    appendControlFlow(&block, branches) { lists in
      let conditions = built.map { (self.slice($0.keyword + 1, $0.body), self.location($0.keyword), $0.keyword) }
      // Fold from the last clause: each `if` holds the rest of the chain in its `else` slot.
      var rest: [ViewNode]? = hasElse ? lists[lists.count - 1] : nil
      for index in stride(from: conditions.count - 1, through: 0, by: -1) {
        let (condition, location, keywordIndex) = conditions[index]
        let node = ViewNode(
          type: "if", line: location.line, column: location.column,
          args: [
            self.conditionArgument(
              condition, at: keywordIndex + 1, label: "condition",
              structure: keywordIndex + 1..<built[index].body)
          ],
          children: lists[index], slots: rest.map { [ViewSlot(name: "else", nodes: $0)] } ?? [])
        rest = [node]
      }
      return rest![0]
    }
    return j
  }

  /// Runs `body` `levels` levels deeper in the view tree than the statements around it.
  func chained(_ levels: Int, at i: Int, _ body: () -> Void) {
    guard enter(levels, at: i) else { return }
    body()
    leave(levels)
  }

  /// A condition, pattern or subject as an `expr` argument positioned at its first token.
  /// With `structure`, the tokens of an `if` condition, whose structure the argument keeps.
  func conditionArgument(_ text: String, at i: Int, label: String, structure: Range<Int>? = nil) -> ViewArgument {
    let location = location(i)
    var argument = ViewArgument(label: label, kind: .expr, value: text, line: location.line, column: location.column)
    if let structure { argument.expression = valueExpression(structure.lowerBound, structure.upperBound) }
    return argument
  }

  /// `switch subject { case …: … default: … }`: a `switch` node whose children are `case`
  /// nodes (argument `pattern`) and a `default` node.
  func switchStatement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    guard let brace = findBrace(i + 1, end) else { return skipStatement(i, end) }
    var cases = Block()
    // Case nodes add a level between the switch and the statements of each case.
    chained(1, at: brace) { switchCases(brace + 1, match(brace), mode, &cases) }
    let subject = conditionArgument(slice(i + 1, brace), at: i + 1, label: "subject")
    let location = location(i)
    let builderCases = cases.nodes
    let returnedCases = cases.returned
    block.evidence.add(cases.evidence)
    block.returnedEvidence.add(cases.returnedEvidence)
    block.sawReturn = block.sawReturn || cases.sawReturn
    if builderCases.contains(where: { !$0.children.isEmpty || !$0.slots.isEmpty }) {
      block.nodes.append(
        ViewNode(type: "switch", line: location.line, column: location.column, args: [subject], children: builderCases))
    }
    if returnedCases.contains(where: { !$0.children.isEmpty || !$0.slots.isEmpty }) {
      block.returned.append(
        ViewNode(type: "switch", line: location.line, column: location.column, args: [subject], children: returnedCases)
      )
    }
    return skip(brace)
  }

  /// The cases of a switch body in `start..<end`. `block.nodes` and `block.returned` receive one
  /// case node each per case (and `#if` nodes around cases).
  private func switchCases(_ start: Int, _ end: Int, _ mode: Mode, _ block: inout Block) {
    var j = start
    while j < end {
      if keyword(j) == .poundIf {
        j = caseIfConfig(j, end, mode, &block)
        continue
      }
      var label = j
      if kind(j) == .at, isWord(j + 1, "unknown") { label = j + 2 }
      let isDefault = keyword(label) == .kDefault
      guard isDefault || keyword(label) == .kCase else {
        j = skip(j)
        continue
      }
      var colon = label + 1
      while colon < end, kind(colon) != .colon { colon = skip(colon) }
      let bodyEnd = caseEnd(colon + 1, end)
      var body = Block()
      if colon + 1 < bodyEnd { items(colon + 1, bodyEnd, mode, &body) }
      let location = location(j)
      let args = isDefault ? [] : [conditionArgument(slice(label + 1, colon), at: label + 1, label: "pattern")]
      let type = isDefault ? "default" : "case"
      block.nodes.append(
        ViewNode(type: type, line: location.line, column: location.column, args: args, children: body.nodes))
      block.returned.append(
        ViewNode(type: type, line: location.line, column: location.column, args: args, children: body.returned))
      block.evidence.add(body.evidence)
      block.returnedEvidence.add(body.returnedEvidence)
      block.sawReturn = block.sawReturn || body.sawReturn
      j = max(bodyEnd, j + 1)
    }
  }

  /// Where the statements of a case end: at the next `case`, `default`, `@unknown` or `#if` of
  /// cases, at this level.
  private func caseEnd(_ start: Int, _ end: Int) -> Int {
    var j = start
    while j < end {
      let token = tokens[j]
      let startsLine = token.has(Token.newlineBefore) || (j > start && kind(j - 1) == .semicolon)
      if startsLine {
        switch token.keyword {
        case .kCase, .kDefault:
          if kind(j - 1) != .comma { return j }
        case .poundIf:
          if startsCaseClause(j) { return j }
        default:
          if token.kind == .at, isWord(j + 1, "unknown") { return j }
        }
      }
      j = skip(j)
    }
    return end
  }

  private func startsCaseClause(_ directive: Int) -> Bool {
    for clause in ifConfigClauses(directive) where clause.bodyStart < clause.bodyEnd {
      let first = clause.bodyStart
      return keyword(first) == .kCase || keyword(first) == .kDefault || kind(first) == .at
        || (keyword(first) == .poundIf && startsCaseClause(first))
    }
    return false
  }

  /// An `#if` block around cases of a switch.
  private func caseIfConfig(_ start: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    let clauses = ifConfigClauses(start)
    var branches: [Block] = []
    for (index, clause) in clauses.enumerated() {
      var branch = Block()
      chained(index, at: clause.directive) { switchCases(clause.bodyStart, clause.bodyEnd, mode, &branch) }
      branches.append(branch)
    }
    appendIfConfig(clauses, branches, &block)
    return afterIfConfig(start)
  }

  /// `#if cond … #elseif cond … #else … #endif` among statements or members.
  func ifConfig(_ start: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    let clauses = ifConfigClauses(start)
    var branches: [Block] = []
    for (index, clause) in clauses.enumerated() {
      var branch = Block()
      chained(index, at: clause.directive) { items(clause.bodyStart, clause.bodyEnd, mode, &branch) }
      branches.append(branch)
    }
    appendIfConfig(clauses, branches, &block)
    return afterIfConfig(start)
  }

  private func appendIfConfig(
    _ clauses: [(directive: Int, bodyStart: Int, bodyEnd: Int)], _ branches: [Block], _ block: inout Block
  ) {
    guard !clauses.isEmpty else { return }
    // Each clause's views are built only for the platforms its condition allows.
    var branches = branches
    for (index, platforms) in clausePlatforms(clauses).enumerated() where index < branches.count {
      restrict(&branches[index].nodes, to: platforms)
      restrict(&branches[index].returned, to: platforms)
    }
    // See `ifStatement`: a longer chain is rejected, so only this much of it is built.
    let clauses = clauses.prefix(limit)
    let hasElse = keyword(clauses[clauses.count - 1].directive) == .poundElse
    appendControlFlow(&block, branches) { lists in
      let conditions = clauses.map { clause in
        (self.slice(clause.directive + 1, clause.bodyStart), self.location(clause.directive), clause.directive)
      }
      var rest: [ViewNode]? = hasElse ? lists[lists.count - 1] : nil
      let conditional = hasElse ? conditions.count - 1 : conditions.count
      for index in stride(from: conditional - 1, through: 0, by: -1) {
        let (condition, location, directive) = conditions[index]
        let node = ViewNode(
          type: "#if", line: location.line, column: location.column,
          args: [self.conditionArgument(condition, at: directive + 1, label: "condition")],
          children: lists[index], slots: rest.map { [ViewSlot(name: "else", nodes: $0)] } ?? [])
        rest = [node]
      }
      return rest![0]
    }
  }

  // MARK: - Statements whose bodies appear in place

  private func absorbBody(_ brace: Int, _ mode: Mode, _ block: inout Block) {
    var body = Block()
    items(brace + 1, match(brace), mode, &body)
    block.absorb(body)
  }

  /// `for … in … { }` and `while … { }`.
  private func loop(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    guard let brace = findBrace(i + 1, end) else { return skipStatement(i, end) }
    absorbBody(brace, mode, &block)
    return skip(brace)
  }

  /// `repeat { } while …`.
  private func repeatLoop(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    guard kind(i + 1) == .leftBrace else { return skipStatement(i, end) }
    absorbBody(i + 1, mode, &block)
    let after = skip(i + 1)
    guard after < end, keyword(after) == .kWhile else { return after }
    return skipExpression(after + 1, end)
  }

  /// `guard … else { }`.
  private func guardStatement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    var j = i + 1
    while j < end, keyword(j) != .kElse {
      if kind(j) == .rightBrace || kind(j) == .leftBrace { return skipStatement(i, end) }
      j = skip(j)
    }
    guard j + 1 < end, kind(j + 1) == .leftBrace else { return skipStatement(i, end) }
    absorbBody(j + 1, mode, &block)
    return skip(j + 1)
  }

  /// `do { } catch … { }`.
  private func doStatement(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    guard let brace = findBrace(i + 1, end) else { return skipStatement(i, end) }
    absorbBody(brace, mode, &block)
    var j = skip(brace)
    while j < end, keyword(j) == .kCatch, let handler = findBrace(j + 1, end) {
      absorbBody(handler, mode, &block)
      j = skip(handler)
    }
    return j
  }

  // MARK: - Previews

  /// `#Preview("Title", traits: …) { … }`.
  private func preview(_ i: Int, _ end: Int, _ block: inout Block) -> Int {
    var node = ViewNode(type: "#Preview")
    let location = location(i)
    node.line = location.line
    node.column = location.column
    let next = callSuffix(i + 1, end, callee: "#Preview", modifier: false, &node.args, &node.children, &node.slots)
    block.appendEverywhere(node)
    return next
  }
}
