// How the arena stores its nodes, their accessibility fields and their modifiers: the fields
// most records have in compact entries (`NodeEntry`, `LayerEntry`, `ModifierEntry`), the rest in
// side tables with an entry only for the records that have any of them (`NodeExtra`,
// `ModifierExtra`), found by a bitmap's rank. Readers see `NodeRecord`'s, `LayerRecord`'s and
// `ModifierRecord`'s fields through the views `NodeTable`, `LayerTable` and `ModifierTable`
// give, each field read when it is asked for (a side-table field only then).
//
// Measured before the split (precept-bench memory, README): slots, properties and a tappable
// size are set on 10.6 % of the synthetic model's nodes and 16–22 % of the real apps'; the
// accessible value, hint, child behaviour and colours on 3–9 %. Names, owners, counts, roles,
// accessible names, visible texts and the trait and interaction lists are common, so they stay
// in the entries.

/// The fields of a node that most nodes have, in 56 bytes: `NodeRecord`'s but the slot and
/// property ranges and the tappable size, with the layer's three flags in the bytes that
/// would otherwise be padding.
package struct NodeEntry: Sendable, BitwiseCopyable {
  package var type: Int32
  package var name: Int32
  package var line: Int32
  package var column: Int32
  package var parent: Int32
  package var subtreeEnd: Int32
  package var owner: Int32
  package var childStart: Int32
  package var childCount: Int32
  package var argumentStart: Int32
  package var argumentCount: Int32
  package var modifierStart: Int32
  package var modifierCount: Int32
  package var platforms: UInt8
  /// `LayerRecord`'s `isElement`, `hidden` and `scalesText`.
  package var isElement: Bool
  package var hidden: Bool
  package var scalesText: UInt8
}

/// The accessibility fields most nodes have, in 28 bytes. A node's traits and then its
/// interactions are one run of `layerLists` from `listStart`.
package struct LayerEntry: Sendable, BitwiseCopyable {
  package var role: Int32
  package var accessibleName: Int32
  package var nameSource: Int32
  package var visibleText: Int32
  package var listStart: Int32
  package var traitCount: Int32
  package var interactionCount: Int32
}

/// The fields of a node and its accessibility layer that few nodes have: a node has an entry
/// only when one of them differs from its default (no slots, no properties, an unknown
/// tappable size, null strings).
package struct NodeExtra: Sendable, BitwiseCopyable {
  package var slotStart: Int32 = 0
  package var slotCount: Int32 = 0
  package var propertyStart: Int32 = 0
  package var propertyCount: Int32 = 0
  package var tapWidth: Float32 = .nan
  package var tapHeight: Float32 = .nan
  package var accessibleValue: Int32 = -1
  package var hint: Int32 = -1
  package var childBehavior: Int32 = -1
  package var foreground: Int32 = -1
  package var background: Int32 = -1

  /// The fields of a node without an entry.
  package static let none = NodeExtra()

  init() {}

  init(_ node: NodeRecord, _ layer: LayerRecord) {
    slotStart = node.slotStart
    slotCount = node.slotCount
    propertyStart = node.propertyStart
    propertyCount = node.propertyCount
    tapWidth = node.tapWidth
    tapHeight = node.tapHeight
    accessibleValue = layer.accessibleValue
    hint = layer.hint
    childBehavior = layer.childBehavior
    foreground = layer.foreground
    background = layer.background
  }

  /// Whether the entry holds anything a node without one would not read.
  package var isNeeded: Bool {
    slotCount != 0 || propertyCount != 0 || !tapWidth.isNaN || !tapHeight.isNaN || accessibleValue >= 0 || hint >= 0
      || childBehavior >= 0 || foreground >= 0 || background >= 0
  }
}

/// A table of the arena read through views: its entries, indexed from 0.
package protocol EntryTable: RandomAccessCollection where Index == Int {
  associatedtype Entry
  var entries: UnsafeBufferPointer<Entry> { get }
}

extension EntryTable {
  @inlinable package var startIndex: Int { 0 }
  @inlinable package var endIndex: Int { entries.count }
}

