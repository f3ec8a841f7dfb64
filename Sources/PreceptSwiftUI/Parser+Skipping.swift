// Finding where things end without understanding them: expressions and statements by Swift's
// line-continuation rules, types, generic argument lists, `#if` blocks.

extension Parser {
  /// Whether token `i`, the first on its line, continues the expression or statement whose
  /// last token is `previous`.
  func continues(_ i: Int, after previous: Int) -> Bool {
    guard previous >= 0 else { return false }
    switch kind(i) {
    case .period, .leftBrace, .arrow, .colon:
      return true
    case .op:
      // At the start of a line the left side is whitespace: binary if the right side is too.
      if isBinaryOperator(i) { return true }
    case .identifier:
      switch keyword(i) {
      case .kElse, .kCatch, .kWhere, .kAs, .kIs: return true
      default: break
      }
    case .pound:
      if keyword(i) == .poundIf, isPostfixIfConfig(i) { return true }
    default:
      break
    }
    switch kind(previous) {
    case .period, .arrow, .colon, .comma, .at:
      return true
    case .op:
      // An operator ending a line with space before it is binary: the operand follows.
      return spaced(previous) && keyword(previous) != .exclamation
    default:
      return false
    }
  }

  /// The index after an expression (`stopAtComma`) or a statement that starts at `i`.
  /// `stopAtAccessor` ends it before `{ willSet … }` / `{ didSet … }` (a property initializer).
  func skipExpression(_ i: Int, _ end: Int, stopAtComma: Bool = true, stopAtAccessor: Bool = false) -> Int {
    var j = i
    var previous = -1
    while j < end {
      let token = tokens[j]
      if previous >= 0, token.has(Token.newlineBefore), !continues(j, after: previous) { return j }
      switch token.kind {
      case .semicolon, .rightParen, .rightBracket, .rightBrace, .end:
        return j
      case .comma where stopAtComma:
        return j
      case .leftBrace where stopAtAccessor && previous >= 0 && isObserverBlock(j):
        return j
      case .pound:
        switch token.keyword {
        case .poundIf:
          if previous >= 0, isPostfixIfConfig(j) {
            j = afterIfConfig(j)
            previous = j - 1
            continue
          }
          if previous >= 0 { return j }
        case .poundElseif, .poundElse, .poundEndif:
          return j
        default:
          break
        }
      default:
        break
      }
      j = skip(j)
      previous = j - 1
    }
    return min(j, end)
  }

  /// The index after the statement that starts at `i`: commas do not end it.
  @inline(__always) func skipStatement(_ i: Int, _ end: Int) -> Int {
    max(i + 1, skipExpression(i, end, stopAtComma: false))
  }

  /// A `{` that opens property observers rather than a trailing closure.
  func isObserverBlock(_ brace: Int) -> Bool {
    var j = brace + 1
    while kind(j) == .at { j = attributeEnd(j) }
    return keyword(j) == .kWillSet || keyword(j) == .kDidSet
  }

  /// The index after the attribute whose `@` is at `at`: `@Name`, `@Module.Name`,
  /// `@Name<T>`, `@Name(arguments)`.
  func attributeEnd(_ at: Int) -> Int {
    var j = at + 1
    guard kind(j) == .identifier else { return j }
    j += 1
    while kind(j) == .period, kind(j + 1) == .identifier, !spaced(j) {
      j += 2
    }
    if kind(j) == .op, !spaced(j), text[Int(tokens[j].start)] == UInt8(ascii: "<"), let after = skipGeneric(j) {
      j = after
    }
    if kind(j) == .leftParen, !spaced(j) { j = skip(j) }
    return j
  }

  /// The index of the first `{` at this level from `from`, before `end`.
  func findBrace(_ from: Int, _ end: Int) -> Int? {
    var j = from
    while j < end {
      switch kind(j) {
      case .leftBrace: return j
      case .rightParen, .rightBracket, .rightBrace, .end: return nil
      default: j = skip(j)
      }
    }
    return nil
  }

