import Precept

// Calls: the arguments in `( … )` and the trailing closures, sorted into arguments, children
// and slots by the catalog's signatures or by heuristics.

/// One argument inside `( … )`, as token indices.
struct RawArgument {
  /// The label token, if the argument has one.
  var label: Int?
  /// The first token (the label, if any).
  var start: Int
  var valueStart: Int
  /// The index of the `,` or `)` after the value.
  var end: Int
  /// The value is exactly one closure `{ … }`.
  var isClosure: Bool
}

extension Parser {
  /// Parses the `( … )` and trailing closures of a call at `k`, if any, into arguments,
  /// children and slots; returns the index after them.
  func callSuffix(
    _ k: Int, _ end: Int, callee: String, modifier: Bool, _ args: inout [ViewArgument], _ children: inout [ViewNode],
    _ slots: inout [ViewSlot]
  ) -> Int {
    var j = k
    var paren: Int? = nil
    if j < end, kind(j) == .leftParen, !newline(j) {
      paren = j
      j = skip(j)
    }
    var trailing: [(label: Int?, brace: Int)] = []
    if j < end, kind(j) == .leftBrace {
      trailing.append((nil, j))
      j = skip(j)
      while j + 2 < end, kind(j) == .identifier, kind(j + 1) == .colon, kind(j + 2) == .leftBrace {
        trailing.append((j, j + 2))
        j = skip(j + 2)
      }
    }
    guard paren != nil || !trailing.isEmpty else { return j }
    let arguments = paren.map(rawArguments) ?? []
    var call = CallBuilder(parser: self, callee: callee, modifier: modifier)
    call.assemble(arguments, trailing)
    args.append(contentsOf: call.args)
    children.append(contentsOf: call.children)
    for slot in call.slots { add(slot.nodes, toSlot: slot.name, &slots) }
    return j
  }

  /// Splits `( … )` at its top-level commas.
  func rawArguments(_ open: Int) -> [RawArgument] {
    let close = match(open)
    var result: [RawArgument] = []
    var j = open + 1
    while j < close {
      let start = j
      var label: Int? = nil
      var valueStart = j
      if kind(j) == .identifier, j + 1 < close, kind(j + 1) == .colon {
        label = j
        valueStart = j + 2
      }
      var e = valueStart
      while e < close, kind(e) != .comma {
        e = kind(e) == .identifier ? min(afterGeneric(e), close) : skip(e)
      }
      let isClosure = valueStart < e && kind(valueStart) == .leftBrace && match(valueStart) + 1 == e
      result.append(RawArgument(label: label, start: start, valueStart: valueStart, end: e, isClosure: isClosure))
      j = e + 1
    }
    return result
  }

  /// An argument as written, with its value's structure.
  func argumentValue(_ argument: RawArgument) -> ViewArgument {
    var result = plainArgument(argument)
    result.expression = valueExpression(argument.valueStart, argument.end)
    return result
  }

  /// An argument as written: literal kinds are told apart, anything else is source text.
  func plainArgument(_ argument: RawArgument) -> ViewArgument {
    let location = location(argument.start)
    let label = argument.label.map { name($0) }
    let start = argument.valueStart
    let end = argument.end
    var kind = ArgumentKind.expr
    var value: String
    switch end - start {
    case 1:
      switch self.kind(start) {
      case .string:
        kind = .string
        value = StringLiteral.value(of: tokens[start], in: text, maximumNesting: limit)
      case .number:
        kind = .number
        value = string(start)
      case .identifier where keyword(start) == .kTrue || keyword(start) == .kFalse:
        kind = .bool
        value = string(start)
      default:
        value = string(start)
      }
    case 2:
      if self.kind(start) == .period, self.kind(start + 1) == .identifier {
        kind = .member
      } else if self.kind(start) == .op, isWord(start, "-"), self.kind(start + 1) == .number, !spaced(start + 1) {
        kind = .number
      }
      value = slice(start, end)
    default:
      value = slice(start, end)
    }
    var result = ViewArgument(label: label, kind: kind, value: value, line: location.line, column: location.column)
    if end > argument.start { result.offsets.range = byteRange(argument.start, end) }
    return result
  }