/// Which records (nodes, modifiers) have an entry in a side table, and where: bit `i % 64` of
/// word `i / 64` is set for record `i` when it has one, and its entry's index is the number of
/// set bits before it (`ranks[i / 64]` counts those of the words before). Twelve bytes per 64
/// records, where an index in every record would take four bytes each.
package struct ExtraIndex {
  package let bits: UnsafeBufferPointer<UInt64>
  package let ranks: UnsafeBufferPointer<Int32>

  /// Record `index`'s entry, or −1 when it has none.
  @inlinable @inline(__always)
  package func entry(_ index: Int) -> Int {
    let word = bits[index &>> 6]
    let bit = UInt64(1) &<< UInt64(index & 63)
    guard word & bit != 0 else { return -1 }
    return Int(ranks[index &>> 6]) &+ (word & (bit &- 1)).nonzeroBitCount
  }

  /// Record `index`'s entry in `extras`, or `none` when it has none.
  @inlinable @inline(__always)
  package func extra<Extra>(_ index: Int, in extras: UnsafeBufferPointer<Extra>, else none: Extra) -> Extra {
    let found = entry(index)
    return found >= 0 ? extras[found] : none
  }
}

/// The model's nodes, read from their entries and side table.
package struct NodeTable: EntryTable {
  package let entries: UnsafeBufferPointer<NodeEntry>
  package let extras: UnsafeBufferPointer<NodeExtra>
  package let index: ExtraIndex

  /// Node `position`'s side-table fields (defaults when it has no entry).
  @inlinable @inline(__always)
  package func extra(_ position: Int) -> NodeExtra { index.extra(position, in: extras, else: .none) }

  @inlinable @inline(__always)
  package subscript(position: Int) -> NodeView { NodeView(table: self, position: position) }
}

/// Node `position` of a `NodeTable`: `NodeRecord`'s fields, read from its entry or side table
/// when asked for.
package struct NodeView {
  package let table: NodeTable
  package let position: Int

  @inlinable @inline(__always) package var entry: NodeEntry { table.entries[position] }
  @inlinable @inline(__always) package var extra: NodeExtra { table.extra(position) }

  @inlinable @inline(__always) package var type: Int32 { entry.type }
  @inlinable @inline(__always) package var name: Int32 { entry.name }
  @inlinable @inline(__always) package var line: Int32 { entry.line }
  @inlinable @inline(__always) package var column: Int32 { entry.column }
  @inlinable @inline(__always) package var parent: Int32 { entry.parent }
  @inlinable @inline(__always) package var subtreeEnd: Int32 { entry.subtreeEnd }
  @inlinable @inline(__always) package var owner: Int32 { entry.owner }
  @inlinable @inline(__always) package var childStart: Int32 { entry.childStart }
  @inlinable @inline(__always) package var childCount: Int32 { entry.childCount }
  @inlinable @inline(__always) package var argumentStart: Int32 { entry.argumentStart }
  @inlinable @inline(__always) package var argumentCount: Int32 { entry.argumentCount }
  @inlinable @inline(__always) package var modifierStart: Int32 { entry.modifierStart }
  @inlinable @inline(__always) package var modifierCount: Int32 { entry.modifierCount }
  @inlinable @inline(__always) package var platforms: UInt8 { entry.platforms }
  @inlinable @inline(__always) package var slotStart: Int32 { extra.slotStart }
  @inlinable @inline(__always) package var slotCount: Int32 { extra.slotCount }
  @inlinable @inline(__always) package var propertyStart: Int32 { extra.propertyStart }
  @inlinable @inline(__always) package var propertyCount: Int32 { extra.propertyCount }
  @inlinable @inline(__always) package var tapWidth: Float32 { extra.tapWidth }
  @inlinable @inline(__always) package var tapHeight: Float32 { extra.tapHeight }
}

/// The model's accessibility fields (`layers[i]` is node `i`'s).
package struct LayerTable: EntryTable {
  package let entries: UnsafeBufferPointer<LayerEntry>
  package let nodes: NodeTable

  @inlinable @inline(__always)
  package subscript(position: Int) -> LayerView { LayerView(table: self, position: position) }
}

