/// The instruction set of a compiled pattern: a Thompson NFA laid out as a program, run by
/// `RegexProgram.matches` (see RegexMatcher.swift).
///
/// | opcode          | a              | b       | does                                           |
/// |-----------------|----------------|---------|------------------------------------------------|
/// | `scalar`        | scalar value   | –       | consumes that scalar                           |
/// | `set`           | set index      | –       | consumes a scalar in the set                   |
/// | `any`           | –              | –       | consumes any scalar                            |
/// | `anyButNewline` | –              | –       | consumes any scalar but `\n`                   |
/// | `split`         | target         | target  | continues at both targets                      |
/// | `jump`          | target         | –       | continues at the target                        |
/// | `assert`        | assertion bits | –       | continues at the next instruction if they hold |
/// | `match`         | –              | –       | the pattern has matched                        |
enum RegexOpcode: UInt8, Sendable {
  case scalar, set, any, anyButNewline, split, jump, assert, match
}

/// One instruction; see `RegexOpcode` for what its operands mean.
struct RegexInstruction: Sendable, Equatable {
  var opcode: RegexOpcode
  var a: Int32
  var b: Int32

  init(_ opcode: RegexOpcode, _ a: Int32 = 0, _ b: Int32 = 0) {
    self.opcode = opcode
    self.a = a
    self.b = b
  }
}

/// A compiled pattern: instructions plus its character classes in flat arrays, so the matcher
/// touches no nested arrays or reference counts.
struct RegexProgram: Sendable {
  var instructions: [RegexInstruction] = []
  /// Two words per set: bit `c` of the pair says whether ASCII scalar `c` is in the set.
  var setASCII: [UInt64] = []
  /// Set `i`'s ranges are `setRanges[setBounds[i] ..< setBounds[i + 1]]`, as lower and upper
  /// bounds in alternation.
  var setBounds: [Int32] = [0]
  var setRanges: [UInt32] = []
  /// Every match starts at the beginning of the text (the pattern begins with `\A` or `^`).
  var anchoredAtStart = false
  /// The union of the `RegexAssertion` bits the program tests: the context the matcher must
  /// track (only looking at neighbouring scalars when a line or word assertion needs it).
  var assertions: UInt8 = 0
  /// The bytes a match can start with, when that is known and narrower than "anything": the
  /// matcher skips ahead to one of them whenever no match is under way.
  var firstBytes: ByteSet?

  mutating func addSet(_ set: ScalarSet) -> Int32 {
    var low: UInt64 = 0
    var high: UInt64 = 0
    for range in set.ranges where range.lowerBound < 128 {
      for value in range.lowerBound...min(range.upperBound, 127) {
        if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
      }
    }
    setASCII.append(low)
    setASCII.append(high)
    for range in set.ranges {
      setRanges.append(range.lowerBound)
      setRanges.append(range.upperBound)
    }
    setBounds.append(Int32(setRanges.count))
    return Int32(setBounds.count - 2)
  }
}

/// A set of bytes as a 256-bit map.
struct ByteSet: Sendable, Equatable {
  var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
    lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
      && lhs.words.3 == rhs.words.3
  }

  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }

  mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  var count: Int {
    words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
  }
}
