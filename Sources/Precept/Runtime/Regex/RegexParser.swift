/// Parses RE2 syntax into a `RegexSyntaxTree`.
///
/// The parser never recurses: open groups live on an explicit stack (bounded by
/// `RegexLimits.nesting`), so no pattern can exhaust a small thread stack.
struct RegexParser {
  private struct Flags {
    var caseless = false
    var multiline = false
    var dotAll = false
  }

  /// A group under construction: its finished alternatives and the items of the current one.
  private struct Frame {
    var branches: [Int] = []
    var items: [Int] = []
    /// The flags in force before the group opened, restored when it closes.
    var outerFlags: Flags
    /// The scalar index of the group's `(`, for "missing )".
    var openIndex: Int
  }

  /// A parsed escape sequence.
  private enum Escape {
    case scalar(UInt32)
    /// A class such as `\d` or `\PL`: the positive set and whether it is negated, so case
    /// folding can apply before negation, as RE2 does.
    case set(ScalarSet, negated: Bool)
    case assertion(RegexAssertion)
    case quote
  }

  private let scalars: [UInt32]
  /// The byte offset of each scalar, plus one past the end.
  private let offsets: [Int]
  private var index = 0
  private var nodes: [RegexNode] = []
  private var flags = Flags()
  private var outer: [Frame] = []
  private var frame: Frame
  private var groupNames: Set<String> = []
  /// Every distinct class parsed so far, and their ranges in all, bounded so a pattern cannot
  /// claim unbounded memory. (A class used again costs nothing: its storage is shared.)
  private var distinctClasses: Set<ScalarSet> = []
  private var classRanges = 0
  /// The start of the repetition operator just parsed, if the last thing parsed was one.
  private var lastRepetition: Int?

  /// Parses `pattern`, or throws the first error found.
  static func parse(_ pattern: String) throws(RegexError) -> RegexSyntaxTree {
    var parser = RegexParser(pattern)
    return try parser.parse()
  }

