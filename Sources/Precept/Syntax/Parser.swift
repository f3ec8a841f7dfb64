/// A recursive-descent parser that follows Grammar/precept.ebnf.
///
/// Expressions use precedence climbing, so nesting costs few stack frames; a nesting limit
/// bounds the rest. At the ruleset level the parser recovers at the next clause or item
/// keyword, so one file can report several errors.
struct Parser {
  /// The deepest nesting of brackets, calls and unary operators an expression may have.
  static let maximumDepth = 200

  private var lexer: Lexer
  private var token: Token
  private var previousEnd = 0
  private var depth = 0
  private var nextID = 0
  private var diagnosticsBeforeToken = 0
  private(set) var diagnostics: [Diagnostic] = []
  let source: SourceFile

  init(source: SourceFile, start: Int = 0, end: Int? = nil, firstID: Int = 0) {
    self.source = source
    self.lexer = Lexer(source: source, start: start, end: end)
    self.token = Token(kind: .endOfFile, span: Span(start, start))
    self.nextID = firstID
    self.token = lexer.next()
  }

  struct Failure: Error {}

  // MARK: Entry points

  /// Parses a whole ruleset file.
  static func parseRuleset(_ source: SourceFile) -> (RulesetSyntax?, [Diagnostic]) {
    var parser = Parser(source: source)
    let ruleset = parser.ruleset()
    return (ruleset, parser.allDiagnostics)
  }

  /// Parses one expression that must fill the whole source.
  static func parseExpression(_ source: SourceFile) -> (Expr?, [Diagnostic]) {
    var parser = Parser(source: source)
    var result: Expr?
    do {
      let expr = try parser.expression()
      if parser.token.kind != .endOfFile {
        parser.error("unexpected \(parser.describeToken()) after the expression", parser.token.span)
      } else {
        result = expr
      }
    } catch {}
    let diagnostics = parser.allDiagnostics
    return (diagnostics.isEmpty ? result : nil, diagnostics)
  }

  /// Lexer diagnostics first (they explain the parser's), each reported once.
  private var allDiagnostics: [Diagnostic] {
    var seen = Set<Diagnostic>()
    return (lexer.diagnostics + diagnostics).filter { seen.insert($0).inserted }
      .sorted { $0.location < $1.location }
  }

  // MARK: Tokens

  private mutating func advance() {
    previousEnd = token.end
    diagnosticsBeforeToken = lexer.diagnostics.count
    token = lexer.next()
  }

  /// Re-reads the source from `offset` with `read` (raw text such as a version), dropping the
  /// lookahead token that was lexed from there and anything the lexer said about it.
  private mutating func rereadRaw<T>(from offset: Int, _ read: (inout Lexer) -> T) -> T {
    lexer.rewind(to: offset, keepingDiagnostics: diagnosticsBeforeToken)
    let result = read(&lexer)
    advance()
    return result
  }

  private func text(_ token: Token) -> String { source.text(token.span.range) }

  private func isKeyword(_ word: String) -> Bool {
    token.kind == .identifier && text(token) == word
  }

  private func describeToken() -> String {
    switch token.kind {
    case .identifier: "'\(text(token))'"
    case .int, .uint, .double: "number '\(text(token))'"
    default: token.kind.display
    }
  }

  private mutating func error(_ message: String, _ span: Span, help: String? = nil) {
    diagnostics.append(Diagnostic(.error, message, in: source, span: span, help: help))
  }

  private mutating func expect(_ kind: TokenKind, _ context: String) throws(Failure) -> Token {
    guard token.kind == kind else {
      // An invalid token was already reported by the lexer.
      if token.kind != .invalid { error("expected \(kind.display) \(context), found \(describeToken())", token.span) }
      throw Failure()
    }
    let matched = token
    advance()
    return matched
  }

  private mutating func identifier(_ context: String) throws(Failure) -> Located<String> {
    let name = try expect(.identifier, context)
    return Located(value: text(name), span: name.span)
  }

