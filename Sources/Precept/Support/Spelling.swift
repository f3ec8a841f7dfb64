/// "Did you mean …?" suggestions for misspelt names, options and commands.
package enum Spelling {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a typo.
  package static func closest(_ word: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(word, candidate)
      if distance <= max(1, min(word.count, candidate.count) / 3), distance < (best?.1 ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// Edit distance over Unicode scalars, where swapping two neighbours is one edit (the
  /// commonest typo: `mneu` for `menu`), as are an insertion, a deletion and a replacement.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
