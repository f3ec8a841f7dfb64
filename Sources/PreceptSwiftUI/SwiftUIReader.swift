import Precept

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads Swift source into a view model (Grammar/viewmodel.schema.json) without swift-syntax.
///
/// The reader lexes all of Swift and parses the parts that build views; everything else is
/// skipped by brackets and line-continuation rules, so any valid Swift file reads without an
/// error. `Sources/PreceptSwiftUI/README.md` explains these conventions with examples:
///
/// - Positions: 1-based line and column (Unicode scalars) of the first character; modifiers at
///   their name after the dot; declarations at their keyword; properties at their name.
/// - Types (`struct`, `class`, `enum`, `actor`, `extension`; `protocol` with its inheritance only): node `type` is the
///   keyword, `name` the type, one `inherits` argument per inherited type, `properties` the
///   stored non-static properties (`wrapper` without `@`, `type`, `value` as source text),
///   `children` the members that build views and the nested types.
/// - Members that build views (type mentions `View`/`Scene`/`…Content`/`Commands`/`Shape`/
///   `Body`/`WidgetConfiguration`, a result-builder attribute, a SwiftUI view type whose body builds one, or an
///   unknown type whose body looks like views): nodes `var`/`func`/`subscript` with `name`.
///   `#Preview` is a node with its arguments.
/// - A body containing `return` is ordinary code: only returned views count; otherwise every
///   expression statement is a view.
/// - Calls: `type` is the called type without generic arguments or modules (`SwiftUI.Menu` →
///   `Menu`); a static member is the first argument (`Color.red` → `Color` with `.red`);
///   references are nodes named by what they reference (`header`, `self.row(x)` → `row`,
///   `content()`, `self`), lower-case by convention.
/// - Closures: the unlabelled trailing closure and `content:` are `children`, other labelled
///   view closures are `slots` by label; action closures are `expr` arguments labelled with
///   their parameter (`action`, `perform`). A catalog of SwiftUI signatures decides, and
///   heuristics for unknown calls (views and no code → views; `.onX` → action).
/// - Modifiers attach in order and carry their own view closures; `#if` in a modifier chain
///   keeps the modifiers of every branch, in order.
/// - Control flow: `if` (argument `condition`, slot `else`; `else if` nests there; the ternary
///   operator too), `switch` (argument `subject`) with `case` (argument `pattern`) and
///   `default` children, `#if` (argument `condition`, `#elseif`/`#else` in slot `else`); loops,
///   `guard` and `do` add their views in place.
/// - Arguments: `string` (escapes resolved, `\(…)` kept as source, multi-line indentation
///   stripped), `number` and `bool` (source text), `member` (`.destructive`), else `expr`.
/// - Fragments (no type declaration) give top-level nodes; top-level statements only when they
///   look like views. Errors only for input that is not Swift (see ``read(_:)``).
public enum SwiftUIReader {
  /// The deepest nesting the reader accepts, of brackets and `#if` blocks in the source and of
  /// nested blocks, closures and `else if`/`#elseif`/ternary chains in the view tree. Deeper
  /// input is reported as an error rather than risking the stack. (String interpolations
  /// inside string interpolations nest at most 16 deep.)
  public static let maximumNesting = 100

  /// Files nested at most this deep are parsed on the caller's thread; deeper ones on a
  /// thread with a ``largeStackSize`` stack. Real SwiftUI files nest about 15 levels deep.
  static let inlineNesting = 16
  static let largeStackSize = 64 << 20

  /// Reads one Swift file (or a fragment) into a view model.
  ///
  /// Throws only for input that is not Swift: invalid UTF-8, an unterminated string, comment
  /// or regex literal, unbalanced brackets or `#if` blocks, nesting deeper than
  /// ``maximumNesting``.
  public static func read(_ source: SourceFile) throws(DiagnosticError) -> ViewDocument {
    var steps = 0
    return try read(source, steps: &steps)
  }

  /// Reads `source` and adds the parser's steps of work to `steps` (see `ParseState.steps`).
  static func read(_ source: SourceFile, steps: inout Int) throws(DiagnosticError) -> ViewDocument {
    if let offset = firstInvalidUTF8(source.bytes) {
      throw DiagnosticError(Diagnostic(.error, "invalid UTF-8", in: source, span: Span(offset, offset + 1)))
    }
    var mentioned: PlatformSet? = nil
    var fromAvailability = false
    let result: Result<[ViewNode], ReadFailure> = source.bytes.withUnsafeBufferPointer { text in
      var lexer = Lexer(text, limit: maximumNesting)
      do throws(ReadFailure) {
        try lexer.run()
      } catch {
        return .failure(error)
      }
      return lexer.tokens.withUnsafeBufferPointer { tokens -> Result<[ViewNode], ReadFailure> in
        let parser = Parser(source: source, text: text, tokens: tokens, limit: maximumNesting)
        // The parser recurses once per nesting level. Files nested deeper than real code is
        // are parsed on a thread whose stack is known to be large enough, whatever the caller's.
        let nodes = lexer.maximumDepth <= inlineNesting ? parser.document() : onLargeStack { parser.document() }
        steps += parser.state.steps
        mentioned = parser.state.defaultPlatforms
        fromAvailability = parser.state.mentionedPlatforms.isEmpty
        return parser.state.failure.map { .failure($0) } ?? .success(nodes)
      }
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
      var document = ViewDocument(file: source.name, nodes: nodes)
      // The platforms the file mentions, as the default a project of this one file ships.
      document.platforms = mentioned
      document.platformsFromAvailability = mentioned != nil && fromAvailability
      return document
    case .failure(let failure):
      throw DiagnosticError(
        Diagnostic(
          .error, failure.message, in: source, span: Span(failure.offset, failure.offset + failure.length),
          notes: failure.notes))
    }
  }

  /// Runs `work` on a new thread with a ``largeStackSize`` stack and waits until that thread
  /// has ended. If the thread cannot be created, runs `work` here.
  private static func onLargeStack<Result>(_ work: () -> Result) -> Result {
    withoutActuallyEscaping(work) { work in
      let result = ResultBox<Result>()
      let job = ThreadJob { result.value = work() }
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setstacksize(&attributes, largeStackSize)
      let context = Unmanaged.passRetained(job).toOpaque()
      #if canImport(Darwin)
        var thread: pthread_t? = nil
      #else
        var thread = pthread_t()
      #endif
      let status = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<ThreadJob>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context)
      guard status == 0 else {
        Unmanaged<ThreadJob>.fromOpaque(context).release()
        return work()
      }
      #if canImport(Darwin)
        pthread_join(thread!, nil)
      #else
        pthread_join(thread, nil)
      #endif
      return result.value!
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
      // An argument's `expr` object sits one below the argument's. The reader bounds an
      // expression's depth, so its JSON is measured only where that bound could overflow.
      if depth + 4 + ViewExpression.maximumJSONDepth > JSON.maximumDepth {
        for argument in node.args {
          if let e = argument.expression { deepest = max(deepest, depth + 2 + e.jsonDepth) }
        }
        for modifier in node.modifiers {
          for argument in modifier.args {
            if let e = argument.expression { deepest = max(deepest, depth + 4 + e.jsonDepth) }
          }
        }
      }
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

/// The work handed to the thread of ``SwiftUIReader/onLargeStack(_:)``; `pthread_join`
/// orders it before the caller reads the result.
private final class ThreadJob: @unchecked Sendable {
  let run: () -> Void

  init(_ run: @escaping () -> Void) { self.run = run }
}

private final class ResultBox<Value>: @unchecked Sendable {
  var value: Value?
}
