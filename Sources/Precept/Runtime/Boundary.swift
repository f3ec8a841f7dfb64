// Crossing between the host's boxed `Value`s and the VM's words. Only used at the edges
// (bindings, host-function calls, results and explanations), never in the hot loop.

extension VM {
  /// `word` itself, or an error when its boxed form would hold more than
  /// `limits.maximumStringLength` bytes. A list may name the same 1 MB string 100,000 times at
  /// no cost in the heap, but boxing or printing it would take 100 GB; every word that leaves
  /// the VM (a result, a host function's argument, a template hole, an explained operand)
  /// passes here first.
  func boxable(_ word: Word) -> Word {
    let limit = limits.maximumStringLength
    var size = 0
    /// Adds the word's size to `size`; false as soon as the total is over the limit.
    func measure(_ word: Word) -> Bool {
      switch word {
      case .string(let id), .bytes(let id): size += heap.byteCount(id)
      case .list(let list):
        size += 8
        for index in 0..<heap.count(list) where !measure(heap.element(list, index)) { return false }
      case .map(let map):
        size += 8
        let record = heap.mapRecord(map)
        for entry in Int(record.start)..<Int(record.start + record.count) {
          guard measure(heap.mapKey(entry)), measure(heap.mapValue(entry)) else { return false }
        }
      default: size += 8
      }
      return size <= limit
    }
    if measure(word) { return word }
    return heap.makeError(
      "the value is over \(limit) bytes, the longest string an evaluation may make (maximumStringLength), "
        + "so it cannot be returned or shown")
  }

  /// The boxed form of a word, reading strings, lists and maps out of the heap. Words that
  /// may be large pass through `boxable` first.
  func value(of word: Word) -> Value {
    switch word {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .uint(let value): return .uint(value)
    case .double(let value): return .double(value)
    case .string(let id): return .string(heap.string(id))
    case .bytes(let id): return .bytes(heap.bytes(id))
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
      return nodeLike(kind: "argument", name: argument.label >= 0 ? model.strings.string(argument.label) : "_",
        line: argument.line, column: argument.column, owner: argument.node)
    case .modifier(let index):
      let modifier = model.modifiers[Int(index)]
      return nodeLike(kind: "modifier", name: model.strings.string(modifier.name), line: modifier.line,
        column: modifier.column, owner: modifier.node)
    case .property(let index):
      let property = model.properties[Int(index)]
      return nodeLike(kind: "property", name: model.strings.string(property.name), line: property.line,
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