  /// The bytes from the start of token `from` to the end of token `to - 1`.
  func byteRange(_ from: Int, _ to: Int) -> Range<Int> { Int(tokens[from].start)..<Int(tokens[to - 1].end) }

  /// The statements of a closure, after its signature (`item in`, `(a, b) -> Bool in`).
  func closureBody(_ brace: Int) -> Block {
    var block = Block()
    items(closureSignatureEnd(brace), match(brace), .builder, &block)
    return block
  }

  /// The index of the first statement of the closure at `brace`: after `in` when the closure
  /// has a signature, else right after the brace.
  func closureSignatureEnd(_ brace: Int) -> Int {
    let close = match(brace)
    var j = brace + 1
    while j < close {
      let token = tokens[j]
      if j > brace + 1, token.has(Token.newlineBefore), token.keyword != .kIn, token.kind != .arrow,
        token.kind != .leftParen, !isWord(j, "throws"), !isWord(j, "async")
      {
        return brace + 1
      }
      switch token.kind {
      case .identifier:
        switch token.keyword {
        case .kIn: return j + 1
        case .none, .kSome, .kAny, .kSelfType: break
        default: return brace + 1
        }
      case .comma, .colon, .arrow, .period, .at, .leftParen, .leftBracket:
        break
      case .op:
        var index = Int(token.start)
        while index < Int(token.end) {
          switch text[index] {
          case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"),
            UInt8(ascii: "."):
            index += 1
          default: return brace + 1
          }
        }
      default:
        return brace + 1
      }
      j = skip(j)
    }
    return brace + 1
  }

  /// Whether `start..<end` is a call of a SwiftUI view that is not also a style: `Menu { … }`,
  /// `Image(systemName: "x")`, `SwiftUI.Text("a")`, but not `Color.red` or `Circle()`.
  func isViewCall(_ start: Int, _ end: Int) -> Bool {
    var j = start
    while j + 2 < end, kind(j) == .identifier, kind(j + 1) == .period, kind(j + 2) == .identifier { j += 2 }
    guard j < end, kind(j) == .identifier, isUppercase(j) else { return false }
    let after = min(afterGeneric(j), end)
    guard after < end, kind(after) == .leftParen || kind(after) == .leftBrace else { return false }
    let name = name(j)
    return Catalog.viewTypes.contains(name) && !Catalog.styleTypes.contains(name)
  }

  /// The views built by the closures and view arguments of a member call written as a value:
  /// `.custom { … }`, `.custom(content: { … })`, `Kind.row(AnyView(Text("a")))`. Anything
  /// else gives none.
  func payloadViews(_ start: Int, _ end: Int) -> [ViewNode] {
    var j = start
    if kind(j) == .identifier, isUppercase(j) {
      j = afterGeneric(j)
    }
    guard j + 1 < end, kind(j) == .period, kind(j + 1) == .identifier else { return [] }
    let nameIndex = j + 1
    let after = min(afterGeneric(nameIndex), end)
    guard after < end, kind(after) == .leftBrace || (kind(after) == .leftParen && !newline(after)) else { return [] }
    var args: [ViewArgument] = []
    var children: [ViewNode] = []
    var slots: [ViewSlot] = []
    _ = callSuffix(after, end, callee: name(nameIndex), modifier: false, &args, &children, &slots)
    return children + slots.flatMap(\.nodes)
  }

  /// Appends nodes to the slot called `name`, creating it after the existing ones if needed.
  func add(_ nodes: [ViewNode], toSlot name: String, _ slots: inout [ViewSlot]) {
    if let index = slots.firstIndex(where: { $0.name == name }) {
      slots[index].nodes.append(contentsOf: nodes)
    } else {
      slots.append(ViewSlot(name: name, nodes: nodes))
    }
  }
}
/// Sorts a call's arguments and closures into arguments, children and slots, using the
/// catalog's signatures when the callee is known and heuristics when it is not.
struct CallBuilder {
  let parser: Parser
  let callee: String
  let modifier: Bool
  var args: [ViewArgument] = []
  var children: [ViewNode] = []
  var slots: [ViewSlot] = []