/// Node `position`'s accessibility fields: `LayerRecord`'s, read when asked for.
package struct LayerView {
  package let table: LayerTable
  package let position: Int

  @inlinable @inline(__always) package var entry: LayerEntry { table.entries[position] }
  @inlinable @inline(__always) package var node: NodeEntry { table.nodes.entries[position] }
  @inlinable @inline(__always) package var extra: NodeExtra { table.nodes.extra(position) }

  @inlinable @inline(__always) package var role: Int32 { entry.role }
  @inlinable @inline(__always) package var accessibleName: Int32 { entry.accessibleName }
  @inlinable @inline(__always) package var nameSource: Int32 { entry.nameSource }
  @inlinable @inline(__always) package var visibleText: Int32 { entry.visibleText }
  @inlinable @inline(__always) package var traitStart: Int32 { entry.listStart }
  @inlinable @inline(__always) package var traitCount: Int32 { entry.traitCount }
  @inlinable @inline(__always) package var interactionStart: Int32 { entry.listStart &+ entry.traitCount }
  @inlinable @inline(__always) package var interactionCount: Int32 { entry.interactionCount }
  @inlinable @inline(__always) package var isElement: Bool { node.isElement }
  @inlinable @inline(__always) package var hidden: Bool { node.hidden }
  @inlinable @inline(__always) package var scalesText: UInt8 { node.scalesText }
  @inlinable @inline(__always) package var accessibleValue: Int32 { extra.accessibleValue }
  @inlinable @inline(__always) package var hint: Int32 { extra.hint }
  @inlinable @inline(__always) package var childBehavior: Int32 { extra.childBehavior }
  @inlinable @inline(__always) package var foreground: Int32 { extra.foreground }
  @inlinable @inline(__always) package var background: Int32 { extra.background }
}

/// An `ExtraIndex` being built, a record at a time, and the memory it owns.
struct ExtraIndexStorage {
  var bits: RawArray<UInt64>
  var ranks: RawArray<Int32>
  private var entries: Int32 = 0

  init(count: Int) {
    let words = (count + 63) / 64
    bits = RawArray(Array(repeating: 0, count: words))
    ranks = RawArray(Array(repeating: 0, count: words))
  }

  /// Records whether record `position` (each in turn, from 0) has an entry.
  mutating func add(_ position: Int, hasEntry: Bool) {
    if position & 63 == 0 { ranks[position >> 6] = entries }
    guard hasEntry else { return }
    bits[position >> 6] |= UInt64(1) << UInt64(position & 63)
    entries += 1
  }

  var allocatedBytes: Int { bits.allocatedBytes + ranks.allocatedBytes }

  var index: ExtraIndex { ExtraIndex(bits: bits.buffer, ranks: ranks.buffer) }

  func deallocate() {
    bits.deallocate()
    ranks.deallocate()
  }
}

/// The compact storage of a model's nodes and layers, made from the builder's whole records.
struct NodeStorage {
  var entries: RawArray<NodeEntry>
  var layers: RawArray<LayerEntry>
  var extras: RawArray<NodeExtra>
  var extraIndex: ExtraIndexStorage

  /// Splits `nodes` and `layers` (one each per node, in the same order). A node's interactions
  /// must follow its traits in `layerLists`, as the deriver writes them.
  init(nodes: [NodeRecord], layers: [LayerRecord]) {
    precondition(nodes.count == layers.count, "a layer record per node")
    // Built in locals and stored once: appending through `self` in an initializer cost twice
    // as many instructions.
    var entries = RawArray<NodeEntry>(capacity: nodes.count)
    var layerEntries = RawArray<LayerEntry>(capacity: nodes.count)
    var extraIndex = ExtraIndexStorage(count: nodes.count)
    var extraList: [NodeExtra] = []
    for position in nodes.indices {
      let node = nodes[position]
      let layer = layers[position]
      precondition(
        layer.interactionStart == layer.traitStart + layer.traitCount, "a node's interactions follow its traits")
      entries.append(
        NodeEntry(
          type: node.type, name: node.name, line: node.line, column: node.column, parent: node.parent,
          subtreeEnd: node.subtreeEnd, owner: node.owner, childStart: node.childStart, childCount: node.childCount,
          argumentStart: node.argumentStart, argumentCount: node.argumentCount, modifierStart: node.modifierStart,
          modifierCount: node.modifierCount, platforms: node.platforms, isElement: layer.isElement,
          hidden: layer.hidden, scalesText: layer.scalesText))
      layerEntries.append(
        LayerEntry(
          role: layer.role, accessibleName: layer.accessibleName, nameSource: layer.nameSource,
          visibleText: layer.visibleText, listStart: layer.traitStart, traitCount: layer.traitCount,
          interactionCount: layer.interactionCount))
      let extra = NodeExtra(node, layer)
      let needed = extra.isNeeded
      extraIndex.add(position, hasEntry: needed)
      if needed { extraList.append(extra) }
    }
    self.entries = entries
    self.layers = layerEntries
    self.extraIndex = extraIndex
    extras = RawArray(extraList)
  }