  private mutating func makeExpr(_ kind: ExprKind, _ span: Span) -> Expr {
    nextID += 1
    return Expr(kind: kind, span: span, id: nextID)
  }

  // MARK: Ruleset

  private static let itemKeywords: Set<String> = [
    "title", "summary", "help", "use", "avoid", "allow", "golden", "import", "host", "let", "rule", "review",
  ]
  private static let clauseKeywords: Set<String> = [
    "severity", "wcag", "title", "on", "when", "require", "forbid", "message", "help", "fix", "must", "dont",
    "suggest", "category", "check",
  ]

  private mutating func ruleset() -> RulesetSyntax? {
    guard isKeyword("ruleset") else {
      error(
        "a ruleset file starts with 'ruleset NAME VERSION'", token.span,
        help: "for example: ruleset menu.basic 1.0.0")
      return nil
    }
    let headerStart = token.start
    advance()
    guard let name = try? dottedName("after 'ruleset'") else { return nil }
    // The version is read raw, as `1.0.0-beta.1+build` is not made of expression tokens.
    let version = rereadRaw(from: name.span.end) { $0.word() }
    if version.text.isEmpty {
      error("expected a version after the ruleset name", Span(headerStart, name.span.end), help: "for example: ruleset \(name.value) 1.0.0")
    }
    var ruleset = RulesetSyntax(name: name, version: Located(value: version.text, span: version.span))
    while token.kind != .endOfFile {
      let before = token.start
      do {
        try item(&ruleset)
      } catch {
        if token.start == before { advance() }
        recover(to: Parser.itemKeywords)
      }
    }
    return ruleset
  }

  /// Skips tokens until one that can start an item (or a clause, with `clauseKeywords`).
  private mutating func recover(to keywords: Set<String>, stopAtBrace: Bool = false) {
    var braces = 0
    while token.kind != .endOfFile {
      if token.kind == .leftBrace { braces += 1 }
      if token.kind == .rightBrace {
        if braces == 0 && stopAtBrace { return }
        braces = max(0, braces - 1)
      }
      if braces == 0, token.kind == .identifier, keywords.contains(text(token)) {
        return
      }
      advance()
    }
  }

  private mutating func dottedName(_ context: String) throws(Failure) -> Located<String> {
    var name = try identifier(context)
    while token.kind == .dot {
      advance()
      let part = try identifier("in dotted name")
      name = Located(value: name.value + "." + part.value, span: name.span.union(part.span))
    }
    // Hyphens are allowed inside names (`my-company.menu`), written without spaces.
    while token.kind == .minus, token.start == previousEnd {
      advance()
      let part = try identifier("after '-' in name")
      name = Located(value: name.value + "-" + part.value, span: name.span.union(part.span))
      while token.kind == .dot {
        advance()
        let next = try identifier("in dotted name")
        name = Located(value: name.value + "." + next.value, span: name.span.union(next.span))
      }
    }
    return name
  }

  private mutating func stringValue(_ context: String) throws(Failure) -> Located<String> {
    guard token.kind == .string else {
      if token.kind != .invalid { error("expected a string literal \(context), found \(describeToken())", token.span) }
      throw Failure()
    }
    let literal = token
    advance()
    do {
      let bytes = try Literals.decodeQuoted(source, literal.span, isBytes: false)
      return Located(value: String(decoding: bytes, as: UTF8.self), span: literal.span)
    } catch {
      self.error(error.message, error.span)
      throw Failure()
    }
  }

