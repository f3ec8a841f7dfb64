import Precept

// Expressions in view positions: calls become nodes, `.member(…)` after a view becomes a
// modifier, closures become children, slots or action arguments, a ternary becomes an `if`.

/// The views an expression builds and how much it looks like view code.
struct Expression {
  var nodes: [ViewNode] = []
  var evidence = Evidence()
}

/// One argument inside `( … )`, as token indices.
struct RawArgument {
  /// The label token, if the argument has one.
  var label: Int?
  /// The first token (the label, if any).
  var start: Int
  var valueStart: Int
  /// The index of the `,` or `)` after the value.
  var end: Int
  /// The value is exactly one closure `{ … }`.
  var isClosure: Bool
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
            slice(condition.lowerBound, condition.upperBound), at: condition.lowerBound, label: "condition")
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
  private func isSingleElement(_ open: Int) -> Bool {
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
      knownModifier = knownModifier || isKnownModifier(modifier.name)
      node.modifiers.append(modifier)
    }
    let (next, modifiedLater) = applyPostfix(&node, k, end)
    knownModifier = knownModifier || modifiedLater

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
      evidence = .action
    }
    return (Expression(nodes: [node], evidence: evidence), next)
  }

  private func memberArgument(_ period: Int, _ end: Int, call: Bool) -> ViewArgument {
    let location = location(period)
    return ViewArgument(
      label: nil, kind: call ? .expr : .member, value: slice(period, end), line: location.line, column: location.column)
  }

  private func modifierHeader(_ nameIndex: Int) -> ViewModifier {
    let location = location(nameIndex)
    return ViewModifier(name: name(nameIndex), line: location.line, column: location.column)
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
        let afterName = min(afterGeneric(k + 1), end)
        k = callSuffix(
          afterName, end, callee: modifier.name, modifier: true, &modifier.args, &modifier.children, &modifier.slots)
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

  /// Parses the `( … )` and trailing closures of a call at `k`, if any, into arguments,
  /// children and slots; returns the index after them.
  func callSuffix(
    _ k: Int, _ end: Int, callee: String, modifier: Bool, _ args: inout [ViewArgument], _ children: inout [ViewNode],
    _ slots: inout [ViewSlot]
  ) -> Int {
    var j = k
    var paren: Int? = nil
    if j < end, kind(j) == .leftParen, !newline(j) {
      paren = j
      j = skip(j)
    }
    var trailing: [(label: Int?, brace: Int)] = []
    if j < end, kind(j) == .leftBrace {
      trailing.append((nil, j))
      j = skip(j)
      while j + 2 < end, kind(j) == .identifier, kind(j + 1) == .colon, kind(j + 2) == .leftBrace {
        trailing.append((j, j + 2))
        j = skip(j + 2)
      }
    }
    guard paren != nil || !trailing.isEmpty else { return j }
    let arguments = paren.map(rawArguments) ?? []
    var call = CallBuilder(parser: self, callee: callee, modifier: modifier)
    call.assemble(arguments, trailing)
    args.append(contentsOf: call.args)
    children.append(contentsOf: call.children)
    for slot in call.slots { add(slot.nodes, toSlot: slot.name, &slots) }
    return j
  }

  /// Splits `( … )` at its top-level commas.
  private func rawArguments(_ open: Int) -> [RawArgument] {
    let close = match(open)
    var result: [RawArgument] = []
    var j = open + 1
    while j < close {
      let start = j
      var label: Int? = nil
      var valueStart = j
      if kind(j) == .identifier, j + 1 < close, kind(j + 1) == .colon {
        label = j
        valueStart = j + 2
      }
      var e = valueStart
      while e < close, kind(e) != .comma {
        e = kind(e) == .identifier ? min(afterGeneric(e), close) : skip(e)
      }
      let isClosure = valueStart < e && kind(valueStart) == .leftBrace && match(valueStart) + 1 == e
      result.append(RawArgument(label: label, start: start, valueStart: valueStart, end: e, isClosure: isClosure))
      j = e + 1
    }
    return result
  }

  /// An argument as written: literal kinds are told apart, anything else is source text.
  func argumentValue(_ argument: RawArgument) -> ViewArgument {
    let location = location(argument.start)
    let label = argument.label.map { name($0) }
    let start = argument.valueStart
    let end = argument.end
    var kind = ArgumentKind.expr
    var value: String
    switch end - start {
    case 1:
      switch self.kind(start) {
      case .string:
        kind = .string
        value = StringLiteral.value(of: tokens[start], in: text, maximumNesting: limit)
      case .number:
        kind = .number
        value = string(start)
      case .identifier where keyword(start) == .kTrue || keyword(start) == .kFalse:
        kind = .bool
        value = string(start)
      default:
        value = string(start)
      }
    case 2:
      if self.kind(start) == .period, self.kind(start + 1) == .identifier {
        kind = .member
      } else if self.kind(start) == .op, isWord(start, "-"), self.kind(start + 1) == .number, !spaced(start + 1) {
        kind = .number
      }
      value = slice(start, end)
    default:
      value = slice(start, end)
    }
    return ViewArgument(label: label, kind: kind, value: value, line: location.line, column: location.column)
  }

  /// The statements of a closure, after its signature (`item in`, `(a, b) -> Bool in`).
  func closureBody(_ brace: Int) -> Block {
    var block = Block()
    items(closureSignatureEnd(brace), match(brace), .builder, &block)
    return block
  }

  /// The index of the first statement of the closure at `brace`: after `in` when the closure
  /// has a signature, else right after the brace.
  private func closureSignatureEnd(_ brace: Int) -> Int {
    let close = match(brace)
    var j = brace + 1
    while j < close {
      let token = tokens[j]
      if j > brace + 1, token.has(Token.newlineBefore), token.keyword != .kIn, token.kind != .arrow,
        token.kind != .leftParen, !isWord(j, "throws"), !isWord(j, "async")
      {
        return brace + 1
      }
      switch token.kind {
      case .identifier:
        switch token.keyword {
        case .kIn: return j + 1
        case .none, .kSome, .kAny, .kSelfType: break
        default: return brace + 1
        }
      case .comma, .colon, .arrow, .period, .at, .leftParen, .leftBracket:
        break
      case .op:
        var index = Int(token.start)
        while index < Int(token.end) {
          switch text[index] {
          case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"),
            UInt8(ascii: "."):
            index += 1
          default: return brace + 1
          }
        }
      default:
        return brace + 1
      }
      j = skip(j)
    }
    return brace + 1
  }

  /// Whether `start..<end` is a call of a SwiftUI view that is not also a style: `Menu { … }`,
  /// `Image(systemName: "x")`, `SwiftUI.Text("a")`, but not `Color.red` or `Circle()`.
  func isViewCall(_ start: Int, _ end: Int) -> Bool {
    var j = start
    while j + 2 < end, kind(j) == .identifier, kind(j + 1) == .period, kind(j + 2) == .identifier { j += 2 }
    guard j < end, kind(j) == .identifier, isUppercase(j) else { return false }
    let after = min(afterGeneric(j), end)
    guard after < end, kind(after) == .leftParen || kind(after) == .leftBrace else { return false }
    let name = name(j)
    return Catalog.viewTypes.contains(name) && !Catalog.styleTypes.contains(name)
  }

  /// Appends nodes to the slot called `name`, creating it after the existing ones if needed.
  func add(_ nodes: [ViewNode], toSlot name: String, _ slots: inout [ViewSlot]) {
    if let index = slots.firstIndex(where: { $0.name == name }) {
      slots[index].nodes.append(contentsOf: nodes)
    } else {
      slots.append(ViewSlot(name: name, nodes: nodes))
    }
  }
}

