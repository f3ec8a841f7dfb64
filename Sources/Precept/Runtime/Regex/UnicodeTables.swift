// The script of a scalar is not public API of the standard library; `_script` is its SPI (the
// one Swift's own Regex uses). Only its equality is relied on: a script is identified by the
// value of a scalar known to belong to it, never by the number itself.
@_spi(_Unicode) import Swift

/// Simple case folding, derived from the standard library's case mappings.
///
/// Scalars that fold together form an *orbit* (`k`, `K`, `K` KELVIN SIGN). Two scalars share
/// an orbit when one is the single-scalar lowercase, uppercase or titlecase mapping of the
/// other; mappings to several scalars (`ß` → `SS`) are full, not simple, foldings and are
/// ignored. The Turkic dotted and dotless i (U+0130, U+0131) fold only under Turkic rules and
/// are left alone, as Unicode's CaseFolding.txt does for its common and simple foldings.
enum CaseFolding {
  /// Every scalar that has an orbit, sorted, with the next member of its orbit (a ring).
  private static let table: (scalars: [UInt32], next: [UInt32]) = build()

  /// Calls `body` with every orbit member of every scalar in `range` (including the scalar).
  static func forEachOrbitMember(in range: ClosedRange<UInt32>, _ body: (UInt32) -> Void) {
    // Building the whole table scans planes 0 and 1 (tens of millions of instructions, at the
    // start of every `precept lint`, whose standard rulesets hold one `(?i)` pattern); ASCII
    // ranges, what patterns almost always fold, are answered from a small table instead.
    if range.upperBound < 0x80 {
      for value in range { asciiOrbits[Int(value)].forEach(body) }
      return
    }
    forEachTableOrbitMember(in: range, body)
  }

  /// The orbit of each ASCII scalar, other members only: the other case of a letter, and the
  /// two non-ASCII scalars that fold to ASCII letters, KELVIN SIGN (U+212A) and LONG S (U+017F).
  /// A test checks it against the full table.
  static let asciiOrbits: [[UInt32]] = (UInt32(0)..<0x80).map { value in
    switch value {
    case 0x4B, 0x6B: [value ^ 0x20, 0x212A]
    case 0x53, 0x73: [value ^ 0x20, 0x17F]
    case 0x41...0x5A, 0x61...0x7A: [value ^ 0x20]
    default: []
    }
  }

  /// `forEachOrbitMember` read from the full table, which is built on first use.
  static func forEachTableOrbitMember(in range: ClosedRange<UInt32>, _ body: (UInt32) -> Void) {
    let (scalars, next) = table
    var low = 0
    var high = scalars.count
    while low < high {
      let mid = (low + high) / 2
      if scalars[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
    }
    var index = low
    while index < scalars.count, scalars[index] <= range.upperBound {
      var member = next[index]
      while member != scalars[index] {
        body(member)
        member = next[indexOf(member, in: scalars)]
      }
      index += 1
    }
  }

  private static func indexOf(_ scalar: UInt32, in scalars: [UInt32]) -> Int {
    var low = 0
    var high = scalars.count
    while low < high {
      let mid = (low + high) / 2
      if scalars[mid] < scalar { low = mid + 1 } else { high = mid }
    }
    return low
  }

  private static func build() -> (scalars: [UInt32], next: [UInt32]) {
    var parent: [UInt32: UInt32] = [:]
    func root(_ value: UInt32) -> UInt32 {
      var value = value
      while let up = parent[value], up != value { value = up }
      return value
    }
    func union(_ a: UInt32, _ b: UInt32) {
      if parent[a] == nil { parent[a] = a }
      if parent[b] == nil { parent[b] = b }
      let (ra, rb) = (root(a), root(b))
      if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
    func single(_ mapping: String) -> UInt32? {
      var scalars = mapping.unicodeScalars.makeIterator()
      guard let first = scalars.next(), scalars.next() == nil else { return nil }
      return first.value
    }
    let turkic: ClosedRange<UInt32> = 0x130...0x131
    // Cased scalars all lie in planes 0 and 1; planes 2 and up hold ideographs, tags and
    // private use, none of which has a case mapping.
    for value in UInt32(0)..<0x2_0000 where !turkic.contains(value) {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
      let properties = scalar.properties
      for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
        if let other = single(mapping), other != value, !turkic.contains(other) { union(value, other) }
      }
    }
    var orbits: [UInt32: [UInt32]] = [:]
    for value in parent.keys { orbits[root(value), default: []].append(value) }
    var pairs: [(UInt32, UInt32)] = []
    for var members in orbits.values {
      members.sort()
      for (index, member) in members.enumerated() {
        pairs.append((member, members[(index + 1) % members.count]))
      }
    }
    pairs.sort { $0.0 < $1.0 }
    return (pairs.map(\.0), pairs.map(\.1))
  }
}

/// Unicode classes by name, as RE2 spells them in `\pL`, `\p{Lu}` and `\p{Greek}`.
enum UnicodeClasses {
  /// The set `\p{name}` denotes, or nil when the name is unknown.
  static func named(_ name: Substring) -> ScalarSet? {
    if name == "Any" { return ScalarSet([0...ScalarSet.maxScalar]) }
    if let set = categoryGroups[String(name)] { return set }
    if let representative = scriptRepresentatives[String(name)] {
      return Scripts.set(containing: representative)
    }
    return nil
  }