  private mutating func item(_ ruleset: inout RulesetSyntax) throws(Failure) {
    guard token.kind == .identifier else {
      error("expected a ruleset item (rule, review, let, import, …), found \(describeToken())", token.span)
      throw Failure()
    }
    let keyword = text(token)
    let start = token.start
    switch keyword {
    case "title":
      advance()
      ruleset.title = try stringValue("after 'title'")
    case "summary":
      advance()
      ruleset.summary = try stringValue("after 'summary'")
    case "help":
      advance()
      ruleset.help = try stringValue("after 'help'")
    case "use":
      advance()
      guard isKeyword("when") else {
        error("expected 'when' after 'use'", token.span, help: "write: use when \"…\"")
        throw Failure()
      }
      advance()
      ruleset.useWhen.append(try stringValue("after 'use when'"))
    case "avoid":
      advance()
      guard isKeyword("when") else {
        error("expected 'when' after 'avoid'", token.span, help: "write: avoid when \"…\" instead other.component")
        throw Failure()
      }
      advance()
      let text = try stringValue("after 'avoid when'")
      var instead: Located<String>?
      if isKeyword("instead") {
        advance()
        instead = try dottedName("after 'instead'")
      }
      ruleset.avoidWhen.append(AvoidSyntax(text: text, instead: instead))
    case "allow":
      advance()
      ruleset.allow.append(try stringValue("after 'allow'"))
    case "golden":
      advance()
      ruleset.golden.append(try stringValue("after 'golden'"))
    case "import":
      advance()
      let name = try dottedNameBeforeRange()
      let range = rereadRaw(from: name.span.end) { $0.restOfLine() }
      if range.text.isEmpty {
        error(
          "expected a version range after 'import \(name.value)'", name.span,
          help: "for example: import \(name.value) ^1.0")
      }
      ruleset.imports.append(
        ImportSyntax(name: name, range: Located(value: range.text, span: range.span), span: Span(start, range.span.end)))
    case "host":
      advance()
      let name = try identifier("after 'host'")
      let parameters = try parameterList(required: true)
      ruleset.hosts.append(HostSyntax(name: name, parameters: parameters, span: Span(start, previousEnd)))
    case "let":
      advance()
      let name = try identifier("after 'let'")
      let parameters = token.kind == .leftParen ? try parameterList(required: true) : []
      _ = try expect(.equal, "after the let name")
      let body = try expression()
      ruleset.lets.append(LetSyntax(name: name, parameters: parameters, body: body, span: Span(start, previousEnd)))
    case "rule", "review":
      advance()
      ruleset.rules.append(try rule(kind: keyword == "rule" ? .rule : .review, start: start))
    default:
      let suggestion = Spelling.closest(keyword, in: Parser.itemKeywords.sorted())
      error(
        "unknown ruleset item '\(keyword)'", token.span,
        help: suggestion.map { "did you mean '\($0)'?" })
      throw Failure()
    }
  }

  /// An import's name ends at the first space: the range follows on the same line.
  private mutating func dottedNameBeforeRange() throws(Failure) -> Located<String> {
    let name = try identifier("after 'import'")
    var value = name.value
    var span = name.span
    while token.start == span.end, token.kind == .dot || token.kind == .minus {
      let separator = token.kind == .dot ? "." : "-"
      advance()
      guard token.kind == .identifier, token.start == previousEnd else { break }
      value += separator + text(token)
      span = span.union(token.span)
      advance()
    }
    return Located(value: value, span: span)
  }

  private mutating func parameterList(required: Bool) throws(Failure) -> [Located<String>] {
    _ = try expect(.leftParen, "to start the parameter list")
    var parameters: [Located<String>] = []
    if token.kind != .rightParen {
      repeat {
        if token.kind == .comma { advance() }
        parameters.append(try identifier("as a parameter name"))
      } while token.kind == .comma
    }
    _ = try expect(.rightParen, "to close the parameter list")
    return parameters
  }

  private mutating func ruleID() throws(Failure) -> Located<String> {
    var id = try identifier("as the rule id")
    // Rule ids are kebab-case: `trigger-name`. The parts must touch.
    while token.kind == .minus, token.start == id.span.end {
      advance()
      guard token.kind == .identifier || token.kind == .int, token.start == previousEnd else {
        error("expected the rest of the rule id after '-'", token.span)
        throw Failure()
      }
      id = Located(value: id.value + "-" + text(token), span: id.span.union(token.span))
      advance()
    }
    return id
  }