/// Sorts a call's arguments and closures into arguments, children and slots, using the
/// catalog's signatures when the callee is known and heuristics when it is not.
struct CallBuilder {
  let parser: Parser
  let callee: String
  let modifier: Bool
  var args: [ViewArgument] = []
  var children: [ViewNode] = []
  var slots: [ViewSlot] = []

  init(parser: Parser, callee: String, modifier: Bool) {
    self.parser = parser
    self.callee = callee
    self.modifier = modifier
  }

  mutating func assemble(_ arguments: [RawArgument], _ trailing: [(label: Int?, brace: Int)]) {
    let labels = arguments.map { $0.label.map { parser.name($0) } ?? "_" }
    let trailingLabels = trailing.map { $0.label.map { parser.name($0) } }
    let parameters = matchSignature(arguments, labels, trailingLabels)
    let knownModifier = modifier && Catalog.modifierNames.contains(callee)
    for (index, argument) in arguments.enumerated() {
      let label = argument.label.map { parser.name($0) }
      guard let parameters else {
        if argument.isClosure {
          classify(closure: argument.valueStart, label: label, position: argument.start)
        } else {
          args.append(parser.argumentValue(argument))
          // A view passed to an unknown call (`Card(menu: Menu { … })`) is a view here too;
          // known modifiers take views only where the catalog says so.
          if !knownModifier, parser.isViewCall(argument.valueStart, argument.end) {
            let (expression, _) = parser.viewExpression(argument.valueStart, argument.end)
            place(expression.nodes, Parameter(label: label ?? "_", role: label == nil ? .content : .slot))
          }
        }
        continue
      }
      let parameter = parameters[index]
      switch parameter.role {
      case .value, .action:
        args.append(parser.argumentValue(argument))
      case .content, .slot:
        if argument.isClosure {
          place(parser.closureBody(argument.valueStart).result, parameter)
        } else {
          args.append(parser.argumentValue(argument))
          let (expression, _) = parser.viewExpression(argument.valueStart, argument.end)
          if !expression.nodes.isEmpty { place(expression.nodes, parameter) }
        }
      }
    }
    for (index, closure) in trailing.enumerated() {
      let label = trailingLabels[index]
      guard let parameters else {
        classify(closure: closure.brace, label: label, position: closure.label ?? closure.brace)
        continue
      }
      let parameter = parameters[arguments.count + index]
      switch parameter.role {
      case .content, .slot:
        place(parser.closureBody(closure.brace).result, parameter)
      case .value, .action:
        appendClosure(
          closure.brace, label: parameter.label == "_" ? nil : parameter.label, position: closure.label ?? closure.brace
        )
      }
    }
  }

