/// Runs a `RegexProgram` over UTF-8 text by simulating its NFA: all threads advance together
/// one scalar at a time, and each instruction holds at most one thread per position, so a
/// match costs O(text length × program size) time and O(program size) memory, whatever the
/// pattern.
///
/// Text is decoded as UTF-8. A byte that does not begin a well-formed sequence is one position
/// of its own that no instruction consumes (not even `.` or a negated class), as in RE2: a
/// match cannot span it, but can occur on either side of it.
extension RegexProgram {
  /// The position value of an ill-formed byte, and of "no scalar" before the text or after it.
  fileprivate static let noScalar: UInt32 = .max

  /// Whether the pattern matches any substring of `text`.
  func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var steps = 0
    return matches(text, stepLimit: .max, steps: &steps)!
  }

  /// Whether the pattern matches any substring of `text`, or nil when finding out would take
  /// more than `stepLimit` steps; `steps` is set to the steps taken. A step is a byte skipped
  /// or stepped over, or a thread advanced or added: the matcher's whole work, which is up to
  /// the program's size per byte. The limit is checked at every position, so a match stops
  /// within one position's work (at most a few times the program's size) of it.
  func matches(_ text: UnsafeBufferPointer<UInt8>, stepLimit: Int, steps: inout Int) -> Bool? {
    let size = instructions.count
    // Two thread lists, the closure stack (every edge pushes at most once) and visit marks.
    let words = 4 * size + 2 + 2 * size
    // Copied out so the closures below capture plain values, not the program's arrays.
    let (anchored, assertions, firstBytes) = (anchoredAtStart, self.assertions, self.firstBytes)
    let (result, taken) = withScratch(words: words) { scratch in
      let marks = UnsafeMutableRawPointer(scratch + 4 * size + 2).bindMemory(to: Int.self, capacity: size)
      marks.initialize(repeating: -1, count: size)
      return instructions.withUnsafeBufferPointer { code in
        setASCII.withUnsafeBufferPointer { setASCII in
          setBounds.withUnsafeBufferPointer { setBounds in
            setRanges.withUnsafeBufferPointer { setRanges in
              Matcher(
                code: code.baseAddress!, setASCII: setASCII.baseAddress!, setBounds: setBounds.baseAddress!,
                setRanges: setRanges.baseAddress, anchored: anchored, assertions: assertions,
                firstBytes: firstBytes, text: text, current: scratch, next: scratch + size, stack: scratch + 2 * size,
                marks: marks, stepLimit: stepLimit
              ).run()
            }
          }
        }
      }
    }
    steps = taken
    return result
  }

  /// Calls `body` with uninitialized room for `words` 32-bit words (8-byte aligned): on the
  /// stack when small, which is the common case, and on the heap otherwise, so a large program
  /// never eats into a small thread stack.
  private func withScratch<Result>(words: Int, _ body: (UnsafeMutablePointer<Int32>) -> Result) -> Result {
    let count = (words + 1) / 2
    if count <= 512 {
      return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { buffer in
        body(UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: Int32.self, capacity: words))
      }
    }
    let buffer = UnsafeMutablePointer<Int>.allocate(capacity: count)
    defer { buffer.deallocate() }
    return body(UnsafeMutableRawPointer(buffer).bindMemory(to: Int32.self, capacity: words))
  }
}

/// The state of one match: raw views of the program and the scratch memory, so the loop
/// touches no reference counts.
private struct Matcher {
  let code: UnsafePointer<RegexInstruction>
  let setASCII: UnsafePointer<UInt64>
  let setBounds: UnsafePointer<Int32>
  /// Nil when the program has no class ranges at all.
  let setRanges: UnsafePointer<UInt32>?
  let anchored: Bool
  /// The assertions the program tests; see `RegexProgram.assertions`.
  let assertions: UInt8
  let firstBytes: ByteSet?
  let text: UnsafeBufferPointer<UInt8>
  /// Consuming instructions whose threads are at the current position.
  let current: UnsafeMutablePointer<Int32>
  /// Threads added for the next position.
  let next: UnsafeMutablePointer<Int32>
  let stack: UnsafeMutablePointer<Int32>
  /// `marks[pc] == generation` when `pc` already has a thread at the position being filled,
  /// the generation counting positions.
  let marks: UnsafeMutablePointer<Int>
  /// The most steps the match may take before it stops without an answer.
  let stepLimit: Int