  private mutating func rule(kind: RuleKind, start: Int) throws(Failure) -> RuleSyntax {
    let id = try ruleID()
    _ = try expect(.leftBrace, "to open the \(kind.rawValue) body")
    var rule = RuleSyntax(kind: kind, id: id, span: Span(start, id.span.end))
    while token.kind != .rightBrace {
      guard token.kind != .endOfFile else {
        error("expected '}' to close \(kind.rawValue) '\(id.value)'", Span(start, id.span.end))
        throw Failure()
      }
      let before = token.start
      do {
        try clause(&rule)
      } catch {
        if token.start == before { advance() }
        recover(to: Parser.clauseKeywords, stopAtBrace: true)
      }
    }
    advance()
    rule.span = Span(start, previousEnd)
    return rule
  }

  private mutating func clause(_ rule: inout RuleSyntax) throws(Failure) {
    guard token.kind == .identifier else {
      error("expected a \(rule.kind.rawValue) clause (on, when, require, …), found \(describeToken())", token.span)
      throw Failure()
    }
    let keyword = text(token)
    let start = token.start
    let keywordSpan = token.span
    advance()
    switch keyword {
    case "severity":
      rule.severity = try identifier("after 'severity'")
    case "wcag":
      rule.wcag.append(try stringValue("after 'wcag'"))
      while token.kind == .comma {
        advance()
        rule.wcag.append(try stringValue("in the WCAG list"))
      }
    case "title":
      rule.title = try stringValue("after 'title'")
    case "on":
      if rule.selector != nil { error("a \(rule.kind.rawValue) has one 'on' selector", keywordSpan) }
      rule.selector = try selector(start)
    case "when":
      if rule.when != nil {
        error("a \(rule.kind.rawValue) has at most one 'when'; join conditions with '&&'", keywordSpan)
      }
      rule.when = try expression()
    case "require", "forbid":
      let expr = try expression()
      rule.requirements.append(
        RequirementSyntax(kind: keyword == "require" ? .require : .forbid, expr: expr, span: Span(start, previousEnd)))
    case "message":
      rule.message = try template("after 'message'")
    case "fix":
      rule.fix = try template("after 'fix'")
    case "help":
      rule.help = try stringValue("after 'help'")
    case "must", "dont", "suggest":
      let section = CardSentence.Section(rawValue: keyword)!
      rule.card.append(CardSentence(section: section, text: try stringValue("after '\(keyword)'")))
    case "category":
      rule.category = try stringValue("after 'category'")
    case "check":
      rule.checks.append(try template("after 'check'"))
    default:
      let suggestion = Spelling.closest(keyword, in: Parser.clauseKeywords.sorted())
      error(
        "unknown \(rule.kind.rawValue) clause '\(keyword)'", keywordSpan,
        help: suggestion.map { "did you mean '\($0)'?" })
      throw Failure()
    }
  }

  private mutating func selector(_ start: Int) throws(Failure) -> SelectorSyntax {
    let target = try selectorStep()
    var ancestors: [SelectorStep] = []
    while isKeyword("inside") {
      advance()
      ancestors.append(try selectorStep())
    }
    return SelectorSyntax(target: target, ancestors: ancestors, span: Span(start, previousEnd))
  }

  private mutating func selectorStep() throws(Failure) -> SelectorStep {
    var types = [try selectorType()]
    while token.kind == .pipe {
      advance()
      types.append(try selectorType())
    }
    var binding: Located<String>?
    if isKeyword("as") {
      advance()
      binding = try identifier("after 'as'")
    }
    return SelectorStep(types: types, binding: binding)
  }

  /// A node type: a name (`Menu`, `struct`), `*` for any node, or a string (`"#Preview"`).
  private mutating func selectorType() throws(Failure) -> Located<String> {
    switch token.kind {
    case .star:
      defer { advance() }
      return Located(value: "*", span: token.span)
    case .string:
      return try stringValue("as a node type")
    default:
      return try identifier("as a node type after 'on'")
    }
  }

