// How the arena stores its expression records: `ExpressionRecord`'s fields in 24 bytes, where a
// name and a string share eight bytes with a number. No form the SwiftUI reader writes has a
// number and a name or string (numbers and bools have only the number); a document that gives
// one anyway keeps its number in a sorted side list, so nothing it says is lost.

/// One expression as stored. Readers see `ExpressionRecord`'s fields through `ExpressionTable`.
package struct ExpressionEntry: Sendable, BitwiseCopyable {
  package var form: ViewExpression.Form
  package var links: UInt8
  package var scales: Int8
  /// `ExpressionRecord.flags`, with ``inlineNumber`` and ``asideNumber``.
  package var flags: UInt8
  /// The name and the string, or with ``inlineNumber`` the low and high halves of the
  /// number's bits (the name and string are then −1).
  package var first: Int32
  package var second: Int32
  package var subtreeEnd: Int32
  package var node: Int32
  package var extra: Int32

  /// A flag: `first` and `second` hold the number.
  package static let inlineNumber: UInt8 = 2
  /// A flag: the number is in `ExpressionStorage.asides` (it has a name or string too).
  package static let asideNumber: UInt8 = 4
}

/// The number of an expression that has a name or string as well.
package struct AsideNumber: BitwiseCopyable {
  package var expression: Int32
  package var number: Double
}

/// The model's expressions, read from their entries.
package struct ExpressionTable: EntryTable {
  package let entries: UnsafeBufferPointer<ExpressionEntry>
  package let asides: UnsafeBufferPointer<AsideNumber>

  @inlinable @inline(__always)
  package subscript(position: Int) -> ExpressionView { ExpressionView(table: self, position: position) }

  /// The number of expression `position`, which has one in `asides`.
  @inlinable package func aside(_ position: Int) -> Double {
    var low = 0
    var high = asides.count
    while low < high {
      let middle = (low + high) / 2
      if Int(asides[middle].expression) < position { low = middle + 1 } else { high = middle }
    }
    return asides[low].number
  }
}

/// Expression `position` of an `ExpressionTable`: `ExpressionRecord`'s fields, read when asked
/// for.
package struct ExpressionView {
  package let table: ExpressionTable
  package let position: Int

  @inlinable @inline(__always) package var entry: ExpressionEntry { table.entries[position] }
  @inlinable @inline(__always) package var inline: Bool { entry.flags & ExpressionEntry.inlineNumber != 0 }

  @inlinable @inline(__always) package var form: ViewExpression.Form { entry.form }
  @inlinable @inline(__always) package var links: UInt8 { entry.links }
  @inlinable @inline(__always) package var scales: Int8 { entry.scales }
  @inlinable @inline(__always) package var flags: UInt8 {
    entry.flags & ~(ExpressionEntry.inlineNumber | ExpressionEntry.asideNumber)
  }
  @inlinable @inline(__always) package var name: Int32 { inline ? -1 : entry.first }
  @inlinable @inline(__always) package var string: Int32 { inline ? -1 : entry.second }
  @inlinable @inline(__always) package var subtreeEnd: Int32 { entry.subtreeEnd }
  @inlinable @inline(__always) package var node: Int32 { entry.node }
  @inlinable @inline(__always) package var extra: Int32 { entry.extra }
  @inlinable @inline(__always) package var number: Double {
    let entry = entry
    if entry.flags & ExpressionEntry.inlineNumber != 0 {
      let low = UInt64(UInt32(bitPattern: entry.first))
      return Double(bitPattern: low | UInt64(UInt32(bitPattern: entry.second)) &<< 32)
    }
    return entry.flags & ExpressionEntry.asideNumber != 0 ? table.aside(position) : .nan
  }
}

/// The compact storage of a model's expressions, made from the entries the builder wrote.
struct ExpressionStorage {
  var entries: RawArray<ExpressionEntry>
  var asides: RawArray<AsideNumber>

  /// `entries` as ``entry(_:at:asides:)`` made them, and their aside numbers in any order.
  init(_ entries: [ExpressionEntry], asides: [AsideNumber]) {
    self.entries = RawArray(entries)
    self.asides = RawArray(asides.sorted { $0.expression < $1.expression })
  }

  /// The entry of `record`, expression `position`; a number it has beside a name or string is
  /// added to `asides`.
  @inline(__always)
  static func entry(_ record: ExpressionRecord, at position: Int32, asides: inout [AsideNumber]) -> ExpressionEntry {
    var entry = ExpressionEntry(
      form: record.form, links: record.links, scales: record.scales, flags: record.flags, first: record.name,
      second: record.string, subtreeEnd: record.subtreeEnd, node: record.node, extra: record.extra)
    precondition(entry.flags & (ExpressionEntry.inlineNumber | ExpressionEntry.asideNumber) == 0, "a free flag bit")
    guard !record.number.isNaN else { return entry }
    if record.name < 0 && record.string < 0 {
      let bits = record.number.bitPattern
      entry.first = Int32(bitPattern: UInt32(truncatingIfNeeded: bits))
      entry.second = Int32(bitPattern: UInt32(truncatingIfNeeded: bits >> 32))
      entry.flags |= ExpressionEntry.inlineNumber
    } else {
      entry.flags |= ExpressionEntry.asideNumber
      asides.append(AsideNumber(expression: position, number: record.number))
    }
    return entry
  }

  var table: ExpressionTable { ExpressionTable(entries: entries.buffer, asides: asides.buffer) }

  func deallocate() {
    entries.deallocate()
    asides.deallocate()
  }
}
