import Dispatch

/// Work spread over every core with its results in a fixed order, so that what is made from
/// them does not depend on timing: the phases of a lint that used to run on one core (the
/// project's view index, placing findings on linked views, merging the files' reports,
/// writing the JSON report) run on it.
package enum Concurrently {
  /// `body(index)` for every index in `0..<count`, each core taking the next index when it is
  /// done with one; the results in index order. `order`, when given, is the order to start
  /// the indices in (a permutation of them: largest first, so that a large one is not left
  /// for last while the other cores wait).
  package static func map<T: Sendable>(
    _ count: Int, order: [Int]? = nil, _ body: @Sendable (Int) -> T
  ) -> [T] {
    precondition(order.map { $0.count == count } ?? true, "the order is a permutation of the indices")
    guard count > 1 else { return (0..<count).map(body) }
    let slots = Slots<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { position in
      let index = order?[position] ?? position
      slots.store(body(index), at: index)
    }
    return slots.results()
  }

  /// `0..<count` cut into at most `parts` contiguous ranges of nearly equal length, in order
  /// (none when `count` is 0): for work whose items are small, done a range at a time.
  package static func ranges(_ count: Int, parts: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let parts = max(1, min(parts, count))
    return (0..<parts).map { part in (count * part / parts)..<(count * (part + 1) / parts) }
  }

  /// How many ranges to cut small items into: several per core on the machines lint runs on,
  /// so that the cores finish close together even when the ranges' costs differ, and few
  /// enough that combining the ranges' results costs little. Fixed, so the work done is the
  /// same on every machine.
  package static let rangeCount = 16
}

/// Storage for the results of `Concurrently.map`: each index is written once, by the one
/// iteration that owns it, and all are read after every iteration has finished
/// (`concurrentPerform` returns only then), so no two threads touch one slot.
private final class Slots<T: Sendable>: @unchecked Sendable {
  private let base: UnsafeMutablePointer<T?>
  private let count: Int

  init(_ count: Int) {
    self.count = count
    base = .allocate(capacity: count)
    base.initialize(repeating: nil, count: count)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  func store(_ value: T, at index: Int) {
    precondition(index >= 0 && index < count)
    base[index] = value
  }

  func results() -> [T] {
    (0..<count).map { index in
      guard let value = base[index].take() else { preconditionFailure("every index is stored once") }
      return value
    }
  }
}

/// Values each handed to one iteration of a concurrent loop, which takes it out (`take`) and
/// so releases it on its own thread: what is freed after a phase is freed on every core too.
/// Each index is taken at most once, by the one iteration that owns it.
package final class Handoff<T: Sendable>: @unchecked Sendable {
  private let base: UnsafeMutablePointer<T?>
  package let count: Int

  package init(_ values: [T?]) {
    count = values.count
    base = .allocate(capacity: max(1, values.count))
    for (index, value) in values.enumerated() { (base + index).initialize(to: value) }
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// The value at `index`, moved out (nil once taken, or when there was none).
  package func take(_ index: Int) -> T? {
    precondition(index >= 0 && index < count)
    return base[index].take()
  }
}

extension Concurrently {
  /// Frees `value` on another thread: a phase's leftovers (every file's reports once merged)
  /// take millions of instructions to free, which would otherwise be spent on this one. The
  /// caller gives up the value (`consume`), so the block on a global queue drops the last
  /// reference to it.
  package static func release<Value: Sendable>(_ value: consuming Value) {
    Leftovers(value).releaseElsewhere()
  }
}

/// What `Concurrently.release` frees: written only by `drop`, after the caller let go of it.
package final class Leftovers<Value: Sendable>: @unchecked Sendable {
  private var value: Value?

  package init(_ value: consuming Value) { self.value = value }

  /// Frees the value on a global queue; call it once, when nothing else uses the value.
  package func releaseElsewhere() {
    DispatchQueue.global(qos: .utility).async { self.drop() }
  }

  private func drop() { value = nil }
}
