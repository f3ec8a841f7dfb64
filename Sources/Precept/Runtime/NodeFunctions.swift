// The language's view of a view model: fields and functions of nodes, arguments, modifiers
// and properties, answered from the arena without copying.

extension VM {
  /// Whether string word `id` equals the model's string `modelID`, by id when both are
  /// interned (the common case: rule constants are interned against the model at link time).
  @inline(__always)
  func sameString(_ id: Int32, _ modelID: Int32) -> Bool {
    if heap.isInterned(id) { return id == modelID }
    return bytesEqual(heap.bytes(id), heap.bytes(modelID))
  }

  private func optionalString(_ id: Int32) -> Word { id >= 0 ? .string(id) : .null }

  private func nodeOrNull(_ index: Int32) -> Word { index >= 0 ? .node(index) : .null }

  /// `select` (and `selectLocal`) in one call: the fields rules read on most visits (a node's
  /// type, children, arguments, parent and owner, an argument's kind) straight from the arena,
  /// other fields of node-like values from `fieldValue`, and everything else (maps, fields a
  /// value lacks) from `select`, whose answer this is in every case.
  @inline(never)
  func selectField(_ operand: Word, name: Int32, field: Int32) -> Word {
    switch operand {
    case .node(let index):
      switch field {
      case NodeField.type.rawValue: return .string(nodeRecords[Int(index)].type)
      case NodeField.children.rawValue:
        let node = nodeRecords[Int(index)]
        return .list(heap.makeList(.members, start: node.childStart, count: node.childCount))
      case NodeField.args.rawValue:
        let node = nodeRecords[Int(index)]
        return .list(heap.makeList(.arguments, start: node.argumentStart, count: node.argumentCount))
      case NodeField.parent.rawValue: return nodeOrNull(nodeRecords[Int(index)].parent)
      case NodeField.owner.rawValue: return nodeOrNull(nodeRecords[Int(index)].owner)
      default: break
      }
    case .argument(let index) where field == NodeField.kind.rawValue:
      return .string(ids.argumentKinds[Int(argumentRecords[Int(index)].kindIndex)])
    case .null, .error:
      return operand
    default: break
    }
    // Any other field of a node-like value, as `select` reads it; what it lacks (an error) and
    // every other operand are `select`'s.
    switch operand {
    case .node, .argument, .modifier, .property, .expression:
      if let nodeField = NodeField(rawValue: field), let result = fieldValue(operand, nodeField) { return result }
    default: break
    }
    return select(operand, name: name, field: field)
  }

