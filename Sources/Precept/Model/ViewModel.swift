/// A view model flattened into an arena: node records in one contiguous array in preorder,
/// children and slot members as index ranges, every name interned, and an index from node type
/// to nodes so a rule visits only the nodes its selector names.
///
/// Preorder means a node's descendants (through children, slots and modifier closures alike)
/// are exactly the nodes `index + 1 ..< subtreeEnd`. A view model is immutable and can be
/// shared by many evaluating threads.
public final class ViewModel: Sendable {
  /// The file the nodes came from.
  public let file: String

  let strings: StringTable
  let nodes: [NodeRecord]
  /// Node indices of children, slot members and modifier-closure members, grouped by owner.
  let members: [Int32]
  let arguments: [ArgumentRecord]
  let modifiers: [ModifierRecord]
  let slots: [SlotRecord]
  let properties: [PropertyRecord]
  /// Node indices grouped by type; `typeRanges[typeID]` is a range of `typeNodes`.
  let typeNodes: [Int32]
  let typeRanges: [Int32: Range<Int32>]
  /// The string id of the file name.
  let fileID: Int32

  /// The number of nodes.
  public var nodeCount: Int { nodes.count }

  /// Flattens a document.
  public init(_ document: ViewDocument) {
    var builder = ViewModelBuilder()
    let fileID = builder.strings.intern(document.file)
    for node in document.nodes {
      builder.add(node, parent: -1, owner: -1)
    }
    self.file = document.file
    self.fileID = fileID
    self.strings = builder.strings
    self.nodes = builder.nodes
    self.members = builder.members
    self.arguments = builder.arguments
    self.modifiers = builder.modifiers
    self.slots = builder.slots
    self.properties = builder.properties
    var byType: [Int32: [Int32]] = [:]
    for (index, node) in builder.nodes.enumerated() { byType[node.type, default: []].append(Int32(index)) }
    var typeNodes: [Int32] = []
    typeNodes.reserveCapacity(builder.nodes.count)
    var typeRanges: [Int32: Range<Int32>] = [:]
    for type in byType.keys.sorted() {
      let start = Int32(typeNodes.count)
      typeNodes += byType[type]!
      typeRanges[type] = start..<Int32(typeNodes.count)
    }
    self.typeNodes = typeNodes
    self.typeRanges = typeRanges
  }

  /// Reads view-model JSON and flattens it.
  public convenience init(json source: SourceFile) throws(DiagnosticError) {
    self.init(try ViewDocument.read(source))
  }

  /// Node indices of the given type, in preorder.
  func nodes(ofType type: String) -> ArraySlice<Int32> {
    guard let id = strings.id(of: type), let range = typeRanges[id] else { return [] }
    return typeNodes[Int(range.lowerBound)..<Int(range.upperBound)]
  }

  /// The approximate memory the arena takes, in bytes, for the benchmark's bytes-per-node figure.
  public var footprint: Int {
    nodes.count * MemoryLayout<NodeRecord>.stride + members.count * 4
      + arguments.count * MemoryLayout<ArgumentRecord>.stride + modifiers.count * MemoryLayout<ModifierRecord>.stride
      + slots.count * MemoryLayout<SlotRecord>.stride + properties.count * MemoryLayout<PropertyRecord>.stride
      + typeNodes.count * 4 + typeRanges.count * 24 + strings.byteCount
  }

  /// Node `index` (in `0 ..< nodeCount`, preorder) as a reference, the value a rule's node
  /// binding has: what a host binds to evaluate an expression about one node.
  public func node(_ index: Int) -> NodeReference { reference(Int32(index)) }

  /// The index of node `index`'s parent, or nil for a top-level node.
  public func parent(of index: Int) -> Int? {
    let parent = nodes[index].parent
    return parent >= 0 ? Int(parent) : nil
  }

  /// The declared name of node `index` (`MapScreen` for `struct MapScreen`), if it has one.
  public func name(of index: Int) -> String? {
    let name = nodes[index].name
    return name >= 0 ? strings.string(name) : nil
  }

  /// A reference to node `index`, for reports and the host API.
  func reference(_ index: Int32) -> NodeReference {
    let node = nodes[Int(index)]
    return NodeReference(
      type: strings.string(node.type), file: file, line: Int(node.line), column: Int(node.column), index: Int(index))
  }

  /// A node's type name.
  func typeName(_ index: Int32) -> String { strings.string(nodes[Int(index)].type) }
}

struct NodeRecord: Sendable {
  var type: Int32
  /// String id, or −1.
  var name: Int32
  var line: Int32
  var column: Int32
  /// −1 for a root.
  var parent: Int32
  /// Descendants are `index + 1 ..< subtreeEnd`.
  var subtreeEnd: Int32
  /// The enclosing type declaration (`struct`, …), or −1.
  var owner: Int32
  /// Children: `members[childStart ..< childStart + childCount]`.
  var childStart: Int32
  var childCount: Int32
  var argumentStart: Int32
  var argumentCount: Int32
  var modifierStart: Int32
  var modifierCount: Int32
  var slotStart: Int32
  var slotCount: Int32
  var propertyStart: Int32
  var propertyCount: Int32
}

struct ArgumentRecord: Sendable {
  /// String id, or −1 for an unlabelled argument.
  var label: Int32
  var kind: ArgumentKind
  var value: Int32
  var line: Int32
  var column: Int32
  /// The node the argument belongs to (or the node of its modifier).
  var node: Int32
}

