import Precept

// Expressions in view positions: calls become nodes, `.member(…)` after a view becomes a
// modifier, closures become children, slots or action arguments, a ternary becomes an `if`.

/// The views an expression builds and how much it looks like view code.
struct Expression {
  var nodes: [ViewNode] = []
  var evidence = Evidence()
}

extension Parser {
  /// Parses the expression at `i`; returns what it builds and the index after it.
  func viewExpression(_ i: Int, _ end: Int) -> (Expression, Int) {
    var (first, j) = sequence(i, end)
    guard j < end, isTernary(j) else { return (first, j) }
    // `c1 ? a : c2 ? b : d` folds into `if` nodes; each `else` slot holds the rest.
    var conditions: [Range<Int>] = []
    var branches: [Expression] = []
    var conditionStart = i
    defer { leave(conditions.count) }
    while true {
      // Each link of the chain nests one level deeper, in the `else` slot of the one before.
      guard enter(1, at: j) else { return (Expression(), skipExpression(j, end)) }
      conditions.append(conditionStart..<j)
      let (then, afterThen) = sequence(j + 1, end)
      guard afterThen < end, kind(afterThen) == .colon else {
        first.nodes = []
        return (first, skipExpression(afterThen, end))
      }
      branches.append(then)
      conditionStart = afterThen + 1
      let (other, afterOther) = sequence(conditionStart, end)
      j = afterOther
      if j < end, isTernary(j) { continue }
      branches.append(other)
      break
    }
    var evidence = Evidence()
    for branch in branches { evidence.add(branch.evidence) }
    guard branches.contains(where: { !$0.nodes.isEmpty }) else { return (Expression(evidence: evidence), j) }
    var rest = branches[branches.count - 1].nodes
    for index in stride(from: conditions.count - 1, through: 0, by: -1) {
      let condition = conditions[index]
      let location = location(condition.lowerBound)
      let node = ViewNode(
        type: "if", line: location.line, column: location.column,
        args: [
          conditionArgument(
            slice(condition.lowerBound, condition.upperBound), at: condition.lowerBound, label: "condition",
            structure: condition)
        ],
        children: branches[index].nodes, slots: [ViewSlot(name: "else", nodes: rest)])
      rest = [node]
    }
    return (Expression(nodes: rest, evidence: evidence), j)
  }

  /// Operands joined by binary operators, up to a ternary `?` or the end of the expression.
  /// With several operands (`Text("a") + Text("b")`), only operands that are views count.
  private func sequence(_ i: Int, _ end: Int) -> (Expression, Int) {
    var result = Expression()
    var firstNodes: [ViewNode] = []
    var firstIsView = false
    var operands = 0
    var j = i
    operandLoop: while j < end {
      let (value, next) = operand(j, end)
      // No operand here (a stray keyword or symbol): the expression ends before it.
      if next == j { break }
      operands += 1
      result.evidence.add(value.evidence)
      if operands == 1 {
        firstNodes = value.nodes
        firstIsView = value.evidence.views > 0
      } else if value.evidence.views > 0 {
        result.nodes.append(contentsOf: value.nodes)
      }
      j = next
      while j < end {
        let token = tokens[j]
        if token.has(Token.newlineBefore), !continues(j, after: j - 1) { break operandLoop }
        switch token.kind {
        case .op:
          if token.keyword == .assign || token.keyword == .compoundAssign {
            return (Expression(evidence: .action), skipExpression(j + 1, end))
          }
          if isTernary(j) { break operandLoop }
          if isBinaryOperator(j) {
            j += 1
            continue operandLoop
          }
          if isPostfixOperator(j) {
            j += 1
            continue
          }
          break operandLoop
        case .identifier where token.keyword == .kAs || token.keyword == .kIs:
          j += 1
          if j < end, isPostfixOperator(j) { j += 1 }
          j = typeEnd(j, end)
        default:
          break operandLoop
        }
      }
      break
    }
    if operands <= 1 || firstIsView { result.nodes.insert(contentsOf: firstNodes, at: 0) }
    return (result, j)
  }

