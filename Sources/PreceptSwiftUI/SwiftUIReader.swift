import Precept

/// Reads Swift source into a view model (DESIGN.md §4) without swift-syntax.
///
/// The reader lexes all of Swift and parses the parts that build views; everything else is
/// skipped by brackets and line-continuation rules, so any valid Swift file reads without an
/// error. The conventions it follows are listed in `Sources/PreceptSwiftUI/README.md`.
public enum SwiftUIReader {
  /// The deepest nesting of brackets, string interpolations and `#if` blocks the reader
  /// accepts. Deeper input is reported as an error rather than risking the stack.
  public static let maximumNesting = 256

  /// Reads one Swift file (or a fragment) into a view model.
  ///
  /// Throws only for input that is not Swift: invalid UTF-8, an unterminated string, comment
  /// or regex literal, unbalanced brackets or `#if` blocks, nesting deeper than
  /// ``maximumNesting``.
  public static func read(_ source: SourceFile) throws(DiagnosticError) -> ViewDocument {
    if let offset = firstInvalidUTF8(source.bytes) {
      throw DiagnosticError(Diagnostic(.error, "invalid UTF-8", in: source, span: Span(offset, offset + 1)))
    }
    let result: Result<[ViewNode], LexFailure> = source.bytes.withUnsafeBufferPointer { text in
      var lexer = Lexer(text, limit: maximumNesting)
      do throws(LexFailure) {
        try lexer.run()
      } catch {
        return .failure(error)
      }
      let nodes = lexer.tokens.withUnsafeBufferPointer { tokens in
        Parser(source: source, text: text, tokens: tokens, limit: maximumNesting).document()
      }
      return .success(nodes)
    }
    switch result {
    case .success(let nodes):
      if let (node, depth) = firstTooDeep(nodes) {
        throw DiagnosticError(
          Diagnostic(
            .error,
            "views nest too deeply: this one is \(depth) levels deep in view-model JSON, over the limit of "
              + "\(JSON.maximumDepth)",
            file: source.name, location: SourceLocation(line: node.line, column: node.column),
            lineText: source.lineText(node.line),
            notes: ["each view closure and each 'else if' clause nests the views in it more deeply"]))
      }
      return ViewDocument(file: source.name, nodes: nodes)
    case .failure(let failure):
      throw DiagnosticError(
        Diagnostic(
          .error, failure.message, in: source, span: Span(failure.offset, failure.offset + failure.length),
          notes: failure.notes))
    }
  }

  /// The first node (in preorder) whose JSON form, written as a view-model document, would nest
  /// deeper than `JSON.maximumDepth`, with that depth; nil when the document fits.
  ///
  /// Brackets are limited by the lexer, but an `else if` chain nests one node deeper per
  /// clause without a bracket: unchecked, 3,000 clauses overflowed the stack of everything that
  /// walks the tree, and shallower ones made JSON that `ViewDocument.read` rejects.
  static func firstTooDeep(_ nodes: [ViewNode]) -> (ViewNode, Int)? {
    // The depth of a node's object: the document is 1, its `nodes` array 2, a root node 3.
    var pending = nodes.reversed().map { ($0, 3) }
    while let (node, depth) = pending.popLast() {
      // The deepest array or object the node's own JSON holds (nodes inside are visited
      // themselves): argument, property and modifier objects 2 below it, and a modifier's
      // argument objects and slot arrays 4 below.
      var deepest = depth
      if !node.args.isEmpty || !node.properties.isEmpty || !node.slots.isEmpty || !node.modifiers.isEmpty {
        deepest = depth + 2
      }
      if node.modifiers.contains(where: { !$0.args.isEmpty || !$0.slots.isEmpty }) { deepest = depth + 4 }
      if deepest > JSON.maximumDepth { return (node, deepest) }
      var inner: [(ViewNode, Int)] = node.children.map { ($0, depth + 2) }
      for slot in node.slots { inner += slot.nodes.map { ($0, depth + 3) } }
      for modifier in node.modifiers {
        inner += modifier.children.map { ($0, depth + 4) }
        for slot in modifier.slots { inner += slot.nodes.map { ($0, depth + 5) } }
      }
      pending += inner.reversed()
    }
    return nil
  }

  /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      var index = 0
      while index < count {
        // Eight ASCII bytes at a time.
        if index + 8 <= count {
          let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0 {
            index += 8
            continue
          }
        }
        let lead = buffer[index]
        if lead < 0x80 {
          index += 1
          continue
        }
        let length: Int
        var minimum: UInt32
        switch lead {
        case 0xC2...0xDF:
          length = 2
          minimum = 0x80
        case 0xE0...0xEF:
          length = 3
          minimum = 0x800
        case 0xF0...0xF4:
          length = 4
          minimum = 0x10000
        default:
          return index
        }
        guard index + length <= count else { return index }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
          let byte = buffer[index + offset]
          guard byte & 0xC0 == 0x80 else { return index }
          scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        minimum = scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) ? 1 : 0
        if minimum == 1 { return index }
        index += length
      }
      return nil
    }
  }
}
