/// A value inside the VM: a tag and at most 64 bits of plain data. Strings, lists and maps
/// live in the VM's heap and in the view model's arena and are named here by index, so
/// copying a word never touches a reference count.
enum Word: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  /// A string by id in the VM's string space (see `Heap`).
  case string(Int32)
  /// Bytes by id in the same space.
  case bytes(Int32)
  case list(Int32)
  case map(Int32)
  case type(TypeTag)
  /// A node of the view model, by arena index.
  case node(Int32)
  case argument(Int32)
  case modifier(Int32)
  case property(Int32)
  /// An evaluation error, by index into the heap's error messages.
  case error(Int32)

  var typeTag: TypeTag {
    switch self {
    case .null: .nullType
    case .bool: .bool
    case .int: .int
    case .uint: .uint
    case .double: .double
    case .string: .string
    case .bytes: .bytes
    case .list: .list
    case .map: .map
    case .type: .type
    case .node: .node
    case .argument: .argument
    case .modifier: .modifier
    case .property: .property
    case .error: .nullType
    }
  }

  var isError: Bool {
    if case .error = self { return true }
    return false
  }
}

/// Byte strings stored end to end and named by index: string `i` is
/// `bytes[starts[i]..<starts[i + 1]]`.
struct ByteStore: Sendable {
  private(set) var bytes: [UInt8] = []
  private(set) var starts: [Int32] = [0]

  var count: Int { starts.count - 1 }
  var byteCount: Int { bytes.count }

  @discardableResult
  mutating func append<C: Collection>(_ content: C) -> Int32 where C.Element == UInt8 {
    bytes.append(contentsOf: content)
    starts.append(Int32(truncatingIfNeeded: bytes.count))
    return Int32(starts.count - 2)
  }

  func range(_ index: Int) -> Range<Int> {
    Int(starts[index])..<Int(starts[index + 1])
  }

  func string(_ index: Int) -> String {
    String(decoding: bytes[range(index)], as: UTF8.self)
  }

  func array(_ index: Int) -> [UInt8] { Array(bytes[range(index)]) }

  /// Calls `body` with the bytes of string `index`.
  @inline(__always)
  func withBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let range = range(index)
    return try bytes.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[range]))
    }
  }

  /// Drops every string from `count` on.
  mutating func truncate(to count: Int) {
    guard count < self.count else { return }
    let end = Int(starts[count])
    bytes.removeSubrange(end...)
    starts.removeSubrange((count + 1)...)
  }

  mutating func reserve(bytes byteCount: Int, strings: Int) {
    bytes.reserveCapacity(byteCount)
    starts.reserveCapacity(strings + 1)
  }
}

/// A `ByteStore` whose strings are unique, with a lookup from text to id.
///
/// Keys are the UTF-8 bytes, not `String`s: Swift compares strings by canonical equivalence,
/// while the language compares them code point by code point.
struct StringTable: Sendable {
  private(set) var store = ByteStore()
  private var ids: [[UInt8]: Int32] = [:]

  var count: Int { store.count }

  mutating func intern(_ text: String) -> Int32 {
    intern(bytes: Array(text.utf8))
  }

  mutating func intern(bytes: [UInt8]) -> Int32 {
    if let id = ids[bytes] { return id }
    let id = store.append(bytes)
    ids[bytes] = id
    return id
  }

  func id(of text: String) -> Int32? { ids[Array(text.utf8)] }

  func id(of bytes: [UInt8]) -> Int32? { ids[bytes] }

  func string(_ id: Int32) -> String { store.string(Int(id)) }

  var byteCount: Int { store.byteCount + store.count * 4 }
}