  /// Prefix operators, `try`, `await`, then a postfix expression.
  private func operand(_ i: Int, _ end: Int) -> (Expression, Int) {
    var j = i
    var evidence = Evidence()
    var prefixed = false
    while j < end {
      let token = tokens[j]
      if token.keyword == .kTry {
        evidence.add(.action)
        j += 1
        if j < end, isPostfixOperator(j) { j += 1 }
        continue
      }
      if token.keyword == .kAwait {
        evidence.add(.action)
        j += 1
        continue
      }
      if token.kind == .op, j + 1 < end, !spaced(j + 1) {
        prefixed = true
        j += 1
        continue
      }
      break
    }
    guard j < end else { return (Expression(evidence: evidence), j) }
    var (value, next) = postfixOperand(j, end)
    if prefixed { value.nodes = [] }
    value.evidence.add(evidence)
    return (value, next)
  }

  private func postfixOperand(_ j: Int, _ end: Int) -> (Expression, Int) {
    let token = tokens[j]
    switch token.kind {
    case .identifier:
      switch token.keyword {
      case .none, .kSelf, .kSelfType, .kSuper:
        return pathExpression(j, end)
      case .kIf, .kSwitch:
        var block = Block()
        let next =
          token.keyword == .kIf ? ifStatement(j, end, .builder, &block) : switchStatement(j, end, .builder, &block)
        return (Expression(nodes: block.nodes, evidence: block.evidence), next)
      case .kTrue, .kFalse, .kNil:
        return (Expression(), skipPostfix(j + 1, end))
      default:
        if token.keyword.isContextual { return pathExpression(j, end) }
        return (Expression(), j)
      }
    case .period:
      return (Expression(), skipPostfix(j, end))
    case .number, .string, .regex:
      return (Expression(), skipPostfix(j + 1, end))
    case .leftParen:
      let close = match(j)
      if isSingleElement(j) {
        let (inner, _) = viewExpression(j + 1, close)
        if inner.nodes.count == 1 {
          var node = inner.nodes[0]
          let (next, _) = applyPostfix(&node, close + 1, end)
          if next > close + 1, let range = node.offsets.range {
            node.offsets.range = range.lowerBound..<byteRange(next - 1, next).upperBound
          }
          return (Expression(nodes: [node], evidence: inner.evidence), next)
        }
        return (inner, skipPostfix(close + 1, end))
      }
      return (Expression(), skipPostfix(close + 1, end))
    case .leftBracket, .leftBrace:
      return (Expression(), skipPostfix(skip(j), end))
    case .backslash:
      // A key path: `\.name`, `\Type.member?.other`.
      var k = j + 1
      while k < end, !spaced(k) {
        switch kind(k) {
        case .identifier, .period, .op: k += 1
        case .leftBracket: k = skip(k)
        default: return (Expression(), k)
        }
      }
      return (Expression(), k)
    case .pound:
      var k = j + 1
      if k < end, kind(k) == .leftParen, !spaced(k) { k = skip(k) }
      return (Expression(), skipPostfix(k, end))
    default:
      return (Expression(), j)
    }
  }

  /// `( x )` rather than a tuple `(a, b)` or `(label: x)`.
  func isSingleElement(_ open: Int) -> Bool {
    let close = match(open)
    guard close > open + 1 else { return false }
    if kind(open + 1) == .identifier, kind(open + 2) == .colon { return false }
    var j = open + 1
    while j < close {
      if kind(j) == .comma { return false }
      j = skip(j)
    }
    return true
  }

  /// Skips member accesses, calls, subscripts, trailing closures and postfix operators after
  /// an operand that is not a view.
  func skipPostfix(_ start: Int, _ end: Int) -> Int {
    var k = start
    while k < end {
      let token = tokens[k]
      switch token.kind {
      case .period:
        guard k + 1 < end, kind(k + 1) == .identifier || kind(k + 1) == .number else { return k }
        k = min(afterGeneric(k + 1), end)
      case .leftParen, .leftBracket:
        if token.has(Token.newlineBefore) { return k }
        k = skip(k)
      case .leftBrace:
        k = skipTrailingClosures(k, end)
      case .op:
        guard isPostfixOperator(k) else { return k }
        k += 1
      case .pound:
        guard token.keyword == .poundIf, token.has(Token.newlineBefore), isPostfixIfConfig(k) else { return k }
        k = afterIfConfig(k)
      default:
        return k
      }
    }
    return min(k, end)
  }

  /// The index after a trailing closure at `brace` and any labelled ones after it.
  private func skipTrailingClosures(_ brace: Int, _ end: Int) -> Int {
    var k = skip(brace)
    while k + 2 < end, kind(k) == .identifier, kind(k + 1) == .colon, kind(k + 2) == .leftBrace {
      k = skip(k + 2)
    }
    return k
  }

