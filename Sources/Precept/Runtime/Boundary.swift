// Crossing between the host's boxed `Value`s and the VM's words. Only used at the edges
// (bindings, host-function calls, results and explanations), never in the hot loop.

extension VM {
  /// How deeply a value may nest to be copied out of the VM.
  static let maximumBoxedDepth = JSON.maximumDepth

  /// `word` itself, or an error when its boxed form would hold more than
  /// `limits.maximumStringLength` bytes. A list may name the same 1 MB string 100,000 times at
  /// no cost in the heap, but boxing or printing it would take 100 GB; every word that leaves
  /// the VM (a result, a host function's argument, a template hole, an explained operand)
  /// passes here first.
  func boxable(_ word: Word) -> Word {
    let limit = limits.maximumStringLength
    // Scalars and short strings, nearly every result, need no walk (and no allocation).
    switch word {
    case .list, .map: break
    case .string(let id), .bytes(let id): if heap.bytes(id).count <= limit { return word }
    default: return word
    }
    // Walked with a stack of its own: a value may nest 20,000 lists deep.
    var size = 0
    var pending = [word]
    func measure(_: Word) -> Bool {
      while let current = pending.popLast() {
        switch current {
        case .string(let id), .bytes(let id): size += heap.bytes(id).count
        case .list(let list):
          size += 8
          for index in 0..<heap.count(list) { pending.append(heap.element(list, index)) }
        case .map(let map):
          size += 8
          let record = heap.mapRecord(map)
          for entry in Int(record.start)..<Int(record.start + record.count) {
            pending.append(heap.mapKey(entry))
            pending.append(heap.mapValue(entry))
          }
        default: size += 8
        }
        if size > limit { return false }
      }
      return true
    }
    if measure(word) { return word }
    return heap.makeError(
      "the value is over \(limit) bytes, the longest string an evaluation may make (maximumStringLength), "
        + "so it cannot be returned or shown")
  }

  /// The boxed form of a word, reading strings, lists and maps out of the heap.
  ///
  /// A value with more than `limits.maximumCollectionSize` elements in all, counting a shared
  /// list each time it appears, or nested more than `maximumBoxedDepth` levels deep, is not
  /// copied out: it becomes a string saying so. Lists share their elements inside the VM, so
  /// `l.map(x, l)` over 10,000 elements is cheap to build but has 10^8 elements to copy and
  /// print; showing it in a message must not hang the host.
  func value(of word: Word) -> Value {
    if let problem = boxingProblem(word) { return .string("<\(problem)>") }
    return boxed(word)
  }

  /// Why `word` is too large or too deep to box, if it is; visits at most the element limit.
  private func boxingProblem(_ word: Word) -> String? {
    switch word {
    case .list, .map: break
    default: return nil
    }
    var pending: [(word: Word, depth: Int)] = [(word, 0)]
    var elements = 0
    while let (current, depth) = pending.popLast() {
      var children: [Word] = []
      switch current {
      case .list(let list):
        children = (0..<heap.count(list)).map { heap.element(list, $0) }
      case .map(let map):
        let record = heap.mapRecord(map)
        let start = Int(record.start)
        for entry in start..<start + Int(record.count) { children += [heap.mapKey(entry), heap.mapValue(entry)] }
      default:
        continue
      }
      elements += children.count
      if elements > limits.maximumCollectionSize {
        return "value too large to show: more than \(limits.maximumCollectionSize) elements"
      }
      if depth >= VM.maximumBoxedDepth {
        return "value too deep to show: nested more than \(VM.maximumBoxedDepth) levels"
      }
      for child in children {
        switch child {
        case .list, .map: pending.append((child, depth + 1))
        default: break
        }
      }
    }
    return nil
  }

