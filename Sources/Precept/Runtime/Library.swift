// The builtin functions: sizes, string functions (CEL's and the common extensions),
// conversions and `type`. Strings are UTF-8 bytes; positions count code points, as in CEL.

extension VM {
  func callBuiltin(_ raw: Int32, _ args: UnsafeBufferPointer<Word>) -> Word {
    guard let builtin = Builtin(rawValue: raw) else {
      preconditionFailure("builtin \(raw) does not exist (the verifier checks builtin numbers)")
    }
    // Errors in arguments propagate, except where a function is defined on them (none are).
    if let failure = args.first(where: \.isError) { return failure }
    switch builtin {
    case .size: return size(args[0])
    case .contains, .startsWith, .endsWith: return stringTest(builtin, args[0], args[1])
    case .matches: return matches(args[0], args[1])
    case .lowerAscii, .upperAscii: return changeCase(args[0], upper: builtin == .upperAscii)
    case .trim: return trim(args[0])
    case .split: return split(args)
    case .join: return join(args)
    case .replace: return replace(args)
    case .indexOf, .lastIndexOf: return indexOf(args, last: builtin == .lastIndexOf)
    case .substring: return substring(args)
    case .charAt: return charAt(args[0], args[1])
    case .toInt: return toInt(args[0])
    case .toUint: return toUint(args[0])
    case .toDouble: return toDouble(args[0])
    case .toString: return toString(args[0])
    case .toBytes: return toBytes(args[0])
    case .toBool: return toBool(args[0])
    case .dyn: return args[0]
    case .typeOf: return .type(args[0].typeTag)
    case .text: return text(args[0])
    case .arg: return argument(of: args[0], args[1])
    case .modifier, .hasModifier, .modifiersNamed: return modifiers(builtin, of: args[0], named: args[1])
    case .slot: return slot(of: args[0], args[1])
    case .property: return property(of: args[0], args[1])
    case .descendantsOfType: return descendants(of: args[0], ofType: args[1])
    }
  }

  /// A builtin of one argument, without the general call's table and argument scan: the node
  /// functions and sizes rules call on every visit (`text()`, `size()` of a list) are read
  /// straight from the arena; the rest take `callBuiltin`. The answer is the general call's.
  @inline(never)
  func callUnaryBuiltin(_ raw: Int32, _ operand: Word) -> Word {
    if case .error = operand { return operand }
    switch raw {
    case Builtin.text.rawValue: return text(operand)
    case Builtin.size.rawValue:
      switch operand {
      case .list(let list): return .int(Int64(heap.count(list)))
      case .string(let id): return stringSize(id)
      default: break
      }
    case Builtin.lowerAscii.rawValue: return changeCase(operand, upper: false)
    default: break
    }
    var operand = operand
    return withUnsafePointer(to: &operand) { callBuiltin(raw, UnsafeBufferPointer(start: $0, count: 1)) }
  }

  /// A builtin of a receiver and a string constant (`builtinConstant`), with the node queries
  /// and string tests by constant name or affix read directly; the rest take `callBuiltin`.
  @inline(never)
  func callBuiltin(_ raw: Int32, _ receiver: Word, constant argument: Word) -> Word {
    switch receiver {
    case .string(let text):
      if case .string(let part) = argument {
        switch raw {
        case Builtin.startsWith.rawValue: return stringStartsWith(text, part)
        case Builtin.endsWith.rawValue, Builtin.contains.rawValue:
          return stringTest(raw == Builtin.endsWith.rawValue ? .endsWith : .contains, receiver, argument)
        default: break
        }
      }
    case .node(let index):
      switch raw {
      // The commonest query of all (`n.hasModifier("…")`), and `n.modifier("…")`: the scan of
      // `modifiers(_:of:named:)`, charged as it charges, in this call.
      case Builtin.hasModifier.rawValue, Builtin.modifier.rawValue:
        guard case .string(let name) = argument else { break }
        let node = nodeRecords[Int(index)]
        let start = Int(node.modifierStart)
        cost += Int(node.modifierCount)
        for position in start..<start + Int(node.modifierCount) where sameString(name, modifierRecords[position].name) {
          return raw == Builtin.hasModifier.rawValue ? .bool(true) : .modifier(Int32(position))
        }
        return raw == Builtin.hasModifier.rawValue ? .bool(false) : .null
      case Builtin.modifiersNamed.rawValue: return modifiers(.modifiersNamed, of: receiver, named: argument)
      case Builtin.slot.rawValue: return slot(of: receiver, argument)
      case Builtin.arg.rawValue: return self.argument(of: receiver, argument)
      default: break
      }
    case .modifier:
      switch raw {
      case Builtin.hasModifier.rawValue: return modifiers(.hasModifier, of: receiver, named: argument)
      case Builtin.modifier.rawValue: return modifiers(.modifier, of: receiver, named: argument)
      case Builtin.modifiersNamed.rawValue: return modifiers(.modifiersNamed, of: receiver, named: argument)
      case Builtin.slot.rawValue: return slot(of: receiver, argument)
      case Builtin.arg.rawValue: return self.argument(of: receiver, argument)
      default: break
      }
    default: break
    }
    var pair = (receiver, argument)
    return withUnsafePointer(to: &pair) { pointer in
      pointer.withMemoryRebound(to: Word.self, capacity: 2) {
        callBuiltin(raw, UnsafeBufferPointer(start: $0, count: 2))
      }
    }
  }