  private mutating func place(_ nodes: [ViewNode], _ parameter: Parameter) {
    if parameter.role == .content {
      children.append(contentsOf: nodes)
    } else {
      parser.add(nodes, toSlot: parameter.label, &slots)
    }
  }

  private mutating func appendClosure(_ brace: Int, label: String?, position: Int) {
    let location = parser.location(position)
    args.append(
      ViewArgument(
        label: label, kind: .expr, value: parser.slice(brace, parser.match(brace) + 1), line: location.line,
        column: location.column))
  }

  /// A closure of an unknown parameter: views if its statements look like views, else an
  /// action. Modifiers named `on…` (`.onFoo { }`) always take actions.
  private mutating func classify(closure brace: Int, label: String?, position: Int) {
    if !isEventModifier {
      let body = parser.closureBody(brace)
      let evidence = body.resultEvidence
      let nodes = body.result
      let lenient = !modifier && callee.first.map { $0.isUppercase } == true
      if evidence.actions == 0, evidence.views > 0 || (lenient && !nodes.isEmpty) {
        if label == nil || label == "content" {
          children.append(contentsOf: nodes)
        } else {
          parser.add(nodes, toSlot: label!, &slots)
        }
        return
      }
    }
    appendClosure(brace, label: label, position: position)
  }

  private var isEventModifier: Bool {
    guard modifier, callee.hasPrefix("on") else { return false }
    let third = callee.utf8.dropFirst(2).first ?? 0
    return third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")
  }

  /// The parameter each argument and trailing closure binds to, by the first overload that
  /// accepts the call's labels (strictly, then ignoring unknown value labels), or nil.
  private func matchSignature(
    _ arguments: [RawArgument], _ labels: [String], _ trailingLabels: [String?]
  ) -> [Parameter]? {
    let signatures = modifier ? Catalog.modifiers[callee] : Catalog.initializers[callee]
    if let signatures {
      for lenient in [false, true] {
        for signature in signatures {
          if let bound = bind(signature, arguments, labels, trailingLabels, lenient: lenient) { return bound }
        }
      }
    }
    if !modifier, Catalog.viewTypes.contains(callee) {
      return bind(CallBuilder.contentOnly, arguments, labels, trailingLabels, lenient: true)
    }
    return nil
  }

  private static let contentOnly = Signature("*content")

  private func bind(
    _ signature: Signature, _ arguments: [RawArgument], _ labels: [String], _ trailingLabels: [String?],
    lenient: Bool
  ) -> [Parameter]? {
    let parameters = signature.parameters
    var bound: [Parameter] = []
    bound.reserveCapacity(arguments.count + trailingLabels.count)
    var position = 0
    for (index, label) in labels.enumerated() {
      if let found = parameters[position...].firstIndex(where: { $0.label == label }) {
        bound.append(parameters[found])
        position = found + 1
      } else if lenient, !arguments[index].isClosure {
        bound.append(Parameter(label: label, role: .value))
      } else {
        return nil
      }
    }
    for (index, label) in trailingLabels.enumerated() {
      let found: Int?
      if index == 0, label == nil {
        found = parameters[position...].firstIndex { $0.role != .value }
      } else {
        found = parameters[position...].firstIndex { $0.label == label }
      }
      guard let found else { return nil }
      bound.append(parameters[found])
      position = found + 1
    }
    return bound
  }
}
