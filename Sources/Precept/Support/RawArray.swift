#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two byte strings are equal, compared with `memcmp`. Strings of one length most
/// often differ in their first byte (`startsWith("Delete")` of a menu's titles), which is
/// compared here without the call.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  guard a.count == b.count else { return false }
  guard a.count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
  guard x.pointee == y.pointee else { return false }
  return a.count == 1 || memcmp(x + 1, y + 1, a.count - 1) == 0
}

/// `byte` with an ASCII letter changed to upper case (`upper`) or lower case: what
/// `lowerAscii` and `upperAscii` change, and nothing else.
@inline(__always)
func changingASCIICase(_ byte: UInt8, upper: Bool) -> UInt8 {
  if upper { return byte &- 0x61 < 26 ? byte &- 32 : byte }
  return byte &- 0x41 < 26 ? byte &+ 32 : byte
}

/// Whether `a` with its ASCII letters changed to upper case (`upper`) or lower case is `b`, two
/// buffers of the same length.
func asciiCaseChangedEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, upper: Bool) -> Bool {
  for index in 0..<a.count where changingASCIICase(a[index], upper: upper) != b[index] { return false }
  return true
}

/// A growable array of plain-data elements in memory its owner frees with `deallocate()`.
///
/// The VM's heap and the view-model arena keep their data in these rather than in Swift
/// arrays: reading or writing an element never touches a reference count or an exclusivity
/// check, and copying the struct copies three words. The price is manual ownership — exactly
/// one owner calls `deallocate()`, in its `deinit` — so these never leave the types that own
/// them except as `UnsafeBufferPointer` views.
struct RawArray<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int = 16) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  /// A copy of `elements`, exactly sized.
  init<C: Collection>(_ elements: C) where C.Element == Element {
    self.init(capacity: elements.count)
    append(contentsOf: elements)
  }

  /// A copy of the memory `source` views, exactly sized.
  init(copying source: UnsafeBufferPointer<Element>) {
    self.init(capacity: source.count)
    append(copying: source, reserved: true)
  }

  func deallocate() { base.deallocate() }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      assert(index >= 0 && index < count, "RawArray index out of range")
      return base[index]
    }
    set {
      assert(index >= 0 && index < count, "RawArray index out of range")
      base[index] = newValue
    }
  }

  var isEmpty: Bool { count == 0 }

  /// The bytes the array's memory takes: its capacity, not only its count.
  var allocatedBytes: Int { capacity * MemoryLayout<Element>.stride }

  /// A view of the elements; valid until the array grows or is deallocated.
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// A view of some elements; valid until the array grows or is deallocated.
  @inline(__always)
  func slice(_ start: Int, _ length: Int) -> UnsafeBufferPointer<Element> {
    assert(start >= 0 && length >= 0 && start + length <= count, "RawArray slice out of range")
    return UnsafeBufferPointer(start: base + start, count: length)
  }

  /// Makes room for `additional` more elements, so views taken now stay valid while they are
  /// appended.
  @inline(__always)
  mutating func reserve(_ additional: Int) {
    if count + additional > capacity { grow(to: count + additional) }
  }

  private mutating func grow(to minimum: Int) {
    var newCapacity = capacity * 2
    while newCapacity < minimum { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    bigger.initialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: count + 1) }
    (base + count).initialize(to: element)
    count += 1
  }

  mutating func append<C: Collection>(contentsOf elements: C) where C.Element == Element {
    reserve(elements.count)
    var index = count
    for element in elements {
      (base + index).initialize(to: element)
      index += 1
    }
    count = index
  }

  /// Appends a copy of memory that may lie inside this array: room is made first, then copied.
  mutating func append(copying source: UnsafeBufferPointer<Element>, reserved: Bool) {
    precondition(reserved || count + source.count <= capacity, "reserve before appending a view of this array")
    guard let start = source.baseAddress else { return }
    (base + count).initialize(from: start, count: source.count)
    count += source.count
  }

  /// Drops the elements from `newCount` on, keeping the memory.
  @inline(__always)
  mutating func truncate(to newCount: Int) {
    if newCount < count { count = max(0, newCount) }
  }
}

/// Strings stored end to end and named by index, each unique, with an open-addressing hash
/// index for interning. String `i` is `bytes[starts[i] ..< starts[i + 1]]`. Keys are bytes:
/// equal ids mean equal code points (Swift's `String ==` would merge canonically equivalent
/// strings, which the language keeps apart).
struct InternTable {
  private(set) var bytes = RawArray<UInt8>(capacity: 256)
  private(set) var starts = RawArray<Int32>(capacity: 32)
  /// Slots of the hash index: a string id, or −1 for empty. The size is a power of two.
  private var slots = RawArray<Int32>(capacity: 64)

  init() {
    starts.append(0)
    for _ in 0..<64 { slots.append(-1) }
  }

  func deallocate() {
    bytes.deallocate()
    starts.deallocate()
    slots.deallocate()
  }

  var count: Int { starts.count - 1 }
  /// The bytes the table's three buffers hold, by their capacity.
  var allocatedBytes: Int { bytes.allocatedBytes + starts.allocatedBytes + slots.allocatedBytes }

  @inline(__always)
  func string(_ id: Int32) -> UnsafeBufferPointer<UInt8> {
    let start = Int(starts[Int(id)])
    return bytes.slice(start, Int(starts[Int(id) + 1]) - start)
  }

  static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    // FNV-1a: short strings dominate, and this needs no setup.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// The id of `text`, if it is in the table.
  func find(_ text: UnsafeBufferPointer<UInt8>) -> Int32? {
    find(text, hash: InternTable.hash(text))
  }

  /// The id of `text`, whose ``hash(_:)`` is `hash`, if it is in the table.
  func find(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let id = slots[slot]
      if id < 0 { return nil }
      if bytesEqual(string(id), text) { return id }
      slot = (slot + 1) & mask
    }
  }

  func find(_ text: String) -> Int32? { text.withUTF8Bytes { find($0) } }

  /// The id of `text`, adding it if it is new.
  mutating func intern(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
    intern(text, hash: InternTable.hash(text))
  }

  /// The id of `text`, whose ``hash(_:)`` is `hash`, adding it if it is new.
  mutating func intern(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32 {
    if let id = find(text, hash: hash) { return id }
    if (count + 1) * 2 > slots.count { rehash(slots.count * 2) }
    let id = Int32(count)
    bytes.append(contentsOf: text)
    starts.append(Int32(truncatingIfNeeded: bytes.count))
    insert(id, hash: hash)
    return id
  }

  mutating func intern(_ text: String) -> Int32 { text.withUTF8Bytes { intern($0) } }

  mutating func intern(_ text: [UInt8]) -> Int32 {
    text.withUnsafeBufferPointer { intern($0) }
  }

  /// An independent copy (its owner frees it with `deallocate()`).
  func copy() -> InternTable {
    InternTable(
      bytes: RawArray(copying: bytes.buffer), starts: RawArray(copying: starts.buffer),
      slots: RawArray(copying: slots.buffer))
  }

  private init(bytes: RawArray<UInt8>, starts: RawArray<Int32>, slots: RawArray<Int32>) {
    self.bytes = bytes
    self.starts = starts
    self.slots = slots
  }

  private mutating func insert(_ id: Int32, hash: UInt64? = nil) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ?? InternTable.hash(string(id))) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = id
  }

  private mutating func rehash(_ size: Int) {
    slots.truncate(to: 0)
    slots.reserve(size)
    for _ in 0..<size { slots.append(-1) }
    for id in 0..<Int32(count) { insert(id) }
  }
}