  // MARK: Sizes and tests

  /// `size()` of a string: its code points.
  @inline(__always)
  func stringSize(_ id: Int32) -> Word {
    let text = heap.bytes(id)
    cost += text.count / 32
    return .int(Int64(codePointCount(text)))
  }

  private func size(_ operand: Word) -> Word {
    switch operand {
    case .string(let id): return stringSize(id)
    case .bytes(let id): return .int(Int64(heap.bytes(id).count))
    case .list(let list): return .int(Int64(heap.count(list)))
    case .map(let map): return .int(Int64(heap.mapRecord(map).count))
    default: return noOverload("size", operand)
    }
  }

  /// `startsWith()` of two strings.
  @inline(__always)
  func stringStartsWith(_ a: Int32, _ b: Int32) -> Word {
    let text = heap.bytes(a)
    let part = heap.bytes(b)
    cost += text.count / 32
    // The prefix as a buffer of its own, not a slice: `text[..<n]` is a generic call the
    // optimiser may leave out of line (a twentieth of the §6 rule when it did).
    return .bool(
      text.count >= part.count && bytesEqual(UnsafeBufferPointer(start: text.baseAddress, count: part.count), part))
  }

  private func stringTest(_ builtin: Builtin, _ receiver: Word, _ argument: Word) -> Word {
    guard case .string(let a) = receiver, case .string(let b) = argument else {
      return noOverload(builtin.name, receiver, argument)
    }
    if builtin == .startsWith { return stringStartsWith(a, b) }
    let text = heap.bytes(a)
    let part = heap.bytes(b)
    cost += text.count / 32
    switch builtin {
    case .endsWith:
      return .bool(
        text.count >= part.count
          && bytesEqual(
            UnsafeBufferPointer(start: text.baseAddress.map { $0 + (text.count - part.count) }, count: part.count), part
          ))
    default:
      return .bool(find(part, in: text, from: 0) != nil)
    }
  }

  /// Matcher steps (bytes stepped, threads advanced or added) per cost unit: a pattern of a
  /// few instructions costs about what other string functions do per byte, and a large one
  /// costs in proportion to its size.
  static let regexStepsPerUnit = 16

  private func matches(_ receiver: Word, _ pattern: Word) -> Word {
    guard case .string(let text) = receiver, case .string(let patternID) = pattern else {
      return noOverload("matches", receiver, pattern)
    }
    let regex: Regex
    if let cached = regexCache[patternID] {
      regex = cached
    } else {
      // Patterns are nearly always constants: compiled once per program, not once per VM
      // (linting makes a VM per file).
      let source = heap.string(patternID)
      if let shared = program.linkage.regex(source) {
        regex = shared
      } else {
        do {
          regex = try Regex(source)
        } catch {
          return heap.makeError("invalid regular expression: \(error)")
        }
        if heap.isInterned(patternID) { program.linkage.keep(regex, for: source) }
      }
      if heap.isInterned(patternID) { regexCache[patternID] = regex }
      // Compiling is linear in the pattern and in the program it makes; charged once per VM
      // for a constant pattern, every time for one built at run time.
      cost += source.utf8.count + regex.program.instructions.count
    }
    let bytes = heap.bytes(text)
    // The match may take the steps the rest of the budget pays for, and stops when it has.
    let left = max(limits.costBudget - cost, 0)
    let perUnit = VM.regexStepsPerUnit
    var steps = 0
    let matched = regex.matches(
      bytes, stepLimit: left > Int.max / perUnit ? Int.max : left * perUnit, steps: &steps)
    regexSteps &+= steps
    cost += steps / perUnit
    guard let matched else {
      // Over the budget: the run loop reports it as soon as this returns.
      cost = max(cost, limits.costBudget &+ 1)
      return heap.makeError("matching stopped: the cost budget is spent")
    }
    return .bool(matched)
  }