  /// Whether the pattern matches (nil: the step limit was reached first), and the steps taken.
  // Not mutating: a mutating method copies `self` before each call to a helper.
  func run() -> (Bool?, Int) {
    var steps = 0
    var generation = 0
    let end = text.count
    var current = self.current
    var currentCount = 0
    var next = self.next
    var nextCount = 0
    var position = 0
    var previous = RegexProgram.noScalar
    var (scalar, length) = decode(at: 0)
    while true {
      if currentCount == 0 {
        if anchored && position > 0 { return (false, steps) }
        if let firstBytes {
          // Nothing under way: jump to the next byte that can start a match. No match is empty
          // and the start needs no context, so `previous` can stay unknown.
          var skip = position
          while skip < end && !firstBytes.contains(text[skip]) { skip += 1 }
          steps &+= skip - position
          if skip == end { return (false, steps) }
          if skip != position {
            position = skip
            previous = RegexProgram.noScalar
            (scalar, length) = decode(at: position)
          }
        }
      }
      if !anchored || position == 0 {
        let here = context(previous, scalar, atStart: position == 0, atEnd: position == end)
        if addThread(0, context: here, generation: generation, into: current, count: &currentCount, steps: &steps) {
          return (true, steps)
        }
      }
      if position == end { return (false, steps) }
      // The work at a position is bounded by the program's size, so checking here stops a
      // costly match within a position of its limit.
      steps &+= 1 &+ currentCount
      if steps > stepLimit { return (nil, steps) }
      let after = position + length
      let (following, followingLength) = decode(at: after)
      let there = context(scalar, following, atStart: false, atEnd: after == end)
      generation += 1
      nextCount = 0
      for index in 0..<currentCount {
        let pc = Int(current[index])
        let instruction = code[pc]
        let consumed: Bool
        switch instruction.opcode {
        case .scalar: consumed = scalar == UInt32(bitPattern: instruction.a)
        case .set: consumed = contains(scalar, set: Int(instruction.a))
        case .any: consumed = scalar != RegexProgram.noScalar
        case .anyButNewline: consumed = scalar != RegexProgram.noScalar && scalar != 0x0A
        case .split, .jump, .assert, .match: consumed = false
        }
        if consumed
          && addThread(
            Int32(pc + 1), context: there, generation: generation, into: next, count: &nextCount, steps: &steps)
        {
          return (true, steps)
        }
      }
      swap(&current, &next)
      currentCount = nextCount
      previous = scalar
      position = after
      scalar = following
      length = followingLength
    }
  }

  /// Adds the thread at `start` and every thread it reaches without consuming input; true when
  /// one of them reaches `match`.
  private func addThread(
    _ start: Int32, context: UInt8, generation: Int, into list: UnsafeMutablePointer<Int32>, count: inout Int,
    steps: inout Int
  ) -> Bool {
    var depth = 1
    stack[0] = start
    while depth > 0 {
      depth -= 1
      steps &+= 1
      let pc = Int(stack[depth])
      if marks[pc] == generation { continue }
      marks[pc] = generation
      let instruction = code[pc]
      switch instruction.opcode {
      case .jump:
        stack[depth] = instruction.a
        depth += 1
      case .split:
        stack[depth] = instruction.b
        stack[depth + 1] = instruction.a
        depth += 2
      case .assert:
        if UInt8(truncatingIfNeeded: instruction.a) & context != 0 {
          stack[depth] = Int32(pc + 1)
          depth += 1
        }
      case .match:
        return true
      case .scalar, .set, .any, .anyButNewline:
        list[count] = Int32(pc)
        count += 1
      }
    }
    return false
  }