  init(parser: Parser, callee: String, modifier: Bool) {
    self.parser = parser
    self.callee = callee
    self.modifier = modifier
  }

  mutating func assemble(_ arguments: [RawArgument], _ trailing: [(label: Int?, brace: Int)]) {
    let labels = arguments.map { $0.label.map { parser.name($0) } ?? "_" }
    let trailingLabels = trailing.map { $0.label.map { parser.name($0) } }
    let parameters = matchSignature(arguments, labels, trailingLabels, trailing.map(\.brace))
    let knownModifier = modifier && Catalog.modifierNames.contains(callee)
    for (index, argument) in arguments.enumerated() {
      let label = argument.label.map { parser.name($0) }
      guard let parameters else {
        if argument.isClosure {
          classify(closure: argument.valueStart, label: label, position: argument.start)
        } else {
          args.append(parser.argumentValue(argument))
          // A view passed to an unknown call (`Card(menu: Menu { … })`) is a view here too;
          // known modifiers take views only where the catalog says so.
          let parameter = Parameter(label: label ?? "_", role: label == nil ? .content : .slot)
          if !knownModifier, parser.isViewCall(argument.valueStart, argument.end) {
            let (expression, _) = parser.viewExpression(argument.valueStart, argument.end)
            place(expression.nodes, parameter)
          } else if !knownModifier {
            // Views in a closure or call of an enum case or factory passed as a value
            // (`ListRow(kind: .custom { … })`, `.init(label: { … })`) are views here too.
            let nodes = parser.payloadViews(argument.valueStart, argument.end)
            if !nodes.isEmpty { place(nodes, parameter) }
          }
        }
        continue
      }
      let parameter = parameters[index]
      switch parameter.role {
      case .value, .action:
        args.append(parser.argumentValue(argument))
      case .content, .slot:
        if argument.isClosure {
          place(parser.closureBody(argument.valueStart).result, parameter)
        } else {
          args.append(parser.argumentValue(argument))
          let (expression, _) = parser.viewExpression(argument.valueStart, argument.end)
          if !expression.nodes.isEmpty { place(expression.nodes, parameter) }
        }
      }
    }
    for (index, closure) in trailing.enumerated() {
      let label = trailingLabels[index]
      guard let parameters else {
        classify(closure: closure.brace, label: label, position: closure.label ?? closure.brace)
        continue
      }
      let parameter = parameters[arguments.count + index]
      switch parameter.role {
      case .content, .slot:
        place(parser.closureBody(closure.brace).result, parameter)
      case .value, .action:
        appendClosure(
          closure.brace, label: parameter.label == "_" ? nil : parameter.label, position: closure.label ?? closure.brace
        )
      }
    }
  }

  private mutating func place(_ nodes: [ViewNode], _ parameter: Parameter) {
    if parameter.role == .content {
      children.append(contentsOf: nodes)
    } else {
      parser.add(nodes, toSlot: parameter.label, &slots)
    }
  }

  private mutating func appendClosure(_ brace: Int, label: String?, position: Int) {
    let location = parser.location(position)
    var argument = ViewArgument(
      label: label, kind: .expr, value: parser.slice(brace, parser.match(brace) + 1), line: location.line,
      column: location.column)
    argument.offsets.range = parser.byteRange(position, parser.match(brace) + 1)
    argument.expression = parser.valueExpression(brace, parser.match(brace) + 1)
    args.append(argument)
  }

  /// A closure of an unknown parameter: views if its statements look like views, else an
  /// action. Modifiers named `on…` (`.onFoo { }`) always take actions.
  private mutating func classify(closure brace: Int, label: String?, position: Int) {
    if !isEventModifier {
      let body = parser.closureBody(brace)
      let evidence = body.resultEvidence
      let nodes = body.result
      let lenient = !modifier && callee.first.map { $0.isUppercase } == true
      // A custom container's closure that builds views and also calls the app's helpers
      // (`Card { header(); Text("Body") }`) is views: a view builder cannot run a statement
      // that returns nothing, and an action closure builds no views.
      let onlyHelperCalls = lenient && evidence.actions == evidence.calls && evidence.views > 0
      if evidence.actions == 0 || onlyHelperCalls, evidence.views > 0 || (lenient && !nodes.isEmpty) {
        if label == nil || label == "content" {
          children.append(contentsOf: nodes)
        } else {
          parser.add(nodes, toSlot: label!, &slots)
        }
        return
      }
    }
    appendClosure(brace, label: label, position: position)
  }

