/// Readable S-expression dumps of parsed syntax: what the REPL's `:ast` shows and what the
/// parser's golden tests compare.
///
/// Every node prints as `(head atoms… span children…)`; a node without children stays on one
/// line, and children are indented two spaces under their parent. Spans print as
/// `line:column-line:column` (1-based, columns in Unicode scalars, the end just past the last
/// character). Literals print as literals of the language, so strings show their escapes.
///
/// ```
/// (&& 1:1-1:22
///   (select name 1:1-1:7
///     (ident m 1:1-1:2))
///   (method startsWith 1:11-1:22 …))
/// ```
///
/// Heads: `null`, `bool`, `int`, `uint`, `double`, `string`, `bytes`, `ident`, `select`, `has`,
/// `call` (a global call), `method` (a receiver call; its first child is the receiver),
/// `index`, `!`, `neg`, the binary operators by their symbol (`+`, `&&`, `=>`, `in`, …), `?:`,
/// `list`, `map` with `entry` children, and `macro` (`(macro all (x) span target body…)`).
package enum ASTDump {
  /// Parses `source` as one expression and dumps its tree.
  package static func expression(_ source: SourceFile) throws(DiagnosticError) -> String {
    let (expr, diagnostics) = Parser.parseExpression(source)
    guard let expr, diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    return dump(expr, source)
  }

  /// Parses `source` as a ruleset file and dumps its tree.
  package static func ruleset(_ source: SourceFile) throws(DiagnosticError) -> String {
    let (ruleset, diagnostics) = Parser.parseRuleset(source)
    guard let ruleset, diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    return dump(ruleset, source)
  }

  static func dump(_ expr: Expr, _ source: SourceFile) -> String {
    let writer = Writer(source: source)
    return writer.render(writer.node(expr))
  }

  static func dump(_ ruleset: RulesetSyntax, _ source: SourceFile) -> String {
    let writer = Writer(source: source)
    return writer.render(writer.node(ruleset))
  }
}

/// A node of the dump before it is laid out.
private struct DumpNode {
  var head: String
  var children: [DumpNode] = []
}

private struct Writer {
  let source: SourceFile

  func span(_ span: Span) -> String {
    let start = source.location(of: span.start)
    let end = source.location(of: span.end)
    return "\(start.line):\(start.column)-\(end.line):\(end.column)"
  }

  /// A name as written: plain when it is an identifier, in backquotes otherwise.
  func name(_ text: String) -> String {
    let bytes = Array(text.utf8)
    if let first = bytes.first, isIdentifierStart(first), bytes.allSatisfy(isIdentifierContinue) { return text }
    return "`\(text)`"
  }

  func quoted(_ text: String) -> String { Printer.literal(.string(text)) }

  func located(_ head: String, _ value: Located<String>, quote: Bool = true) -> DumpNode {
    DumpNode(head: "\(head) \(quote ? quoted(value.value) : value.value) \(span(value.span))")
  }

  // MARK: Expressions

  func node(_ expr: Expr) -> DumpNode {
    let at = span(expr.span)
    switch expr.kind {
    case .null: return DumpNode(head: "null \(at)")
    case .bool(let value): return DumpNode(head: "bool \(value) \(at)")
    case .int(let value): return DumpNode(head: "int \(Printer.literal(.int(value))) \(at)")
    case .uint(let value): return DumpNode(head: "uint \(Printer.literal(.uint(value))) \(at)")
    case .double(let value): return DumpNode(head: "double \(Printer.literal(.double(value))) \(at)")
    case .string(let value): return DumpNode(head: "string \(quoted(value)) \(at)")
    case .bytes(let value): return DumpNode(head: "bytes \(Printer.literal(.bytes(value))) \(at)")
    case .identifier(let identifier, let absolute):
      return DumpNode(head: "ident \(absolute ? "." : "")\(identifier) \(at)")
    case .select(let operand, let field, let testOnly):
      return DumpNode(head: "\(testOnly ? "has" : "select") \(name(field)) \(at)", children: [node(operand)])
    case .call(let function, let target, let args):
      if let target {
        return DumpNode(head: "method \(function) \(at)", children: [node(target)] + args.map(node))
      }
      return DumpNode(head: "call \(function) \(at)", children: args.map(node))
    case .index(let operand, let index):
      return DumpNode(head: "index \(at)", children: [node(operand), node(index)])
    case .unary(let op, let operand):
      return DumpNode(head: "\(op == .not ? "!" : "neg") \(at)", children: [node(operand)])
    case .binary(let op, let left, let right):
      return DumpNode(head: "\(op.rawValue) \(at)", children: [node(left), node(right)])
    case .conditional(let condition, let whenTrue, let whenFalse):
      return DumpNode(head: "?: \(at)", children: [node(condition), node(whenTrue), node(whenFalse)])
    case .list(let elements):
      return DumpNode(head: "list \(at)", children: elements.map(node))
    case .map(let entries):
      return DumpNode(
        head: "map \(at)", children: entries.map { DumpNode(head: "entry", children: [node($0.key), node($0.value)]) })
    case .comprehension(let macro, let target, let variables, let args):
      let names = variables.map(\.value).joined(separator: " ")
      return DumpNode(head: "macro \(macro.rawValue) (\(names)) \(at)", children: [node(target)] + args.map(node))
    }
  }

