import Precept

// The structure of argument values (`ViewExpression`): literals, names, member chains, calls,
// closures and their statements, ternaries, assignments, operators and interpolations, with
// colours, fonts, bindings and localized strings recognised.
//
// Each argument's structure is bounded: at most `ViewExpression.maximumDepth` levels and
// `ViewExpression.maximumSize` expressions; whatever lies beyond is one `other` expression
// holding its source text. Recursion follows those levels only (operator chains are loops).

/// How many expressions one argument's structure may still hold.
struct ValueBudget {
  var remaining = ViewExpression.maximumSize

  /// Takes one expression from the budget; false when it is spent.
  mutating func take() -> Bool {
    guard remaining > 0 else { return false }
    remaining -= 1
    return true
  }
}

extension Parser {
  /// The structure of the value `start..<end`, or nil when the range is empty.
  func valueExpression(_ start: Int, _ end: Int) -> ViewExpression? {
    guard start < end else { return nil }
    var budget = ValueBudget()
    let expression = value(start, end, 1, &budget)
    // Operator sequences and member chains nest deeper than the levels they were read at.
    // Each expression taken from the budget adds at most two levels (an `if` and its branch
    // closure, a binding and its target), so a small tree is measured only when it could be
    // too deep.
    let taken = ViewExpression.maximumSize - budget.remaining
    guard 2 * taken > ViewExpression.maximumDepth else { return expression }
    return expression.depth > ViewExpression.maximumDepth
      ? expression.pruned(toDepth: ViewExpression.maximumDepth) : expression
  }

  /// The tokens `start..<end` as one expression: `other` when they are not one expression the
  /// reader knows, or lie beyond the bounds.
  func value(_ start: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> ViewExpression {
    guard start < end else { return ViewExpression(.other, text: "") }
    guard depth <= ViewExpression.maximumDepth, budget.remaining > 0 else { return other(start, end) }
    let (expression, next) = assignmentValue(start, end, depth, &budget)
    return next == end ? expression : other(start, end)
  }

  private func other(_ start: Int, _ end: Int) -> ViewExpression {
    ViewExpression(.other, text: slice(start, end))
  }

  /// `other` from `i` to the end of the expression there (at least one token).
  private func skipped(_ i: Int, _ end: Int) -> (ViewExpression, Int) {
    let next = min(end, max(i + 1, skipExpression(i, end)))
    return (other(i, next), next)
  }

  /// `target = rhs`, `target += rhs`, or a ternary.
  private func assignmentValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int)
  {
    let (left, j) = ternaryValue(i, end, depth, &budget)
    guard j > i, j < end, kind(j) == .op, keyword(j) == .assign || keyword(j) == .compoundAssign else {
      return (left, j)
    }
    guard depth < ViewExpression.maximumDepth, budget.take() else { return skipped(i, end) }
    let (right, k) = assignmentValue(j + 1, end, depth + 1, &budget)
    var expression = ViewExpression(.assignment, text: slice(i, k))
    expression.target = left
    expression.operatorName = string(j)
    expression.rhs = k > j + 1 ? right : nil
    return (expression, k)
  }

