// CEL's operators over VM words: logic with error absorption, arithmetic with overflow
// errors, heterogeneous numeric equality and ordering, membership, indexing and selection.

extension VM {
  enum ArithmeticOperator: String {
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
  }

  // MARK: Errors

  func describeType(_ word: Word) -> String {
    if case .error = word { return "error" }
    return word.typeTag.name
  }

  func noOverload(_ function: String, _ operands: Word...) -> Word {
    if let failure = operands.first(where: \.isError) { return failure }
    let types = operands.map { describeType($0) }.joined(separator: ", ")
    return heap.makeError("no matching overload for '\(function)' applied to (\(types))")
  }

  // MARK: Logic

  /// `&&`: false wins over errors and non-booleans; otherwise the first error.
  func logicalAnd(_ left: Word, _ right: Word) -> Word {
    if case .bool(false) = left { return left }
    if case .bool(false) = right { return right }
    if case .bool(true) = left, case .bool(true) = right { return .bool(true) }
    if left.isError { return left }
    if right.isError { return right }
    return noOverload("_&&_", left, right)
  }

  /// `||`: true wins over errors and non-booleans; otherwise the first error.
  func logicalOr(_ left: Word, _ right: Word) -> Word {
    if case .bool(true) = left { return left }
    if case .bool(true) = right { return right }
    if case .bool(false) = left, case .bool(false) = right { return .bool(false) }
    if left.isError { return left }
    if right.isError { return right }
    return noOverload("_||_", left, right)
  }

  func not(_ operand: Word) -> Word {
    if case .bool(let value) = operand { return .bool(!value) }
    return noOverload("!_", operand)
  }

  // MARK: Arithmetic

  func negate(_ operand: Word) -> Word {
    switch operand {
    case .int(let value):
      if value == Int64.min { return heap.makeError("integer overflow in negation") }
      return .int(-value)
    case .double(let value): return .double(-value)
    default: return noOverload("-_", operand)
    }
  }

  func add(_ left: Word, _ right: Word) -> Word {
    switch (left, right) {
    case (.int(let a), .int(let b)):
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? heap.makeError("integer overflow in addition") : .int(sum)
    case (.uint(let a), .uint(let b)):
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? heap.makeError("unsigned integer overflow in addition") : .uint(sum)
    case (.double(let a), .double(let b)):
      return .double(a + b)
    case (.string(let a), .string(let b)), (.bytes(let a), .bytes(let b)):
      let total = heap.bytes(a).count + heap.bytes(b).count
      if total > limits.maximumStringLength { return stringTooLong(total) }
      cost += total / 64
      let joined = heap.concatenate(a, b)
      if case .string = left { return .string(joined) }
      return .bytes(joined)
    case (.list(let a), .list(let b)):
      let count = heap.count(a) + heap.count(b)
      if count > limits.maximumCollectionSize { return collectionTooLarge() }
      cost += count
      var elements: [Word] = []
      elements.reserveCapacity(count)
      for index in 0..<heap.count(a) { elements.append(heap.element(a, index)) }
      for index in 0..<heap.count(b) { elements.append(heap.element(b, index)) }
      return .list(heap.makeList(elements))
    default:
      return noOverload("_+_", left, right)
    }
  }

  func stringTooLong(_ length: Int) -> Word {
    heap.makeError("a string would be \(length) bytes, over the limit of \(limits.maximumStringLength)")
  }

  func arithmetic(_ op: ArithmeticOperator, _ left: Word, _ right: Word) -> Word {
    switch (left, right) {
    case (.int(let a), .int(let b)):
      let result: (Int64, Bool)
      switch op {
      case .subtract: result = a.subtractingReportingOverflow(b)
      case .multiply: result = a.multipliedReportingOverflow(by: b)
      case .divide:
        if b == 0 { return heap.makeError("division by zero") }
        result = a.dividedReportingOverflow(by: b)
      case .remainder:
        if b == 0 { return heap.makeError("modulus by zero") }
        result = a.remainderReportingOverflow(dividingBy: b)
      }
      return result.1 ? heap.makeError("integer overflow in '\(op.rawValue)'") : .int(result.0)
    case (.uint(let a), .uint(let b)):
      let result: (UInt64, Bool)
      switch op {
      case .subtract: result = a.subtractingReportingOverflow(b)
      case .multiply: result = a.multipliedReportingOverflow(by: b)
      case .divide:
        if b == 0 { return heap.makeError("division by zero") }
        result = (a / b, false)
      case .remainder:
        if b == 0 { return heap.makeError("modulus by zero") }
        result = (a % b, false)
      }
      return result.1 ? heap.makeError("unsigned integer overflow in '\(op.rawValue)'") : .uint(result.0)
    case (.double(let a), .double(let b)):
      switch op {
      case .subtract: return .double(a - b)
      case .multiply: return .double(a * b)
      case .divide: return .double(a / b)
      case .remainder: return noOverload("_%_", left, right)
      }
    default:
      return noOverload("_\(op.rawValue)_", left, right)
    }
  }