  private func changeCase(_ receiver: Word, upper: Bool) -> Word {
    guard case .string(let id) = receiver else { return noOverload(upper ? "upperAscii" : "lowerAscii", receiver) }
    cost += heap.bytes(id).count / 32
    return .string(heap.makeASCIICase(id, upper: upper))
  }

  private func trim(_ receiver: Word) -> Word {
    guard case .string(let id) = receiver else { return noOverload("trim", receiver) }
    let bytes = heap.bytes(id)
    cost += bytes.count / 32
    // ASCII at both ends (the usual case) is trimmed on the bytes; anything else by scalars.
    func asciiSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    var first = 0
    var last = bytes.count
    while first < last, bytes[first] < 0x80, asciiSpace(bytes[first]) { first += 1 }
    while last > first, bytes[last - 1] < 0x80, asciiSpace(bytes[last - 1]) { last -= 1 }
    if first == last || (bytes[first] < 0x80 && bytes[last - 1] < 0x80) {
      if first == 0 && last == bytes.count { return receiver }
      return .string(heap.makeString(Array(bytes[first..<last])))
    }
    let scalars = Array(heap.string(id).unicodeScalars)
    var start = 0
    var end = scalars.count
    while start < end, scalars[start].properties.isWhitespace { start += 1 }
    while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[start..<end])
    return .string(heap.makeString(Array(String(text).utf8)))
  }

  private func split(_ args: UnsafeBufferPointer<Word>) -> Word {
    guard case .string(let id) = args[0], case .string(let separatorID) = args[1] else {
      return noOverload("split", Array(args))
    }
    var limit = -1
    if args.count == 3 {
      guard case .int(let value) = args[2] else { return noOverload("split", Array(args)) }
      limit = value < 0 ? -1 : Int(clamping: value)
    }
    if limit == 0 { return .list(heap.makeList([Word]())) }
    let text = heap.array(id)
    let separator = heap.array(separatorID)
    cost += text.count / 32
    var parts: [[UInt8]] = []
    if separator.isEmpty {
      // Split into code points; the last part holds the rest when limited.
      var scalars = codePointRanges(text)
      if limit > 0, scalars.count > limit {
        let rest = scalars[limit - 1].lowerBound..<text.count
        scalars = Array(scalars[..<(limit - 1)]) + [rest]
      }
      parts = scalars.map { Array(text[$0]) }
    } else {
      var start = 0
      while limit < 0 || parts.count < limit - 1, let found = find(separator, in: text, from: start) {
        parts.append(Array(text[start..<found]))
        start = found + separator.count
      }
      parts.append(Array(text[start...]))
    }
    if parts.count > limits.maximumCollectionSize { return collectionTooLarge() }
    cost += parts.count
    return .list(heap.makeList(parts.map { Word.string(heap.makeString($0)) }))
  }

  private func join(_ args: UnsafeBufferPointer<Word>) -> Word {
    guard case .list(let list) = args[0] else { return noOverload("join", Array(args)) }
    var separator: [UInt8] = []
    if args.count == 2 {
      guard case .string(let id) = args[1] else { return noOverload("join", Array(args)) }
      separator = heap.array(id)
    }
    var out: [UInt8] = []
    for index in 0..<heap.count(list) {
      guard case .string(let id) = heap.element(list, index) else {
        return heap.makeError("join: list element \(index) is not a string")
      }
      if index > 0 { out += separator }
      out.append(contentsOf: heap.bytes(id))
      if out.count > limits.maximumStringLength { return stringTooLong(out.count) }
    }
    cost += out.count / 32
    return .string(heap.makeString(out))
  }

  private func replace(_ args: UnsafeBufferPointer<Word>) -> Word {
    guard case .string(let id) = args[0], case .string(let oldID) = args[1], case .string(let newID) = args[2] else {
      return noOverload("replace", Array(args))
    }
    var limit = -1
    if args.count == 4 {
      guard case .int(let value) = args[3] else { return noOverload("replace", Array(args)) }
      limit = value < 0 ? -1 : Int(clamping: value)
    }
    let text = heap.array(id)
    let old = heap.array(oldID)
    let new = heap.array(newID)
    cost += text.count / 32
    var out: [UInt8] = []
    var replaced = 0
    if old.isEmpty {
      // An empty pattern matches before every code point and at the end.
      let ranges = codePointRanges(text)
      for range in ranges {
        if limit < 0 || replaced < limit {
          out += new
          replaced += 1
        }
        out += text[range]
        if out.count > limits.maximumStringLength { return stringTooLong(out.count) }
      }
      if limit < 0 || replaced < limit { out += new }
    } else {
      var start = 0
      while limit < 0 || replaced < limit, let found = find(old, in: text, from: start) {
        out += text[start..<found]
        out += new
        start = found + old.count
        replaced += 1
        if out.count > limits.maximumStringLength { return stringTooLong(out.count) }
      }
      out += text[start...]
    }
    if out.count > limits.maximumStringLength { return stringTooLong(out.count) }
    cost += out.count / 32
    return .string(heap.makeString(out))
  }

  private func indexOf(_ args: UnsafeBufferPointer<Word>, last: Bool) -> Word {
    let name = last ? "lastIndexOf" : "indexOf"
    guard case .string(let id) = args[0], case .string(let partID) = args[1] else {
      return noOverload(name, Array(args))
    }
    let text = heap.array(id)
    let part = heap.array(partID)
    let ranges = codePointRanges(text)
    cost += text.count / 32
    var from = last ? ranges.count : 0
    if args.count == 3 {
      guard case .int(let value) = args[2] else { return noOverload(name, Array(args)) }
      guard value >= 0, value <= ranges.count else {
        return heap.makeError("\(name): index \(value) out of range (string length \(ranges.count))")
      }
      from = Int(value)
    }
    if part.isEmpty { return .int(Int64(from)) }
    /// The code point starting at byte `offset`, or nil when the offset is inside one.
    func codePoint(at offset: Int) -> Int? {
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
      }
      return low < ranges.count && ranges[low].lowerBound == offset ? low : nil
    }
    // Matches are found by byte offset in one linear pass; one that starts inside a code point
    // (a part that is not valid UTF-8) does not count.
    var found = -1
    let start = last ? 0 : (from < ranges.count ? ranges[from].lowerBound : text.count)
    forEachMatch(of: part, in: text, from: start) { offset in
      guard let position = codePoint(at: offset) else { return true }
      if last && position > from { return false }
      found = position
      return last
    }
    return .int(Int64(found))
  }

  private func substring(_ args: UnsafeBufferPointer<Word>) -> Word {
    guard case .string(let id) = args[0], case .int(let start) = args[1] else {
      return noOverload("substring", Array(args))
    }
    let text = heap.array(id)
    let ranges = codePointRanges(text)
    cost += text.count / 32
    var end = Int64(ranges.count)
    if args.count == 3 {
      guard case .int(let value) = args[2] else { return noOverload("substring", Array(args)) }
      end = value
    }
    guard start >= 0, start <= ranges.count, end >= 0, end <= ranges.count else {
      return heap.makeError("substring: index out of range [\(start), \(end)) of a string of length \(ranges.count)")
    }
    guard start <= end else {
      return heap.makeError("substring: start \(start) is after end \(end)")
    }
    let from = start < ranges.count ? ranges[Int(start)].lowerBound : text.count
    let to = end < ranges.count ? ranges[Int(end)].lowerBound : text.count
    return .string(heap.makeString(text[from..<to]))
  }

  private func charAt(_ receiver: Word, _ index: Word) -> Word {
    guard case .string(let id) = receiver, case .int(let position) = index else {
      return noOverload("charAt", receiver, index)
    }
    let text = heap.array(id)
    let ranges = codePointRanges(text)
    cost += text.count / 32
    guard position >= 0, position <= ranges.count else {
      return heap.makeError("charAt: index \(position) out of range (string length \(ranges.count))")
    }
    if position == ranges.count { return .string(heap.makeString([UInt8]())) }
    return .string(heap.makeString(text[ranges[Int(position)]]))
  }

  // MARK: Conversions

  private func toInt(_ operand: Word) -> Word {
    switch operand {
    case .int: return operand
    case .uint(let value):
      return value > UInt64(Int64.max)
        ? heap.makeError("int() range error: \(value)u does not fit in int") : .int(Int64(value))
    case .double(let value):
      guard value.isFinite, value > -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else {
        return heap.makeError("int() range error: \(Printer.double(value)) does not fit in int")
      }
      return .int(Int64(value.rounded(.towardZero)))
    case .string(let id):
      let text = heap.string(id)
      cost += text.utf8.count / 32
      guard let value = Int64(text) else {
        return heap.makeError("int() cannot convert \(Printer.literal(.string(text)))")
      }
      return .int(value)
    default:
      return noOverload("int", operand)
    }
  }

  private func toUint(_ operand: Word) -> Word {
    switch operand {
    case .uint: return operand
    case .int(let value):
      return value < 0 ? heap.makeError("uint() range error: \(value) is negative") : .uint(UInt64(value))
    case .double(let value):
      guard value.isFinite, value > -1, value < 18_446_744_073_709_551_616.0 else {
        return heap.makeError("uint() range error: \(Printer.double(value)) does not fit in uint")
      }
      return .uint(UInt64(value.rounded(.towardZero)))
    case .string(let id):
      let text = heap.string(id)
      cost += text.utf8.count / 32
      guard let value = UInt64(text) else {
        return heap.makeError("uint() cannot convert \(Printer.literal(.string(text)))")
      }
      return .uint(value)
    default:
      return noOverload("uint", operand)
    }
  }

  private func toDouble(_ operand: Word) -> Word {
    switch operand {
    case .double: return operand
    case .int(let value): return .double(Double(value))
    case .uint(let value): return .double(Double(value))
    case .string(let id):
      let text = heap.string(id)
      cost += text.utf8.count / 32
      switch text {
      case "NaN": return .double(.nan)
      case "Infinity", "+Infinity", "inf", "+inf": return .double(.infinity)
      case "-Infinity", "-inf": return .double(-.infinity)
      default:
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
          let value = Double(text)
        else {
          return heap.makeError("double() cannot convert \(Printer.literal(.string(text)))")
        }
        return .double(value)
      }
    default:
      return noOverload("double", operand)
    }
  }

  private func toString(_ operand: Word) -> Word {
    switch operand {
    case .string: return operand
    case .int(let value): return .string(heap.makeString(Array(String(value).utf8)))
    case .uint(let value): return .string(heap.makeString(Array(String(value).utf8)))
    case .double(let value):
      let text: String
      if value.isNaN {
        text = "NaN"
      } else if value.isInfinite {
        text = value < 0 ? "-Infinity" : "Infinity"
      } else {
        text = String(value).hasSuffix(".0") && abs(value) < 1e15 ? String(String(value).dropLast(2)) : String(value)
      }
      return .string(heap.makeString(Array(text.utf8)))
    case .bool(let value): return .string(heap.makeString(Array((value ? "true" : "false").utf8)))
    case .bytes(let id):
      let bytes = heap.array(id)
      cost += bytes.count / 32
      guard String(validating: bytes, as: UTF8.self) != nil else {
        return heap.makeError("string() cannot convert bytes that are not valid UTF-8")
      }
      return .string(heap.makeString(bytes))
    default:
      return noOverload("string", operand)
    }
  }

  private func toBytes(_ operand: Word) -> Word {
    switch operand {
    case .bytes: return operand
    case .string(let id):
      cost += heap.bytes(id).count / 32
      return .bytes(heap.makeString(heap.bytes(id)))
    default: return noOverload("bytes", operand)
    }
  }

  private func toBool(_ operand: Word) -> Word {
    switch operand {
    case .bool: return operand
    case .string(let id):
      cost += heap.bytes(id).count / 32
      switch heap.string(id) {
      case "1", "t", "T", "TRUE", "true", "True": return .bool(true)
      case "0", "f", "F", "FALSE", "false", "False": return .bool(false)
      default: return heap.makeError("bool() cannot convert \(Printer.literal(.string(heap.string(id))))")
      }
    default:
      return noOverload("bool", operand)
    }
  }
}