struct ModifierRecord: Sendable {
  var name: Int32
  var line: Int32
  var column: Int32
  var node: Int32
  var argumentStart: Int32
  var argumentCount: Int32
  var childStart: Int32
  var childCount: Int32
  var slotStart: Int32
  var slotCount: Int32
}

struct SlotRecord: Sendable {
  var name: Int32
  var memberStart: Int32
  var memberCount: Int32
}

struct PropertyRecord: Sendable {
  var name: Int32
  /// String ids, or −1.
  var wrapper: Int32
  var type: Int32
  var value: Int32
  var line: Int32
  var column: Int32
  var node: Int32
}

/// Flattens a document tree in preorder.
private struct ViewModelBuilder {
  var strings = StringTable()
  var nodes: [NodeRecord] = []
  var members: [Int32] = []
  var arguments: [ArgumentRecord] = []
  var modifiers: [ModifierRecord] = []
  var slots: [SlotRecord] = []
  var properties: [PropertyRecord] = []

  private static let declarationTypes: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]

  private mutating func optional(_ text: String?) -> Int32 {
    text.map { strings.intern($0) } ?? -1
  }

  private mutating func addArguments(_ args: [ViewArgument], node: Int32) -> (Int32, Int32) {
    let start = Int32(arguments.count)
    for argument in args {
      arguments.append(
        ArgumentRecord(
          label: optional(argument.label), kind: argument.kind, value: strings.intern(argument.value),
          line: Int32(clamping: argument.line), column: Int32(clamping: argument.column), node: node))
    }
    return (start, Int32(args.count))
  }

  /// Adds `node` and everything below it; returns its index.
  @discardableResult
  mutating func add(_ node: ViewNode, parent: Int32, owner: Int32) -> Int32 {
    let index = Int32(nodes.count)
    nodes.append(
      NodeRecord(
        type: strings.intern(node.type), name: optional(node.name), line: Int32(clamping: node.line),
        column: Int32(clamping: node.column), parent: parent, subtreeEnd: index + 1, owner: owner, childStart: 0,
        childCount: 0, argumentStart: 0, argumentCount: 0, modifierStart: 0, modifierCount: 0, slotStart: 0,
        slotCount: 0, propertyStart: 0, propertyCount: 0))
    let (argumentStart, argumentCount) = addArguments(node.args, node: index)
    let propertyStart = Int32(properties.count)
    for property in node.properties {
      properties.append(
        PropertyRecord(
          name: strings.intern(property.name), wrapper: optional(property.wrapper), type: optional(property.type),
          value: optional(property.value), line: Int32(clamping: property.line),
          column: Int32(clamping: property.column), node: index))
    }
    let innerOwner = ViewModelBuilder.declarationTypes.contains(node.type) ? index : owner

    // Members are written after the subtree is built, so ranges in `members` stay contiguous.
    let children = node.children.map { add($0, parent: index, owner: innerOwner) }
    var slotGroups: [(Int32, [Int32])] = []
    for slot in node.slots {
      slotGroups.append((strings.intern(slot.name), slot.nodes.map { add($0, parent: index, owner: innerOwner) }))
    }
    var modifierGroups: [(ViewModifier, [Int32], [(Int32, [Int32])])] = []
    for modifier in node.modifiers {
      let content = modifier.children.map { add($0, parent: index, owner: innerOwner) }
      var groups: [(Int32, [Int32])] = []
      for slot in modifier.slots {
        groups.append((strings.intern(slot.name), slot.nodes.map { add($0, parent: index, owner: innerOwner) }))
      }
      modifierGroups.append((modifier, content, groups))
    }

    let childStart = Int32(members.count)
    members += children
    let slotStart = Int32(slots.count)
    for (name, group) in slotGroups {
      slots.append(SlotRecord(name: name, memberStart: Int32(members.count), memberCount: Int32(group.count)))
      members += group
    }
    let modifierStart = Int32(modifiers.count)
    for (modifier, content, groups) in modifierGroups {
      let (start, count) = addArguments(modifier.args, node: index)
      let contentStart = Int32(members.count)
      members += content
      let modifierSlotStart = Int32(slots.count)
      for (name, group) in groups {
        slots.append(SlotRecord(name: name, memberStart: Int32(members.count), memberCount: Int32(group.count)))
        members += group
      }
      modifiers.append(
        ModifierRecord(
          name: strings.intern(modifier.name), line: Int32(clamping: modifier.line),
          column: Int32(clamping: modifier.column), node: index, argumentStart: start, argumentCount: count,
          childStart: contentStart, childCount: Int32(content.count), slotStart: modifierSlotStart,
          slotCount: Int32(groups.count)))
    }

    nodes[Int(index)].subtreeEnd = Int32(nodes.count)
    nodes[Int(index)].childStart = childStart
    nodes[Int(index)].childCount = Int32(children.count)
    nodes[Int(index)].argumentStart = argumentStart
    nodes[Int(index)].argumentCount = argumentCount
    nodes[Int(index)].modifierStart = modifierStart
    nodes[Int(index)].modifierCount = Int32(node.modifiers.count)
    nodes[Int(index)].slotStart = slotStart
    nodes[Int(index)].slotCount = Int32(node.slots.count)
    nodes[Int(index)].propertyStart = propertyStart
    nodes[Int(index)].propertyCount = Int32(node.properties.count)
    return index
  }
}
