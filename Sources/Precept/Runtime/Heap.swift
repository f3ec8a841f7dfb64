/// Everything a VM's words point into: strings, lists, maps and error messages.
///
/// The string space has three parts: the view model's interned strings, then "extras" (the
/// program's constants, then bound data that the model lacks, interned too), then scratch
/// strings made during one evaluation. Interned strings are unique, so two interned strings are
/// equal exactly when their ids are: a string is always looked up in the model first, so an
/// extras entry that the model also holds (the program's table is copied whole) is never used.
/// Everything made during an evaluation is dropped by `reset()`, which keeps the memory: after
/// warming up, evaluation allocates nothing.
///
/// Storage is `RawArray`s, which the owning VM frees with `deallocate()`; copying a heap copies
/// a few words and never touches a reference count.
struct Heap {
  let model: ViewModel
  let modelStringCount: Int32
  private(set) var extras = InternTable()
  private var scratchBytes = RawArray<UInt8>(capacity: 1024)
  private var scratchStarts = RawArray<Int32>(capacity: 64)
  private(set) var scratchBase: Int32

  private(set) var lists = RawArray<ListRecord>(capacity: 64)
  private(set) var elements = RawArray<Word>(capacity: 256)
  private(set) var maps = RawArray<MapRecord>(capacity: 16)
  private(set) var mapKeys = RawArray<Word>(capacity: 64)
  private(set) var mapValues = RawArray<Word>(capacity: 64)
  private(set) var errors: [String] = []

  /// What `reset()` keeps: lists, maps and errors made while binding data.
  private var persistentLists = 0
  private var persistentElements = 0
  private var persistentMaps = 0
  private var persistentEntries = 0
  private var persistentErrors = 0

  /// Words and bytes made in the current evaluation, charged against its budget.
  private(set) var allocated = 0

  /// Counts `words` more as made in this evaluation: what a call the VM's memo answered would
  /// have made.
  mutating func count(allocated words: Int) { allocated &+= words }

  /// The model's member indices, read directly by `element` (the VM keeps the model alive).
  private let members: UnsafeBufferPointer<Int32>
  /// The string ids of the model's accessibility lists (traits, interactions).
  private let layerLists: UnsafeBufferPointer<Int32>
  private let expressionMembers: UnsafeBufferPointer<Int32>
  private let doubles: UnsafeBufferPointer<Double>

  init(model: ViewModel) {
    self.model = model
    self.members = model.members
    self.layerLists = model.layerLists
    self.expressionMembers = model.expressionMembers
    self.doubles = model.doubles
    self.modelStringCount = Int32(model.strings.count)
    self.scratchBase = modelStringCount
    scratchStarts.append(0)
  }

  func deallocate() {
    extras.deallocate()
    scratchBytes.deallocate()
    scratchStarts.deallocate()
    lists.deallocate()
    elements.deallocate()
    maps.deallocate()
    mapKeys.deallocate()
    mapValues.deallocate()
  }

  // MARK: Strings

  /// Interns a string or bytes constant; only between evaluations.
  mutating func intern(_ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBufferPointer { intern($0) }
  }

  mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let hash = InternTable.hash(bytes)
    if let id = model.strings.find(bytes, hash: hash) { return id }
    let id = modelStringCount + extras.intern(bytes, hash: hash)
    scratchBase = modelStringCount + Int32(extras.count)
    return id
  }

  /// The interned id of `bytes` when the model or the extras already hold it, else nil; unlike
  /// `intern`, it adds nothing, so it is safe after `markPersistent` and between scratch strings.
  func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    let hash = InternTable.hash(bytes)
    if let id = model.strings.find(bytes, hash: hash) { return id }
    return extras.find(bytes, hash: hash).map { modelStringCount + $0 }
  }

  /// Starts the extras as a copy of a program's interned constants (`Linkage.strings`), before
  /// anything else is interned.
  mutating func startExtras(copying strings: InternTable) {
    precondition(extras.count == 0, "the extras start as the program's strings")
    extras.deallocate()
    extras = strings.copy()
    scratchBase = modelStringCount + Int32(extras.count)
  }

  /// The id of the program's string `index` (in the table given to `startExtras`): the model's
  /// id when the model has the string, so interned ids stay unique, else its extras id.
  mutating func linkedString(_ index: Int32, hash: UInt64) -> Int32 {
    model.strings.find(extras.string(index), hash: hash) ?? modelStringCount + index
  }

  /// A program's constant (`Linkage.Item`) as a word of this heap: strings and bytes by their
  /// id here (`linkedString`), lists made in the heap; `hashes` are `Linkage.hashes`.
  mutating func link(_ item: Linkage.Item, hashes: UnsafeBufferPointer<UInt64>) -> Word {
    switch item {
    case .word(let word): return word
    case .string(let index): return .string(linkedString(index, hash: hashes[Int(index)]))
    case .bytes(let index): return .bytes(linkedString(index, hash: hashes[Int(index)]))
    case .list(let items) where !items.contains(where: \.isList):
      // Flat (most list constants): linked straight into the heap's elements, with no array
      // made and freed per constant and VM.
      let start = Int32(elements.count)
      for item in items { elements.append(link(item, hashes: hashes)) }
      allocated += items.count
      return .list(makeList(.values, start: start, count: Int32(items.count)))
    case .list(let elements):
      var words: [Word] = []
      words.reserveCapacity(elements.count)
      for element in elements { words.append(link(element, hashes: hashes)) }
      return .list(makeList(words))
    }
  }

  /// Whether a string id is interned (so equal interned ids mean equal strings).
  @inline(__always) func isInterned(_ id: Int32) -> Bool { id < scratchBase }

  /// The bytes of string `id`: valid until the next string is made.
  @inline(__always)
  func bytes(_ id: Int32) -> UnsafeBufferPointer<UInt8> {
    if id < modelStringCount { return model.strings.string(id) }
    if id < scratchBase { return extras.string(id - modelStringCount) }
    let index = Int(id - scratchBase)
    let start = Int(scratchStarts[index])
    return scratchBytes.slice(start, Int(scratchStarts[index + 1]) - start)
  }

  func string(_ id: Int32) -> String { String(decoding: bytes(id), as: UTF8.self) }

  func array(_ id: Int32) -> [UInt8] { Array(bytes(id)) }

  /// Stores a string made during evaluation.
  mutating func makeString<C: Collection>(_ content: C) -> Int32 where C.Element == UInt8 {
    allocated += content.count / 16 + 1
    scratchBytes.append(contentsOf: content)
    scratchStarts.append(Int32(truncatingIfNeeded: scratchBytes.count))
    return scratchBase + Int32(scratchStarts.count - 2)
  }

  /// Stores the concatenation of strings `a` and `b` (either may be a scratch string).
  mutating func concatenate(_ a: Int32, _ b: Int32) -> Int32 {
    let total = bytes(a).count + bytes(b).count
    allocated += total / 16 + 1
    scratchBytes.reserve(total)  // the views below stay valid while appending
    scratchBytes.append(copying: bytes(a), reserved: true)
    scratchBytes.append(copying: bytes(b), reserved: true)
    scratchStarts.append(Int32(truncatingIfNeeded: scratchBytes.count))
    return scratchBase + Int32(scratchStarts.count - 2)
  }

  /// Stores string `id` with its ASCII letters in upper or lower case.
  mutating func makeASCIICase(_ id: Int32, upper: Bool) -> Int32 {
    let count = bytes(id).count
    allocated += count / 16 + 1
    scratchBytes.reserve(count)  // the view below stays valid while appending
    let source = bytes(id)
    let start = scratchBytes.count
    scratchBytes.append(copying: source, reserved: true)
    for index in start..<start + count { scratchBytes[index] = changingASCIICase(scratchBytes[index], upper: upper) }
    scratchStarts.append(Int32(truncatingIfNeeded: scratchBytes.count))
    return scratchBase + Int32(scratchStarts.count - 2)
  }

  // MARK: Lists and maps

  mutating func makeList(_ kind: ListKind, start: Int32, count: Int32) -> Int32 {
    lists.append(ListRecord(kind: kind, start: start, count: count))
    allocated += 1
    return Int32(lists.count - 1)
  }

  mutating func makeList<C: Collection>(_ values: C) -> Int32 where C.Element == Word {
    let start = Int32(elements.count)
    elements.append(contentsOf: values)
    allocated += values.count
    return makeList(.values, start: start, count: Int32(values.count))
  }

  mutating func makeMap(keys: UnsafeBufferPointer<Word>, values: UnsafeBufferPointer<Word>) -> Int32 {
    let start = Int32(mapKeys.count)
    mapKeys.append(contentsOf: keys)
    mapValues.append(contentsOf: values)
    maps.append(MapRecord(start: start, count: Int32(keys.count)))
    allocated += keys.count * 2 + 1
    return Int32(maps.count - 1)
  }

  mutating func makeError(_ message: String) -> Word {
    errors.append(message)
    return .error(Int32(errors.count - 1))
  }

  func errorMessage(_ index: Int32) -> String { errors[Int(index)] }

  /// Keeps everything made so far across `reset()` (bound data).
  mutating func markPersistent() {
    persistentLists = lists.count
    persistentElements = elements.count
    persistentMaps = maps.count
    persistentEntries = mapKeys.count
    persistentErrors = errors.count
    scratchBytes.truncate(to: 0)
    scratchStarts.truncate(to: 1)
    allocated = 0
  }

  /// Drops everything the last evaluation made.
  @inline(__always)
  mutating func reset() {
    guard allocated > 0 || errors.count > persistentErrors else { return }
    scratchBytes.truncate(to: 0)
    scratchStarts.truncate(to: 1)
    lists.truncate(to: persistentLists)
    elements.truncate(to: persistentElements)
    maps.truncate(to: persistentMaps)
    mapKeys.truncate(to: persistentEntries)
    mapValues.truncate(to: persistentEntries)
    if errors.count > persistentErrors { errors.removeSubrange(persistentErrors...) }
    allocated = 0
  }

  // MARK: Element access

  @inline(__always) func count(_ list: Int32) -> Int { Int(lists[Int(list)].count) }

  @inline(__always)
  func element(_ list: Int32, _ index: Int) -> Word {
    let record = lists[Int(list)]
    let position = Int(record.start) + index
    switch record.kind {
    case .values: return elements[position]
    case .members: return .node(members[position])
    case .nodeSpan: return .node(Int32(position))
    case .arguments: return .argument(Int32(position))
    case .modifiers: return .modifier(Int32(position))
    case .properties: return .property(Int32(position))
    case .layerStrings: return .string(layerLists[position])
    case .expressionMembers: return .expression(expressionMembers[position])
    case .expressionSpan: return .expression(Int32(position))
    case .doubles: return .double(doubles[position])
    }
  }

  /// Whether `node` is in a list of nodes taken from the model (children, slot members,
  /// descendants), and the elements looked at; nil for other lists. Descendants are a span of
  /// the preorder, and every range of `members` is in preorder (`ViewModelBuilder` appends a
  /// node's children as it numbers them), so the answer takes a comparison or a binary search:
  /// rules that ask "is this node in that menu's content?" of every command stay linear.
  func position(ofNode node: Int32, in list: Int32) -> (found: Bool, probes: Int)? {
    let record = lists[Int(list)]
    switch record.kind {
    case .nodeSpan:
      return (node >= record.start && node - record.start < record.count, 1)
    case .members:
      var low = Int(record.start)
      var high = low + Int(record.count)
      var probes = 1
      while low < high {
        let middle = (low + high) / 2
        if members[middle] < node { low = middle + 1 } else { high = middle }
        probes += 1
      }
      return (low < Int(record.start) + Int(record.count) && members[low] == node, probes)
    default:
      return nil
    }
  }

  @inline(__always) func mapRecord(_ map: Int32) -> MapRecord { maps[Int(map)] }

  /// Where the key with string id `key` is in `map`, found by id alone, and how many keys were
  /// looked at; nil when no key has that id (the key may still be there as an equal string
  /// that is not interned: `VM.lookup` decides).
  @inline(__always)
  func positionOfInternedKey(_ key: Int32, in map: Int32) -> (index: Int, probes: Int)? {
    let record = maps[Int(map)]
    let start = Int(record.start)
    for index in start..<start + Int(record.count) {
      if case .string(let id) = mapKeys[index], id == key { return (index, index - start + 1) }
    }
    return nil
  }
  @inline(__always) func mapKey(_ index: Int) -> Word { mapKeys[index] }
  @inline(__always) func mapValue(_ index: Int) -> Word { mapValues[index] }
}

/// What a list word's elements are.
enum ListKind: UInt8, Sendable {
  /// Words in the heap's `elements`.
  case values
  /// Node indices in the model's `members` (children, slot members).
  case members
  /// The nodes `start ..< start + count` (descendants).
  case nodeSpan
  /// Consecutive records of the model's tables.
  case arguments, modifiers, properties
  /// String ids in the model's `layerLists` (a node's traits or interactions).
  case layerStrings
  /// Expression indices in the model's `expressionMembers` (statements, parts, elements).
  case expressionMembers
  /// The expressions `start ..< start + count` (an expression's descendants).
  case expressionSpan
  /// Numbers in the model's `doubles` (colour components).
  case doubles
}

struct ListRecord: Sendable {
  var kind: ListKind
  var start: Int32
  var count: Int32
}

struct MapRecord: Sendable {
  var start: Int32
  var count: Int32
}
