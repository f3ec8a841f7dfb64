// Crossing between the host's boxed `Value`s and the VM's words. Only used at the edges
// (bindings, host-function calls, results and explanations), never in the hot loop.

extension VM {
  /// The boxed form of a word, reading strings, lists and maps out of the heap.
  func value(of word: Word) -> Value {
    switch word {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .uint(let value): return .uint(value)
    case .double(let value): return .double(value)
    case .string(let id): return .string(heap.string(id))
    case .bytes(let id): return .bytes(heap.array(id))
    case .list(let list):
      return .list((0..<heap.count(list)).map { value(of: heap.element(list, $0)) })
    case .map(let map):
      let record = heap.mapRecord(map)
      let start = Int(record.start)
      return .map(
        (start..<start + Int(record.count)).map {
          Value.MapEntry(value(of: heap.mapKey($0)), value(of: heap.mapValue($0)))
        })
    case .type(let tag): return .type(tag.name)
    case .node(let index): return .node(model.reference(index))
    case .argument(let index):
      let argument = model.arguments[Int(index)]
      return nodeLike(kind: "argument", name: argument.label >= 0 ? model.string(argument.label) : "_",
        line: argument.line, column: argument.column, owner: argument.node)
    case .modifier(let index):
      let modifier = model.modifiers[Int(index)]
      return nodeLike(kind: "modifier", name: model.string(modifier.name), line: modifier.line,
        column: modifier.column, owner: modifier.node)
    case .property(let index):
      let property = model.properties[Int(index)]
      return nodeLike(kind: "property", name: model.string(property.name), line: property.line,
        column: property.column, owner: property.node)
    case .error(let index):
      return .string("<error: \(heap.errorMessage(index))>")
    }
  }

  /// Arguments, modifiers and properties print like nodes: `<modifier accessibilityLabel F.swift:18:10>`.
  private func nodeLike(kind: String, name: String, line: Int32, column: Int32, owner: Int32) -> Value {
    .node(
      NodeReference(
        type: "\(kind) \(name)", file: model.file, line: Int(line), column: Int(column), index: Int(owner)))
  }

  /// The word for a boxed value. Strings are interned when `interning` (bound data, which stays
  /// for the VM's life) and made in scratch otherwise (host results, dropped after the call).
  func word(from value: Value, interning: Bool) -> Word {
    switch value {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .int(number)
    case .uint(let number): return .uint(number)
    case .double(let number): return .double(number)
    case .string(let text):
      return .string(interning ? heap.intern(Array(text.utf8)) : heap.makeString(Array(text.utf8)))
    case .bytes(let bytes):
      return .bytes(interning ? heap.intern(bytes) : heap.makeString(bytes))
    case .list(let elements):
      return .list(heap.makeList(elements.map { word(from: $0, interning: interning) }))
    case .map(let entries):
      let keys = entries.map { word(from: $0.key, interning: interning) }
      let values = entries.map { word(from: $0.value, interning: interning) }
      return keys.withUnsafeBufferPointer { keyBuffer in
        values.withUnsafeBufferPointer { valueBuffer in .map(heap.makeMap(keys: keyBuffer, values: valueBuffer)) }
      }
    case .type(let name):
      return TypeTag.byName[name].map { .type($0) } ?? heap.makeError("unknown type '\(name)'")
    case .node(let reference):
      guard reference.index >= 0, reference.index < model.nodes.count else {
        return heap.makeError("node reference \(reference.index) is not in this view model")
      }
      return .node(Int32(reference.index))
    }
  }
}