  /// The general categories in the order the standard library's enumeration lists them, with
  /// their two-letter names.
  static let categoryNames = [
    "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi",
    "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
  ]

  /// Each name `\p{…}` accepts for general categories, with the scalars it denotes; built on
  /// first use, then shared. As in RE2, the one-letter `C` leaves out unassigned scalars (`Cn`).
  private static let categoryGroups: [String: ScalarSet] = {
    var groups: [String: ScalarSet] = [:]
    for (index, name) in categoryNames.enumerated() {
      let set = GeneralCategories.table[index]
      groups[name] = set
      if name != "Cn" { groups[String(name.prefix(1)), default: ScalarSet()].formUnion(set) }
    }
    return groups
  }()

  /// A scalar of each supported script; the script is whatever the standard library says that
  /// scalar's script is.
  static let scriptRepresentatives: [String: UInt32] = [
    "Arabic": 0x627, "Armenian": 0x531, "Balinese": 0x1B05, "Bengali": 0x985, "Bopomofo": 0x3105,
    "Braille": 0x2800, "Canadian_Aboriginal": 0x1401, "Cherokee": 0x13A0, "Common": 0x21, "Coptic": 0x2C80,
    "Cyrillic": 0x430, "Devanagari": 0x905, "Ethiopic": 0x1200, "Georgian": 0x10D0, "Greek": 0x3B1,
    "Gujarati": 0xA85, "Gurmukhi": 0xA05, "Han": 0x4E00, "Hangul": 0xAC00, "Hebrew": 0x5D0,
    "Hiragana": 0x3042, "Inherited": 0x300, "Javanese": 0xA984, "Kannada": 0xC85, "Katakana": 0x30A2,
    "Khmer": 0x1780, "Lao": 0xE81, "Latin": 0x41, "Malayalam": 0xD05, "Mongolian": 0x1820,
    "Myanmar": 0x1000, "Nko": 0x7CA, "Ogham": 0x1681, "Oriya": 0xB05, "Runic": 0x16A0, "Sinhala": 0xD85,
    "Syriac": 0x710, "Tagalog": 0x1700, "Tamil": 0xB85, "Telugu": 0xC05, "Thaana": 0x780, "Thai": 0xE01,
    "Tibetan": 0xF40, "Tifinagh": 0x2D30, "Yi": 0xA000,
  ]
}

/// The scalars of each general category, computed once from the standard library.
private enum GeneralCategories {
  /// Indexed like `UnicodeClasses.categoryNames`.
  static let table: [ScalarSet] = {
    var ranges = [[ClosedRange<UInt32>]](repeating: [], count: UnicodeClasses.categoryNames.count)
    var runStart: UInt32 = 0
    var runCategory = -1
    func close(before end: UInt32) {
      if runCategory >= 0 { ranges[runCategory].append(runStart...(end - 1)) }
    }
    for value in UInt32(0)...ScalarSet.maxScalar {
      // Surrogates are no scalars; they belong to `Cs`.
      let category = Unicode.Scalar(value).map { index(of: $0.properties.generalCategory) } ?? 27
      if category != runCategory {
        close(before: value)
        runStart = value
        runCategory = category
      }
    }
    close(before: ScalarSet.maxScalar + 1)
    return ranges.map(ScalarSet.init)
  }()

  private static func index(of category: Unicode.GeneralCategory) -> Int {
    switch category {
    case .uppercaseLetter: 0
    case .lowercaseLetter: 1
    case .titlecaseLetter: 2
    case .modifierLetter: 3
    case .otherLetter: 4
    case .nonspacingMark: 5
    case .spacingMark: 6
    case .enclosingMark: 7
    case .decimalNumber: 8
    case .letterNumber: 9
    case .otherNumber: 10
    case .connectorPunctuation: 11
    case .dashPunctuation: 12
    case .openPunctuation: 13
    case .closePunctuation: 14
    case .initialPunctuation: 15
    case .finalPunctuation: 16
    case .otherPunctuation: 17
    case .mathSymbol: 18
    case .currencySymbol: 19
    case .modifierSymbol: 20
    case .otherSymbol: 21
    case .spaceSeparator: 22
    case .lineSeparator: 23
    case .paragraphSeparator: 24
    case .control: 25
    case .format: 26
    case .surrogate: 27
    case .privateUse: 28
    case .unassigned: 29
    @unknown default: 29
    }
  }
}

/// The scalars of each script, computed once from the standard library.
private enum Scripts {
  private static let table: [UInt8: ScalarSet] = {
    var ranges: [UInt8: [ClosedRange<UInt32>]] = [:]
    var runStart: UInt32 = 0
    var runScript: UInt8? = nil
    for value in UInt32(0)...ScalarSet.maxScalar + 1 {
      let script = value <= ScalarSet.maxScalar ? Unicode.Scalar(value)?.properties._script : nil
      if script != runScript {
        if let runScript { ranges[runScript, default: []].append(runStart...(value - 1)) }
        runStart = value
        runScript = script
      }
    }
    return ranges.mapValues(ScalarSet.init)
  }()

  static func set(containing representative: UInt32) -> ScalarSet {
    guard let scalar = Unicode.Scalar(representative) else { return ScalarSet() }
    return table[scalar.properties._script] ?? ScalarSet()
  }
}

extension UnicodeClasses {
  /// The standard library's script identity of a scalar (only compared, never interpreted).
  static func scriptID(of value: UInt32) -> UInt8? { Unicode.Scalar(value)?.properties._script }
}