  private init(_ pattern: String) {
    var scalars: [UInt32] = []
    var offsets: [Int] = []
    var offset = 0
    for scalar in pattern.unicodeScalars {
      scalars.append(scalar.value)
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    self.scalars = scalars
    self.offsets = offsets
    frame = Frame(outerFlags: Flags(), openIndex: 0)
  }

  private mutating func parse() throws(RegexError) -> RegexSyntaxTree {
    guard offsets[scalars.count] <= RegexLimits.patternBytes else {
      throw RegexError("pattern too long (more than \(RegexLimits.patternBytes) bytes)", at: RegexLimits.patternBytes)
    }
    while index < scalars.count {
      let start = index
      let scalar = scalars[index]
      if isRepetitionOperator(at: index) {
        try parseRepetition()
        continue
      }
      lastRepetition = nil
      switch scalar {
      case 0x28:  // (
        try parseGroupOpening()
      case 0x29:  // )
        guard let parent = outer.popLast() else { throw error("unmatched ')'", at: start) }
        index += 1
        let group = finish(frame)
        flags = frame.outerFlags
        frame = parent
        frame.items.append(group)
      case 0x7C:  // |
        index += 1
        frame.branches.append(concatenation(frame.items))
        frame.items = []
      case 0x5E:  // ^
        index += 1
        append(.assertion(flags.multiline ? .beginLine : .beginText))
      case 0x24:  // $
        index += 1
        append(.assertion(flags.multiline ? .endLine : .endText))
      case 0x2E:  // .
        index += 1
        append(flags.dotAll ? .anyScalar : .anyButNewline)
      case 0x5B:  // [
        append(try parseClass())
      case 0x5C:  // backslash
        switch try parseEscape(inClass: false) {
        case .scalar(let value): appendLiteral(value)
        case .set(let set, let negated): append(try classNode(set, negated: negated, start: start))
        case .assertion(let assertion): append(.assertion(assertion))
        case .quote: parseQuoted()
        }
      default:
        index += 1
        appendLiteral(scalar)
      }
    }
    if !outer.isEmpty { throw error("missing closing ')'", at: frame.openIndex) }
    let root = finish(frame)
    return RegexSyntaxTree(nodes: nodes, root: root)
  }

  // MARK: Building nodes

  private mutating func add(_ node: RegexNode) -> Int {
    nodes.append(node)
    return nodes.count - 1
  }

  private mutating func append(_ node: RegexNode) {
    frame.items.append(add(node))
  }

  private mutating func appendLiteral(_ value: UInt32) {
    guard flags.caseless else { return append(.scalar(value)) }
    let folded = ScalarSet(scalar: value).caseFolded()
    append(folded.singleScalar.map(RegexNode.scalar) ?? .set(folded))
  }

  /// The node for a class that starts at scalar index `start`.
  private mutating func classNode(_ set: ScalarSet, negated: Bool, start: Int) throws(RegexError) -> RegexNode {
    var set = flags.caseless ? set.caseFolded() : set
    if negated { set = set.inverted() }
    if let scalar = set.singleScalar { return .scalar(scalar) }
    let (inserted, shared) = distinctClasses.insert(set)
    if inserted {
      classRanges += set.ranges.count
      if classRanges > RegexLimits.classRanges {
        throw error("pattern too large (more than \(RegexLimits.classRanges) class ranges)", at: start)
      }
    }
    return .set(shared)
  }

  private mutating func concatenation(_ items: [Int]) -> Int {
    switch items.count {
    case 0: add(.empty)
    case 1: items[0]
    default: add(.concatenation(items))
    }
  }

  private mutating func finish(_ frame: Frame) -> Int {
    let last = concatenation(frame.items)
    return frame.branches.isEmpty ? last : add(.alternation(frame.branches + [last]))
  }

  // MARK: Repetition

  private func isRepetitionOperator(at position: Int) -> Bool {
    switch scalars[position] {
    case 0x2A, 0x2B, 0x3F: true  // * + ?
    case 0x7B: countedRepetition(at: position) != nil
    default: false
    }
  }

  /// `{n}`, `{n,}` or `{n,m}` at `position`: the bounds and the index after `}`. Anything else
  /// starting with `{` is a literal brace, as in RE2.
  private func countedRepetition(at position: Int) -> (min: Int, max: Int?, end: Int)? {
    var cursor = position + 1
    func number() -> Int? {
      var value: Int?
      while cursor < scalars.count, (0x30...0x39).contains(scalars[cursor]) {
        // Saturate: anything past the limit is reported as too large anyway.
        value = min((value ?? 0) * 10 + Int(scalars[cursor] - 0x30), 1_000_000)
        cursor += 1
      }
      return value
    }
    guard let low = number() else { return nil }
    var high: Int? = low
    if cursor < scalars.count, scalars[cursor] == 0x2C {  // ,
      cursor += 1
      high = number()
    }
    guard cursor < scalars.count, scalars[cursor] == 0x7D else { return nil }
    return (low, high, cursor + 1)
  }

  private mutating func parseRepetition() throws(RegexError) {
    let start = index
    let bounds: (min: Int, max: Int?)
    switch scalars[index] {
    case 0x2A: bounds = (0, nil)
    case 0x2B: bounds = (1, nil)
    case 0x3F: bounds = (0, 1)
    default:
      let counted = countedRepetition(at: index)!
      let text = self.text(from: index, to: counted.end)
      if counted.min > RegexLimits.repetitionCount || (counted.max ?? 0) > RegexLimits.repetitionCount {
        throw error("repetition count too large in '\(text)' (at most \(RegexLimits.repetitionCount))", at: start)
      }
      if let max = counted.max, max < counted.min {
        throw error("invalid repetition range '\(text)': minimum exceeds maximum", at: start)
      }
      bounds = (counted.min, counted.max)
      index = counted.end - 1
    }
    index += 1
    if let previous = lastRepetition {
      let text = self.text(from: previous, to: index)
      if scalars[start] == 0x2B {
        throw error("possessive quantifiers are not supported ('\(text)')", at: previous)
      }
      throw error("invalid nested repetition operator '\(text)'; use a group to repeat a repetition", at: previous)
    }
    guard let operand = frame.items.last else {
      throw error("missing argument to repetition operator '\(text(from: start, to: index))'", at: start)
    }
    // A trailing `?` makes the operator lazy, which cannot change whether a match exists.
    if index < scalars.count, scalars[index] == 0x3F { index += 1 }
    frame.items[frame.items.count - 1] = add(.repetition(operand, min: bounds.min, max: bounds.max))
    lastRepetition = start
  }

  // MARK: Groups

  private mutating func parseGroupOpening() throws(RegexError) {
    let start = index
    index += 1
    guard peek(0) == 0x3F else { return try openGroup(at: start) }  // (?
    index += 1
    if peek(0) == 0x50, peek(1) == 0x3C {  // (?P<
      index += 2
      return try parseGroupName(groupStart: start)
    }
    if peek(0) == 0x3C, peek(1) != 0x3D, peek(1) != 0x21 {  // (?< but not (?<= (?<!
      index += 1
      return try parseGroupName(groupStart: start)
    }
    if let construct = unsupportedGroup() {
      let syntax = text(from: start, to: index + construct.length)
      throw error("\(construct.name) '\(syntax)' is not supported", at: start)
    }
    // Flags: (?flags) sets them for the rest of the group, (?flags:re) only inside re.
    var newFlags = flags
    var negated = false
    var sawFlag = false
    while let scalar = peek(0) {
      index += 1
      switch scalar {
      case 0x69: newFlags.caseless = !negated
      case 0x6D: newFlags.multiline = !negated
      case 0x73: newFlags.dotAll = !negated
      case 0x55: break  // U: swaps greedy and lazy, which cannot change whether a match exists
      case 0x2D:  // -
        if negated { throw error("invalid flags in '\(text(from: start, to: index))'", at: start) }
        negated = true
        sawFlag = false
        continue
      case 0x29, 0x3A:  // ) :
        if negated && !sawFlag {
          throw error("missing flag after '-' in '\(text(from: start, to: index))'", at: start)
        }
        if scalar == 0x29 {
          flags = newFlags
        } else {
          try openGroup(at: start)
          flags = newFlags
        }
        return
      default:
        throw error("invalid or unsupported group syntax '\(text(from: start, to: index))'", at: start)
      }
      sawFlag = true
    }
    throw error("missing closing ')'", at: start)
  }

  /// The name of an unsupported construct that starts after `(?`, if one does, and how many
  /// scalars after `(?` spell it.
  private func unsupportedGroup() -> (name: String, length: Int)? {
    guard let scalar = peek(0) else { return nil }
    return switch scalar {
    case 0x3D: ("lookahead", 1)  // =
    case 0x21: ("negative lookahead", 1)  // !
    case 0x3C: peek(1) == 0x3D ? ("lookbehind", 2) : ("negative lookbehind", 2)  // <= <!
    case 0x3E: ("atomic group", 1)  // >
    case 0x23: ("comment group", 1)  // #
    case 0x28: ("conditional group", 1)  // (
    case 0x7C: ("branch reset group", 1)  // |
    case 0x26, 0x52, 0x2B, 0x30...0x39: ("recursion or subroutine call", 1)  // & R + digit
    case 0x50:  // P
      switch peek(1) {
      case 0x3D: ("backreference", 2)  // (?P=
      case 0x3E: ("recursion or subroutine call", 2)  // (?P>
      default: nil
      }
    default: nil
    }
  }

  private mutating func parseGroupName(groupStart: Int) throws(RegexError) {
    let nameStart = index
    while let scalar = peek(0), scalar != 0x3E {
      guard let unicode = Unicode.Scalar(scalar),
        unicode == "_" || unicode.properties.isAlphabetic || unicode.properties.numericType == .decimal
      else {
        throw error("invalid character in group name '\(text(from: groupStart, to: index + 1))'", at: groupStart)
      }
      index += 1
    }
    guard peek(0) == 0x3E else { throw error("missing '>' after group name", at: groupStart) }
    let name = text(from: nameStart, to: index)
    index += 1
    if name.isEmpty { throw error("empty group name", at: groupStart) }
    if !groupNames.insert(name).inserted { throw error("duplicate group name '\(name)'", at: groupStart) }
    try openGroup(at: groupStart)
  }

  private mutating func openGroup(at start: Int) throws(RegexError) {
    if outer.count >= RegexLimits.nesting {
      throw error("groups nested too deeply (more than \(RegexLimits.nesting) levels)", at: start)
    }
    outer.append(frame)
    frame = Frame(outerFlags: flags, openIndex: start)
  }

  // MARK: Classes

  private mutating func parseClass() throws(RegexError) -> RegexNode {
    let start = index
    index += 1
    let negated = peek(0) == 0x5E
    if negated { index += 1 }
    var ranges: [ClosedRange<UInt32>] = []
    var first = true
    while true {
      guard let scalar = peek(0) else { throw error("missing closing ']'", at: start) }
      if scalar == 0x5D && !first {  // ]
        index += 1
        break
      }
      first = false
      if scalar == 0x5B, peek(1) == 0x3A, let posix = try parsePosixClass() {  // [:
        ranges.append(contentsOf: posix.ranges)
        continue
      }
      let itemStart = index
      switch try parseClassAtom() {
      case .set(let set, let negated):
        ranges.append(contentsOf: (negated ? set.inverted() : set).ranges)
      case .scalar(let low):
        guard peek(0) == 0x2D, let next = peek(1), next != 0x5D else {  // - not before ]
          ranges.append(low...low)
          continue
        }
        index += 1
        guard case .scalar(let high) = try parseClassAtom() else {
          throw error("invalid character class range '\(text(from: itemStart, to: index))'", at: itemStart)
        }
        guard low <= high else {
          throw error("invalid character class range '\(text(from: itemStart, to: index))'", at: itemStart)
        }
        ranges.append(low...high)
      case .assertion, .quote:
        preconditionFailure("parseEscape(inClass: true) yields no assertion or quote")
      }
    }
    return try classNode(ScalarSet(ranges), negated: negated, start: start)
  }

  private mutating func parseClassAtom() throws(RegexError) -> Escape {
    if peek(0) == 0x5C { return try parseEscape(inClass: true) }
    index += 1
    return .scalar(scalars[index - 1])
  }

  /// `[:name:]` or `[:^name:]`; nil (consuming nothing) when no `:]` follows, so the `[` is a
  /// literal, as in RE2.
  private mutating func parsePosixClass() throws(RegexError) -> ScalarSet? {
    let start = index
    var end = index + 2
    while end + 1 < scalars.count, !(scalars[end] == 0x3A && scalars[end + 1] == 0x5D) { end += 1 }
    guard end + 1 < scalars.count else { return nil }
    let negated = scalars[start + 2] == 0x5E
    let name = text(from: start + (negated ? 3 : 2), to: end)
    guard let set = ScalarSet.posix(Substring(name)) else {
      throw error("invalid character class '\(text(from: start, to: end + 2))'", at: start)
    }
    index = end + 2
    return negated ? set.inverted() : set
  }

  // MARK: Escapes

  private mutating func parseEscape(inClass: Bool) throws(RegexError) -> Escape {
    let start = index
    index += 1
    guard let scalar = peek(0) else { throw error("trailing '\\' at end of pattern", at: start) }
    index += 1
    switch scalar {
    case 0x31...0x37 where peek(0).map(isOctalDigit) ?? false, 0x30:  // \0, \1 to \7 with more digits
      var value = scalar - 0x30
      for _ in 0..<2 {
        guard let digit = peek(0), isOctalDigit(digit) else { break }
        value = value * 8 + digit - 0x30
        index += 1
      }
      return .scalar(value)
    case 0x31...0x39:
      throw error("backreferences are not supported ('\(text(from: start, to: index))')", at: start)
    case 0x78: return .scalar(try parseHexEscape(start: start))  // x
    case 0x61: return .scalar(0x07)  // a
    case 0x66: return .scalar(0x0C)  // f
    case 0x74: return .scalar(0x09)  // t
    case 0x6E: return .scalar(0x0A)  // n
    case 0x72: return .scalar(0x0D)  // r
    case 0x76: return .scalar(0x0B)  // v
    case 0x64: return .set(.perlDigit, negated: false)  // d
    case 0x44: return .set(.perlDigit, negated: true)  // D
    case 0x73: return .set(.perlSpace, negated: false)  // s
    case 0x53: return .set(.perlSpace, negated: true)  // S
    case 0x77: return .set(.perlWord, negated: false)  // w
    case 0x57: return .set(.perlWord, negated: true)  // W
    case 0x70, 0x50: return try parseUnicodeClass(start: start, negated: scalar == 0x50)  // p P
    case 0x41 where !inClass: return .assertion(.beginText)  // A
    case 0x7A where !inClass: return .assertion(.endText)  // z
    case 0x62 where !inClass: return .assertion(.wordBoundary)  // b
    case 0x42 where !inClass: return .assertion(.notWordBoundary)  // B
    case 0x51 where !inClass: return .quote  // Q
    case 0x43: throw error("\\C (any byte) is not supported", at: start)
    case 0x6B, 0x67:  // k g
      throw error("backreferences are not supported ('\(text(from: start, to: index))')", at: start)
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:  // ASCII punctuation is itself
      return .scalar(scalar)
    default:
      throw error("invalid escape sequence '\(text(from: start, to: index))'", at: start)
    }
  }

  private func isOctalDigit(_ scalar: UInt32) -> Bool { (0x30...0x37).contains(scalar) }

  /// `\xHH` or `\x{H…}`, with the index after the `x`.
  private mutating func parseHexEscape(start: Int) throws(RegexError) -> UInt32 {
    func hexValue(_ scalar: UInt32?) -> UInt32? {
      switch scalar {
      case .some(let s) where (0x30...0x39).contains(s): s - 0x30
      case .some(let s) where (0x41...0x46).contains(s): s - 0x41 + 10
      case .some(let s) where (0x61...0x66).contains(s): s - 0x61 + 10
      default: nil
      }
    }
    if peek(0) == 0x7B {  // {
      index += 1
      var value: UInt32 = 0
      var digits = 0
      while let digit = hexValue(peek(0)) {
        value = min(value * 16 + digit, ScalarSet.maxScalar + 1)
        digits += 1
        index += 1
      }
      guard digits > 0, peek(0) == 0x7D else {
        throw error("invalid escape sequence '\(text(from: start, to: index))'", at: start)
      }
      index += 1
      guard value <= ScalarSet.maxScalar else {
        throw error("escape '\(text(from: start, to: index))' is beyond U+10FFFF", at: start)
      }
      return value
    }
    guard let high = hexValue(peek(0)), let low = hexValue(peek(1)) else {
      throw error("invalid escape sequence '\(text(from: start, to: min(index + 2, scalars.count)))'", at: start)
    }
    index += 2
    return high * 16 + low
  }

  /// `\pN`, `\p{Name}`, `\p{^Name}` and their `\P` negations, with the index after `p`.
  private mutating func parseUnicodeClass(start: Int, negated: Bool) throws(RegexError) -> Escape {
    var negated = negated
    let name: String
    if peek(0) == 0x7B {  // {
      guard let close = scalars[index...].firstIndex(of: 0x7D) else {
        throw error("missing '}' in Unicode class '\(text(from: start, to: scalars.count))'", at: start)
      }
      var nameStart = index + 1
      if peek(1) == 0x5E {  // ^
        negated.toggle()
        nameStart += 1
      }
      name = text(from: nameStart, to: close)
      index = close + 1
    } else {
      guard peek(0) != nil else { throw error("missing Unicode class name after '\\p'", at: start) }
      name = text(from: index, to: index + 1)
      index += 1
    }
    guard let set = UnicodeClasses.named(Substring(name)) else {
      throw error("unknown Unicode class '\(text(from: start, to: index))'", at: start)
    }
    return .set(set, negated: negated)
  }

  /// The literal text after `\Q`, up to `\E` or the end of the pattern.
  private mutating func parseQuoted() {
    while let scalar = peek(0) {
      if scalar == 0x5C, peek(1) == 0x45 {  // \E
        index += 2
        return
      }
      index += 1
      appendLiteral(scalar)
    }
  }

  // MARK: Helpers

  private func peek(_ distance: Int) -> UInt32? {
    index + distance < scalars.count ? scalars[index + distance] : nil
  }

  private func text(from start: Int, to end: Int) -> String {
    var text = ""
    for value in scalars[start..<min(end, scalars.count)] {
      text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return text
  }

  private func error(_ message: String, at scalarIndex: Int) -> RegexError {
    RegexError(message, at: offsets[min(scalarIndex, scalars.count)])
  }
}
