// Recognising keywords without making Strings: a word of up to 16 bytes is packed into two
// integers and looked up in a small open-addressing table built once.

enum KeywordTable {
  private struct Entry {
    var low: UInt64
    var high: UInt64
    var length: Int
    var keyword: Keyword
  }

  private static let size = 256

  private static let words: [(String, Keyword)] = [
    ("if", .kIf), ("else", .kElse), ("switch", .kSwitch), ("case", .kCase), ("default", .kDefault),
    ("for", .kFor), ("in", .kIn), ("while", .kWhile), ("repeat", .kRepeat), ("guard", .kGuard), ("do", .kDo),
    ("catch", .kCatch), ("return", .kReturn), ("throw", .kThrow), ("defer", .kDefer), ("break", .kBreak),
    ("continue", .kContinue), ("fallthrough", .kFallthrough), ("where", .kWhere), ("try", .kTry),
    ("await", .kAwait), ("true", .kTrue), ("false", .kFalse), ("nil", .kNil), ("self", .kSelf),
    ("Self", .kSelfType), ("super", .kSuper), ("is", .kIs), ("as", .kAs), ("some", .kSome), ("any", .kAny),
    ("let", .kLet), ("var", .kVar), ("func", .kFunc), ("init", .kInit), ("deinit", .kDeinit),
    ("subscript", .kSubscript), ("struct", .kStruct), ("class", .kClass), ("enum", .kEnum), ("actor", .kActor),
    ("extension", .kExtension), ("protocol", .kProtocol), ("typealias", .kTypealias),
    ("associatedtype", .kAssociatedtype), ("import", .kImport), ("operator", .kOperator),
    ("precedencegroup", .kPrecedencegroup), ("macro", .kMacro), ("static", .kStatic), ("public", .kPublic),
    ("private", .kPrivate), ("fileprivate", .kFileprivate), ("internal", .kInternal), ("open", .kOpen),
    ("package", .kPackage), ("final", .kFinal), ("override", .kOverride), ("mutating", .kMutating),
    ("nonmutating", .kNonmutating), ("lazy", .kLazy), ("weak", .kWeak), ("unowned", .kUnowned),
    ("optional", .kOptional), ("required", .kRequired), ("convenience", .kConvenience), ("dynamic", .kDynamic),
    ("prefix", .kPrefix), ("postfix", .kPostfix), ("infix", .kInfix), ("indirect", .kIndirect),
    ("nonisolated", .kNonisolated), ("isolated", .kIsolated), ("consuming", .kConsuming),
    ("borrowing", .kBorrowing), ("distributed", .kDistributed), ("get", .kGet), ("set", .kSet),
    ("willSet", .kWillSet), ("didSet", .kDidSet),
  ]

  private static let directives: [(String, Keyword)] = [
    ("if", .poundIf), ("elseif", .poundElseif), ("else", .poundElse), ("endif", .poundEndif),
    ("Preview", .poundPreview),
  ]

  private static let table: [Entry] = build(words)
  private static let directiveTable: [Entry] = build(directives)

  private static func build(_ list: [(String, Keyword)]) -> [Entry] {
    var table = [Entry](repeating: Entry(low: 0, high: 0, length: 0, keyword: .none), count: size)
    for (word, keyword) in list {
      let bytes = Array(word.utf8)
      let (low, high) = bytes.withUnsafeBufferPointer { pack($0, 0, $0.count) }
      var slot = hash(low, high, bytes.count)
      while table[slot].length != 0 { slot = (slot + 1) & (size - 1) }
      table[slot] = Entry(low: low, high: high, length: bytes.count, keyword: keyword)
    }
    return table
  }

  @inline(__always)
  private static func pack(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (UInt64, UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var index = start
    var shift: UInt64 = 0
    while index < end, index < start + 8 {
      low |= UInt64(text[index]) << shift
      shift += 8
      index += 1
    }
    shift = 0
    while index < end {
      high |= UInt64(text[index]) << shift
      shift += 8
      index += 1
    }
    return (low, high)
  }

  @inline(__always) private static func hash(_ low: UInt64, _ high: UInt64, _ length: Int) -> Int {
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 56) & (size - 1)
  }

  private static func find(
    _ table: [Entry], _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) -> Keyword {
    let length = end - start
    guard length >= 2, length <= 16 else { return .none }
    let (low, high) = pack(text, start, end)
    var slot = hash(low, high, length)
    return table.withUnsafeBufferPointer { entries in
      while true {
        let entry = entries[slot]
        if entry.length == 0 { return .none }
        if entry.low == low, entry.high == high, entry.length == length { return entry.keyword }
        slot = (slot + 1) & (size - 1)
      }
    }
  }

  /// The keyword spelled by `text[start..<end]`, or `.none`.
  @inline(__always)
  static func lookup(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
    // Every keyword but `Self` starts with a lower-case letter.
    let first = text[start]
    guard first >= UInt8(ascii: "a") || first == UInt8(ascii: "S") else { return .none }
    return find(table, text, start, end)
  }

  /// The compiler directive or macro spelled after a `#`, or `.none`.
  static func directive(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
    find(directiveTable, text, start, end)
  }
}
