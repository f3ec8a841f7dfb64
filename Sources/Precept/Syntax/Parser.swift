/// A recursive-descent parser that follows Grammar/precept.ebnf.
///
/// Expressions use precedence climbing, so nesting costs few stack frames; a nesting limit
/// bounds the rest. At the ruleset level the parser recovers at the next clause or item
/// keyword, so one file can report several errors.
package struct Parser {
  /// The deepest nesting of brackets, calls and unary operators an expression may have.
  static let maximumDepth = 200

  private var lexer: Lexer
  private var token: Token
  private var previousEnd = 0
  private var depth = 0
  private var nextID = 0
  private var diagnosticsBeforeToken = 0
  /// Whether an error was found at the end of the text, where more text could have been
  /// what was missing: an entry typed at the REPL prompt then goes on over another line.
  private var endedEarly = false
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

  /// Parses one entry typed at the REPL prompt: `let NAME = EXPR` (a value binding), a
  /// declaration — `let NAME(…) = EXPR`, `rule ID { … }`, `review ID { … }`, `host NAME(…)`,
  /// `import NAME RANGE` — or else an expression. Spans are offsets in `source`, from `start`
  /// (after a command's name, for `:disasm EXPR`), so diagnostics name the entry's own line
  /// and column. With `expressionOnly`, the text must be one expression.
  ///
  /// `needsMore` is whether the text ended where the entry needed more — an open bracket, an
  /// operator waiting for its operand, a rule without its `}` — so the prompt reads another
  /// line instead of reporting the entry.
  package static func parseEntry(
    _ source: SourceFile, start: Int = 0, end: Int? = nil, expressionOnly: Bool = false
  ) -> (entry: ReplEntry?, diagnostics: [Diagnostic], needsMore: Bool) {
    var parser = Parser(source: source, start: start, end: end)
    var syntax: ReplEntry.Syntax?
    do {
      let parsed = expressionOnly ? .expression(try parser.expression()) : try parser.entry()
      if parser.token.kind != .endOfFile {
        parser.error("unexpected \(parser.describeToken()) after the \(parsed.what)", parser.token.span)
      } else {
        syntax = parsed
      }
    } catch {}
    let diagnostics = parser.allDiagnostics
    let entry = diagnostics.isEmpty ? syntax.map { ReplEntry(source: source, syntax: $0) } : nil
    return (entry, diagnostics, !diagnostics.isEmpty && parser.endedEarly)
  }

  /// entry = "let" ident "=" expr | let | rule | review | host | import | expr
  private mutating func entry() throws(Failure) -> ReplEntry.Syntax {
    let start = token.start
    if isKeyword("let") {
      advance()
      let name = try identifier("after 'let'")
      guard token.kind == .leftParen else {
        _ = try expect(.equal, "after the let name")
        return .binding(name, try expression())
      }
      let parameters = try parameterList(required: true)
      _ = try expect(.equal, "after the parameter list")
      let body = try expression()
      return .let(LetSyntax(name: name, parameters: parameters, body: body, span: Span(start, previousEnd)))
    }
    // `rule`, `review` and `host` are names an expression may use, unless a name follows.
    var lookahead = lexer
    if token.kind == .identifier, ["rule", "review", "host", "import"].contains(text(token)),
      isKeyword("import") || lookahead.next().kind == .identifier
    {
      var items = RulesetSyntax(
        name: Located(value: "", span: token.span), version: Located(value: "", span: token.span))
      try item(&items)
      if let rule = items.rules.first { return .rule(rule) }
      if let host = items.hosts.first { return .host(host) }
      // The range of an import is the rest of its line: another line would not complete it.
      endedEarly = false
      return .import(items.imports[0])
    }
    return .expression(try expression())
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
    if token.kind == .endOfFile { endedEarly = true }
    diagnostics.appendWithinLimit { Diagnostic(.error, message, in: source, span: span, help: help) }
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
    "extend",
  ]
  private static let clauseKeywords: Set<String> = [
    "severity", "wcag", "title", "on", "when", "require", "forbid", "message", "help", "fix", "must", "dont",
    "suggest", "category", "check",
  ]

  private mutating func ruleset() -> RulesetSyntax? {
    guard isKeyword("ruleset") || isKeyword("library") else {
      error(
        "a ruleset file starts with 'ruleset NAME VERSION' (or 'library NAME VERSION')", token.span,
        help: "for example: ruleset menu.basic 1.0.0")
      return nil
    }
    let header = text(token)
    let headerStart = token.start
    advance()
    guard let name = try? dottedName("after '\(header)'") else { return nil }
    // The version is read raw, as `1.0.0-beta.1+build` is not made of expression tokens.
    let version = rereadRaw(from: name.span.end) { $0.word() }
    if version.text.isEmpty {
      error(
        "expected a version after the \(header) name", Span(headerStart, name.span.end),
        help: "for example: \(header) \(name.value) 1.0.0")
    }
    var ruleset = RulesetSyntax(name: name, version: Located(value: version.text, span: version.span))
    ruleset.isLibrary = header == "library"
    while token.kind != .endOfFile {
      let before = token.start
      do {
        try item(&ruleset)
      } catch {
        if token.start == before { advance() }
        recover(to: Parser.itemKeywords)
      }
    }
    if ruleset.isLibrary { checkLibrary(ruleset) }
    return ruleset
  }

  /// A library holds definitions only: what it shares must not also be checked on every
  /// importer's code, and it describes no component.
  private mutating func checkLibrary(_ library: RulesetSyntax) {
    let help =
      "a library shares lets and host declarations; start the file with 'ruleset \(library.name.value) VERSION' to publish rules or a card"
    for rule in library.rules {
      error("a library has no \(rule.kind.rawValue)s: '\(rule.id.value)'", rule.id.span, help: help)
    }
    for item in library.extensions {
      error("a library extends no rules: '\(item.ruleID)'", item.rule.span, help: help)
    }
    let card = library.useWhen + library.avoidWhen.map(\.text) + library.allow + library.golden
    if let first = card.min(by: { $0.span.start < $1.span.start }) {
      error(
        "a library has no component card ('use when', 'avoid when', 'allow', 'golden')", first.span,
        help: "a library may have a title, a summary and help; the card belongs to the ruleset of the component")
    }
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

  /// A ruleset name: identifiers joined by `.` or `-` (`my-company.menu`), written without
  /// spaces, so that the raw text after it (a version or a range) starts at the first space.
  private mutating func dottedName(_ context: String) throws(Failure) -> Located<String> {
    var name = try identifier(context)
    while token.kind == .dot || token.kind == .minus, token.start == name.span.end {
      let separator = token
      advance()
      guard token.kind == .identifier, token.start == previousEnd else {
        error("expected the rest of the name right after '\(text(separator))'", separator.span)
        throw Failure()
      }
      name = Located(value: name.value + text(separator) + text(token), span: name.span.union(token.span))
      advance()
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
      // `import definitions from NAME RANGE`; `definitions` alone is the name of a ruleset.
      var definitionsOnly = false
      var lookahead = lexer
      if isKeyword("definitions"), lookahead.next().kind == .identifier {
        advance()
        guard isKeyword("from") else {
          error(
            "expected 'from' after 'import definitions'", token.span,
            help: "write: import definitions from RULESET RANGE (its lets without its rules)")
          // The rest of the line is a range, not expression tokens to report one by one.
          _ = rereadRaw(from: token.start) { $0.restOfLine() }
          throw Failure()
        }
        advance()
        definitionsOnly = true
      }
      let name = try dottedName(definitionsOnly ? "after 'import definitions from'" : "after 'import'")
      let range = rereadRaw(from: name.span.end) { $0.restOfLine() }
      if range.text.isEmpty {
        let written = definitionsOnly ? "import definitions from \(name.value)" : "import \(name.value)"
        error(
          "expected a version range after '\(written)'", name.span,
          help: "for example: \(written) ^1.0")
      }
      ruleset.imports.append(
        ImportSyntax(
          name: name, range: Located(value: range.text, span: range.span), span: Span(start, range.span.end),
          definitionsOnly: definitionsOnly))
    case "extend":
      advance()
      ruleset.extensions.append(try extensionItem(start: start))
    case "host":
      advance()
      let name = try identifier("after 'host'")
      let parameters = try hostParameterList()
      var result: Located<String>?
      if token.kind == .minus {
        let arrow = token.span
        advance()
        guard token.kind == .greater, token.start == arrow.end else {
          error("expected '->' and the result type after the host function's parameters", arrow)
          throw Failure()
        }
        advance()
        result = try identifier("as the result type after '->'")
      }
      ruleset.hosts.append(
        HostSyntax(name: name, parameters: parameters, result: result, span: Span(start, previousEnd)))
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

  private mutating func parameterList(required: Bool) throws(Failure) -> [Located<String>] {
    _ = try expect(.leftParen, "to start the parameter list")
    var parameters: [Located<String>] = []
    if token.kind != .rightParen {
      parameters.append(try identifier("as a parameter name"))
      while token.kind == .comma {
        advance()
        parameters.append(try identifier("as a parameter name"))
      }
    }
    _ = try expect(.rightParen, "to close the parameter list")
    return parameters
  }

  /// `(string, string)`, `(foreground, background)` or `(foreground: string, background: string)`.
  private mutating func hostParameterList() throws(Failure) -> [HostParameterSyntax] {
    _ = try expect(.leftParen, "to start the parameter list")
    var parameters: [HostParameterSyntax] = []
    func parameter(_ parser: inout Parser) throws(Failure) -> HostParameterSyntax {
      let first = try parser.identifier("as a parameter name or type")
      guard parser.token.kind == .colon else { return HostParameterSyntax(first: first) }
      parser.advance()
      return HostParameterSyntax(first: first, type: try parser.identifier("as the parameter's type after ':'"))
    }
    if token.kind != .rightParen {
      parameters.append(try parameter(&self))
      while token.kind == .comma {
        advance()
        parameters.append(try parameter(&self))
      }
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
    // Rule ids are a contract with every project that disables or re-ranks them: one
    // spelling, lowercase words joined by '-', so `toggleLabel` and `toggle_label` cannot
    // both exist.
    if let kebab = Parser.kebabCase(id.value), kebab != id.value {
      error(
        "rule id '\(id.value)' is not kebab-case", id.span,
        help: "write it in lowercase words joined by '-': '\(kebab)'")
    }
    return id
  }

  /// The kebab-case spelling of a rule id: `toggleLabel` and `Toggle_Label` are `toggle-label`.
  /// A word starts at an uppercase letter after a lowercase one or a digit, or at the last
  /// capital of a run followed by a lowercase letter (`HTTPCheck` is `http-check`).
  static func kebabCase(_ id: String) -> String? {
    let characters = Array(id)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character == "_" || character == "-" {
        if !result.isEmpty, result.last != "-" { result.append("-") }
      } else if character.isUppercase {
        let previous = index > 0 ? characters[index - 1] : nil
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let startsWord =
          previous.map { $0.isLowercase || $0.isNumber || ($0.isUppercase && next?.isLowercase == true) } ?? false
        if startsWord, result.last != "-" { result.append("-") }
        result += character.lowercased()
      } else {
        result.append(character)
      }
    }
    while result.hasSuffix("-") { result.removeLast() }
    return result.isEmpty ? nil : result
  }

  /// `extend RULESET/RULE { on TYPE | TYPE  must "…" }`, after `extend`.
  private mutating func extensionItem(start: Int) throws(Failure) -> ExtendSyntax {
    let ruleset = try dottedName("after 'extend'")
    guard token.kind == .slash, token.start == ruleset.span.end else {
      error(
        "expected '/' and a rule id after 'extend \(ruleset.value)'", token.span,
        help: "name the rule as findings do: extend global/touch-target-size { on Toggle }")
      throw Failure()
    }
    advance()
    guard token.start == previousEnd else {
      error("expected the rule id right after '/'", token.span)
      throw Failure()
    }
    let rule = try ruleID()
    let id = "\(ruleset.value)/\(rule.value)"
    _ = try expect(.leftBrace, "to open the extension of '\(id)'")
    var types: [Located<String>] = []
    var card: [CardSentence] = []
    var onSpan: Span?
    while token.kind != .rightBrace {
      guard token.kind != .endOfFile else {
        error("expected '}' to close the extension of '\(id)'", Span(start, rule.span.end))
        throw Failure()
      }
      guard token.kind == .identifier else {
        error("expected 'on', 'must', 'dont' or 'suggest' in an extension, found \(describeToken())", token.span)
        throw Failure()
      }
      let keyword = text(token)
      let keywordSpan = token.span
      advance()
      switch keyword {
      case "on":
        if onSpan != nil { error("an extension has one 'on'; join the node types with '|'", keywordSpan) }
        onSpan = keywordSpan
        types.append(try selectorType())
        while token.kind == .pipe {
          advance()
          types.append(try selectorType())
        }
        if isKeyword("as") || isKeyword("inside") {
          error(
            "an extension names node types only", token.span,
            help: "the rule keeps its own binding and 'inside' steps; write: on Toggle | Stepper")
          throw Failure()
        }
      case "must", "dont", "suggest":
        let section = CardSentence.Section(rawValue: keyword)!
        card.append(CardSentence(section: section, text: try stringValue("after '\(keyword)'")))
      default:
        let suggestion = Spelling.closest(keyword, in: ["on", "must", "dont", "suggest"])
        error(
          "an extension holds 'on' and card sentences ('must', 'dont', 'suggest'), not '\(keyword)'", keywordSpan,
          help: suggestion.map { "did you mean '\($0)'?" }
            ?? "to change what the rule checks, write a rule of your own")
        throw Failure()
      }
    }
    advance()
    if onSpan == nil {
      error(
        "the extension of '\(id)' names no node types", Span(start, rule.span.end),
        help: "add the types it applies to: on Toggle | Stepper")
    }
    return ExtendSyntax(ruleset: ruleset, rule: rule, types: types, card: card, span: Span(start, previousEnd))
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
    // Clauses that hold one value: writing one twice is a mistake, not an override.
    let single: Bool =
      switch keyword {
      case "severity": rule.severity != nil
      case "title": rule.title != nil
      case "message": rule.message != nil
      case "help": rule.help != nil
      case "fix": rule.fix != nil
      case "category": rule.category != nil
      default: false
      }
    if single { error("a \(rule.kind.rawValue) has one '\(keyword)' clause", keywordSpan) }
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
      rule.fixEdit = token.kind == .identifier ? try fixEdit() : nil
      rule.fix = try template(rule.fixEdit == nil ? "after 'fix'" : "with the Swift text the fix inserts")
      if let edit = rule.fixEdit, isKeyword("needs") {
        let start = token.start
        advance()
        guard isKeyword("words") else {
          error("expected 'words' after 'needs', found \(describeToken())", token.span)
          throw Failure()
        }
        advance()
        rule.fixEdit = FixEditSyntax(kind: edit.kind, name: edit.name, needsWords: Span(start, previousEnd))
      }
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

  private static let fixEditWords = ["add", "set", "replace"]

  /// The words before a structured fix's text: `add modifier`, `set argument NAME to`,
  /// `replace modifier NAME with`.
  private mutating func fixEdit() throws(Failure) -> FixEditSyntax {
    let word = try identifier("after 'fix'")
    func expectWord(_ expected: String, _ context: String) throws(Failure) {
      guard isKeyword(expected) else {
        error("expected '\(expected)' \(context), found \(describeToken())", token.span)
        throw Failure()
      }
      advance()
    }
    switch word.value {
    case "add":
      try expectWord("modifier", "after 'fix add'")
      return FixEditSyntax(kind: Located(value: .addModifier, span: Span(word.span.start, previousEnd)))
    case "set":
      try expectWord("argument", "after 'fix set'")
      let name = try identifier("as the argument's label after 'set argument'")
      try expectWord("to", "after the argument's label")
      return FixEditSyntax(kind: Located(value: .setArgument, span: Span(word.span.start, previousEnd)), name: name)
    case "replace":
      try expectWord("modifier", "after 'fix replace'")
      let name = try identifier("as the modifier's name after 'replace modifier'")
      try expectWord("with", "after the modifier's name")
      return FixEditSyntax(
        kind: Located(value: .replaceModifier, span: Span(word.span.start, previousEnd)), name: name)
    default:
      error(
        "unknown fix edit '\(word.value)'", word.span,
        help: Spelling.closest(word.value, in: Parser.fixEditWords).map { "did you mean '\($0)'?" }
          ?? "a fix is a hint in quotes, or an edit: add modifier \"…\", set argument NAME to \"…\", "
          + "replace modifier NAME with \"…\"")
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
    let (contents, raw) = Literals.contents(source, span)
    let contentStart = contents.lowerBound
    let contentEnd = contents.upperBound
    var parts: [Template.Part] = []
    var textStart = contentStart
    var pending: [UInt8] = []
    var index = contentStart

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
          if quoteEndsHole(span, contentEnd: contentEnd) {
            error(
              "a '\"' inside '{…}' ends the template string", Span(contentEnd, contentEnd + 1),
              help: "write the strings inside a template's '{…}' in single quotes: '…'")
          } else {
            error("unterminated '{' in template; write '{{' for a literal brace", Span(index, index + 1))
          }
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
          for diagnostic in innerDiagnostics { diagnostics.appendWithinLimit { diagnostic } }
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

  /// Whether a hole left open was cut short by the template's own closing `"`: the string is
  /// `"…`, more of the expression follows it at once (not the rule's `}`), and the rest of
  /// the line holds the `}` the author meant to close the hole with.
  private func quoteEndsHole(_ span: Span, contentEnd: Int) -> Bool {
    let bytes = source.bytes
    guard contentEnd < span.end, bytes[contentEnd] == UInt8(ascii: "\""), span.end - contentEnd == 1 else {
      return false
    }
    var index = span.end
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
    guard index < bytes.count, bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "\n"),
      bytes[index] != UInt8(ascii: "\r")
    else { return false }
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
      if bytes[index] == UInt8(ascii: "}") { return true }
      index += 1
    }
    return false
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
  /// quoted strings inside the expression (so `{m.text() + '}'}` is one hole).
  private func matchingBrace(from start: Int, end: Int) -> Int? {
    let bytes = source.bytes
    var nesting = 0
    var quote: UInt8?
    var index = start
    while index < end {
      let current = bytes[index]
      if current == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if let open = quote {
        if current == open { quote = nil }
      } else {
        switch current {
        case UInt8(ascii: "{"): nesting += 1
        case UInt8(ascii: "}"):
          if nesting == 0 { return index }
          nesting -= 1
        case UInt8(ascii: "'"), UInt8(ascii: "\""): quote = current
        default: break
        }
      }
      index += 1
    }
    return nil
  }

  // MARK: Expressions

  /// Counts one level of nesting; every caller undoes it with a `defer`, so a failure deep
  /// inside an expression does not leave the count raised for the rest of the file.
  private mutating func enter(_ span: Span) throws(Failure) {
    guard depth < Parser.maximumDepth else {
      error("expression is nested more deeply than the limit of \(Parser.maximumDepth) levels", span)
      throw Failure()
    }
    depth += 1
  }

  /// expr = conditional [ "=>" expr ]
  ///
  /// The conditional is parsed inline (not through `conditional()`), and rarer forms are in
  /// functions of their own, because every level of nesting passes through here: small frames
  /// keep deep nesting within a 512 KiB thread stack.
  mutating func expression() throws(Failure) -> Expr {
    try enter(token.span)
    defer { depth -= 1 }
    var condition = try binary(minimumPrecedence: 1)
    if token.kind == .question { condition = try conditionalRest(condition) }
    guard token.kind == .implies else { return condition }
    return try implication(condition)
  }

  private mutating func implication(_ condition: Expr) throws(Failure) -> Expr {
    advance()
    let consequence = try expression()
    return makeExpr(.binary(.implies, condition, consequence), condition.span.union(consequence.span))
  }

  /// conditional = or [ "?" or ":" conditional ]
  private mutating func conditional() throws(Failure) -> Expr {
    let condition = try binary(minimumPrecedence: 1)
    guard token.kind == .question else { return condition }
    return try conditionalRest(condition)
  }

  /// `? whenTrue : whenFalse` after `condition`.
  private mutating func conditionalRest(_ condition: Expr) throws(Failure) -> Expr {
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

  /// Left-associative binary operators by precedence climbing. The loop builds a tree one
  /// level deeper per operator (`1 + 2 + 3` is `(1 + 2) + 3`), and later stages walk the tree
  /// recursively, so each operator of a chain counts towards the nesting limit.
  private mutating func binary(minimumPrecedence: Int) throws(Failure) -> Expr {
    var left = try unary()
    var levels = 0
    defer { depth -= levels }
    while let (op, precedence) = binaryOperator(), precedence >= minimumPrecedence {
      advance()
      try enter(token.span)
      levels += 1
      let right = try binary(minimumPrecedence: precedence + 1)
      left = makeExpr(.binary(op, left, right), left.span.union(right.span))
    }
    return left
  }

  private mutating func unary() throws(Failure) -> Expr {
    if token.kind == .bang || token.kind == .minus { return try prefixOperator() }
    return try postfix(try primary())
  }

  /// `!x`, `-x`, or a negative number literal.
  private mutating func prefixOperator() throws(Failure) -> Expr {
    let start = token.start
    let op: UnaryOperator = token.kind == .bang ? .not : .negate
    advance()
    if op == .negate, token.kind == .int || token.kind == .double { return try negativeLiteral(start) }
    try enter(token.span)
    defer { depth -= 1 }
    let operand = try unary()
    return makeExpr(.unary(op, operand), Span(start, operand.span.end))
  }

  /// A minus directly before a number literal is part of the literal, so that the most negative
  /// int64 can be written.
  private mutating func negativeLiteral(_ start: Int) throws(Failure) -> Expr {
    let literal = token
    let negated = try numberLiteral(negated: true)
    return try postfix(makeExpr(negated, Span(start, literal.end)))
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

  /// Selections, calls and indexes; like a chain of binary operators, each one nests the tree
  /// one level deeper and counts towards the nesting limit.
  private mutating func postfix(_ operand: Expr) throws(Failure) -> Expr {
    var result = operand
    var levels = 0
    defer { depth -= levels }
    while token.kind == .dot || token.kind == .leftBracket {
      try enter(token.span)
      levels += 1
      result = token.kind == .dot ? try selection(result) : try indexSuffix(result)
    }
    return result
  }

  /// `.field`, `` .`field` `` or `.method(args)` after `operand`.
  private mutating func selection(_ operand: Expr) throws(Failure) -> Expr {
    advance()
    if token.kind == .quotedIdentifier {
      let quoted = token
      advance()
      let name = source.text((quoted.start + 1)..<(quoted.end - 1))
      return makeExpr(.select(operand, field: name, testOnly: false), operand.span.union(quoted.span))
    }
    let field = try identifier("after '.'")
    guard token.kind == .leftParen else {
      return makeExpr(.select(operand, field: field.value, testOnly: false), operand.span.union(field.span))
    }
    let open = token
    advance()
    let args = try arguments(closing: .rightParen, open)
    return try receiverCall(operand, field, args)
  }

  /// `[index]` after `operand`.
  private mutating func indexSuffix(_ operand: Expr) throws(Failure) -> Expr {
    advance()
    let index = try expression()
    let close = try expect(.rightBracket, "to close the index")
    return makeExpr(.index(operand, index), operand.span.union(close.span))
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
    guard token.kind == closing else { throw unexpectedToken("expected ',' or \(closing.display)") }
    advance()
    return args
  }

  /// Reports the current token as unexpected (unless the lexer already reported it) and
  /// returns the failure to throw. Error paths live in functions like this one so that the
  /// functions the parser recurses through keep small stack frames.
  private mutating func unexpectedToken(_ expected: String) -> Failure {
    if token.kind != .invalid { error("\(expected), found \(describeToken())", token.span) }
    return Failure()
  }

  private static let reserved: Set<String> = [
    "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop", "package",
    "namespace", "return", "var", "void", "while",
  ]

  private mutating func primary() throws(Failure) -> Expr {
    switch token.kind {
    case .int, .uint, .double: return try numberPrimary()
    case .string, .bytes: return try quotedPrimary()
    case .leftParen: return try parenthesized()
    case .leftBracket: return try list()
    case .leftBrace: return try map()
    case .dot, .identifier: return try identifierOrCall()
    default: throw unexpectedPrimary()
    }
  }

  private mutating func unexpectedPrimary() -> Failure {
    switch token.kind {
    case .invalid: break
    case .quotedIdentifier:
      error("a quoted identifier can only name a field after '.', as in m.`content-type`", token.span)
    default:
      error("expected an expression, found \(describeToken())", token.span)
    }
    return Failure()
  }

  private mutating func numberPrimary() throws(Failure) -> Expr {
    let start = token.start
    let kind = try numberLiteral(negated: false)
    return makeExpr(kind, Span(start, previousEnd))
  }

  private mutating func quotedPrimary() throws(Failure) -> Expr {
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
  }

  private mutating func parenthesized() throws(Failure) -> Expr {
    let open = token
    advance()
    try enter(open.span)
    defer { depth -= 1 }
    var inner = try expression()
    let close = try expect(.rightParen, "to close '('")
    inner.span = Span(open.start, close.end)
    return inner
  }

  /// A name, a literal spelled as a name (`true`, `null`), or a global call; with a leading dot
  /// (`.name`), an absolute name.
  private mutating func identifierOrCall() throws(Failure) -> Expr {
    let start = token.start
    let absolute = token.kind == .dot
    if absolute { advance() }
    let name = try identifier("after '.'")
    if !absolute, let literal = Parser.literalNames[name.value] { return makeExpr(literal, name.span) }
    if name.value == "in" || Parser.reserved.contains(name.value) { throw reservedName(name) }
    if token.kind == .leftParen { return try globalCall(name, absolute: absolute, start: start) }
    if token.kind == .leftBrace, name.value.first?.isUppercase == true { throw messageConstruction(name, start) }
    return makeExpr(.identifier(name.value, absolute: absolute), Span(start, name.span.end))
  }

  private mutating func messageConstruction(_ name: Located<String>, _ start: Int) -> Failure {
    error(
      "message construction ('\(name.value){…}') is not supported: Precept has no protocol buffer types",
      Span(start, token.end))
    return Failure()
  }

  private static let literalNames: [String: ExprKind] = ["true": .bool(true), "false": .bool(false), "null": .null]

  private mutating func reservedName(_ name: Located<String>) -> Failure {
    if name.value == "in" {
      error("'in' is an operator and cannot be used as a name", name.span)
    } else {
      error("'\(name.value)' is a reserved word and cannot be used as a name", name.span)
    }
    return Failure()
  }

  /// `f(args)`, or the `has(x.f)` macro.
  private mutating func globalCall(_ name: Located<String>, absolute: Bool, start: Int) throws(Failure) -> Expr {
    let open = token
    advance()
    let args = try arguments(closing: .rightParen, open)
    let span = Span(start, previousEnd)
    guard name.value == "has" && !absolute else {
      return makeExpr(.call(function: name.value, target: nil, args: args), span)
    }
    guard args.count == 1, case .select(let operand, let field, false) = args[0].kind else {
      error("has() takes one field selection, such as has(m.field)", span)
      throw Failure()
    }
    return makeExpr(.select(operand, field: field, testOnly: true), span)
  }

  private mutating func list() throws(Failure) -> Expr {
    let open = token
    advance()
    try enter(open.span)
    defer { depth -= 1 }
    var elements: [Expr] = []
    while token.kind != .rightBracket {
      elements.append(try expression())
      guard token.kind == .comma else { break }
      advance()
    }
    guard token.kind == .rightBracket else { throw unexpectedToken("expected ',' or ']' in list") }
    advance()
    return makeExpr(.list(elements), Span(open.start, previousEnd))
  }

  private mutating func map() throws(Failure) -> Expr {
    let open = token
    advance()
    try enter(open.span)
    defer { depth -= 1 }
    var entries: [MapEntrySyntax] = []
    while token.kind != .rightBrace {
      entries.append(try mapEntry())
      guard token.kind == .comma else { break }
      advance()
    }
    guard token.kind == .rightBrace else { throw unexpectedToken("expected ',' or '}' in map") }
    advance()
    return makeExpr(.map(entries), Span(open.start, previousEnd))
  }

  private mutating func mapEntry() throws(Failure) -> MapEntrySyntax {
    let key = try expression()
    _ = try expect(.colon, "between map key and value")
    return MapEntrySyntax(key: key, value: try expression())
  }
}
