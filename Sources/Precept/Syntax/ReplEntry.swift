/// One entry typed at the REPL prompt, as `Parser.parseEntry` parsed it from its own source
/// (`<repl 3>`): every span in it is an offset in that source, so whatever is reported about
/// the entry, when it is typed or when it is checked again later, points at the entry's own
/// line and column.
package struct ReplEntry: Sendable {
  /// What the entry is, with the name it defines.
  package enum Kind: Sendable, Equatable {
    case expression
    /// `let NAME = EXPR`: a value, evaluated now and bound to NAME.
    case binding(String)
    /// `let NAME(…) = EXPR`: a function of the session's ruleset.
    case `let`(String)
    case rule(String)
    case review(String)
    /// `host NAME(…)`: a host function the session's rules may call.
    case host(String)
    case `import`(String)
  }

  enum Syntax: Sendable {
    case expression(Expr)
    case binding(Located<String>, Expr)
    case `let`(LetSyntax)
    case rule(RuleSyntax)
    case host(HostSyntax)
    case `import`(ImportSyntax)

    /// What the parser says an unexpected token comes after.
    var what: String {
      switch self {
      case .expression, .binding, .let: "expression"
      case .rule(let rule): rule.kind.rawValue
      case .host: "host declaration"
      case .import: "import"
      }
    }
  }

  /// The entry's text, named for diagnostics.
  package let source: SourceFile
  let syntax: Syntax

  init(source: SourceFile, syntax: Syntax) {
    self.source = source
    self.syntax = syntax
  }

  package var kind: Kind {
    switch syntax {
    case .expression: .expression
    case .binding(let name, _): .binding(name.value)
    case .let(let definition): .let(definition.name.value)
    case .rule(let rule): rule.kind == .rule ? .rule(rule.id.value) : .review(rule.id.value)
    case .host(let host): .host(host.name.value)
    case .import(let item): .import(item.name.value)
    }
  }

  /// A diagnostic about the entry, at the name it defines or imports (for an expression, at
  /// the whole of it).
  package func diagnostic(_ message: String, help: String? = nil) -> Diagnostic {
    let span: Span =
      switch syntax {
      case .expression(let expr): expr.span
      case .binding(let name, _): name.span
      case .let(let definition): definition.name.span
      case .rule(let rule): rule.id.span
      case .host(let host): host.name.span
      case .import(let item): item.name.span
      }
    return Diagnostic(.error, message, in: source, span: span, help: help)
  }

  /// For an import, the version range as written.
  package var importRange: String? {
    if case .import(let item) = syntax { return item.range.value }
    return nil
  }

  /// The text of the expression an expression or a binding evaluates.
  package var expressionText: String? {
    switch syntax {
    case .expression(let expr), .binding(_, let expr): source.text(expr.span.range)
    default: nil
    }
  }
}
