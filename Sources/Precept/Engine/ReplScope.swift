// How the REPL compiles what is typed at its prompt: each entry is parsed on its own
// (`Parser.parseEntry`), and the session's lets, rules and host declarations are checked
// together as one ruleset, with every diagnostic pointing into the entry it is about.

extension Ruleset {
  /// The ruleset of a REPL session, `name` 0.0.0: the declarations among `entries` (lets,
  /// rules, reviews, host functions; other entries are skipped), importing `imports` with
  /// open names (see `init(source:resolver:openImports:)`), so a rule typed at the prompt
  /// reads as it will in the ruleset it is meant for.
  ///
  /// The entries are checked as one unit, so a let typed later may be called by a rule typed
  /// earlier and replacing a let changes what calls it. Their sources are joined only so that
  /// spans are distinct: each declaration is parsed again from its own part, and a
  /// diagnostic names that entry and its own line and column.
  package init(session name: String, entries: [ReplEntry], imports: [Ruleset]) throws(DiagnosticError) {
    let declarations = entries.filter {
      switch $0.syntax {
      case .let, .rule, .host: true
      default: false
      }
    }
    let joined = SourceFile(joining: declarations.map(\.source), name: "<\(name)>")
    let empty = Span(0, 0)
    var syntax = RulesetSyntax(name: Located(value: name, span: empty), version: Located(value: "0.0.0", span: empty))
    syntax.imports = imports.map {
      ImportSyntax(
        name: Located(value: $0.name, span: empty), range: Located(value: "=\($0.version)", span: empty), span: empty)
    }
    for (declaration, start) in zip(declarations, joined.partStarts) {
      let (entry, diagnostics, _) = Parser.parseEntry(
        joined, start: start, end: start + declaration.source.bytes.count)
      guard let entry else { throw DiagnosticError(diagnostics) }
      switch entry.syntax {
      case .let(let definition): syntax.lets.append(definition)
      case .rule(let rule): syntax.rules.append(rule)
      case .host(let host): syntax.hosts.append(host)
      default: break
      }
    }
    try self.init(
      syntax: syntax, source: joined, resolver: { name, _ in imports.first { $0.name == name } }, openImports: true)
  }
}

extension CompiledExpression {
  /// Compiles the expression of a REPL entry (an expression, or the value of `let NAME =`)
  /// in the scope of `ruleset`, as `init(_:variables:in:checked:name:)` does; diagnostics
  /// point into the entry.
  package init(entry: ReplEntry, variables: [String], in ruleset: Ruleset) throws(DiagnosticError) {
    switch entry.syntax {
    case .expression(let expr), .binding(_, let expr):
      try self.init(expr, in: entry.source, variables: variables, scope: try ruleset.checked(), checked: true)
    default:
      throw DiagnosticError([
        Diagnostic(.error, "this entry is not an expression", in: entry.source, span: Span(0, entry.source.bytes.count))
      ])
    }
  }
}

extension ASTDump {
  /// Dumps the syntax tree of a REPL entry that is an expression, with positions in the entry.
  package static func entry(_ entry: ReplEntry) -> String? {
    guard case .expression(let expr) = entry.syntax else { return nil }
    return dump(expr, entry.source)
  }
}