  private func boxed(_ word: Word) -> Value {
    switch word {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .uint(let value): return .uint(value)
    case .double(let value): return .double(value)
    case .string(let id): return .string(heap.string(id))
    case .bytes(let id): return .bytes(heap.array(id))
    case .list(let list):
      return .list((0..<heap.count(list)).map { boxed(heap.element(list, $0)) })
    case .map(let map):
      let record = heap.mapRecord(map)
      let start = Int(record.start)
      return .map(
        (start..<start + Int(record.count)).map {
          Value.MapEntry(boxed(heap.mapKey($0)), boxed(heap.mapValue($0)))
        })
    case .type(let tag): return .type(tag.name)
    case .node(let index): return .node(model.reference(index))
    case .argument(let index):
      let argument = argumentRecords[Int(index)]
      return nodeLike(
        kind: "argument", name: argument.label >= 0 ? model.string(argument.label) : "_",
        line: argument.line, column: argument.column, owner: argument.node)
    case .modifier(let index):
      let modifier = modifierRecords[Int(index)]
      return nodeLike(
        kind: "modifier", name: model.string(modifier.name), line: modifier.line,
        column: modifier.column, owner: modifier.node)
    case .property(let index):
      let property = propertyRecords[Int(index)]
      return nodeLike(
        kind: "property", name: model.string(property.name), line: property.line,
        column: property.column, owner: property.node)
    case .expression(let index):
      // An expression has no position of its own: it prints at its node's.
      let expression = expressionRecords[Int(index)]
      let node = nodeRecords[Int(expression.node)]
      return nodeLike(
        kind: "expression", name: expression.form.rawValue, line: node.line, column: node.column,
        owner: expression.node)
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

extension VM {
  /// How many elements of a list or map an explanation shows before "… N more".
  static let explainedElements = 6

  /// A word as an explanation shows it: a literal, with long lists and maps cut to their first
  /// few elements (`[<Button F.swift:3:5>, …, 41 more]`) and long strings shortened, so a
  /// finding stays readable and cheap even when an operand is every descendant of a screen.
  func summary(of word: Word, depth: Int = 0) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(32)
    appendSummary(of: word, depth: depth, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `summary(of:)` written as UTF-8 onto `out`: one string made for a whole list, and the
  /// commonest leaves (null, bools, ints, plain ASCII strings, nodes) written from the word's
  /// bytes without boxing it into a `Value` or making a string of each part. Each leaf reads
  /// exactly as `Printer.literal` prints it.
  private func appendSummary(of word: Word, depth: Int, to out: inout [UInt8]) {
    switch word {
    case .list(let list):
      if depth >= 3 {
        out += "[…]".utf8
        return
      }
      out.append(UInt8(ascii: "["))
      appendElements(heap.count(list), to: &out) { index, out in
        appendSummary(of: heap.element(list, index), depth: depth + 1, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .map(let map):
      if depth >= 3 {
        out += "{…}".utf8
        return
      }
      let record = heap.mapRecord(map)
      out.append(UInt8(ascii: "{"))
      appendElements(Int(record.count), to: &out) { index, out in
        let entry = Int(record.start) + index
        appendSummary(of: heap.mapKey(entry), depth: depth + 1, to: &out)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        appendSummary(of: heap.mapValue(entry), depth: depth + 1, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    case .string(let id):
      let bytes = heap.bytes(id)
      if bytes.count > 200 {
        let text = heap.string(id)
        out += (Printer.literal(.string(String(text.prefix(80)))).dropLast() + "…\" (\(text.count) characters)").utf8
      } else if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
        // Printable ASCII without a quote or a backslash prints as it is, between quotes.
        out.append(UInt8(ascii: "\""))
        out += bytes
        out.append(UInt8(ascii: "\""))
      } else {
        out += Printer.literal(.string(heap.string(id))).utf8
      }
    case .error(let index):
      out += "an error (".utf8
      out += heap.errorMessage(index).utf8
      out.append(UInt8(ascii: ")"))
    case .null: out += "null".utf8
    case .bool(let flag): out += (flag ? "true" : "false").utf8
    case .int(let number): out += String(number).utf8
    case .node(let index):
      let node = nodeRecords[Int(index)]
      out.append(UInt8(ascii: "<"))
      out += model.strings.string(node.type)
      out.append(UInt8(ascii: " "))
      out += model.file.utf8
      out.append(UInt8(ascii: ":"))
      out += String(node.line).utf8
      out.append(UInt8(ascii: ":"))
      out += String(node.column).utf8
      out.append(UInt8(ascii: ">"))
    default:
      out += Printer.literal(value(of: word)).utf8
    }
  }

  /// The first `explainedElements` of `count` elements, written by `element` with ", "
  /// between them, then "… N more" for the rest.
  private func appendElements(_ count: Int, to out: inout [UInt8], _ element: (Int, inout [UInt8]) -> Void) {
    let shown = min(count, VM.explainedElements)
    for index in 0..<shown {
      if index > 0 {
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: " "))
      }
      element(index, &out)
    }
    if count > shown {
      if shown > 0 {
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: " "))
      }
      out += "… \(count - shown) more".utf8
    }
  }
}