  // MARK: - Names, calls and modifiers

  /// A dotted name (`Menu`, `SwiftUI.Menu`, `Color.red.opacity`, `self.row`, `content`), its
  /// call, trailing closures and modifiers.
  ///
  /// Upper-case components name the type: the node's type is the last of them. A lower-case
  /// component right after the type is a static member (`Color.red` gives a `Color` node with
  /// the argument `.red`), except `.init`. A lower-case path is a reference: its node's type
  /// is the referenced name, and the components from the first known modifier on are modifiers
  /// (`content.padding()`).
  private func pathExpression(_ j: Int, _ end: Int) -> (Expression, Int) {
    var components = [j]
    var k = min(afterGeneric(j), end)
    while k + 1 < end, kind(k) == .period, kind(k + 1) == .identifier {
      components.append(k + 1)
      k = min(afterGeneric(k + 1), end)
    }
    let root = j
    let selfRoot = keyword(root) == .kSelf || keyword(root) == .kSelfType || keyword(root) == .kSuper
    let location = location(root)
    var node = ViewNode(type: "", line: location.line, column: location.column)
    var modifierStart = components.count
    var staticMember: Int? = nil
    var typeLike = false
    var referenceIndex = 0
    if !selfRoot, isUppercase(root) {
      typeLike = true
      var last = 0
      while last + 1 < components.count, isUppercase(components[last + 1]) { last += 1 }
      node.type = name(components[last])
      // `LaunchAtLogin.Toggle()` is another module's (or a nested) type that shares a SwiftUI
      // name: it keeps its qualifier, so rules about SwiftUI's Toggle leave it alone.
      if last > 0, Catalog.viewTypes.contains(node.type), !(last == 1 && isWord(root, "SwiftUI")) {
        node.type = components[...last].map { name($0) }.joined(separator: ".")
      }
      if last + 1 < components.count {
        modifierStart = last + 2
        if !isWord(components[last + 1], "init") { staticMember = last + 1 }
      }
    } else {
      referenceIndex = components.count - 1
      if components.count > 1 {
        for index in 1..<components.count where Catalog.modifierNames.contains(name(components[index])) {
          referenceIndex = index - 1
          modifierStart = index
          break
        }
      }
      node.type = selfRoot && referenceIndex == 0 ? "self" : name(components[referenceIndex])
    }

    let hasCall = k < end && ((kind(k) == .leftParen && !newline(k)) || kind(k) == .leftBrace)
    var pathModifiers = Array(components[min(modifierStart, components.count)...])
    if modifierStart >= components.count {
      if let staticMember, staticMember == components.count - 1 {
        // `Type.member(…)`: the call belongs to the static member.
        let callEnd = hasCall ? skipCall(k, end) : k
        node.args.append(memberArgument(components[staticMember] - 1, callEnd, call: hasCall))
        k = callEnd
      } else {
        // Where a fix adds an argument: the `( … )`, or after the name when there is none.
        let afterName = Int(tokens[k - 1].end)
        node.offsets.argumentList =
          k < end && kind(k) == .leftParen && !newline(k) ? byteRange(k, match(k) + 1) : afterName..<afterName
        k = callSuffix(k, end, callee: node.type, modifier: false, &node.args, &node.children, &node.slots)
      }
    } else if let staticMember {
      node.args.append(memberArgument(components[staticMember] - 1, components[staticMember] + 1, call: false))
    }
    var knownModifier = modifierStart < components.count && !typeLike
    if !pathModifiers.isEmpty {
      let last = pathModifiers.removeLast()
      for index in pathModifiers {
        node.modifiers.append(modifierHeader(index))
        knownModifier = knownModifier || isKnownModifier(name(index))
      }
      var modifier = modifierHeader(last)
      k = callSuffix(k, end, callee: modifier.name, modifier: true, &modifier.args, &modifier.children, &modifier.slots)
      modifier.offsets.range = byteRange(last - 1, k)
      knownModifier = knownModifier || isKnownModifier(modifier.name)
      node.modifiers.append(modifier)
    }
    let (next, modifiedLater) = applyPostfix(&node, k, end)
    knownModifier = knownModifier || modifiedLater
    node.offsets.range = byteRange(root, next)

    // A local variable holding a view (`let menu = Menu(…)`), used by name: that view, with
    // the modifiers applied here.
    let calledItself = hasCall && modifierStart >= components.count
    if !typeLike, !selfRoot, referenceIndex == 0, !calledItself, node.args.isEmpty, node.children.isEmpty,
      node.slots.isEmpty, let local = state.localViews[node.type],
      state.localViewNodes + local.size <= ParseState.localViewBudget
    {
      state.localViewNodes += local.size
      var view = local.node
      view.modifiers.append(contentsOf: node.modifiers)
      return (Expression(nodes: [view], evidence: .view), next)
    }

    var evidence = Evidence()
    if typeLike {
      if isActionType(node.type) {
        evidence = .action
      } else if staticMember != nil, !Catalog.viewTypes.contains(node.type) {
        evidence = hasCall ? .action : Evidence()
      } else {
        evidence = .view
      }
    } else if knownModifier || isUppercase(components[referenceIndex]) {
      evidence = .view
    } else if hasCall {
      evidence = .call
    }
    return (Expression(nodes: [node], evidence: evidence), next)
  }

