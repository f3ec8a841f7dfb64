/// A set of Unicode scalar values as sorted, disjoint, non-adjacent closed ranges: what a
/// character class, a Perl or Unicode class, or a case-folded literal denotes.
///
/// Values are plain `UInt32`s in `0...0x10FFFF`; surrogates may appear inside ranges but never
/// match, since decoded text never contains them.
struct ScalarSet: Sendable, Hashable {
  static let maxScalar: UInt32 = 0x10_FFFF

  /// Sorted, disjoint and non-adjacent once `normalize()` has run.
  private(set) var ranges: [ClosedRange<UInt32>]

  init() { ranges = [] }

  init(_ ranges: [ClosedRange<UInt32>]) {
    self.ranges = ranges
    normalize()
  }

  init(scalar: UInt32) { ranges = [scalar...scalar] }

  var isEmpty: Bool { ranges.isEmpty }

  /// The one scalar in the set, if it has exactly one.
  var singleScalar: UInt32? {
    ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil
  }

  func contains(_ scalar: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].upperBound < scalar {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < ranges.count && ranges[low].contains(scalar)
  }

  mutating func insert(_ range: ClosedRange<UInt32>) {
    ranges.append(range)
    normalize()
  }

  mutating func formUnion(_ other: ScalarSet) {
    ranges.append(contentsOf: other.ranges)
    normalize()
  }

  /// Every scalar not in the set.
  func inverted() -> ScalarSet {
    var result: [ClosedRange<UInt32>] = []
    var next: UInt32 = 0
    for range in ranges {
      if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
      next = range.upperBound + 1
    }
    if next <= Self.maxScalar { result.append(next...Self.maxScalar) }
    var set = ScalarSet()
    set.ranges = result
    return set
  }

  /// The set closed under simple case folding: every scalar that folds to the same scalar as
  /// a member is a member.
  func caseFolded() -> ScalarSet {
    var added: [ClosedRange<UInt32>] = []
    for range in ranges {
      CaseFolding.forEachOrbitMember(in: range) { member in
        if !contains(member) { added.append(member...member) }
      }
    }
    return added.isEmpty ? self : ScalarSet(ranges + added)
  }

  private mutating func normalize() {
    guard ranges.count > 1 else { return }
    ranges.sort { $0.lowerBound < $1.lowerBound }
    var merged: [ClosedRange<UInt32>] = []
    merged.reserveCapacity(ranges.count)
    for range in ranges {
      if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    ranges = merged
  }
}

extension ScalarSet {
  /// `[0-9]`, RE2's ASCII-only `\d`.
  static let perlDigit = ScalarSet([0x30...0x39])
  /// `[\t\n\f\r ]`, RE2's ASCII-only `\s` (no vertical tab).
  static let perlSpace = ScalarSet([0x09...0x0A, 0x0C...0x0D, 0x20...0x20])
  /// `[0-9A-Za-z_]`, RE2's ASCII-only `\w`, also the word characters of `\b`.
  static let perlWord = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])

  /// The ASCII classes of `[[:name:]]`.
  static func posix(_ name: Substring) -> ScalarSet? {
    switch name {
    case "alnum": ScalarSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A])
    case "alpha": ScalarSet([0x41...0x5A, 0x61...0x7A])
    case "ascii": ScalarSet([0x00...0x7F])
    case "blank": ScalarSet([0x09...0x09, 0x20...0x20])
    case "cntrl": ScalarSet([0x00...0x1F, 0x7F...0x7F])
    case "digit": perlDigit
    case "graph": ScalarSet([0x21...0x7E])
    case "lower": ScalarSet([0x61...0x7A])
    case "print": ScalarSet([0x20...0x7E])
    case "punct": ScalarSet([0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E])
    case "space": ScalarSet([0x09...0x0D, 0x20...0x20])
    case "upper": ScalarSet([0x41...0x5A])
    case "word": perlWord
    case "xdigit": ScalarSet([0x30...0x39, 0x41...0x46, 0x61...0x66])
    default: nil
    }
  }
}
