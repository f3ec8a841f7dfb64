// A minimal syntax-tree printer for the REPL's `:ast`; a fuller dumper of the AST may replace it.

extension Expression {
  /// The syntax tree of an expression, one node a line, indented under its parent: what the
  /// REPL's `:ast` prints. Throws the parser's diagnostics.
  package static func syntaxTree(_ source: String, name: String = "<expression>") throws(DiagnosticError) -> String {
    let (expr, diagnostics) = Parser.parseExpression(SourceFile(name: name, text: source))
    guard let expr, diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    var lines: [String] = []
    outline(expr, depth: 0, into: &lines)
    return lines.joined(separator: "\n")
  }

  private static func outline(_ expr: Expr, depth: Int, label: String = "", into lines: inout [String]) {
    let node: String
    var children: [(String, Expr)] = []
    switch expr.kind {
    case .null: node = "null"
    case .bool(let value): node = "bool \(value)"
    case .int(let value): node = "int \(Printer.literal(.int(value)))"
    case .uint(let value): node = "uint \(Printer.literal(.uint(value)))"
    case .double(let value): node = "double \(Printer.literal(.double(value)))"
    case .string(let value): node = "string \(Printer.literal(.string(value)))"
    case .bytes(let value): node = "bytes \(Printer.literal(.bytes(value)))"
    case .identifier(let name, let absolute): node = "name \(absolute ? "." : "")\(name)"
    case .select(let operand, let field, let testOnly):
      node = testOnly ? "has .\(field)" : "select .\(field)"
      children = [("", operand)]
    case .call(let function, let target, let args):
      node = target == nil ? "call \(function)" : "method \(function)"
      children = (target.map { [("receiver: ", $0)] } ?? []) + args.map { ("", $0) }
    case .index(let operand, let index):
      node = "index"
      children = [("", operand), ("", index)]
    case .unary(let op, let operand):
      node = "unary \(op.rawValue)"
      children = [("", operand)]
    case .binary(let op, let left, let right):
      node = "binary \(op.rawValue)"
      children = [("", left), ("", right)]
    case .conditional(let condition, let whenTrue, let whenFalse):
      node = "conditional"
      children = [("if: ", condition), ("then: ", whenTrue), ("else: ", whenFalse)]
    case .list(let elements):
      node = "list"
      children = elements.map { ("", $0) }
    case .map(let entries):
      node = "map"
      children = entries.flatMap { [("key: ", $0.key), ("value: ", $0.value)] }
    case .comprehension(let macro, let target, let variables, let args):
      node = "macro \(macro.rawValue) " + variables.map(\.value).joined(separator: ", ")
      children = [("receiver: ", target)] + args.map { ("", $0) }
    }
    lines.append(String(repeating: "  ", count: depth) + label + node)
    for (childLabel, child) in children { outline(child, depth: depth + 1, label: childLabel, into: &lines) }
  }
}