  /// A field of a node-like value, or nil when that kind of value has no such field.
  func fieldValue(_ operand: Word, _ field: NodeField) -> Word? {
    switch operand {
    case .node(let index):
      let node = nodeRecords[Int(index)]
      switch field {
      case .type: return .string(node.type)
      case .name: return optionalString(node.name)
      case .file: return .string(model.fileID)
      case .line: return .int(Int64(node.line))
      case .column: return .int(Int64(node.column))
      case .args: return .list(heap.makeList(.arguments, start: node.argumentStart, count: node.argumentCount))
      case .modifiers: return .list(heap.makeList(.modifiers, start: node.modifierStart, count: node.modifierCount))
      case .children: return .list(heap.makeList(.members, start: node.childStart, count: node.childCount))
      case .descendants: return .list(heap.makeList(.nodeSpan, start: index + 1, count: node.subtreeEnd - index - 1))
      case .ancestors:
        var chain: [Word] = []
        var current = node.parent
        while current >= 0 {
          chain.append(.node(current))
          current = nodeRecords[Int(current)].parent
        }
        cost += chain.count
        return .list(heap.makeList(chain))
      case .parent: return nodeOrNull(node.parent)
      case .owner: return nodeOrNull(node.owner)
      case .properties:
        return .list(heap.makeList(.properties, start: node.propertyStart, count: node.propertyCount))
      case .slots:
        let start = Int(node.slotStart)
        return .list(heap.makeList((start..<start + Int(node.slotCount)).map { .string(slotRecords[$0].name) }))
      case .platforms:
        let names = model.platformNameIDs
        var list: [Word] = []
        for (offset, platform) in PlatformSet.names.enumerated() where node.platforms & platform.0.rawValue != 0 {
          list.append(.string(names[offset]))
        }
        return .list(heap.makeList(list))
      case .tapWidth: return node.tapWidth.isNaN ? .null : .double(Double(node.tapWidth))
      case .tapHeight: return node.tapHeight.isNaN ? .null : .double(Double(node.tapHeight))
      case .isElement: return .bool(layerRecords[Int(index)].isElement)
      case .role: return optionalString(layerRecords[Int(index)].role)
      case .accessibleName: return optionalString(layerRecords[Int(index)].accessibleName)
      case .nameSource: return optionalString(layerRecords[Int(index)].nameSource)
      case .visibleText: return optionalString(layerRecords[Int(index)].visibleText)
      case .accessibleValue: return optionalString(layerRecords[Int(index)].accessibleValue)
      case .hint: return optionalString(layerRecords[Int(index)].hint)
      case .traits:
        let layer = layerRecords[Int(index)]
        return .list(heap.makeList(.layerStrings, start: layer.traitStart, count: layer.traitCount))
      case .hidden: return .bool(layerRecords[Int(index)].hidden)
      case .childBehavior: return optionalString(layerRecords[Int(index)].childBehavior)
      case .interactions:
        let layer = layerRecords[Int(index)]
        return .list(heap.makeList(.layerStrings, start: layer.interactionStart, count: layer.interactionCount))
      case .scalesText:
        let scales = layerRecords[Int(index)].scalesText
        return scales == 0 ? .null : .bool(scales == 1)
      case .foreground: return optionalString(layerRecords[Int(index)].foreground)
      case .background: return optionalString(layerRecords[Int(index)].background)
      default: return nil
      }
    case .argument(let index):
      let argument = argumentRecords[Int(index)]
      switch field {
      case .label: return optionalString(argument.label)
      case .kind: return .string(ids.argumentKinds[Int(argument.kindIndex)])
      case .value: return argumentValue(argument)
      case .line: return .int(Int64(argument.line))
      case .column: return .int(Int64(argument.column))
      case .parent: return .node(argument.node)
      case .file: return .string(model.fileID)
      case .expr: return argument.expression >= 0 ? .expression(argument.expression) : .null
      default: return nil
      }
    case .expression(let index):
      return expressionField(index, field)
    case .modifier(let index):
      let modifier = modifierRecords[Int(index)]
      switch field {
      case .name: return .string(modifier.name)
      case .args:
        return .list(heap.makeList(.arguments, start: modifier.argumentStart, count: modifier.argumentCount))
      case .children: return .list(heap.makeList(.members, start: modifier.childStart, count: modifier.childCount))
      case .line: return .int(Int64(modifier.line))
      case .column: return .int(Int64(modifier.column))
      case .parent: return .node(modifier.node)
      case .file: return .string(model.fileID)
      case .slots:
        let start = Int(modifier.slotStart)
        return .list(heap.makeList((start..<start + Int(modifier.slotCount)).map { .string(slotRecords[$0].name) }))
      default: return nil
      }
    case .property(let index):
      let property = propertyRecords[Int(index)]
      switch field {
      case .name: return .string(property.name)
      case .wrapper: return optionalString(property.wrapper)
      case .type: return optionalString(property.type)
      case .value: return optionalString(property.value)
      case .line: return .int(Int64(property.line))
      case .column: return .int(Int64(property.column))
      case .parent: return .node(property.node)
      case .file: return .string(model.fileID)
      default: return nil
      }
    default:
      return nil
    }
  }

  /// The name of `form` as a string: its interned id when the model or the program has it
  /// (so comparing it with a rule's constant compares ids), else a scratch copy.
  private func formName(_ form: ViewExpression.Form) -> Int32 {
    if expressionFormIDs.isEmpty { expressionFormIDs = Array(repeating: -2, count: ViewExpression.Form.allCases.count) }
    let index = form.index
    if expressionFormIDs[index] == -2 {
      expressionFormIDs[index] = form.rawValue.withUTF8Bytes { heap.find($0) } ?? -1
    }
    let id = expressionFormIDs[index]
    return id >= 0 ? id : heap.makeString(form.rawValue.utf8)
  }