  // MARK: Templates

  private mutating func template(_ context: String) throws(Failure) -> Template {
    guard token.kind == .string else {
      if token.kind != .invalid { error("expected a string literal \(context), found \(describeToken())", token.span) }
      throw Failure()
    }
    let literal = token
    advance()
    return try parseTemplate(literal.span)
  }

  /// Splits a string literal into text and `{expression}` parts. Holes are parsed straight
  /// from the source, so errors inside them point at the right column.
  private mutating func parseTemplate(_ span: Span) throws(Failure) -> Template {
    let bytes = source.bytes
    var index = span.start
    var raw = false
    while bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "'") {
      if bytes[index] | 0x20 == UInt8(ascii: "r") { raw = true }
      index += 1
    }
    let quote = bytes[index]
    let triple = span.end - index >= 6 && bytes[index + 1] == quote && bytes[index + 2] == quote
    let contentStart = index + (triple ? 3 : 1)
    let contentEnd = span.end - (triple ? 3 : 1)
    var parts: [Template.Part] = []
    var textStart = contentStart
    var pending: [UInt8] = []
    index = contentStart

    while index < contentEnd {
      let current = bytes[index]
      if current == UInt8(ascii: "\\") && !raw {
        index += 2
        continue
      }
      if current == UInt8(ascii: "{") || current == UInt8(ascii: "}") {
        pending += try templateText(textStart..<index, raw: raw)
        if index + 1 < contentEnd, bytes[index + 1] == current {
          pending.append(current)
          index += 2
          textStart = index
          continue
        }
        if current == UInt8(ascii: "}") {
          error("unmatched '}' in template; write '}}' for a literal brace", Span(index, index + 1))
          throw Failure()
        }
        if !pending.isEmpty {
          parts.append(.text(String(decoding: pending, as: UTF8.self)))
          pending = []
        }
        let holeStart = index + 1
        guard let holeEnd = matchingBrace(from: holeStart, end: contentEnd) else {
          error("unterminated '{' in template; write '{{' for a literal brace", Span(index, index + 1))
          throw Failure()
        }
        var inner = Parser(source: source, start: holeStart, end: holeEnd, firstID: nextID)
        inner.depth = depth
        let expr = try? inner.expression()
        if inner.token.kind != .endOfFile, inner.diagnostics.isEmpty, inner.lexer.diagnostics.isEmpty {
          inner.error("unexpected \(inner.describeToken()) in template expression", inner.token.span)
        }
        nextID = inner.nextID
        let innerDiagnostics = inner.lexer.diagnostics + inner.diagnostics
        if !innerDiagnostics.isEmpty || expr == nil {
          diagnostics += innerDiagnostics
          if innerDiagnostics.isEmpty { error("expected an expression inside '{…}'", Span(index, holeEnd + 1)) }
          throw Failure()
        }
        parts.append(.expression(expr!))
        index = holeEnd + 1
        textStart = index
        continue
      }
      index += 1
    }
    pending += try templateText(textStart..<contentEnd, raw: raw)
    if !pending.isEmpty || parts.isEmpty { parts.append(.text(String(decoding: pending, as: UTF8.self))) }
    return Template(parts: parts, span: span)
  }

  /// Decodes the literal text between template holes with the string escape rules.
  private mutating func templateText(_ range: Range<Int>, raw: Bool) throws(Failure) -> [UInt8] {
    do {
      return try Literals.decodeEscapes(source.bytes, range, raw: raw, isBytes: false)
    } catch {
      self.error(error.message, error.span)
      throw Failure()
    }
  }

  /// The offset of the `}` closing a hole that starts at `start`, skipping nested braces and
  /// quoted strings inside the expression.
  private func matchingBrace(from start: Int, end: Int) -> Int? {
    let bytes = source.bytes
    var nesting = 0
    var index = start
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "{"): nesting += 1
      case UInt8(ascii: "}"):
        if nesting == 0 { return index }
        nesting -= 1
      case UInt8(ascii: "\\"):
        index += 1
      default: break
      }
      index += 1
    }
    return nil
  }

  // MARK: Expressions

  private mutating func enter(_ span: Span) throws(Failure) {
    depth += 1
    if depth > Parser.maximumDepth {
      error("expression is nested more deeply than the limit of \(Parser.maximumDepth) levels", span)
      throw Failure()
    }
  }

  /// expr = conditional [ "=>" expr ]
  mutating func expression() throws(Failure) -> Expr {
    try enter(token.span)
    defer { depth -= 1 }
    let condition = try conditional()
    guard token.kind == .implies else { return condition }
    advance()
    let consequence = try expression()
    return makeExpr(.binary(.implies, condition, consequence), condition.span.union(consequence.span))
  }

  /// conditional = or [ "?" or ":" conditional ]
  private mutating func conditional() throws(Failure) -> Expr {
    let condition = try binary(minimumPrecedence: 1)
    guard token.kind == .question else { return condition }
    advance()
    let whenTrue = try binary(minimumPrecedence: 1)
    _ = try expect(.colon, "in conditional expression")
    try enter(token.span)
    defer { depth -= 1 }
    let whenFalse = try conditional()
    return makeExpr(.conditional(condition, whenTrue, whenFalse), condition.span.union(whenFalse.span))
  }

  private func binaryOperator() -> (BinaryOperator, Int)? {
    switch token.kind {
    case .pipePipe: (.or, 1)
    case .ampAmp: (.and, 2)
    case .equalEqual: (.equal, 3)
    case .bangEqual: (.notEqual, 3)
    case .less: (.less, 3)
    case .lessEqual: (.lessEqual, 3)
    case .greater: (.greater, 3)
    case .greaterEqual: (.greaterEqual, 3)
    case .identifier where text(token) == "in": (.in, 3)
    case .plus: (.add, 4)
    case .minus: (.subtract, 4)
    case .star: (.multiply, 5)
    case .slash: (.divide, 5)
    case .percent: (.remainder, 5)
    default: nil
    }
  }

  /// Left-associative binary operators by precedence climbing.
  private mutating func binary(minimumPrecedence: Int) throws(Failure) -> Expr {
    var left = try unary()
    // Each operator nests the tree built so far one level deeper, and the checker and compiler
    // recurse on that depth: a chain counts against the limit like parentheses do.
    let outer = depth
    defer { depth = outer }
    while let (op, precedence) = binaryOperator(), precedence >= minimumPrecedence {
      advance()
      try enter(token.span)
      let right = try binary(minimumPrecedence: precedence + 1)
      left = makeExpr(.binary(op, left, right), left.span.union(right.span))
    }
    return left
  }

  private mutating func unary() throws(Failure) -> Expr {
    let start = token.start
    switch token.kind {
    case .bang:
      advance()
      try enter(token.span)
      defer { depth -= 1 }
      let operand = try unary()
      return makeExpr(.unary(.not, operand), Span(start, operand.span.end))
    case .minus:
      advance()
      // A minus directly before a number literal is part of the literal, so that the most
      // negative int64 can be written.
      if token.kind == .int || token.kind == .double {
        let literal = token
        let negated = try numberLiteral(negated: true)
        return try postfix(makeExpr(negated, Span(start, literal.end)))
      }
      try enter(token.span)
      defer { depth -= 1 }
      let operand = try unary()
      return makeExpr(.unary(.negate, operand), Span(start, operand.span.end))
    default:
      return try postfix(try primary())
    }
  }

  private mutating func numberLiteral(negated: Bool) throws(Failure) -> ExprKind {
    let literal = token
    advance()
    let spelling = source.text(literal.span.range)[...]
    switch literal.kind {
    case .int:
      guard let value = Literals.int(spelling, negated: negated) else {
        error("integer literal '\(negated ? "-" : "")\(spelling)' does not fit in a 64-bit int", literal.span)
        throw Failure()
      }
      return .int(value)
    case .uint:
      guard let value = Literals.uint(spelling) else {
        error("unsigned literal '\(spelling)' does not fit in a 64-bit uint", literal.span)
        throw Failure()
      }
      return .uint(value)
    default:
      guard let value = Double(String(spelling)) else {
        error("invalid floating-point literal '\(spelling)'", literal.span)
        throw Failure()
      }
      return .double(negated ? -value : value)
    }
  }

  private mutating func postfix(_ operand: Expr) throws(Failure) -> Expr {
    var result = operand
    // Each selection, call and index nests the operand one level deeper (see `binary`).
    let outer = depth
    defer { depth = outer }
    while true {
      switch token.kind {
      case .dot:
        try enter(token.span)
        advance()
        if token.kind == .quotedIdentifier {
          let quoted = token
          advance()
          let name = source.text((quoted.start + 1)..<(quoted.end - 1))
          result = makeExpr(.select(result, field: name, testOnly: false), result.span.union(quoted.span))
          continue
        }
        let field = try identifier("after '.'")
        if token.kind == .leftParen {
          let open = token
          advance()
          let args = try arguments(closing: .rightParen, open)
          result = try receiverCall(result, field, args)
        } else {
          result = makeExpr(.select(result, field: field.value, testOnly: false), result.span.union(field.span))
        }
      case .leftBracket:
        let open = token
        advance()
        try enter(open.span)
        let index = try expression()
        let close = try expect(.rightBracket, "to close the index")
        result = makeExpr(.index(result, index), result.span.union(close.span))
      default:
        return result
      }
    }
  }

  /// Turns `target.all(x, p)` and its kin into comprehensions; anything else is a call.
  private mutating func receiverCall(_ target: Expr, _ name: Located<String>, _ args: [Expr]) throws(Failure) -> Expr {
    let span = target.span.union(Span(name.span.start, previousEnd))
    if let macro = Macro.named(name.value) {
      // Two variables when the first two arguments are names and the count fits that form.
      for variableCount in [2, 1] where args.count > variableCount {
        guard macro.bodyCounts(variables: variableCount).contains(args.count - variableCount) else { continue }
        var variables: [Located<String>] = []
        for arg in args.prefix(variableCount) {
          guard case .identifier(let variable, false) = arg.kind else { break }
          variables.append(Located(value: variable, span: arg.span))
        }
        if variables.count < variableCount {
          if variableCount == 2 { continue }
          error("the first argument of '\(name.value)' must be a simple name to bind each element to", args[0].span)
          throw Failure()
        }
        return makeExpr(
          .comprehension(macro, target: target, variables: variables, args: Array(args.dropFirst(variableCount))), span)
      }
    }
    return makeExpr(.call(function: name.value, target: target, args: args), span)
  }

  private mutating func arguments(closing: TokenKind, _ open: Token) throws(Failure) -> [Expr] {
    try enter(open.span)
    defer { depth -= 1 }
    var args: [Expr] = []
    if token.kind != closing {
      args.append(try expression())
      while token.kind == .comma {
        advance()
        args.append(try expression())
      }
    }
    guard token.kind == closing else {
      if token.kind != .invalid {
        error("expected ',' or \(closing.display), found \(describeToken())", token.span)
      }
      throw Failure()
    }
    advance()
    return args
  }

  private static let reserved: Set<String> = [
    "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop", "package",
    "namespace", "return", "var", "void", "while",
  ]

  private mutating func primary() throws(Failure) -> Expr {
    let start = token.start
    switch token.kind {
    case .int, .uint, .double:
      let kind = try numberLiteral(negated: false)
      return makeExpr(kind, Span(start, previousEnd))
    case .string, .bytes:
      let literal = token
      advance()
      do {
        let bytes = try Literals.decodeQuoted(source, literal.span, isBytes: literal.kind == .bytes)
        if literal.kind == .bytes { return makeExpr(.bytes(bytes), literal.span) }
        return makeExpr(.string(String(decoding: bytes, as: UTF8.self)), literal.span)
      } catch {
        self.error(error.message, error.span)
        throw Failure()
      }
    case .leftParen:
      let open = token
      advance()
      try enter(open.span)
      defer { depth -= 1 }
      var inner = try expression()
      let close = try expect(.rightParen, "to close '('")
      inner.span = Span(open.start, close.end)
      return inner
    case .leftBracket:
      let open = token
      advance()
      let elements = try listElements(open)
      return makeExpr(.list(elements), Span(start, previousEnd))
    case .leftBrace:
      let open = token
      advance()
      let entries = try mapEntries(open)
      return makeExpr(.map(entries), Span(start, previousEnd))
    case .dot:
      advance()
      let name = try identifier("after '.'")
      return try identifierOrCall(name, absolute: true, start: start)
    case .identifier:
      let name = Located(value: text(token), span: token.span)
      advance()
      return try identifierOrCall(name, absolute: false, start: start)
    case .invalid:
      throw Failure()
    case .quotedIdentifier:
      error("a quoted identifier can only name a field after '.', as in m.`content-type`", token.span)
      throw Failure()
    default:
      error("expected an expression, found \(describeToken())", token.span)
      throw Failure()
    }
  }

  private mutating func identifierOrCall(_ name: Located<String>, absolute: Bool, start: Int) throws(Failure) -> Expr {
    switch name.value {
    case "true" where !absolute: return makeExpr(.bool(true), name.span)
    case "false" where !absolute: return makeExpr(.bool(false), name.span)
    case "null" where !absolute: return makeExpr(.null, name.span)
    case "in":
      error("'in' is an operator and cannot be used as a name", name.span)
      throw Failure()
    default:
      if Parser.reserved.contains(name.value) {
        error("'\(name.value)' is a reserved word and cannot be used as a name", name.span)
        throw Failure()
      }
    }
    if token.kind == .leftParen {
      let open = token
      advance()
      let args = try arguments(closing: .rightParen, open)
      let span = Span(start, previousEnd)
      if name.value == "has" && !absolute {
        guard args.count == 1, case .select(let operand, let field, false) = args[0].kind else {
          error("has() takes one field selection, such as has(m.field)", span)
          throw Failure()
        }
        return makeExpr(.select(operand, field: field, testOnly: true), span)
      }
      return makeExpr(.call(function: name.value, target: nil, args: args), span)
    }
    if token.kind == .leftBrace, name.value.first?.isUppercase == true {
      error(
        "message construction ('\(name.value){…}') is not supported: Precept has no protocol buffer types",
        Span(start, token.end))
      throw Failure()
    }
    return makeExpr(.identifier(name.value, absolute: absolute), Span(start, name.span.end))
  }

  private mutating func listElements(_ open: Token) throws(Failure) -> [Expr] {
    try enter(open.span)
    defer { depth -= 1 }
    var elements: [Expr] = []
    while token.kind != .rightBracket {
      elements.append(try expression())
      guard token.kind == .comma else { break }
      advance()
    }
    guard token.kind == .rightBracket else {
      if token.kind != .invalid { error("expected ',' or ']' in list, found \(describeToken())", token.span) }
      throw Failure()
    }
    advance()
    return elements
  }

  private mutating func mapEntries(_ open: Token) throws(Failure) -> [MapEntrySyntax] {
    try enter(open.span)
    defer { depth -= 1 }
    var entries: [MapEntrySyntax] = []
    while token.kind != .rightBrace {
      let key = try expression()
      _ = try expect(.colon, "between map key and value")
      let value = try expression()
      entries.append(MapEntrySyntax(key: key, value: value))
      guard token.kind == .comma else { break }
      advance()
    }
    guard token.kind == .rightBrace else {
      if token.kind != .invalid { error("expected ',' or '}' in map, found \(describeToken())", token.span) }
      throw Failure()
    }
    advance()
    return entries
  }
}
