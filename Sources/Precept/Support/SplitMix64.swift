/// A small, fast, seeded random number generator (SplitMix64), so that generated inputs — the
/// benchmark's synthetic screens, the tests' random and mutated cases — are the same on every
/// run and a failing case can be reproduced. Not for anything that needs unpredictability.
package struct SplitMix64: RandomNumberGenerator {
  package var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0 ..< 1.
  package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// A number in 0 ..< bound.
  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One of `options`.
  package mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

  /// True `percent` times in a hundred.
  package mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}