  private var isEventModifier: Bool {
    guard modifier, callee.hasPrefix("on") else { return false }
    let third = callee.utf8.dropFirst(2).first ?? 0
    return third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")
  }

  /// The parameter each argument and trailing closure binds to, by the first overload that
  /// accepts the call's labels (strictly, then ignoring unknown value labels), or nil.
  ///
  /// Swift also chooses among overloads by closure types, which the reader cannot see; one
  /// sign stands in for them: a trailing closure that starts by building a SwiftUI view
  /// (`{ Text("Volume") }`) is not an action, so an overload that would make it one gives way
  /// to a later overload that takes it as content (`Slider(value:in:label:)`).
  private func matchSignature(
    _ arguments: [RawArgument], _ labels: [String], _ trailingLabels: [String?], _ braces: [Int]
  ) -> [Parameter]? {
    let signatures = modifier ? Catalog.modifiers[callee] : Catalog.initializers[callee]
    if let signatures {
      func viewClosureAsAction(_ bound: [Parameter]) -> Bool {
        braces.indices.contains { index in
          bound[arguments.count + index].role == .action
            && parser.isViewCall(braces[index] + 1, parser.match(braces[index]))
        }
      }
      for lenient in [false, true] {
        var fallback: [Parameter]? = nil
        for signature in signatures {
          guard let bound = bind(signature, arguments, labels, trailingLabels, lenient: lenient) else { continue }
          if signatures.count == 1 || !viewClosureAsAction(bound) { return bound }
          fallback = fallback ?? bound
        }
        if let fallback { return fallback }
      }
    }
    if !modifier, Catalog.viewTypes.contains(callee) {
      return bind(CallBuilder.contentOnly, arguments, labels, trailingLabels, lenient: true)
    }
    return nil
  }

  private static let contentOnly = Signature("*content")

  private func bind(
    _ signature: Signature, _ arguments: [RawArgument], _ labels: [String], _ trailingLabels: [String?],
    lenient: Bool
  ) -> [Parameter]? {
    let parameters = signature.parameters
    var bound: [Parameter] = []
    bound.reserveCapacity(arguments.count + trailingLabels.count)
    var position = 0
    // Parameters may be left out, except unlabelled values (`Button(_ title:…)`), which the
    // SwiftUI initialisers in the catalog require.
    func take(_ found: Int?) -> Bool {
      guard let found, !parameters[position..<found].contains(where: \.isRequired) else { return false }
      bound.append(parameters[found])
      position = found + 1
      return true
    }
    for (index, label) in labels.enumerated() {
      if take(parameters[position...].firstIndex { $0.label == label }) { continue }
      guard lenient, !arguments[index].isClosure else { return nil }
      bound.append(Parameter(label: label, role: .value))
    }
    // The first trailing closure, unlabelled, goes to the next closure parameter — skipping one
    // with a default when a later closure parameter has none, as Swift's forward scan does
    // (`.sheet(isPresented: $shown) { … }` is `content:`, not `onDismiss:`).
    func firstClosureParameter() -> Int? {
      parameters[position...].indices.first { index in
        parameters[index].role != .value
          && !(parameters[index].hasDefault
            && parameters[(index + 1)...].contains { $0.role != .value && !$0.hasDefault })
      }
    }
    for (index, label) in trailingLabels.enumerated() {
      let found =
        index == 0 && label == nil
        ? firstClosureParameter()
        : parameters[position...].firstIndex { $0.label == label }
      guard take(found) else { return nil }
    }
    return parameters[position...].contains(where: \.isRequired) ? nil : bound
  }
}
