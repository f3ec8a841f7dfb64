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

  /// Calls `body` with the string's UTF-8 bytes: in place where the string lends them (native
  /// and small strings: all the reader's), else from a native copy. `withUTF8` needs a
  /// mutable copy, which costs a retain and a release even when it changes nothing.
  package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }

  /// Whether `needle`'s UTF-8 bytes occur in the string's (see `utf8Index(of:from:)`).
  package func utf8Contains(_ needle: String) -> Bool {
    // Over the bytes in place where both strings lend them (native and small strings): the
    // generic scan of `utf8Index(of:from:)` costs several times as many instructions a byte.
    let found = utf8.withContiguousStorageIfAvailable { text in
      needle.utf8.withContiguousStorageIfAvailable { UTF8Search.contains(text, $0) }
    }
    if let found, let found { return found }
    return utf8Index(of: needle) != nil
  }
}

/// Byte searches over contiguous UTF-8.
package enum UTF8Search {
  /// Whether `needle` occurs in `text`, byte for byte (an empty needle always does).
  package static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= text.count else { return false }
    var index = 0
    let last = text.count - needle.count
    while index <= last {
      if text[index] == first {
        var offset = 1
        while offset < needle.count, text[index + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      index += 1
    }
    return false
  }
}