  func deallocate() {
    entries.deallocate()
    layers.deallocate()
    extras.deallocate()
    extraIndex.deallocate()
  }

  var nodeTable: NodeTable {
    NodeTable(entries: entries.buffer, extras: extras.buffer, index: extraIndex.index)
  }

  var layerTable: LayerTable { LayerTable(entries: layers.buffer, nodes: nodeTable) }
}

/// The fields of a modifier that most modifiers have, in 24 bytes: `ModifierRecord`'s but its
/// view closures' ranges.
package struct ModifierEntry: Sendable, BitwiseCopyable {
  package var name: Int32
  package var line: Int32
  package var column: Int32
  package var node: Int32
  package var argumentStart: Int32
  package var argumentCount: Int32
}

/// The ranges of `members` and `slots` of a modifier with view closures (`.overlay { … }`,
/// `.toolbar { … }`), the few that have them.
package struct ModifierExtra: Sendable, BitwiseCopyable {
  package var childStart: Int32 = 0
  package var childCount: Int32 = 0
  package var slotStart: Int32 = 0
  package var slotCount: Int32 = 0

  package static let none = ModifierExtra()
}

/// The model's modifiers, read from their entries and side table.
package struct ModifierTable: EntryTable {
  package let entries: UnsafeBufferPointer<ModifierEntry>
  package let extras: UnsafeBufferPointer<ModifierExtra>
  package let index: ExtraIndex

  @inlinable @inline(__always)
  package subscript(position: Int) -> ModifierView { ModifierView(table: self, position: position) }
}

/// Modifier `position` of a `ModifierTable`: `ModifierRecord`'s fields, read when asked for.
package struct ModifierView {
  package let table: ModifierTable
  package let position: Int

  @inlinable @inline(__always) package var entry: ModifierEntry { table.entries[position] }
  @inlinable @inline(__always) package var extra: ModifierExtra {
    table.index.extra(position, in: table.extras, else: .none)
  }

  @inlinable @inline(__always) package var name: Int32 { entry.name }
  @inlinable @inline(__always) package var line: Int32 { entry.line }
  @inlinable @inline(__always) package var column: Int32 { entry.column }
  @inlinable @inline(__always) package var node: Int32 { entry.node }
  @inlinable @inline(__always) package var argumentStart: Int32 { entry.argumentStart }
  @inlinable @inline(__always) package var argumentCount: Int32 { entry.argumentCount }
  @inlinable @inline(__always) package var childStart: Int32 { extra.childStart }
  @inlinable @inline(__always) package var childCount: Int32 { extra.childCount }
  @inlinable @inline(__always) package var slotStart: Int32 { extra.slotStart }
  @inlinable @inline(__always) package var slotCount: Int32 { extra.slotCount }
}

/// The compact storage of a model's modifiers, made from the builder's whole records.
struct ModifierStorage {
  var entries: RawArray<ModifierEntry>
  var extras: RawArray<ModifierExtra>
  var extraIndex: ExtraIndexStorage

  init(_ modifiers: [ModifierRecord]) {
    var entries = RawArray<ModifierEntry>(capacity: modifiers.count)
    var extraIndex = ExtraIndexStorage(count: modifiers.count)
    var extraList: [ModifierExtra] = []
    for position in modifiers.indices {
      let modifier = modifiers[position]
      entries.append(
        ModifierEntry(
          name: modifier.name, line: modifier.line, column: modifier.column, node: modifier.node,
          argumentStart: modifier.argumentStart, argumentCount: modifier.argumentCount))
      let needed = modifier.childCount != 0 || modifier.slotCount != 0
      extraIndex.add(position, hasEntry: needed)
      if needed {
        extraList.append(
          ModifierExtra(
            childStart: modifier.childStart, childCount: modifier.childCount, slotStart: modifier.slotStart,
            slotCount: modifier.slotCount))
      }
    }
    self.entries = entries
    self.extraIndex = extraIndex
    extras = RawArray(extraList)
  }

  var table: ModifierTable { ModifierTable(entries: entries.buffer, extras: extras.buffer, index: extraIndex.index) }

  func deallocate() {
    entries.deallocate()
    extras.deallocate()
    extraIndex.deallocate()
  }
}