  @inline(__always)
  private func contains(_ scalar: UInt32, set: Int) -> Bool {
    if scalar < 64 { return setASCII[2 * set] & (1 << UInt64(scalar)) != 0 }
    if scalar < 128 { return setASCII[2 * set + 1] & (1 << UInt64(scalar - 64)) != 0 }
    guard let setRanges else { return false }
    // Binary search over the set's (lower, upper) pairs.
    var low = Int(setBounds[set]) / 2
    let count = Int(setBounds[set + 1]) / 2
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if setRanges[2 * mid + 1] < scalar { low = mid + 1 } else { high = mid }
    }
    return low < count && setRanges[2 * low] <= scalar
  }

  /// The assertions that hold between `before` and `after`, of those the program tests.
  @inline(__always)
  private func context(_ before: UInt32, _ after: UInt32, atStart: Bool, atEnd: Bool) -> UInt8 {
    if assertions == 0 { return 0 }
    let lineBits = RegexAssertion.beginLine.rawValue | RegexAssertion.endLine.rawValue
    let wordBits = RegexAssertion.wordBoundary.rawValue | RegexAssertion.notWordBoundary.rawValue
    var bits: UInt8 = 0
    if atStart { bits |= RegexAssertion.beginText.rawValue | RegexAssertion.beginLine.rawValue }
    if atEnd { bits |= RegexAssertion.endText.rawValue | RegexAssertion.endLine.rawValue }
    if assertions & lineBits != 0 {
      if before == 0x0A { bits |= RegexAssertion.beginLine.rawValue }
      if after == 0x0A { bits |= RegexAssertion.endLine.rawValue }
    }
    if assertions & wordBits != 0 {
      bits |=
        isWordScalar(before) != isWordScalar(after)
        ? RegexAssertion.wordBoundary.rawValue : RegexAssertion.notWordBoundary.rawValue
    }
    return bits
  }

  @inline(__always)
  private func isWordScalar(_ scalar: UInt32) -> Bool {
    // Bit maps of [0-9] and [A-Z_a-z].
    if scalar < 64 { return (0x03FF_0000_0000_0000 as UInt64) >> UInt64(scalar) & 1 != 0 }
    if scalar < 128 { return (0x07FF_FFFE_87FF_FFFE as UInt64) >> UInt64(scalar - 64) & 1 != 0 }
    return false
  }

  /// The scalar at `index` and its length in bytes; an ill-formed byte is `noScalar` of length
  /// one, and the end of the text is `noScalar` of length zero.
  @inline(__always)
  private func decode(at index: Int) -> (UInt32, Int) {
    let end = text.count
    guard index < end else { return (RegexProgram.noScalar, 0) }
    let lead = UInt32(text[index])
    if lead < 0x80 { return (lead, 1) }
    @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> UInt32? {
      guard index + offset < end, range.contains(text[index + offset]) else { return nil }
      return UInt32(text[index + offset] & 0x3F)
    }
    switch lead {
    case 0xC2...0xDF:
      if let c1 = continuation(1) { return ((lead & 0x1F) << 6 | c1, 2) }
    case 0xE0...0xEF:
      let second: ClosedRange<UInt8> =
        switch lead {
        case 0xE0: 0xA0...0xBF
        case 0xED: 0x80...0x9F  // no surrogates
        default: 0x80...0xBF
        }
      if let c1 = continuation(1, second), let c2 = continuation(2) {
        return ((lead & 0x0F) << 12 | c1 << 6 | c2, 3)
      }
    case 0xF0...0xF4:
      let second: ClosedRange<UInt8> =
        switch lead {
        case 0xF0: 0x90...0xBF
        case 0xF4: 0x80...0x8F  // nothing past U+10FFFF
        default: 0x80...0xBF
        }
      if let c1 = continuation(1, second), let c2 = continuation(2), let c3 = continuation(3) {
        return ((lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3, 4)
      }
    default:
      break
    }
    return (RegexProgram.noScalar, 1)
  }
}