// MARK: - UTF-8 helpers

/// The number of code points in valid UTF-8 (every byte that does not continue a sequence).
func codePointCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
  guard let base = bytes.baseAddress else { return 0 }
  let count = bytes.count
  var points = 0
  var index = 0
  // Eight bytes at a time (`size()` of titles and labels was a twentieth of the §6 rule). Eight
  // ASCII bytes are eight code points; otherwise a byte starts a code point unless it is
  // 10xxxxxx, that is unless bit 7 is set and bit 6 clear, so each byte's lowest bit of
  // `~word >> 7 | word >> 6` says whether it starts one (counted by `nonzeroBitCount`, which
  // is a dozen instructions where the CPU baseline has no population count).
  let high: UInt64 = 0x8080_8080_8080_8080
  while index &+ 8 <= count {
    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
    points &+= word & high == 0 ? 8 : codePointStarts(word).nonzeroBitCount
    index &+= 8
  }
  guard index < count else { return points }
  // The last few bytes of a string of eight or more: its last eight bytes, less the low ones
  // (little-endian) counted already.
  if count >= 8 {
    let word = UInt64(littleEndian: UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self))
    let shift = UInt64(truncatingIfNeeded: 8 &* (8 &- (count &- index)))
    let rest = word &>> shift & high == 0 ? count &- index : (codePointStarts(word) &>> shift).nonzeroBitCount
    return points &+ rest
  }
  while index < count {
    if base[index] & 0xC0 != 0x80 { points &+= 1 }
    index &+= 1
  }
  return points
}

