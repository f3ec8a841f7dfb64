extension String {
  /// Where `needle`'s UTF-8 bytes first occur in the string's, at or after `start`: a byte
  /// scan. Foundation's `range(of:)` and `contains` cost thousands of instructions a call, and
  /// the linker, the tap area and fixes ask this for every node or finding. Bytes are compared
  /// as they are (no Unicode equivalence), which is what the ASCII needles asked for want.
  package func utf8Index(of needle: String, from start: String.Index? = nil) -> String.Index? {
    let bytes = utf8
    let wanted = needle.utf8
    guard let first = wanted.first else { return start ?? bytes.startIndex }
    var index = start ?? bytes.startIndex
    while let hit = bytes[index...].firstIndex(of: first) {
      if bytes[hit...].starts(with: wanted) { return hit }
      index = bytes.index(after: hit)
    }
    return nil
  }

  /// Whether `needle`'s UTF-8 bytes occur in the string's (see `utf8Index(of:from:)`).
  package func utf8Contains(_ needle: String) -> Bool { utf8Index(of: needle) != nil }
}