  /// The index after a type that starts at `i`. Angle brackets are generic arguments here.
  func typeEnd(_ i: Int, _ end: Int) -> Int {
    var j = i
    var angles = 0
    var previous = -1
    while j < end {
      let token = tokens[j]
      if previous >= 0, angles == 0, token.has(Token.newlineBefore) {
        let goesOn =
          token.kind == .arrow || token.kind == .period || token.keyword == .ampersand
          || kind(previous) == .arrow || kind(previous) == .period || keyword(previous) == .ampersand
          || kind(previous) == .at
        if !goesOn { return j }
      }
      switch token.kind {
      case .identifier:
        if token.keyword == .kWhere || token.keyword == .kIn { return j }
      case .op:
        var index = Int(token.start)
        while index < Int(token.end) {
          switch text[index] {
          case UInt8(ascii: "<"): angles += 1
          case UInt8(ascii: ">"): if angles > 0 { angles -= 1 } else { return j }
          case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: "~"): break
          default: return j
          }
          index += 1
        }
      case .leftParen, .leftBracket, .at, .arrow, .period, .number:
        break
      case .comma:
        if angles == 0 { return j }
      case .colon:
        if angles == 0 { return j }
      default:
        return j
      }
      j = skip(j)
      previous = j - 1
    }
    return min(j, end)
  }

  /// The index after the generic argument list whose `<` is the first character of the
  /// operator token `lt`, or nil when it is not one (a comparison).
  func skipGeneric(_ lt: Int) -> Int? {
    var depth = 0
    var j = lt
    while j < endIndex {
      let token = tokens[j]
      switch token.kind {
      case .op:
        var index = Int(token.start)
        let end = Int(token.end)
        while index < end {
          switch text[index] {
          case UInt8(ascii: "<"):
            depth += 1
          case UInt8(ascii: ">"):
            depth -= 1
            if depth == 0 {
              guard index == end - 1 else { return nil }
              return canFollowGeneric(j + 1) ? j + 1 : nil
            }
          case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."):
            break
          default:
            return nil
          }
          index += 1
        }
        j += 1
      case .identifier:
        switch token.keyword {
        case .none, .kSome, .kAny, .kSelfType, .kSelf: j += 1
        default: return nil
        }
      case .period, .comma, .colon, .arrow, .number, .at:
        j += 1
      case .leftParen, .leftBracket:
        j = skip(j)
      default:
        return nil
      }
    }
    return nil
  }

  private func canFollowGeneric(_ i: Int) -> Bool {
    if newline(i) { return true }
    switch kind(i) {
    case .leftParen, .period, .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .colon, .leftBrace,
      .leftBracket, .end, .arrow:
      return true
    case .op:
      return isPostfixOperator(i) || keyword(i) == .assign
    case .identifier:
      return keyword(i) == .kWhere
    default:
      return false
    }
  }

  /// The index after `i`, and after a generic argument list attached to it (`Foo<Bar>`).
  func afterGeneric(_ i: Int) -> Int {
    let next = i + 1
    if kind(next) == .op, !spaced(next), text[Int(tokens[next].start)] == UInt8(ascii: "<"),
      let after = skipGeneric(next)
    {
      return after
    }
    return next
  }

  // MARK: - #if blocks

  /// The index after the condition of the directive at `directive` (the rest of its line).
  func directiveConditionEnd(_ directive: Int, _ limit: Int) -> Int {
    var j = directive + 1
    var previous = directive
    while j < limit {
      if newline(j), !(kind(previous) == .op) { break }
      j = skip(j)
      previous = j - 1
    }
    return min(j, limit)
  }

  /// The clauses of the `#if` block at `start`: each clause's directive, the end of its
  /// condition (where its body starts) and the index of the next directive.
  func ifConfigClauses(_ start: Int) -> [(directive: Int, bodyStart: Int, bodyEnd: Int)] {
    var clauses: [(directive: Int, bodyStart: Int, bodyEnd: Int)] = []
    var directive = start
    while true {
      let next = match(directive)
      guard next > directive, next < tokens.count else { break }
      let bodyStart =
        keyword(directive) == .poundElse ? directive + 1 : directiveConditionEnd(directive, next)
      clauses.append((directive, bodyStart, next))
      if keyword(next) == .poundEndif { break }
      directive = next
    }
    return clauses
  }

  /// The index after the `#endif` of the `#if` block at `start`.
  func afterIfConfig(_ start: Int) -> Int {
    var directive = start
    while true {
      let next = match(directive)
      guard next > directive, next < tokens.count else { return start + 1 }
      if keyword(next) == .poundEndif { return next + 1 }
      directive = next
    }
  }

  /// An `#if` block inside a modifier chain: every non-empty clause starts with `.member`.
  func isPostfixIfConfig(_ start: Int) -> Bool {
    var sawClause = false
    var directive = start
    while true {
      let next = match(directive)
      guard next > directive, next < tokens.count else { return false }
      let bodyStart =
        keyword(directive) == .poundElse ? directive + 1 : directiveConditionEnd(directive, next)
      if bodyStart < next {
        let startsChain =
          kind(bodyStart) == .period || (keyword(bodyStart) == .poundIf && isPostfixIfConfig(bodyStart))
        if !startsChain { return false }
        sawClause = true
      }
      if keyword(next) == .poundEndif { return sawClause }
      directive = next
    }
  }
}
