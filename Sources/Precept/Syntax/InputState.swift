/// How a piece of REPL input stands with the language's lexer: whether it is a whole entry,
/// and whether it ends inside a string (for completion). Comments, raw strings, triple-quoted
/// strings and quoted identifiers follow the real lexer, so a bracket inside a string or after
/// `//` does not count.
package struct InputState: Sendable, Equatable {
  /// Whether the input is a whole entry: every bracket it opens is closed, it does not end
  /// inside a triple-quoted string (the only kind that spans lines), and its last token is
  /// not an operator still waiting for its right operand. A line that closes more brackets
  /// than it opens, or leaves a one-line string open, is complete: the parser reports it.
  package let isComplete: Bool
  /// When the input ends inside a string literal, the UTF-8 offset where its contents start.
  package let openStringContent: Int?

  package init(_ text: String) {
    let source = SourceFile(name: "<input>", text: text)
    var lexer = Lexer(source: source)
    var depth = 0
    var last: Token?
    while true {
      let token = lexer.next()
      if token.kind == .endOfFile { break }
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: break
      }
      last = token
    }
    var openString: (content: Int, triple: Bool)?
    if let last, last.kind == .invalid, last.end == source.bytes.count {
      openString = InputState.openString(source.bytes, from: last.start)
    }
    openStringContent = openString?.content
    let waitsForOperand = last.map { InputState.continuing.contains($0.kind) } ?? false
    isComplete = depth <= 0 && openString?.triple != true && !waitsForOperand
  }

  /// Tokens after which an expression cannot end.
  private static let continuing: [TokenKind] = [
    .dot, .comma, .colon, .question, .plus, .minus, .star, .slash, .percent, .bang, .equalEqual, .bangEqual,
    .less, .lessEqual, .greater, .greaterEqual, .ampAmp, .pipePipe, .implies, .equal, .pipe,
  ]

  /// Where the contents of a string literal starting at `start` (with its `r`/`b` prefix)
  /// begin, and whether it is triple-quoted; nil if no string starts there.
  private static func openString(_ bytes: [UInt8], from start: Int) -> (content: Int, triple: Bool)? {
    var index = start
    while index < bytes.count, index - start < 2,
      bytes[index] | 0x20 == UInt8(ascii: "r") || bytes[index] | 0x20 == UInt8(ascii: "b")
    {
      index += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
      return nil
    }
    let quote = bytes[index]
    let triple = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
    return (index + (triple ? 3 : 1), triple)
  }
}

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