  /// `condition ? then : else`, right-associative, or an operator sequence.
  private func ternaryValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int) {
    let (condition, j) = sequenceValue(i, end, depth, &budget)
    guard j > i, j < end, isTernary(j) else { return (condition, j) }
    guard depth < ViewExpression.maximumDepth, budget.take() else { return skipped(i, end) }
    let (then, k) = ternaryValue(j + 1, end, depth + 1, &budget)
    guard k < end, kind(k) == .colon else { return skipped(i, end) }
    let (otherwise, m) = ternaryValue(k + 1, end, depth + 1, &budget)
    var expression = ViewExpression(.ternary, text: slice(i, m))
    expression.condition = condition
    expression.then = then
    expression.otherwise = otherwise
    return (expression, m)
  }

  /// Swift's precedence groups for the common binary operators; others bind like `+`.
  private static func precedence(_ op: String) -> Int {
    switch op {
    case "||": 1
    case "&&": 2
    case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": 3
    case "??": 4
    case "...", "..<": 5
    case "*", "/", "%", "&*", "&": 7
    case "<<", ">>": 8
    default: 6
    }
  }

  /// Operands joined by binary operators, grouped by precedence without recursion.
  private func sequenceValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int) {
    var operands: [(expression: ViewExpression, start: Int, end: Int)] = []
    var operators: [(text: String, precedence: Int)] = []
    var j = i
    while j < end {
      let (operand, next) = prefixValue(j, end, depth, &budget)
      if next == j {
        // An operator with nothing after it ends the sequence before it.
        if !operators.isEmpty {
          operators.removeLast()
          j -= 1
        }
        break
      }
      operands.append((operand, j, next))
      j = next
      // Casts (`as? String`, `is Int`) keep the operand, whose text then covers them.
      while j < end, kind(j) == .identifier, keyword(j) == .kAs || keyword(j) == .kIs {
        j += 1
        if j < end, isPostfixOperator(j) { j += 1 }
        j = min(end, max(j, typeEnd(j, end)))
        let start = operands[operands.count - 1].start
        operands[operands.count - 1] = (other(start, j), start, j)
      }
      guard j < end, kind(j) == .op, !isTernary(j), keyword(j) != .assign, keyword(j) != .compoundAssign,
        isBinaryOperator(j), !newline(j) || continues(j, after: j - 1)
      else { break }
      let text = string(j)
      operators.append((text, Parser.precedence(text)))
      j += 1
    }
    // An operator at the end of the range has no right operand: the sequence ends before it.
    if !operators.isEmpty, operators.count >= operands.count {
      operators.removeLast()
      j -= 1
    }
    guard let first = operands.first else { return (ViewExpression(.other, text: ""), i) }
    if operators.isEmpty { return (first.expression, j) }
    // Each operator nests the tree one level deeper.
    if depth + operators.count > ViewExpression.maximumDepth { return (other(i, j), j) }
    // Shunting-yard over the operand list: a stack of operands and one of operators.
    var values: [(expression: ViewExpression, start: Int, end: Int)] = [first]
    var pending: [(text: String, precedence: Int)] = []
    func reduce(_ budget: inout ValueBudget) {
      let right = values.removeLast()
      let left = values.removeLast()
      let op = pending.removeLast()
      values.append((binary(op.text, left, right, &budget), left.start, right.end))
    }
    for (index, op) in operators.enumerated() {
      while let top = pending.last, top.precedence >= op.precedence { reduce(&budget) }
      pending.append(op)
      values.append(operands[index + 1])
    }
    while !pending.isEmpty { reduce(&budget) }
    return (values[0].expression, j)
  }

  /// `left op right`, folded when both sides are numbers and the operator is arithmetic.
  private func binary(
    _ op: String, _ left: (expression: ViewExpression, start: Int, end: Int),
    _ right: (expression: ViewExpression, start: Int, end: Int), _ budget: inout ValueBudget
  ) -> ViewExpression {
    let text = slice(left.start, right.end)
    if left.expression.form == .number, right.expression.form == .number, let a = left.expression.number,
      let b = right.expression.number
    {
      var folded: Double? = nil
      switch op {
      case "+": folded = a + b
      case "-": folded = a - b
      case "*": folded = a * b
      case "/": folded = b == 0 ? nil : a / b
      default: break
      }
      if let folded, folded.isFinite {
        var number = ViewExpression(.number, text: text)
        number.number = folded
        return number
      }
    }
    guard budget.take() else { return ViewExpression(.other, text: text) }
    var expression = ViewExpression(.binary, text: text)
    expression.base = left.expression
    expression.operatorName = op
    expression.rhs = right.expression
    return expression
  }

  /// `try`, `await`, then prefix operators (`!isOn`, `-4`), then a postfix expression.
  private func prefixValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int) {
    guard i < end else { return (ViewExpression(.other, text: ""), i) }
    if keyword(i) == .kTry || keyword(i) == .kAwait {
      var j = i + 1
      if keyword(i) == .kTry, j < end, isPostfixOperator(j) { j += 1 }
      let (inner, next) = prefixValue(j, end, depth, &budget)
      return next == j ? (ViewExpression(.other, text: ""), i) : (inner, next)
    }
    if kind(i) == .op, i + 1 < end, !spaced(i + 1) {
      guard depth < ViewExpression.maximumDepth, budget.take() else { return skipped(i, end) }
      let (operand, next) = prefixValue(i + 1, end, depth + 1, &budget)
      guard next > i + 1 else { return (ViewExpression(.other, text: ""), i) }
      let op = string(i)
      if op == "-", operand.form == .number, let number = operand.number {
        var negated = ViewExpression(.number, text: slice(i, next))
        negated.number = -number
        return (negated, next)
      }
      var expression = ViewExpression(.prefix, text: slice(i, next))
      expression.operatorName = op
      expression.base = operand
      return (expression, next)
    }
    return postfixValue(i, end, depth, &budget)
  }

  /// A primary expression and its member accesses, calls, trailing closures, subscripts and
  /// postfix operators. A member is recognised (`ViewExpression.classified`) once the chain
  /// has moved past it, so `Color.red.opacity(0.5)` calls `opacity` on a colour.
  private func postfixValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int) {
    var (current, j) = primaryValue(i, end, depth, &budget)
    guard j > i else { return (current, i) }
    var called = false
    // Each member, call and trailing closure nests the tree one level deeper.
    var levels = 0
    while j < end {
      if kind(j) == .period || kind(j) == .leftParen || kind(j) == .leftBrace {
        levels += 1
        if depth + levels > ViewExpression.maximumDepth { return skipped(i, end) }
      }
      switch kind(j) {
      case .period:
        guard j + 1 < end, kind(j + 1) == .identifier || kind(j + 1) == .number else {
          return (ViewExpression.classified(current), j)
        }
        guard budget.take() else { return skipped(i, end) }
        let next = kind(j + 1) == .identifier ? min(afterGeneric(j + 1), end) : j + 2
        let memberName = kind(j + 1) == .identifier ? name(j + 1) : string(j + 1)
        if current.form == .binding, let target = current.target, current.name == nil {
          // `$model.isOn` binds `model.isOn`.
          var member = ViewExpression(.member, text: slice(i, next).dropFirstDollar)
          member.base = target
          member.name = memberName
          current.target = member
          current.text = slice(i, next)
        } else {
          var member = ViewExpression(.member, text: slice(i, next))
          member.base = ViewExpression.classified(current)
          member.name = memberName
          current = member
        }
        called = false
        j = next
      case .leftParen where !newline(j):
        let close = match(j)
        let raw = rawArguments(j)
        // Every argument is an expression: a call with more than the budget left is text.
        guard depth < ViewExpression.maximumDepth, raw.count < budget.remaining, budget.take() else {
          return skipped(i, end)
        }
        let args = raw.map { nestedArgument($0, depth + 1, &budget) }
        current = call(current, args, text: slice(i, close + 1))
        called = true
        j = close + 1
      case .leftBrace where !newline(j) || called:
        guard depth < ViewExpression.maximumDepth else { return skipped(i, end) }
        if !called {
          guard budget.take() else { return skipped(i, end) }
          current = call(current, [], text: slice(i, j))
        }
        var k = j
        var label: Int? = nil
        while true {
          let brace = k
          guard budget.remaining > 0 else { return skipped(i, end) }
          let closure = closureValue(brace, depth + 1, &budget)
          let location = location(label ?? brace)
          var argument = ViewArgument(
            label: label.map { name($0) }, kind: .expr, value: closure.text, line: location.line,
            column: location.column)
          argument.expression = closure
          current.args.append(argument)
          k = skip(brace)
          guard k + 2 < end, kind(k) == .identifier, kind(k + 1) == .colon, kind(k + 2) == .leftBrace else { break }
          label = k
          k += 2
        }
        current.text = slice(i, k)
        current = ViewExpression.classified(current)
        called = false
        j = k
      case .leftBracket where !newline(j):
        let next = skip(j)
        current = other(i, next)
        called = false
        j = next
      case .op where isPostfixOperator(j) && !isTernary(j):
        // `model?.name`, `value!`: the chain goes on; the text keeps the operator.
        j += 1
        current.text = slice(i, j)
      default:
        return (ViewExpression.classified(current), j)
      }
    }
    return (ViewExpression.classified(current), j)
  }

  /// A call of `callee` (a name, a member, or any expression) with `args`.
  private func call(_ callee: ViewExpression, _ args: [ViewArgument], text: String) -> ViewExpression {
    var expression = ViewExpression(.call, text: text)
    switch callee.form {
    case .identifier:
      expression.name = callee.name
    case .member:
      expression.name = callee.name
      expression.base = callee.base
    default:
      expression.base = ViewExpression.classified(callee)
    }
    expression.args = args
    return ViewExpression.classified(expression)
  }

  /// An argument of a call inside a value, with its own structure one level deeper.
  private func nestedArgument(_ raw: RawArgument, _ depth: Int, _ budget: inout ValueBudget) -> ViewArgument {
    var argument = plainArgument(raw)
    if raw.valueStart < raw.end { argument.expression = value(raw.valueStart, raw.end, depth, &budget) }
    return argument
  }

  private func primaryValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int) {
    let none = (ViewExpression(.other, text: ""), i)
    guard budget.take() else { return skipped(i, end) }
    switch kind(i) {
    case .string:
      return (stringValue(i, depth, &budget), i + 1)
    case .number:
      var number = ViewExpression(.number, text: string(i))
      number.number = ViewExpression.parseNumber(string(i))
      return (number, i + 1)
    case .regex:
      return (other(i, i + 1), i + 1)
    case .identifier:
      switch keyword(i) {
      case .kTrue, .kFalse: return (ViewExpression(.bool, text: string(i)), i + 1)
      case .kNil: return (ViewExpression(.nil, text: string(i)), i + 1)
      case .kIf, .kSwitch: return skipped(i, end)
      case .none, .kSelf, .kSelfType, .kSuper: break
      default: if !keyword(i).isContextual { return none }
      }
      let next = min(afterGeneric(i), end)
      let identifier = name(i)
      var expression = ViewExpression(.identifier, text: slice(i, next))
      expression.name = identifier
      if identifier.hasPrefix("$"), identifier.count > 1, identifier.dropFirst().first?.isNumber == false {
        // `$isOn`: a binding to `isOn`.
        var target = ViewExpression(.identifier, text: String(identifier.dropFirst()))
        target.name = String(identifier.dropFirst())
        var binding = ViewExpression(.binding, text: slice(i, next))
        binding.target = target
        return (binding, next)
      }
      return (expression, next)
    case .period:
      guard i + 1 < end, kind(i + 1) == .identifier else { return none }
      let next = min(afterGeneric(i + 1), end)
      var member = ViewExpression(.member, text: slice(i, next))
      member.name = name(i + 1)
      return (member, next)
    case .leftBrace:
      return (closureValue(i, depth, &budget), skip(i))
    case .leftBracket:
      return (arrayValue(i, depth, &budget), skip(i))
    case .leftParen:
      let close = match(i)
      guard isSingleElement(i), depth < ViewExpression.maximumDepth else { return (other(i, close + 1), close + 1) }
      // `(condition ? a : b)`: the parentheses only group.
      return (value(i + 1, close, depth + 1, &budget), close + 1)
    case .backslash, .pound:
      var k = i + 1
      while k < end, !spaced(k) || kind(k) == .leftParen {
        switch kind(k) {
        case .identifier, .period, .op: k += 1
        case .leftBracket, .leftParen: k = skip(k)
        default: return (other(i, k), k)
        }
        if k < end, spaced(k) { break }
      }
      return (other(i, min(k, end)), min(k, end))
    default:
      return none
    }
  }

  /// `[a, b]`; a dictionary literal is `other`.
  private func arrayValue(_ open: Int, _ depth: Int, _ budget: inout ValueBudget) -> ViewExpression {
    let close = match(open)
    var array = ViewExpression(.array, text: slice(open, close + 1))
    guard depth < ViewExpression.maximumDepth else { return other(open, close + 1) }
    var j = open + 1
    while j < close {
      guard budget.remaining > 0 else { return other(open, close + 1) }
      var e = j
      while e < close, kind(e) != .comma {
        if kind(e) == .colon { return other(open, close + 1) }
        e = skip(e)
      }
      if e > j { array.elements.append(value(j, e, depth + 1, &budget)) }
      j = e + 1
    }
    return array
  }

  /// `{ … }` with its statements, after any signature (`item in`).
  private func closureValue(_ brace: Int, _ depth: Int, _ budget: inout ValueBudget) -> ViewExpression {
    let close = match(brace)
    var closure = ViewExpression(.closure, text: slice(brace, close + 1))
    guard depth < ViewExpression.maximumDepth, budget.take() else { return other(brace, close + 1) }
    closure.statements = statementValues(closureSignatureEnd(brace), close, depth + 1, &budget)
    return closure
  }

  /// The statements `start..<end` of a closure or an `if` branch.
  private func statementValues(_ start: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget)
    -> [ViewExpression]
  {
    var statements: [ViewExpression] = []
    var j = start
    while j < end {
      if kind(j) == .semicolon {
        j += 1
        continue
      }
      guard budget.remaining > 0 else {
        statements.append(other(j, end))
        break
      }
      if keyword(j) == .kIf {
        let (statement, next) = ifValue(j, end, depth, &budget)
        statements.append(statement)
        j = max(next, j + 1)
        continue
      }
      let statementEnd = min(end, skipStatement(j, end))
      switch keyword(j) {
      case .kReturn:
        if j + 1 < statementEnd { statements.append(value(j + 1, statementEnd, depth, &budget)) }
      case .none, .kSelf, .kSelfType, .kSuper, .kTry, .kAwait, .kTrue, .kFalse, .kNil:
        statements.append(value(j, statementEnd, depth, &budget))
      default:
        // Declarations, loops, `guard`, `switch`, `do`: kept as text.
        if keyword(j).isContextual || kind(j) != .identifier {
          statements.append(value(j, statementEnd, depth, &budget))
        } else {
          _ = budget.take()
          statements.append(other(j, statementEnd))
        }
      }
      j = max(statementEnd, j + 1)
    }
    return statements
  }

  /// `if condition { … } else if … { … } else { … }` as an `if` expression whose branches are
  /// closures.
  private func ifValue(_ i: Int, _ end: Int, _ depth: Int, _ budget: inout ValueBudget) -> (ViewExpression, Int) {
    guard let brace = findBrace(i + 1, end), depth < ViewExpression.maximumDepth, budget.take() else {
      let next = min(end, skipStatement(i, end))
      return (other(i, next), next)
    }
    var statement = ViewExpression(.if, text: "")
    statement.condition = value(i + 1, brace, depth + 1, &budget)
    var then = ViewExpression(.closure, text: slice(brace, match(brace) + 1))
    then.statements = statementValues(brace + 1, match(brace), depth + 1, &budget)
    statement.then = then
    var j = skip(brace)
    if j + 1 < end, keyword(j) == .kElse {
      if keyword(j + 1) == .kIf {
        let (rest, next) = ifValue(j + 1, end, depth + 1, &budget)
        statement.otherwise = rest
        j = next
      } else if kind(j + 1) == .leftBrace {
        let open = j + 1
        var otherwise = ViewExpression(.closure, text: slice(open, match(open) + 1))
        otherwise.statements = statementValues(open + 1, match(open), depth + 1, &budget)
        statement.otherwise = otherwise
        j = skip(open)
      }
    }
    statement.text = slice(i, j)
    return (statement, j)
  }

  /// A string literal: `string` with its contents, or `interpolation` with its parts.
  private func stringValue(_ i: Int, _ depth: Int, _ budget: inout ValueBudget) -> ViewExpression {
    let contents = StringLiteral.value(of: tokens[i], in: text, maximumNesting: limit)
    let holes = interpolationHoles(i)
    guard !holes.isEmpty else {
      var literal = ViewExpression(.string, text: string(i))
      literal.string = contents
      return literal
    }
    var interpolation = ViewExpression(.interpolation, text: string(i))
    guard depth < ViewExpression.maximumDepth else { return interpolation }
    // The decoded contents keep each hole as `\(source)`: the literal parts lie between them.
    var rest = Substring(contents)
    for hole in holes {
      let holeText = String(decoding: UnsafeBufferPointer(rebasing: text[(hole.open + 1)..<hole.close]), as: UTF8.self)
      let marker = "\\(" + holeText + ")"
      if let range = rest.range(of: marker) {
        if range.lowerBound > rest.startIndex, budget.take() {
          var part = ViewExpression(.string, text: "")
          part.string = String(rest[..<range.lowerBound])
          part.text = ViewExpression.quoted(part.string!)
          interpolation.parts.append(part)
        }
        rest = rest[range.upperBound...]
      }
      guard budget.remaining > 0 else { break }
      interpolation.parts.append(holeValue(hole, depth + 1, &budget))
    }
    if !rest.isEmpty, budget.take() {
      var part = ViewExpression(.string, text: ViewExpression.quoted(String(rest)))
      part.string = String(rest)
      interpolation.parts.append(part)
    }
    return interpolation
  }

  /// The `\(` … `)` groups of the string literal token `i`, as offsets of their parentheses.
  private func interpolationHoles(_ i: Int) -> [(open: Int, close: Int)] {
    var (index, contentEnd, hashes) = StringLiteral.content(of: tokens[i], in: text)
    var holes: [(open: Int, close: Int)] = []
    while index < contentEnd {
      guard text[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      var after = index + 1
      var count = 0
      while count < hashes, after < contentEnd, text[after] == UInt8(ascii: "#") {
        count += 1
        after += 1
      }
      guard count == hashes, after < contentEnd else {
        index = after
        continue
      }
      if text[after] == UInt8(ascii: "(") {
        let close = Lexer.interpolationEnd(text, openParen: after, limit: limit)
        guard close < contentEnd else { break }
        holes.append((after, close))
        index = close + 1
      } else {
        index = after + 1
      }
    }
    return holes
  }

  /// The expression inside one interpolation hole, read with its own tokens.
  private func holeValue(_ hole: (open: Int, close: Int), _ depth: Int, _ budget: inout ValueBudget)
    -> ViewExpression
  {
    let source = String(decoding: UnsafeBufferPointer(rebasing: text[(hole.open + 1)..<hole.close]), as: UTF8.self)
    guard let holeTokens = Lexer.interpolationTokens(text, openParen: hole.open, limit: limit), holeTokens.count > 2
    else { return ViewExpression(.other, text: source) }
    return holeTokens.withUnsafeBufferPointer { buffer in
      let inner = Parser(source: self.source, text: text, tokens: buffer, limit: limit)
      return inner.value(1, buffer.count - 1, depth, &budget)
    }
  }
}

extension String {
  fileprivate var dropFirstDollar: String { hasPrefix("$") ? String(dropFirst()) : self }
}
