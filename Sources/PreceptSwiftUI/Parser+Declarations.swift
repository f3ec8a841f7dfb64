import Precept

// Declarations: types become nodes with their stored properties; members that build views
// (`var body: some View`, `@ViewBuilder func row()`) become `var`/`func`/`subscript` nodes.

extension Parser {
  /// Whether a declaration starts at `i`: attributes and modifiers, then a declaration keyword.
  func isDeclarationStart(_ i: Int) -> Bool {
    var j = i
    while true {
      if kind(j) == .at {
        j = attributeEnd(j)
        continue
      }
      let word = keyword(j)
      if word.isDeclarationModifier || word == .kClass {
        var next = j + 1
        if kind(next) == .leftParen, !spaced(next), word != .kClass { next = skip(next) }
        if isDeclarationKeyword(next) || keyword(next).isDeclarationModifier || kind(next) == .at
          || keyword(next) == .kClass
        {
          j = next
          continue
        }
        return word == .kClass && kind(next) == .identifier
      }
      return isDeclarationKeyword(j)
    }
  }

  private func isDeclarationKeyword(_ j: Int) -> Bool {
    switch keyword(j) {
    case .kLet, .kVar, .kFunc, .kInit, .kDeinit, .kSubscript, .kStruct, .kClass, .kEnum, .kExtension,
      .kProtocol, .kTypealias, .kAssociatedtype, .kImport, .kOperator, .kPrecedencegroup:
      return kind(j + 1) != .colon && kind(j + 1) != .period
    case .kActor, .kMacro:
      return kind(j + 1) == .identifier && !newline(j + 1)
    default:
      return false
    }
  }

  /// What the attributes and modifiers before a declaration say about it.
  private struct Decoration {
    /// The token of the property wrapper's name (the last component of `@Module.Wrapper`).
    var wrapper: Int? = nil
    /// A result-builder attribute (`@ViewBuilder`, `@ToolbarContentBuilder`, …).
    var builder = false
    var isStatic = false
  }

  /// Parses a declaration at `i`.
  func declaration(_ i: Int, _ end: Int, _ mode: Mode, _ block: inout Block) -> Int {
    var decoration = Decoration()
    var j = i
    while j < end {
      if kind(j) == .at {
        let after = attributeEnd(j)
        var nameIndex = j + 1
        while kind(nameIndex + 1) == .period, kind(nameIndex + 2) == .identifier, nameIndex + 2 < after {
          nameIndex += 2
        }
        if kind(nameIndex) == .identifier {
          if hasSuffix(nameIndex, "Builder") {
            decoration.builder = true
          } else if decoration.wrapper == nil, isUppercase(nameIndex), !hasSuffix(nameIndex, "Actor"),
            !Catalog.nonWrapperAttributes.contains(name(nameIndex))
          {
            decoration.wrapper = nameIndex
          }
        }
        j = max(after, j + 1)
        continue
      }
      let word = keyword(j)
      if word.isDeclarationModifier || (word == .kClass && !isDeclarationKeywordAfterClass(j)) {
        if word == .kStatic || word == .kClass { decoration.isStatic = true }
        j += 1
        if kind(j) == .leftParen, !spaced(j) { j = skip(j) }
        continue
      }
      break
    }
    guard j < end else { return j }
    switch keyword(j) {
    case .kStruct, .kClass, .kEnum, .kActor, .kExtension, .kProtocol:
      return typeDeclaration(j, end, &block)
    case .kLet, .kVar:
      return variable(j, end, mode, decoration, &block)
    case .kFunc, .kSubscript:
      return function(j, end, decoration, &block)
    case .kInit, .kDeinit:
      guard let brace = findBrace(j + 1, end) else { return skipStatement(j, end) }
      return skip(brace)
    default:
      return skipStatement(j, end)
    }
  }

  /// `class` followed by a name declares a class; followed by `func`/`var` it is a modifier.
  private func isDeclarationKeywordAfterClass(_ j: Int) -> Bool {
    kind(j + 1) == .identifier && keyword(j + 1) == .none
  }

  // MARK: - Types

  private func typeDeclaration(_ k: Int, _ end: Int, _ block: inout Block) -> Int {
    let isExtension = keyword(k) == .kExtension
    guard let brace = findBrace(k + 1, end) else { return skipStatement(k, end) }
    var nameEnd = k + 1
    var inheritance: [ViewArgument] = []
    if isExtension {
      nameEnd = typeEnd(k + 1, brace)
    } else if kind(k + 1) == .identifier {
      nameEnd = afterGeneric(k + 1)
    }
    if kind(nameEnd) == .colon, nameEnd < brace {
      var start = nameEnd + 1
      while start < brace {
        let finish = typeEnd(start, brace)
        guard finish > start else { break }
        let location = location(start)
        inheritance.append(
          ViewArgument(
            label: "inherits", kind: .expr, value: slice(start, finish), line: location.line, column: location.column))
        guard kind(finish) == .comma else { break }
        start = finish + 1
      }
    }
    let name = isExtension ? slice(k + 1, nameEnd) : (kind(k + 1) == .identifier ? self.name(k + 1) : nil)
    var members = Block()
    // A protocol's requirements build nothing; what it inherits tells which refine `View`.
    if keyword(k) != .kProtocol { items(brace + 1, match(brace), .members, &members) }
    let location = location(k)
    let node = ViewNode(
      type: string(k), name: name, line: location.line, column: location.column, args: inheritance,
      children: members.nodes, properties: members.properties)
    block.appendEverywhere(node)
    return skip(brace)
  }