  /// A field of an expression: null when its form does not fill it. Lists are ranges of the
  /// arena, so reading a field allocates nothing but a list record.
  private func expressionField(_ index: Int32, _ field: NodeField) -> Word? {
    let record = expressionRecords[Int(index)]
    func expression(_ link: ViewExpression.Link) -> Word {
      let position = ExpressionRecord.link(ExpressionRecord.bit(link), of: index, in: expressionRecords)
      return position >= 0 ? .expression(position) : .null
    }
    func number(_ value: Double) -> Word { value.isNaN ? .null : .double(value) }
    /// The record's rare fields, from the side table.
    var extra: ExpressionExtra { record.extra >= 0 ? model.expressionExtras[Int(record.extra)] : .none }
    switch field {
    case .form: return .string(formName(record.form))
    case .text: return .string(heap.makeString(model.expressionText(index)))
    case .name: return optionalString(record.name)
    case .value:
      switch record.form {
      case .number: return number(record.number)
      case .bool: return .bool(record.number == 1)
      default: return optionalString(record.string)
      }
    case .base: return record.links & ExpressionRecord.bit(.base) != 0 ? .expression(index + 1) : .null
    case .condition: return expression(.condition)
    case .then: return expression(.then)
    case .else: return expression(.else)
    case .target: return expression(.target)
    case .rhs: return expression(.rhs)
    case .operator: return optionalString(extra.operatorName)
    case .args:
      let extra = extra
      return .list(heap.makeList(.arguments, start: extra.argumentStart, count: extra.argumentCount))
    case .statements:
      let extra = extra
      return .list(heap.makeList(.expressionMembers, start: extra.statementStart, count: extra.statementCount))
    case .parts:
      let extra = extra
      return .list(heap.makeList(.expressionMembers, start: extra.partStart, count: extra.partCount))
    case .elements:
      let extra = extra
      return .list(heap.makeList(.expressionMembers, start: extra.elementStart, count: extra.elementCount))
    case .descendants:
      return .list(heap.makeList(.expressionSpan, start: index + 1, count: record.subtreeEnd - index - 1))
    case .components:
      let extra = extra
      return .list(heap.makeList(.doubles, start: extra.componentStart, count: extra.componentCount))
    case .number: return record.form == .bool ? .null : number(record.number)
    case .pointSize: return number(extra.pointSize)
    case .asset: return optionalString(extra.asset)
    case .textStyle: return optionalString(extra.textStyle)
    case .relativeTo: return optionalString(extra.relativeTo)
    case .scales: return record.scales < 0 ? .null : .bool(record.scales == 1)
    case .parent: return .node(record.node)
    case .file: return .string(model.fileID)
    default: return nil
    }
  }

  /// An argument's value: numbers as int or double, booleans as bool, the rest as strings.
  private func argumentValue(_ argument: ArgumentRecord) -> Word {
    switch argument.kind {
    case .bool:
      return sameString(argument.value, ids.trueText) ? .bool(true) : .bool(false)
    case .number:
      if let value = VM.plainInteger(heap.bytes(argument.value)) { return .int(value) }
      let text = String(heap.string(argument.value).filter { $0 != "_" })
      if let value = Int64(text) { return .int(value) }
      if let value = Double(text) { return .double(value) }
      return .string(argument.value)
    case .string, .member, .expr:
      return .string(argument.value)
    }
  }