  // MARK: Equality and ordering

  func equality(_ left: Word, _ right: Word, negated: Bool) -> Word {
    if left.isError { return left }
    if right.isError { return right }
    return .bool(equals(left, right) != negated)
  }

  /// CEL equality: numbers compare by value across int, uint and double; strings and bytes by
  /// content; lists element-wise; maps by key set and values; different kinds are unequal.
  func equals(_ left: Word, _ right: Word) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int, .int), (.int, .uint), (.int, .double), (.uint, .int), (.uint, .uint), (.uint, .double),
      (.double, .int), (.double, .uint), (.double, .double):
      return compareNumbers(left, right) == 0
    case (.string(let a), .string(let b)), (.bytes(let a), .bytes(let b)):
      if a == b { return true }
      if heap.isInterned(a) && heap.isInterned(b) { return false }
      let x = heap.bytes(a)
      let y = heap.bytes(b)
      guard x.count == y.count else { return false }
      cost += x.count / 64
      return bytesEqual(x, y)
    case (.list, .list), (.map, .map):
      return containersEqual(left, right)
    case (.type(let a), .type(let b)): return a == b
    case (.node(let a), .node(let b)), (.argument(let a), .argument(let b)), (.modifier(let a), .modifier(let b)),
      (.property(let a), .property(let b)), (.expression(let a), .expression(let b)):
      return a == b
    default: return false
    }
  }

  /// Lists element-wise and maps by key set and values, with a stack of pairs still to compare
  /// instead of recursion: a chain of lets can nest a value deeper than a thread's stack.
  private func containersEqual(_ left: Word, _ right: Word) -> Bool {
    var pending = [(left, right)]
    while let (a, b) = pending.popLast() {
      switch (a, b) {
      case (.list(let x), .list(let y)):
        let count = heap.count(x)
        guard count == heap.count(y) else { return false }
        cost += count
        for index in 0..<count { pending.append((heap.element(x, index), heap.element(y, index))) }
      case (.map(let x), .map(let y)):
        let first = heap.mapRecord(x)
        guard first.count == heap.mapRecord(y).count else { return false }
        cost += Int(first.count)
        for index in Int(first.start)..<Int(first.start + first.count) {
          guard let position = lookup(y, heap.mapKey(index)) else { return false }
          pending.append((heap.mapValue(index), heap.mapValue(position)))
        }
      case (.list, _), (.map, _), (_, .list), (_, .map):
        return false
      default:
        if !equals(a, b) { return false }
      }
    }
    return true
  }

  /// Compares two numbers of any numeric kinds exactly: -1, 0, 1, or nil when either is NaN.
  func compareNumbers(_ left: Word, _ right: Word) -> Int? {
    switch (left, right) {
    case (.int(let a), .int(let b)): return a < b ? -1 : a > b ? 1 : 0
    case (.uint(let a), .uint(let b)): return a < b ? -1 : a > b ? 1 : 0
    case (.double(let a), .double(let b)):
      if a.isNaN || b.isNaN { return nil }
      return a < b ? -1 : a > b ? 1 : 0
    case (.int(let a), .uint(let b)): return a < 0 ? -1 : compareUnsigned(UInt64(a), b)
    case (.uint(let a), .int(let b)): return b < 0 ? 1 : compareUnsigned(a, UInt64(b))
    // An integer meets a double as a double, as CEL specifies (so 2^63 - 1 equals 2^63.0).
    case (.int(let a), .double(let b)): return compareDoubles(Double(a), b)
    case (.double(let a), .int(let b)): return compareDoubles(a, Double(b))
    case (.uint(let a), .double(let b)): return compareDoubles(Double(a), b)
    case (.double(let a), .uint(let b)): return compareDoubles(a, Double(b))
    default: return nil
    }
  }

  private func compareUnsigned(_ a: UInt64, _ b: UInt64) -> Int { a < b ? -1 : a > b ? 1 : 0 }

  private func compareDoubles(_ a: Double, _ b: Double) -> Int? {
    if a.isNaN || b.isNaN { return nil }
    return a < b ? -1 : a > b ? 1 : 0
  }

  func ordering(_ left: Word, _ right: Word, _ name: String, _ test: (Int) -> Bool) -> Word {
    switch (left, right) {
    case (.int, .int), (.int, .uint), (.int, .double), (.uint, .int), (.uint, .uint), (.uint, .double),
      (.double, .int), (.double, .uint), (.double, .double):
      guard let order = compareNumbers(left, right) else { return .bool(false) }
      return .bool(test(order))
    case (.string(let a), .string(let b)), (.bytes(let a), .bytes(let b)):
      // UTF-8 byte order is code point order.
      let x = heap.bytes(a)
      let y = heap.bytes(b)
      cost += min(x.count, y.count) / 32
      let order = x.lexicographicallyPrecedes(y) ? -1 : (y.lexicographicallyPrecedes(x) ? 1 : 0)
      return .bool(test(order))
    case (.bool(let a), .bool(let b)):
      return .bool(test(a == b ? 0 : (a ? 1 : -1)))
    default:
      return noOverload(name, left, right)
    }
  }

  // MARK: Containers

  /// The entry index of `key` in a map, using CEL's cross-kind numeric key equality. Maps are
  /// searched linearly, so each key compared costs one unit.
  func lookup(_ map: Int32, _ key: Word) -> Int? {
    let record = heap.mapRecord(map)
    let start = Int(record.start)
    // Field names are interned constants and JSON keys interned data: compare ids.
    if case .string(let id) = key, heap.isInterned(id) {
      for index in start..<start + Int(record.count) {
        guard case .string(let other) = heap.mapKey(index) else { continue }
        if other == id || (!heap.isInterned(other) && bytesEqual(heap.bytes(other), heap.bytes(id))) {
          cost += index - start + 1
          return index
        }
      }
      cost += Int(record.count)
      return nil
    }
    for index in start..<start + Int(record.count) where equals(heap.mapKey(index), key) {
      cost += index - start + 1
      return index
    }
    cost += Int(record.count)
    return nil
  }

  /// What makes two map keys equal: CEL compares int and uint keys by value.
  func identity(ofKey key: Word) -> MapKeyIdentity {
    switch key {
    case .bool(let flag): return .bool(flag)
    case .int(let value): return value < 0 ? .negative(value) : .number(UInt64(value))
    case .uint(let value): return .number(value)
    case .string(let id): return .string(heap.array(id))
    default: return .other
    }
  }

  func membership(_ element: Word, _ container: Word) -> Word {
    if element.isError { return element }
    switch container {
    case .list(let list):
      if case .node(let node) = element, let (found, probes) = heap.position(ofNode: node, in: list) {
        cost += probes
        return .bool(found)
      }
      let count = heap.count(list)
      cost += count
      // An interned string (a node's type, a constant) is in a list of interned strings exactly
      // when one has its id; anything else compares by value.
      if case .string(let id) = element, heap.isInterned(id) {
        for index in 0..<count {
          guard case .string(let other) = heap.element(list, index) else {
            if equals(heap.element(list, index), element) { return .bool(true) }
            continue
          }
          if other == id || (!heap.isInterned(other) && bytesEqual(heap.bytes(other), heap.bytes(id))) {
            return .bool(true)
          }
        }
        return .bool(false)
      }
      // A string the evaluation made (`b.text() + "…" in [...]`).
      if case .string(let id) = element {
        return .bool(holdsMadeString(list, id: id, heap.bytes(id), changingCase: nil))
      }
      for index in 0..<count where equals(heap.element(list, index), element) { return .bool(true) }
      return .bool(false)
    case .map(let map):
      return .bool(lookup(map, element) != nil)
    default:
      return noOverload("@in", element, container)
    }
  }

  /// `s.lowerAscii() in list` (or `upperAscii`) for the bytes of `s`, without making the
  /// changed string: each string of the list is compared with them changed as they are read.
  /// Charged as `membership` charges for a string the evaluation made, which the changed string
  /// would be; an element that is not a string equals no string, at no cost.
  func caseChangedMembership(_ bytes: UnsafeBufferPointer<UInt8>, upper: Bool, _ list: Int32) -> Word {
    cost += heap.count(list)
    return .bool(holdsMadeString(list, id: -1, bytes, changingCase: upper))
  }

  /// Whether `list` holds a string equal to one the evaluation made (string `id`, −1 for none),
  /// whose bytes are `bytes`, or `bytes` with their ASCII letters changed to upper case (`true`)
  /// or lower case (`false`). Its bytes are read once and compared with each string of the same
  /// length, charged as `equals` charges; no element of another kind equals a string, and the
  /// string itself equals itself at no cost.
  @inline(__always)
  private func holdsMadeString(_ list: Int32, id: Int32, _ bytes: UnsafeBufferPointer<UInt8>, changingCase upper: Bool?)
    -> Bool
  {
    for index in 0..<heap.count(list) {
      guard case .string(let other) = heap.element(list, index) else { continue }
      if other == id { return true }
      let otherBytes = heap.bytes(other)
      guard otherBytes.count == bytes.count else { continue }
      cost += otherBytes.count / 64
      let same =
        if let upper { asciiCaseChangedEqual(bytes, otherBytes, upper: upper) } else { bytesEqual(otherBytes, bytes) }
      if same { return true }
    }
    return false
  }

  func index(_ container: Word, _ key: Word) -> Word {
    switch (container, key) {
    case (.list(let list), _):
      let position: Int64
      switch key {
      case .int(let value): position = value
      case .uint(let value): position = value > UInt64(Int64.max) ? -1 : Int64(value)
      case .double(let value) where value == value.rounded() && abs(value) < 9.0e18: position = Int64(value)
      default: return noOverload("_[_]", container, key)
      }
      guard position >= 0, position < heap.count(list) else {
        return heap.makeError("index out of range: \(position) (list size \(heap.count(list)))")
      }
      return heap.element(list, Int(position))
    case (.map(let map), _):
      if key.isError { return key }
      switch key {
      case .int, .uint, .double, .bool, .string: break
      default: return noOverload("_[_]", container, key)
      }
      guard let position = lookup(map, key) else {
        return heap.makeError("no such key: \(Printer.literal(value(of: key)))")
      }
      return heap.mapValue(position)
    default:
      return noOverload("_[_]", container, key)
    }
  }

  /// `x.name`: a map key, or a field of a node-like value. Selecting on `null` gives `null`,
  /// so chains like `n.modifier("x").text()` read as "absent" instead of failing.
  func select(_ operand: Word, name: Int32, field: Int32) -> Word {
    switch operand {
    case .map(let map):
      guard let position = lookup(map, constants[Int(name)]) else {
        return heap.makeError("no such key: \(Printer.literal(value(of: constants[Int(name)])))")
      }
      return heap.mapValue(position)
    case .null, .error:
      return operand
    case .node(let index) where field == NodeField.type.rawValue:
      return .string(nodeRecords[Int(index)].type)
    case .node, .argument, .modifier, .property, .expression:
      guard let nodeField = NodeField(rawValue: field), let result = fieldValue(operand, nodeField) else {
        return heap.makeError(
          "\(describeType(operand)) has no field '\(Printer.display(value(of: constants[Int(name)])))'")
      }
      return result
    default:
      return heap.makeError(
        "no such field '\(Printer.display(value(of: constants[Int(name)])))' on a value of type \(describeType(operand))"
      )
    }
  }

  /// `has(x.name)`.
  func has(_ operand: Word, name: Int32, field: Int32) -> Word {
    switch operand {
    case .map(let map):
      return .bool(lookup(map, constants[Int(name)]) != nil)
    case .null:
      return .bool(false)
    case .error:
      return operand
    case .node, .argument, .modifier, .property, .expression:
      guard let nodeField = NodeField(rawValue: field), let result = fieldValue(operand, nodeField) else {
        return .bool(false)
      }
      if case .null = result { return .bool(false) }
      return .bool(true)
    default:
      return noOverload("has", operand)
    }
  }

  // MARK: Templates

  func template(_ parts: UnsafeBufferPointer<Word>) -> Word {
    var bytes: [UInt8] = []
    for part in parts {
      switch boxable(part) {
      case .string(let id):
        bytes.append(contentsOf: heap.bytes(id))
      case .error(let index):
        bytes.append(contentsOf: "<error: \(heap.errorMessage(index))>".utf8)
      case let part:
        bytes.append(contentsOf: Printer.display(value(of: part)).utf8)
      }
      if bytes.count > limits.maximumStringLength { return stringTooLong(bytes.count) }
    }
    return .string(heap.makeString(bytes))
  }
}

/// A map key reduced to what decides its equality (see `VM.identity(ofKey:)`).
enum MapKeyIdentity: Hashable {
  case bool(Bool)
  case negative(Int64)
  case number(UInt64)
  case string([UInt8])
  case other
}