/// A bit at the bottom of each byte of `word` that starts a UTF-8 code point.
@inline(__always)
private func codePointStarts(_ word: UInt64) -> UInt64 { (~word &>> 7 | word &>> 6) & 0x0101_0101_0101_0101 }

/// The byte range of each code point.
func codePointRanges(_ bytes: [UInt8]) -> [Range<Int>] {
  var ranges: [Range<Int>] = []
  ranges.reserveCapacity(bytes.count)
  var start = 0
  var index = 1
  while start < bytes.count {
    while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
    ranges.append(start..<index)
    start = index
    index += 1
  }
  return ranges
}

/// The first byte offset at or after `from` where `part` occurs in `text`.
func find<T: Collection, P: Collection>(_ part: P, in text: T, from: Int) -> Int?
where T.Element == UInt8, P.Element == UInt8, T.Index == Int {
  if part.isEmpty { return from <= text.count ? from : nil }
  var found: Int?
  forEachMatch(of: part, in: text, from: from) { offset in
    found = offset
    return false
  }
  return found
}

/// Calls `visit` with the byte offset of each occurrence of a non-empty `part` in `text` at or
/// after `from`, in order, until it returns false.
///
/// A plain scan is fastest on ordinary text, but a hostile part such as `"aa…ab"` in `"aa…a"`
/// makes it quadratic (minutes on 1 MB). When partial matches have cost a few passes over the
/// text, Knuth–Morris–Pratt takes over, so every search is linear in the lengths of both.
func forEachMatch<T: Collection, P: Collection>(of part: P, in text: T, from: Int, _ visit: (Int) -> Bool)
where T.Element == UInt8, P.Element == UInt8, T.Index == Int {
  let needle = Array(part)
  guard !needle.isEmpty, from >= 0, from <= text.count - needle.count else { return }
  let base = text.startIndex
  let first = needle[0]
  let last = text.count - needle.count
  let allowance = 4 * text.count + 64
  var work = 0
  var offset = from
  while offset <= last {
    if text[base + offset] == first {
      var length = 1
      while length < needle.count, text[base + offset + length] == needle[length] { length += 1 }
      if length == needle.count, !visit(offset) { return }
      work += length
      if work > allowance {
        forEachMatchLinearly(of: needle, in: text, from: offset + 1, visit)
        return
      }
    }
    offset += 1
  }
}

/// Knuth–Morris–Pratt: `forEachMatch` in time linear in the lengths of text and part.
private func forEachMatchLinearly<T: Collection>(of needle: [UInt8], in text: T, from: Int, _ visit: (Int) -> Bool)
where T.Element == UInt8, T.Index == Int {
  // fallback[i]: the length of the longest proper prefix of needle[...i] that is also its suffix.
  var fallback = [Int](repeating: 0, count: needle.count)
  var length = 0
  for index in 1..<needle.count {
    while length > 0 && needle[index] != needle[length] { length = fallback[length - 1] }
    if needle[index] == needle[length] { length += 1 }
    fallback[index] = length
  }
  var matched = 0
  for offset in from..<text.count {
    let byte = text[text.startIndex + offset]
    while matched > 0 && byte != needle[matched] { matched = fallback[matched - 1] }
    if byte == needle[matched] { matched += 1 }
    if matched == needle.count {
      if !visit(offset + 1 - needle.count) { return }
      matched = fallback[matched - 1]
    }
  }
}