  private func memberArgument(_ period: Int, _ end: Int, call: Bool) -> ViewArgument {
    let location = location(period)
    var argument = ViewArgument(
      label: nil, kind: call ? .expr : .member, value: slice(period, end), line: location.line, column: location.column)
    argument.expression = valueExpression(period, end)
    return argument
  }

  /// A modifier at its name, its source range from the `.` before it to the name (callers
  /// extend it over the call).
  private func modifierHeader(_ nameIndex: Int) -> ViewModifier {
    let location = location(nameIndex)
    var modifier = ViewModifier(name: name(nameIndex), line: location.line, column: location.column)
    modifier.offsets.range = byteRange(nameIndex - 1, nameIndex + 1)
    return modifier
  }

  private func isKnownModifier(_ name: String) -> Bool {
    Catalog.modifierNames.contains(name) || Catalog.modifiers[name] != nil
  }

  private func isActionType(_ name: String) -> Bool {
    Catalog.actionTypes.contains(name) || Catalog.actionTypeSuffixes.contains { name.hasSuffix($0) }
  }

  /// The index after a call's `( … )` and trailing closures at `k`.
  private func skipCall(_ k: Int, _ end: Int) -> Int {
    var j = k
    if j < end, kind(j) == .leftParen, !newline(j) { j = skip(j) }
    if j < end, kind(j) == .leftBrace { j = skipTrailingClosures(j, end) }
    return j
  }

  /// Modifiers (`.name(…)`), postfix operators, subscripts and `#if` blocks of modifiers after
  /// a view. Returns the index after them and whether a known SwiftUI modifier was among them.
  func applyPostfix(_ node: inout ViewNode, _ start: Int, _ end: Int) -> (Int, Bool) {
    var k = start
    var known = false
    while k < end {
      let token = tokens[k]
      switch token.kind {
      case .period:
        guard k + 1 < end else { return (k, known) }
        if kind(k + 1) == .number {
          k += 2
          continue
        }
        guard kind(k + 1) == .identifier else { return (k, known) }
        var modifier = modifierHeader(k + 1)
        let period = k
        let afterName = min(afterGeneric(k + 1), end)
        k = callSuffix(
          afterName, end, callee: modifier.name, modifier: true, &modifier.args, &modifier.children, &modifier.slots)
        modifier.offsets.range = byteRange(period, k)
        known = known || isKnownModifier(modifier.name)
        node.modifiers.append(modifier)
      case .op:
        guard isPostfixOperator(k) else { return (k, known) }
        k += 1
      case .leftBracket, .leftParen:
        if token.has(Token.newlineBefore) { return (k, known) }
        k = skip(k)
      case .pound:
        guard token.keyword == .poundIf, token.has(Token.newlineBefore), isPostfixIfConfig(k) else { return (k, known) }
        // Modifiers of every branch are kept, in source order.
        for clause in ifConfigClauses(k) {
          var c = clause.bodyStart
          while c < clause.bodyEnd {
            let (next, modified) = applyPostfix(&node, c, clause.bodyEnd)
            known = known || modified
            c = max(next, c + 1)
          }
        }
        k = afterIfConfig(k)
      default:
        return (k, known)
      }
    }
    return (min(k, end), known)
  }
}