  func node(_ template: Template, _ head: String) -> DumpNode {
    let parts = template.parts.map { part in
      switch part {
      case .text(let text): DumpNode(head: "text \(quoted(text))")
      case .expression(let expr): DumpNode(head: "hole", children: [node(expr)])
      }
    }
    return DumpNode(head: "\(head) \(span(template.span))", children: parts)
  }

  // MARK: Rulesets

  func node(_ ruleset: RulesetSyntax) -> DumpNode {
    var children: [DumpNode] = [located("version", ruleset.version, quote: false)]
    if let title = ruleset.title { children.append(located("title", title)) }
    if let summary = ruleset.summary { children.append(located("summary", summary)) }
    if let help = ruleset.help { children.append(located("help", help)) }
    children += ruleset.useWhen.map { located("use-when", $0) }
    for avoid in ruleset.avoidWhen {
      var item = located("avoid-when", avoid.text)
      if let instead = avoid.instead { item.children.append(located("instead", instead, quote: false)) }
      children.append(item)
    }
    children += ruleset.allow.map { located("allow", $0) }
    children += ruleset.golden.map { located("golden", $0) }
    for item in ruleset.imports {
      let definitions = item.definitionsOnly ? "definitions from " : ""
      children.append(
        DumpNode(
          head: "import \(definitions)\(item.name.value) \(span(item.span))", children: [located("range", item.range)]))
    }
    for host in ruleset.hosts {
      let written = host.parameters.map { parameter in
        Located(value: parameter.first.value + (parameter.type.map { ": " + $0.value } ?? ""), span: parameter.span)
      }
      let result = host.result.map { " -> " + $0.value } ?? ""
      children.append(
        DumpNode(head: "host \(host.name.value) \(parameters(written))\(result) \(span(host.span))"))
    }
    for definition in ruleset.lets {
      children.append(
        DumpNode(
          head: "let \(definition.name.value) \(parameters(definition.parameters)) \(span(definition.span))",
          children: [node(definition.body)]))
    }
    children += ruleset.rules.map(node)
    for item in ruleset.extensions {
      let types = item.types.map(\.value).joined(separator: " | ")
      children.append(
        DumpNode(
          head: "extend \(item.ruleID) \(span(item.span))",
          children: [DumpNode(head: "on \(types)")] + item.card.map { located($0.section.rawValue, $0.text) }))
    }
    let header = ruleset.isLibrary ? "library" : "ruleset"
    return DumpNode(head: "\(header) \(ruleset.name.value) \(span(ruleset.name.span))", children: children)
  }

  func parameters(_ names: [Located<String>]) -> String {
    "(" + names.map(\.value).joined(separator: " ") + ")"
  }

  func node(_ rule: RuleSyntax) -> DumpNode {
    var children: [DumpNode] = []
    if let severity = rule.severity { children.append(located("severity", severity, quote: false)) }
    children += rule.wcag.map { located("wcag", $0) }
    if let title = rule.title { children.append(located("title", title)) }
    children += rule.card.map { located($0.section.rawValue, $0.text) }
    if let category = rule.category { children.append(located("category", category)) }
    if let selector = rule.selector {
      let steps = [step("target", selector.target)] + selector.ancestors.map { step("inside", $0) }
      children.append(DumpNode(head: "on \(span(selector.span))", children: steps))
    }
    if let when = rule.when { children.append(DumpNode(head: "when", children: [node(when)])) }
    for requirement in rule.requirements {
      children.append(
        DumpNode(head: "\(requirement.kind.rawValue) \(span(requirement.span))", children: [node(requirement.expr)]))
    }
    if let message = rule.message { children.append(node(message, "message")) }
    if let help = rule.help { children.append(located("help", help)) }
    if let fix = rule.fix {
      // A structured fix names its edit: `fix set argument role`, `fix add modifier needs words`.
      let edit = rule.fixEdit.map { edit in
        " " + edit.kind.value.rawValue + (edit.name.map { " \($0.value)" } ?? "")
          + (edit.needsWords == nil ? "" : " needs words")
      }
      children.append(node(fix, "fix" + (edit ?? "")))
    }
    children += rule.checks.map { node($0, "check") }
    return DumpNode(head: "\(rule.kind.rawValue) \(rule.id.value) \(span(rule.span))", children: children)
  }

  func step(_ head: String, _ step: SelectorStep) -> DumpNode {
    let types = step.types.map { type in
      type.value == "*" || type.value.utf8.first.map(isIdentifierStart) == true ? type.value : quoted(type.value)
    }
    let binding = step.binding.map { " as \($0.value)" } ?? ""
    return DumpNode(head: "\(head) \(types.joined(separator: " | "))\(binding)")
  }

  // MARK: Layout

  func render(_ root: DumpNode) -> String {
    var out = ""
    write(root, indent: 0, to: &out)
    return out + "\n"
  }

  func write(_ node: DumpNode, indent: Int, to out: inout String) {
    out += "(" + node.head
    for child in node.children {
      out += "\n" + String(repeating: " ", count: indent + 2)
      write(child, indent: indent + 2, to: &out)
    }
    out += ")"
  }
}
