/// Everything a VM's words point into: strings, lists, maps and error messages.
///
/// The string space has three parts: the view model's interned strings, then "extras" (the
/// program's constants and bound data that the model lacks, interned too), then scratch
/// strings made during one evaluation. Interned strings are unique, so two interned strings are
/// equal exactly when their ids are. Everything made during an evaluation is dropped by
/// `reset()`, which keeps the arrays' capacity: after warming up, evaluation allocates nothing.
struct Heap {
  let model: ViewModel
  let modelStringCount: Int32
  private(set) var extras = StringTable()
  private(set) var scratch = ByteStore()
  private(set) var scratchBase: Int32

  private(set) var lists: [ListRecord] = []
  private(set) var elements: [Word] = []
  private(set) var maps: [MapRecord] = []
  private(set) var mapKeys: [Word] = []
  private(set) var mapValues: [Word] = []
  private(set) var errors: [String] = []

  /// What `reset()` keeps: lists, maps and errors made while binding data.
  private var persistentLists = 0
  private var persistentElements = 0
  private var persistentMaps = 0
  private var persistentEntries = 0
  private var persistentErrors = 0

  /// Words and bytes made in the current evaluation, charged against its budget.
  private(set) var allocated = 0

  init(model: ViewModel) {
    self.model = model
    self.modelStringCount = Int32(model.strings.count)
    self.scratchBase = modelStringCount
  }

  // MARK: Strings

  /// Interns a string or bytes constant; only between evaluations.
  mutating func intern(_ bytes: [UInt8]) -> Int32 {
    if let id = model.strings.id(of: bytes) { return id }
    let id = modelStringCount + extras.intern(bytes: bytes)
    scratchBase = modelStringCount + Int32(extras.count)
    return id
  }

  /// Whether a string id is interned (so equal interned ids mean equal strings).
  @inline(__always) func isInterned(_ id: Int32) -> Bool { id < scratchBase }

  @inline(__always)
  func withBytes<R>(_ id: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if id < modelStringCount { return try model.strings.store.withBytes(Int(id), body) }
    if id < scratchBase { return try extras.store.withBytes(Int(id - modelStringCount), body) }
    return try scratch.withBytes(Int(id - scratchBase), body)
  }

  func byteCount(_ id: Int32) -> Int { withBytes(id) { $0.count } }

  func string(_ id: Int32) -> String { withBytes(id) { String(decoding: $0, as: UTF8.self) } }

  func bytes(_ id: Int32) -> [UInt8] { withBytes(id) { Array($0) } }

  /// Stores a string made during evaluation.
  mutating func makeString<C: Collection>(_ content: C) -> Int32 where C.Element == UInt8 {
    allocated += content.count / 16 + 1
    return scratchBase + scratch.append(content)
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

  /// A list of values read from `count` consecutive words in memory (the VM's stack).
  mutating func makeList(from pointer: UnsafePointer<Word>, count: Int) -> Int32 {
    makeList(UnsafeBufferPointer(start: pointer, count: count))
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
    scratch.truncate(to: 0)
  }

  /// Drops everything the last evaluation made.
  mutating func reset() {
    scratch.truncate(to: 0)
    if lists.count > persistentLists { lists.removeSubrange(persistentLists...) }
    if elements.count > persistentElements { elements.removeSubrange(persistentElements...) }
    if maps.count > persistentMaps { maps.removeSubrange(persistentMaps...) }
    if mapKeys.count > persistentEntries {
      mapKeys.removeSubrange(persistentEntries...)
      mapValues.removeSubrange(persistentEntries...)
    }
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
    case .members: return .node(model.members[position])
    case .nodeSpan: return .node(Int32(position))
    case .arguments: return .argument(Int32(position))
    case .modifiers: return .modifier(Int32(position))
    case .properties: return .property(Int32(position))
    }
  }

  func mapRecord(_ map: Int32) -> MapRecord { maps[Int(map)] }
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