  /// The value of an integer literal written as ASCII digits, optionally after a `-` and with
  /// `_` between them, of at most 18 digits (so it cannot overflow), read from its bytes; nil for
  /// anything else, which `Int64(_:)` and `Double(_:)` read as before.
  static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { index = 1 }
    var value: Int64 = 0
    var digits = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "_") { continue }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      digits += 1
    }
    guard digits > 0 else { return nil }
    return negative ? -value : value
  }

  // MARK: Functions

  // Each node function is its own small function, called straight from `callBuiltin`: a null
  // receiver (an absent node) answers "nothing" rather than failing.

  /// `x.text()`: the first string argument of a node or modifier, an argument's string, or "".
  func text(_ receiver: Word) -> Word {
    switch receiver {
    case .node(let index):
      let node = nodeRecords[Int(index)]
      return firstStringArgument(start: node.argumentStart, count: node.argumentCount)
    case .modifier(let index):
      let modifier = modifierRecords[Int(index)]
      return firstStringArgument(start: modifier.argumentStart, count: modifier.argumentCount)
    case .argument(let index):
      let argument = argumentRecords[Int(index)]
      return .string(argument.kind == .string ? argument.value : ids.empty)
    case .string: return receiver
    case .null: return .string(ids.empty)
    default: return noOverload("text", [receiver])
    }
  }

  /// `x.arg(label | position)`.
  func argument(of receiver: Word, _ key: Word) -> Word {
    switch receiver {
    case .node(let index):
      let node = nodeRecords[Int(index)]
      return argument(key, start: node.argumentStart, count: node.argumentCount)
    case .modifier(let index):
      let modifier = modifierRecords[Int(index)]
      return argument(key, start: modifier.argumentStart, count: modifier.argumentCount)
    case .null: return .null
    default: return noOverload("arg", [receiver, key])
    }
  }

  /// `n.modifier(name)`, `n.hasModifier(name)` and `n.modifiers(name)`.
  func modifiers(_ builtin: Builtin, of receiver: Word, named key: Word) -> Word {
    guard case .node(let index) = receiver, case .string(let name) = key else {
      if case .null = receiver {
        switch builtin {
        case .hasModifier: return .bool(false)
        case .modifiersNamed: return .list(heap.makeList([Word]()))
        default: return .null
        }
      }
      return noOverload(builtin.name, [receiver, key])
    }
    let node = nodeRecords[Int(index)]
    let start = Int(node.modifierStart)
    cost += Int(node.modifierCount)
    var found: [Word] = []
    for position in start..<start + Int(node.modifierCount) where sameString(name, modifierRecords[position].name) {
      if builtin == .modifier { return .modifier(Int32(position)) }
      if builtin == .hasModifier { return .bool(true) }
      found.append(.modifier(Int32(position)))
    }
    switch builtin {
    case .modifier: return .null
    case .hasModifier: return .bool(false)
    default: return .list(heap.makeList(found))
    }
  }

  /// `x.slot(name)`: the members of a node's or modifier's named view closure.
  func slot(of receiver: Word, _ key: Word) -> Word {
    switch receiver {
    case .node(let index):
      let node = nodeRecords[Int(index)]
      return slot(key, start: node.slotStart, count: node.slotCount)
    case .modifier(let index):
      let modifier = modifierRecords[Int(index)]
      return slot(key, start: modifier.slotStart, count: modifier.slotCount)
    case .null: return .list(heap.makeList([Word]()))
    default: return noOverload("slot", [receiver, key])
    }
  }

  /// `n.property(name)`: a property of the node, or of its enclosing type when it has none.
  func property(of receiver: Word, _ key: Word) -> Word {
    guard case .node(let index) = receiver, case .string(let name) = key else {
      if case .null = receiver { return .null }
      return noOverload("property", [receiver, key])
    }
    var holder = nodeRecords[Int(index)]
    if holder.propertyCount == 0, holder.owner >= 0 { holder = nodeRecords[Int(holder.owner)] }
    let start = Int(holder.propertyStart)
    for position in start..<start + Int(holder.propertyCount) where sameString(name, propertyRecords[position].name) {
      return .property(Int32(position))
    }
    return .null
  }

  /// `n.descendants(type)`.
  func descendants(of receiver: Word, ofType key: Word) -> Word {
    guard case .node(let index) = receiver, case .string(let name) = key else {
      if case .null = receiver { return .list(heap.makeList([Word]())) }
      return noOverload("descendants", [receiver, key])
    }
    let node = nodeRecords[Int(index)]
    var found: [Word] = []
    for position in Int(index) + 1..<Int(node.subtreeEnd) where sameString(name, nodeRecords[position].type) {
      found.append(.node(Int32(position)))
    }
    cost += Int(node.subtreeEnd - index)
    return .list(heap.makeList(found))
  }

  func noOverload(_ function: String, _ operands: [Word]) -> Word {
    if let failure = operands.first(where: \.isError) { return failure }
    let types = operands.map { describeType($0) }.joined(separator: ", ")
    return heap.makeError("no matching overload for '\(function)' applied to (\(types))")
  }

  /// The first string argument's text, or "" when there is none: `text()` is never null, so
  /// `x.text() != ""` reads "has text" even when `x` is absent.
  private func firstStringArgument(start: Int32, count: Int32) -> Word {
    for position in Int(start)..<Int(start + count) where argumentRecords[position].kind == .string {
      return .string(argumentRecords[position].value)
    }
    return .string(ids.empty)
  }

  /// `arg("label")` is the first argument with that label; `arg(n)` the n-th argument as
  /// written (labelled or not), counting from 0.
  private func argument(_ key: Word, start: Int32, count: Int32) -> Word {
    switch key {
    case .string(let label):
      for position in Int(start)..<Int(start + count) {
        let argumentLabel = argumentRecords[position].label
        if argumentLabel >= 0, sameString(label, argumentLabel) { return .argument(Int32(position)) }
      }
      return .null
    case .int(let index):
      guard index >= 0, index < count else { return .null }
      return .argument(start + Int32(index))
    default:
      return noOverload("arg", [key])
    }
  }

  private func slot(_ key: Word, start: Int32, count: Int32) -> Word {
    guard case .string(let name) = key else { return noOverload("slot", [key]) }
    for position in Int(start)..<Int(start + count) where sameString(name, slotRecords[position].name) {
      let slot = slotRecords[position]
      return .list(heap.makeList(.members, start: slot.memberStart, count: slot.memberCount))
    }
    return .list(heap.makeList([Word]()))
  }
}

extension ArgumentRecord {
  /// The kind's position in `ArgumentKind.allCases`, for `WellKnownIDs.argumentKinds`.
  var kindIndex: Int32 {
    switch kind {
    case .string: 0
    case .member: 1
    case .number: 2
    case .bool: 3
    case .expr: 4
    }
  }
}