  // MARK: - Properties

  /// `let`/`var` with one or more bindings. Stored properties of a type become properties;
  /// computed ones that build views become `var` nodes. A local variable holding a SwiftUI view
  /// (`let menu = Menu(…) { … }`) is remembered, and a later bare use of its name in the same
  /// scope (`menu`, `menu.padding()`) reads as that view; other local variables are skipped.
  private func variable(_ k: Int, _ end: Int, _ mode: Mode, _ decoration: Decoration, _ block: inout Block) -> Int {
    var j = k + 1
    while j < end {
      let pattern = j
      j = skip(j)
      let patternEnd = j
      var typeRange: Range<Int>? = nil
      if j < end, kind(j) == .colon {
        let typeStart = j + 1
        j = typeEnd(typeStart, end)
        typeRange = typeStart..<j
      }
      var valueRange: Range<Int>? = nil
      if j < end, keyword(j) == .assign {
        let valueStart = j + 1
        j = skipExpression(valueStart, end, stopAtAccessor: true)
        valueRange = valueStart..<j
      }
      var accessors: Int? = nil
      if j < end, kind(j) == .leftBrace {
        accessors = j
        j = skip(j)
      }
      if let accessors, !isObserverBlock(accessors) {
        computedProperty(pattern, typeRange, accessors, decoration, &block)
      } else if mode == .members, !decoration.isStatic {
        let location = location(pattern)
        let wrapper = decoration.wrapper.map { name($0) }
        block.properties.append(
          ViewProperty(
            name: patternEnd == pattern + 1 ? name(pattern) : slice(pattern, patternEnd), wrapper: wrapper,
            type: typeRange.map { slice($0.lowerBound, $0.upperBound) },
            value: valueRange.map { slice($0.lowerBound, $0.upperBound) }, line: location.line,
            column: location.column))
      } else if mode != .members, let valueRange, patternEnd == pattern + 1 {
        localView(pattern, valueRange)
      }
      guard j < end, kind(j) == .comma else { break }
      j += 1
    }
    return max(j, k + 1)
  }

  private func localView(_ pattern: Int, _ value: Range<Int>) {
    guard Catalog.viewTypes.contains(name(value.lowerBound)) else { return }
    let (expression, _) = viewExpression(value.lowerBound, value.upperBound)
    guard expression.evidence.views > 0, expression.evidence.actions == 0, expression.nodes.count == 1 else { return }
    func size(_ nodes: [ViewNode]) -> Int {
      var total = 0
      for node in nodes {
        total += 1 + size(node.children)
        for slot in node.slots { total += size(slot.nodes) }
        for modifier in node.modifiers {
          total += size(modifier.children)
          for slot in modifier.slots { total += size(slot.nodes) }
        }
      }
      return total
    }
    state.localViews[name(pattern)] = (expression.nodes[0], size(expression.nodes))
  }

  private func computedProperty(
    _ pattern: Int, _ typeRange: Range<Int>?, _ accessors: Int, _ decoration: Decoration, _ block: inout Block
  ) {
    // `{ get { … } set { … } }` builds its views in `get`.
    var body = accessors
    var j = accessors + 1
    while kind(j) == .at { j = attributeEnd(j) }
    if keyword(j) == .kGet || keyword(j) == .kSet || isWord(j, "_read") || isWord(j, "_modify") {
      body = -1
      var scan = j
      let close = match(accessors)
      while scan < close {
        if keyword(scan) == .kGet, let brace = findBrace(scan + 1, close) {
          body = brace
          break
        }
        scan = skip(scan)
      }
      guard body >= 0 else { return }
    }
    guard let members = memberBody(body, typeRange, decoration) else { return }
    let keywordIndex = pattern - 1
    let location = location(keywordIndex)
    block.appendEverywhere(
      ViewNode(type: "var", name: name(pattern), line: location.line, column: location.column, children: members))
  }

  // MARK: - Functions

  /// `func name(…) -> Type { … }` and `subscript(…) -> Type { … }`.
  private func function(_ k: Int, _ end: Int, _ decoration: Decoration, _ block: inout Block) -> Int {
    let isSubscript = keyword(k) == .kSubscript
    // The name (an identifier or an operator) and generic parameters.
    var j = k + 1
    if !isSubscript, j < end {
      j = kind(j) == .identifier ? afterGeneric(j) : j + 1
    } else if kind(j) == .op, !spaced(j), text[Int(tokens[j].start)] == UInt8(ascii: "<"), let after = skipGeneric(j) {
      j = after
    }
    // Parameters, effects (`async throws(E)`), the result type, a `where` clause, the body.
    var typeRange: Range<Int>? = nil
    var body: Int? = nil
    while j < end {
      if j > k + 1, newline(j), kind(j) != .leftBrace, kind(j) != .arrow, keyword(j) != .kWhere,
        kind(j - 1) != .arrow, kind(j - 1) != .comma
      {
        break
      }
      switch kind(j) {
      case .leftParen:
        j = skip(j)
        continue
      case .arrow:
        let typeStart = j + 1
        j = typeEnd(typeStart, end)
        typeRange = typeStart..<j
        continue
      case .leftBrace:
        body = j
      case .identifier:
        if keyword(j) == .kWhere {
          j = typeEnd(j + 1, end)
          while j < end, kind(j) == .comma { j = typeEnd(j + 1, end) }
          continue
        }
        j += 1
        continue
      default:
        break
      }
      break
    }
    guard let body else { return max(j, k + 1) }
    var bodyBrace = body
    if isSubscript {
      // A subscript may spell its getter out.
      var scan = body + 1
      let close = match(body)
      while scan < close {
        if keyword(scan) == .kGet, let brace = findBrace(scan + 1, close) {
          bodyBrace = brace
          break
        }
        scan = skip(scan)
      }
    }
    if let members = memberBody(bodyBrace, typeRange, decoration) {
      let location = location(k)
      block.appendEverywhere(
        ViewNode(
          type: isSubscript ? "subscript" : "func", name: isSubscript ? nil : name(k + 1), line: location.line,
          column: location.column, children: members))
    }
    return skip(body)
  }

  // MARK: - Which members build views

  /// The views a member's body builds, or nil when the member does not build views: its type
  /// must mention a view type, or it must carry a result-builder attribute, or (for a type
  /// the reader does not know) its body must look like views.
  private func memberBody(_ brace: Int, _ typeRange: Range<Int>?, _ decoration: Decoration) -> [ViewNode]? {
    guard let typeRange, !typeRange.isEmpty else {
      return decoration.builder ? viewBody(brace).result : nil
    }
    switch mentionedViewType(typeRange) {
    case .generic:
      return viewBody(brace).result
    case .named:
      // `var tint: Color { .blue }` is a value more often than a view: keep it only if it builds one.
      let body = viewBody(brace)
      return decoration.builder || body.resultEvidence.views > 0 ? body.result : nil
    case .none:
      if decoration.builder { return viewBody(brace).result }
    }
    guard mightBeViewType(typeRange) else { return nil }
    let body = viewBody(brace)
    let evidence = body.resultEvidence
    return evidence.views > 0 && evidence.actions == 0 ? body.result : nil
  }

  /// The statements of a body or closure whose `{` is at `brace`, read as a view builder.
  func viewBody(_ brace: Int) -> Block {
    var block = Block()
    items(brace + 1, match(brace), .builder, &block)
    return block
  }

  private enum ViewTypeMention { case none, named, generic }

  /// Whether a type names a view: generically (`some View`, `AnyView`, `some Scene`,
  /// `some ToolbarContent`, `Body`, `some WidgetConfiguration`, any `…View`) or by a SwiftUI
  /// view's name (`Text`, `Color`).
  private func mentionedViewType(_ range: Range<Int>) -> ViewTypeMention {
    var mention = ViewTypeMention.none
    for i in range where kind(i) == .identifier && keyword(i) == .none {
      if isWord(i, "Body") || isWord(i, "WidgetConfiguration") { return .generic }
      if hasSuffix(i, "View") || hasSuffix(i, "Scene") || hasSuffix(i, "Content") || hasSuffix(i, "Commands")
        || hasSuffix(i, "Shape")
      {
        if !isPlatformType(i) { return .generic }
        continue
      }
      if isUppercase(i), Catalog.viewTypes.contains(name(i)) { mention = .named }
    }
    return mention
  }

  /// UIKit and AppKit types (`UIView`, `NSHostingView`) are not SwiftUI views.
  private func isPlatformType(_ i: Int) -> Bool {
    let start = Int(tokens[i].start)
    guard Int(tokens[i].end) - start > 2 else { return false }
    let first = text[start]
    let second = text[start + 1]
    let third = text[start + 2]
    return
      ((first == UInt8(ascii: "U") && second == UInt8(ascii: "I"))
      || (first == UInt8(ascii: "N") && second == UInt8(ascii: "S")))
      && third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")
  }

  /// A single named type the reader does not know (`ProfileRow`): its body decides. Standard
  /// value types, optionals, collections, tuples and function types are not views.
  private func mightBeViewType(_ range: Range<Int>) -> Bool {
    let first = range.lowerBound
    guard kind(first) == .identifier, keyword(first) == .none, isUppercase(first) else { return false }
    for i in range {
      switch kind(i) {
      case .arrow, .leftBracket, .leftParen: return false
      case .op where keyword(i) == .question || keyword(i) == .exclamation: return false
      default: continue
      }
    }
    return !Catalog.valueTypes.contains(name(first)) && !isPlatformType(first)
  }
}
