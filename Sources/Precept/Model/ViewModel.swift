/// A view model flattened into an arena: node records in one contiguous array in preorder,
/// children and slot members as index ranges, every name interned, and an index from node type
/// to nodes so a rule visits only the nodes its selector names.
///
/// Preorder means a node's descendants (through children, slots and modifier closures alike)
/// are exactly the nodes `index + 1 ..< subtreeEnd`. A view model is immutable and can be
/// shared by many evaluating threads.
public final class ViewModel: @unchecked Sendable {
  // The arena lives in memory this object owns and frees (see `RawArray`), so the VM reads it
  // without reference counting. Nothing mutates it after `init`, which is what makes sharing
  // it between threads safe.

  /// The file the nodes came from.
  public let file: String

  let strings: InternTable
  /// The nodes and their accessibility fields: compact entries and a side table (`NodeTable`).
  private let nodeStorage: NodeStorage
  private let memberStorage: RawArray<Int32>
  private let argumentStorage: RawArray<ArgumentRecord>
  private let modifierStorage: ModifierStorage
  private let slotStorage: RawArray<SlotRecord>
  private let propertyStorage: RawArray<PropertyRecord>
  private let expressionStorage: ExpressionStorage
  private let expressionExtraStorage: RawArray<ExpressionExtra>
  /// Expression texts end to end: expression `i`'s is `textBytes[textStarts[i] ..< textStarts[i + 1]]`
  /// (empty when its record's `quotedText` flag says it is derived from its string).
  private let textByteStorage: RawArray<UInt8>
  private let textStartStorage: RawArray<Int32>
  private let expressionMemberStorage: RawArray<Int32>
  private let doubleStorage: RawArray<Double>
  /// Node indices grouped by type; `typeRanges[typeID]` is a range of `typeNodes`.
  private let typeNodeStorage: RawArray<Int32>
  /// The string ids of the nodes' accessibility lists (each node's traits, then its
  /// interactions).
  private let layerListStorage: RawArray<Int32>
  let typeRanges: [Int32: Range<Int32>]
  /// The string id of the file name.
  let fileID: Int32
  /// The string ids of the platform names, in `PlatformSet.names` order.
  package let platformNameIDs: [Int32]

  package var nodes: NodeTable { nodeStorage.nodeTable }
  /// Node indices of children, slot members and modifier-closure members, grouped by owner.
  package var members: UnsafeBufferPointer<Int32> { memberStorage.buffer }
  package var arguments: UnsafeBufferPointer<ArgumentRecord> { argumentStorage.buffer }
  package var modifiers: ModifierTable { modifierStorage.table }
  package var slots: UnsafeBufferPointer<SlotRecord> { slotStorage.buffer }
  package var properties: UnsafeBufferPointer<PropertyRecord> { propertyStorage.buffer }
  /// Argument values' structure in preorder: an expression's sub-expressions are exactly the
  /// records `index + 1 ..< subtreeEnd`.
  package var expressions: ExpressionTable { expressionStorage.table }
  /// The fields few expressions have, for the records whose `extra` is an index here.
  package var expressionExtras: UnsafeBufferPointer<ExpressionExtra> { expressionExtraStorage.buffer }
  /// Expression indices of statements, parts and elements, grouped by owner.
  package var expressionMembers: UnsafeBufferPointer<Int32> { expressionMemberStorage.buffer }
  /// Colour components.
  package var doubles: UnsafeBufferPointer<Double> { doubleStorage.buffer }
  var typeNodes: UnsafeBufferPointer<Int32> { typeNodeStorage.buffer }
  /// The accessibility fields of each node (`layers[i]` is node `i`'s).
  package var layers: LayerTable { nodeStorage.layerTable }
  package var layerLists: UnsafeBufferPointer<Int32> { layerListStorage.buffer }

  /// The number of nodes.
  public var nodeCount: Int { nodeStorage.entries.count }

  /// Flattens a document, deriving every node's accessibility fields from the standard layer.
  public convenience init(_ document: ViewDocument) {
    self.init(document, layer: .standard)
  }

  /// Flattens a document, deriving every node's accessibility fields from `layer`.
  public init(_ document: ViewDocument, layer: AccessibilityLayer) {
    var builder = ViewModelBuilder(layer: layer)
    let fileID = builder.strings.intern(document.file)
    builder.platformNames = PlatformSet.names.map { builder.strings.intern($0.1) }
    for node in document.nodes {
      // A document that does not say which platforms it is for is an iOS one.
      builder.add(node, parent: -1, owner: -1, platforms: document.platforms ?? .iOS, context: LayerContext())
    }
    self.file = document.file
    self.fileID = fileID
    self.platformNameIDs = builder.platformNames
    self.strings = builder.strings
    nodeStorage = NodeStorage(nodes: builder.nodes, layers: builder.layer.records)
    memberStorage = RawArray(builder.members)
    argumentStorage = RawArray(builder.arguments)
    modifierStorage = ModifierStorage(builder.modifiers)
    slotStorage = RawArray(builder.slots)
    propertyStorage = RawArray(builder.properties)
    layerListStorage = RawArray(builder.layer.lists)
    expressionStorage = ExpressionStorage(builder.expressions, asides: builder.expressionAsides)
    expressionExtraStorage = RawArray(builder.expressionExtras)
    textByteStorage = RawArray(builder.textBytes)
    textStartStorage = RawArray(builder.textStarts)
    expressionMemberStorage = RawArray(builder.expressionMembers)
    doubleStorage = RawArray(builder.doubles)
    var byType: [Int32: [Int32]] = [:]
    for (index, node) in builder.nodes.enumerated() { byType[node.type, default: []].append(Int32(index)) }
    var typeNodes = RawArray<Int32>(capacity: builder.nodes.count)
    var typeRanges: [Int32: Range<Int32>] = [:]
    for type in byType.keys.sorted() {
      let start = Int32(typeNodes.count)
      typeNodes.append(contentsOf: byType[type]!)
      typeRanges[type] = start..<Int32(typeNodes.count)
    }
    self.typeNodeStorage = typeNodes
    self.typeRanges = typeRanges
  }

  deinit {
    strings.deallocate()
    nodeStorage.deallocate()
    memberStorage.deallocate()
    argumentStorage.deallocate()
    modifierStorage.deallocate()
    slotStorage.deallocate()
    propertyStorage.deallocate()
    expressionStorage.deallocate()
    expressionExtraStorage.deallocate()
    textByteStorage.deallocate()
    textStartStorage.deallocate()
    expressionMemberStorage.deallocate()
    doubleStorage.deallocate()
    typeNodeStorage.deallocate()
    layerListStorage.deallocate()
  }

  /// Reads view-model JSON and flattens it.
  public convenience init(json source: SourceFile) throws(DiagnosticError) {
    self.init(try ViewDocument.read(source))
  }

  /// Node indices of the given type, in preorder.
  package func nodes(ofType type: String) -> UnsafeBufferPointer<Int32> {
    guard let id = strings.find(type), let range = typeRanges[id] else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return typeNodeStorage.slice(Int(range.lowerBound), range.count)
  }

  /// Node indices of the type with string id `type`, in preorder.
  func nodes(ofTypeID type: Int32) -> UnsafeBufferPointer<Int32> {
    guard let range = typeRanges[type] else { return UnsafeBufferPointer(start: nil, count: 0) }
    return typeNodeStorage.slice(Int(range.lowerBound), range.count)
  }

  /// The id of one of the model's strings (names, types, argument values), or nil when the
  /// model does not contain it. For code in this package that reads the arena directly.
  package func stringID(_ text: String) -> Int32? { strings.find(text) }

  /// The UTF-8 bytes of one of the model's strings.
  package func stringBytes(_ id: Int32) -> UnsafeBufferPointer<UInt8> { strings.string(id) }

  /// One of the model's strings.
  func string(_ id: Int32) -> String { String(decoding: strings.string(id), as: UTF8.self) }

  /// The memory the arena holds, in bytes, for the benchmark's bytes-per-node figure: the sum
  /// of ``footprintParts``.
  public var footprint: Int { footprintParts.reduce(0) { $0 + $1.bytes } }

  /// Where the arena's memory goes: every buffer it owns, by its capacity (what was allocated,
  /// not only what is used), and the type index's dictionary.
  package var footprintParts: [(name: String, bytes: Int)] {
    // A dictionary's storage: its keys and values, a bit per bucket, and the object's header.
    let typeIndex =
      typeRanges.capacity * (MemoryLayout<Int32>.stride + MemoryLayout<Range<Int32>>.stride)
      + (typeRanges.capacity + 7) / 8 + 64
    return [
      ("nodes", nodeStorage.entries.allocatedBytes),
      ("node extras", nodeStorage.extras.allocatedBytes + nodeStorage.extraIndex.allocatedBytes),
      ("members", memberStorage.allocatedBytes),
      ("arguments", argumentStorage.allocatedBytes),
      ("modifiers", modifierStorage.entries.allocatedBytes),
      ("modifier extras", modifierStorage.extras.allocatedBytes + modifierStorage.extraIndex.allocatedBytes),
      ("slots", slotStorage.allocatedBytes),
      ("properties", propertyStorage.allocatedBytes),
      ("expressions", expressionStorage.entries.allocatedBytes),
      ("expression asides", expressionStorage.asides.allocatedBytes),
      ("expression extras", expressionExtraStorage.allocatedBytes),
      ("expression members", expressionMemberStorage.allocatedBytes),
      ("doubles", doubleStorage.allocatedBytes),
      ("expression texts", textByteStorage.allocatedBytes + textStartStorage.allocatedBytes),
      ("type index", typeNodeStorage.allocatedBytes + typeIndex),
      ("layers", nodeStorage.layers.allocatedBytes),
      ("layer lists", layerListStorage.allocatedBytes),
      ("strings", strings.allocatedBytes + platformNameIDs.capacity * MemoryLayout<Int32>.stride),
    ]
  }

  /// Expression `index`'s source text as it is stored: its bytes, or, when its record's
  /// `quotedText` flag is set, nothing (the text is its string between double quotes).
  package func storedTextBytes(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
    let start = Int(textStartStorage[Int(index)])
    return textByteStorage.slice(start, Int(textStartStorage[Int(index) + 1]) - start)
  }

  /// Expression `index`'s source text, as UTF-8 bytes (a rule's `e.text`).
  package func expressionText(_ index: Int32) -> [UInt8] {
    let record = expressions[Int(index)]
    guard record.flags & ExpressionRecord.quotedText != 0 else { return Array(storedTextBytes(index)) }
    let quote = UInt8(ascii: "\"")
    var text = [quote]
    text += strings.string(record.string)
    text.append(quote)
    return text
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
    return name >= 0 ? string(name) : nil
  }

  /// A reference to node `index`, for reports and the host API.
  func reference(_ index: Int32) -> NodeReference {
    let node = nodes[Int(index)]
    return NodeReference(
      type: string(node.type), file: file, line: Int(node.line), column: Int(node.column), index: Int(index))
  }

  /// A node's type name.
  func typeName(_ index: Int32) -> String { string(nodes[Int(index)].type) }
}

/// One node of the arena, as the builder makes it. The model stores it as a `NodeEntry` and,
/// for the few nodes with slots, properties or a tappable size, a `NodeExtra`; `ViewModel.nodes`
/// reads the same fields back (`NodeView`). Ranges index `members`, `arguments`, `modifiers`,
/// `slots` and `properties`; names are string ids.
package struct NodeRecord: Sendable, BitwiseCopyable {
  package var type: Int32
  /// String id, or −1.
  package var name: Int32
  package var line: Int32
  package var column: Int32
  /// −1 for a root.
  package var parent: Int32
  /// Descendants are `index + 1 ..< subtreeEnd`.
  package var subtreeEnd: Int32
  /// The enclosing type declaration (`struct`, …), or −1.
  package var owner: Int32
  /// Children: `members[childStart ..< childStart + childCount]`.
  package var childStart: Int32
  package var childCount: Int32
  package var argumentStart: Int32
  package var argumentCount: Int32
  package var modifierStart: Int32
  package var modifierCount: Int32
  package var slotStart: Int32
  package var slotCount: Int32
  package var propertyStart: Int32
  package var propertyCount: Int32
  /// The platforms the node is built for (`PlatformSet`): its own, its ancestors' and the
  /// document's, intersected.
  package var platforms: UInt8 = PlatformSet.all.rawValue
  /// The most its tappable area can measure, in points (`TapArea`); NaN when unknown.
  package var tapWidth: Float32 = .nan
  package var tapHeight: Float32 = .nan
}

/// One argument of a node or of one of its modifiers.
package struct ArgumentRecord: Sendable, BitwiseCopyable {
  /// String id, or −1 for an unlabelled argument.
  package var label: Int32
  package var kind: ArgumentKind
  package var value: Int32
  package var line: Int32
  package var column: Int32
  /// The node the argument belongs to (or the node of its modifier).
  package var node: Int32
  /// The value's structure, an index of `expressions`, or −1.
  package var expression: Int32 = -1
}

/// One expression of an argument's value (`ViewExpression`), as the builder makes it: the
/// fields most expressions have. The model stores it as an `ExpressionEntry`, where the number
/// shares its bytes with the name and string; `ViewModel.expressions` reads the same fields
/// back (`ExpressionView`). Fields a form does not have are −1 (strings), NaN (numbers) or
/// absent links; the rest (operators, a font's and a colour's details, argument and member ranges) are in
/// `ViewModel.expressionExtras[extra]`, for the few records that have any of them. Its text is
/// `ViewModel.expressionText(_:)`; a bool's value is its `number` (1 or 0).
///
/// Links are not stored: sub-expressions follow their expression in preorder, links first in
/// `ViewExpression.Link` order, so the first link present is record `index + 1` and each next
/// one begins where the one before it ends (``link(_:of:in:)``).
package struct ExpressionRecord: Sendable, BitwiseCopyable {
  package var form: ViewExpression.Form
  /// The links present: bit `i` for `ViewExpression.Link.allCases[i]`.
  package var links: UInt8 = 0
  /// −1 unknown, 0 no, 1 yes.
  package var scales: Int8 = -1
  /// ``quotedText``.
  package var flags: UInt8 = 0
  package var name: Int32 = -1
  package var string: Int32 = -1
  /// Sub-expressions are `index + 1 ..< subtreeEnd`.
  package var subtreeEnd: Int32 = 0
  /// The node whose argument (or modifier's argument) this is part of.
  package var node: Int32
  /// An index of `ViewModel.expressionExtras`, or −1 when the expression has none of its fields.
  package var extra: Int32 = -1
  package var number: Double = .nan

  /// A flag: the text is the record's string between double quotes (`"Save"` of a string
  /// literal `Save`), so it is not stored.
  package static let quotedText: UInt8 = 1

  /// The bit of `links` for `link`.
  @inline(__always)
  package static func bit(_ link: ViewExpression.Link) -> UInt8 {
    switch link {
    case .base: 1
    case .condition: 2
    case .then: 4
    case .else: 8
    case .target: 16
    case .rhs: 32
    }
  }

  /// The index of the sub-expression that link `bit` (``bit(_:)``) of expression `index` names,
  /// or −1: past the subtrees of the links before it.
  @inline(__always)
  package static func link(_ bit: UInt8, of index: Int32, in records: ExpressionTable) -> Int32 {
    let entries = records.entries
    var before = entries[Int(index)].links
    guard before & bit != 0 else { return -1 }
    before &= bit &- 1
    var position = index + 1
    while before != 0 {
      position = entries[Int(position)].subtreeEnd
      before &= before &- 1
    }
    return position
  }
}

/// The fields of an expression that few have, in a side table: an expression's record names
/// its entry (`ExpressionRecord.extra`) only when it has at least one of them.
package struct ExpressionExtra: Sendable, BitwiseCopyable {
  package var operatorName: Int32 = -1
  package var asset: Int32 = -1
  package var textStyle: Int32 = -1
  package var relativeTo: Int32 = -1
  package var argumentStart: Int32 = 0
  package var argumentCount: Int32 = 0
  /// Ranges of `expressionMembers`.
  package var statementStart: Int32 = 0
  package var statementCount: Int32 = 0
  package var partStart: Int32 = 0
  package var partCount: Int32 = 0
  package var elementStart: Int32 = 0
  package var elementCount: Int32 = 0
  /// A range of `doubles`.
  package var componentStart: Int32 = 0
  package var componentCount: Int32 = 0
  package var pointSize: Double = .nan

  /// The entry of an expression with none of these fields.
  package static let none = ExpressionExtra()

}

/// One modifier of a node, as the builder makes it. The model stores it as a `ModifierEntry`
/// and, for the few with view closures, a `ModifierExtra`; `ViewModel.modifiers` reads the same
/// fields back (`ModifierView`). Its view closures' nodes are ranges of `members`.
package struct ModifierRecord: Sendable, BitwiseCopyable {
  package var name: Int32
  package var line: Int32
  package var column: Int32
  package var node: Int32
  package var argumentStart: Int32
  package var argumentCount: Int32
  package var childStart: Int32
  package var childCount: Int32
  package var slotStart: Int32
  package var slotCount: Int32
}

/// A named view closure (`label:`, `header:`, `else`): a range of `members`.
package struct SlotRecord: Sendable, BitwiseCopyable {
  package var name: Int32
  package var memberStart: Int32
  package var memberCount: Int32
}

/// A property of a type declaration.
package struct PropertyRecord: Sendable, BitwiseCopyable {
  package var name: Int32
  /// String ids, or −1.
  package var wrapper: Int32
  package var type: Int32
  package var value: Int32
  package var line: Int32
  package var column: Int32
  package var node: Int32
}

/// Flattens a document tree in preorder.
private struct ViewModelBuilder {
  var strings = InternTable()
  var nodes: [NodeRecord] = []
  var members: [Int32] = []
  var arguments: [ArgumentRecord] = []
  var modifiers: [ModifierRecord] = []
  var slots: [SlotRecord] = []
  var properties: [PropertyRecord] = []
  var expressions: [ExpressionEntry] = []
  var expressionAsides: [AsideNumber] = []
  var expressionMembers: [Int32] = []
  var doubles: [Double] = []
  var expressionExtras: [ExpressionExtra] = []
  var textBytes: [UInt8] = []
  var textStarts: [Int32] = [0]
  var platformNames: [Int32] = []
  var layer: LayerDeriver
  /// By the string id of a node type: what `typeFacts` found (``declarationFact``,
  /// ``controlFact``), or 0 when it has not looked yet. Asked once per type name, not per node.
  private var typeFactsByID: [UInt8] = []
  private static let factsKnown: UInt8 = 1
  private static let declarationFact: UInt8 = 2
  private static let controlFact: UInt8 = 4

  init(layer: AccessibilityLayer) { self.layer = LayerDeriver(layer: layer) }

  private static let declarationTypes: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]

  /// Whether the type `name`, whose string id is `id`, declares a type and is a control
  /// (`TapArea.isControl`).
  private mutating func typeFacts(_ name: String, id: Int32) -> (declaration: Bool, control: Bool) {
    let index = Int(id)
    if index >= typeFactsByID.count { typeFactsByID += repeatElement(0, count: index + 1 - typeFactsByID.count) }
    var facts = typeFactsByID[index]
    if facts == 0 {
      facts = ViewModelBuilder.factsKnown
      if ViewModelBuilder.declarationTypes.contains(name) { facts |= ViewModelBuilder.declarationFact }
      if TapArea.isControl(name) { facts |= ViewModelBuilder.controlFact }
      typeFactsByID[index] = facts
    }
    return (facts & ViewModelBuilder.declarationFact != 0, facts & ViewModelBuilder.controlFact != 0)
  }

  private mutating func optional(_ text: String?) -> Int32 {
    text.map { strings.intern($0) } ?? -1
  }

  /// Adds a list of arguments as one range of `arguments`; their values' structure (and the
  /// arguments of calls inside it) comes after.
  private mutating func addArguments(_ args: [ViewArgument], node: Int32) -> (Int32, Int32) {
    let start = Int32(arguments.count)
    // Fields read in place: binding each argument copied all of it (a retain and a release of
    // every string).
    for offset in args.indices {
      arguments.append(
        ArgumentRecord(
          label: optional(args[offset].label), kind: args[offset].kind, value: strings.intern(args[offset].value),
          line: Int32(clamping: args[offset].line), column: Int32(clamping: args[offset].column), node: node))
    }
    for offset in args.indices {
      guard
        let expression = args[offset].expression ?? ViewExpression.literal(args[offset].kind, args[offset].value)
      else { continue }
      arguments[Int(start) + offset].expression = addExpression(expression, node: node)
    }
    return (start, Int32(args.count))
  }

  /// Adds an expression and its sub-expressions in preorder; returns its index. Recursion
  /// follows the expression's depth, which its producer bounds (the JSON reader by its
  /// nesting limit).
  private mutating func addExpression(_ expression: ViewExpression, node: Int32) -> Int32 {
    let index = Int32(expressions.count)
    var record = ExpressionRecord(form: expression.form, node: node)
    var extra = ExpressionExtra()
    record.name = optional(expression.name)
    record.string = optional(expression.string)
    addText(expression.text, string: expression.string, to: &record)
    extra.operatorName = optional(expression.operatorName)
    extra.asset = optional(expression.asset)
    extra.textStyle = optional(expression.textStyle)
    extra.relativeTo = optional(expression.relativeTo)
    record.scales = expression.scales.map { $0 ? 1 : 0 } ?? -1
    record.number = expression.form == .bool ? (expression.text == "true" ? 1 : 0) : expression.number ?? .nan
    extra.pointSize = expression.pointSize ?? .nan
    // Empty lists are left out: a record without an extra reads them as empty.
    if !expression.components.isEmpty {
      extra.componentStart = Int32(doubles.count)
      extra.componentCount = Int32(expression.components.count)
      doubles += expression.components
    }
    // A placeholder, written when the record is complete: its sub-expressions come next.
    expressions.append(
      ExpressionEntry(
        form: record.form, links: 0, scales: 0, flags: 0, first: -1, second: -1, subtreeEnd: 0, node: node, extra: -1))
    // Links in `Link` order, each subtree after the one before: what `ExpressionRecord.link` walks.
    func link(_ link: ViewExpression.Link) {
      guard let value = expression[link] else { return }
      record.links |= ExpressionRecord.bit(link)
      _ = addExpression(value, node: node)
    }
    link(.base)
    link(.condition)
    link(.then)
    link(.else)
    link(.target)
    link(.rhs)
    if !expression.args.isEmpty {
      (extra.argumentStart, extra.argumentCount) = addArguments(expression.args, node: node)
    }
    func list(_ items: [ViewExpression]) -> (Int32, Int32) {
      guard !items.isEmpty else { return (0, 0) }
      let members = items.map { addExpression($0, node: node) }
      let start = Int32(expressionMembers.count)
      expressionMembers += members
      return (start, Int32(members.count))
    }
    (extra.statementStart, extra.statementCount) = list(expression.statements)
    (extra.partStart, extra.partCount) = list(expression.parts)
    (extra.elementStart, extra.elementCount) = list(expression.elements)
    record.subtreeEnd = Int32(expressions.count)
    if extra.operatorName >= 0 || extra.asset >= 0 || extra.textStyle >= 0 || extra.relativeTo >= 0
      || extra.argumentCount > 0 || extra.statementCount > 0 || extra.partCount > 0 || extra.elementCount > 0
      || extra.componentCount > 0 || !extra.pointSize.isNaN
    {
      record.extra = Int32(expressionExtras.count)
      expressionExtras.append(extra)
    }
    expressions[Int(index)] = ExpressionStorage.entry(record, at: index, asides: &expressionAsides)
    return index
  }

  /// Stores an expression's text, or flags it as derived when it is its string in quotes
  /// (every string literal's).
  private mutating func addText(_ text: String, string: String?, to record: inout ExpressionRecord) {
    if let string, text.utf8.count == string.utf8.count + 2 {
      let quoted = text.withUTF8Bytes { text in
        string.withUTF8Bytes { string in
          let quote = UInt8(ascii: "\"")
          guard text[0] == quote, text[string.count + 1] == quote else { return false }
          for index in 0..<string.count where text[index + 1] != string[index] { return false }
          return true
        }
      }
      if quoted {
        record.flags |= ExpressionRecord.quotedText
        textStarts.append(Int32(textBytes.count))
        return
      }
    }
    text.withUTF8Bytes { textBytes.append(contentsOf: $0) }
    textStarts.append(Int32(textBytes.count))
  }

  /// Adds `node` and everything below it; returns its index.
  @discardableResult
  mutating func add(
    _ node: ViewNode, parent: Int32, owner: Int32, platforms inherited: PlatformSet, context: LayerContext
  ) -> Int32 {
    let index = Int32(nodes.count)
    // Interned first, as it was when the record was made: nothing is interned in between.
    let type = strings.intern(node.type)
    let start = layer.start(node, type: type, context: context, properties: node.properties)
    layer.records.append(start.record)
    layer.contributions.append(.none)
    let platforms = node.platforms.map { $0.intersection(inherited) } ?? inherited
    let facts = typeFacts(node.type, id: type)
    let tap = TapArea.of(node, isControl: facts.control)
    nodes.append(
      NodeRecord(
        type: type, name: optional(node.name), line: Int32(clamping: node.line),
        column: Int32(clamping: node.column), parent: parent, subtreeEnd: index + 1, owner: owner, childStart: 0,
        childCount: 0, argumentStart: 0, argumentCount: 0, modifierStart: 0, modifierCount: 0, slotStart: 0,
        slotCount: 0, propertyStart: 0, propertyCount: 0, platforms: platforms.rawValue,
        tapWidth: tap.width.map { Float32($0) } ?? .nan, tapHeight: tap.height.map { Float32($0) } ?? .nan))
    let (argumentStart, argumentCount) = addArguments(node.args, node: index)
    let propertyStart = Int32(properties.count)
    for property in node.properties {
      properties.append(
        PropertyRecord(
          name: strings.intern(property.name), wrapper: optional(property.wrapper), type: optional(property.type),
          value: optional(property.value), line: Int32(clamping: property.line),
          column: Int32(clamping: property.column), node: index))
    }
    let innerOwner = facts.declaration ? index : owner

    // Members are written after the subtree is built, so ranges in `members` stay contiguous.
    let children = node.children.map {
      add($0, parent: index, owner: innerOwner, platforms: platforms, context: start.childContext)
    }
    var slotGroups: [(Int32, [Int32])] = []
    var namedSlots: [(String, [Int32])] = []
    for slot in node.slots {
      let slotContext = layer.context(forSlot: slot.name, start)
      let members = slot.nodes.map {
        add($0, parent: index, owner: innerOwner, platforms: platforms, context: slotContext)
      }
      slotGroups.append((strings.intern(slot.name), members))
      namedSlots.append((slot.name, members))
    }
    // By modifier position; the modifiers themselves are read from `node` again below.
    var modifierGroups: [[(Int32, [Int32])]] = []
    var modifierContent: [(Int, [Int32])] = []
    if !node.modifiers.isEmpty {
      modifierGroups.reserveCapacity(node.modifiers.count)
      modifierContent.reserveCapacity(node.modifiers.count)
    }
    for (position, modifier) in node.modifiers.enumerated() {
      let modifierContext = layer.context(forModifier: position, node, start)
      let content = modifier.children.map {
        add($0, parent: index, owner: innerOwner, platforms: platforms, context: modifierContext)
      }
      var groups: [(Int32, [Int32])] = []
      for slot in modifier.slots {
        groups.append(
          (
            strings.intern(slot.name),
            slot.nodes.map {
              add($0, parent: index, owner: innerOwner, platforms: platforms, context: modifierContext)
            }
          ))
      }
      modifierGroups.append(groups)
      modifierContent.append((position, content))
    }
    layer.finish(
      index, node, start, children: children, slots: namedSlots, modifierContent: modifierContent, strings: &strings)

    let childStart = Int32(members.count)
    members += children
    let slotStart = Int32(slots.count)
    for (name, group) in slotGroups {
      slots.append(SlotRecord(name: name, memberStart: Int32(members.count), memberCount: Int32(group.count)))
      members += group
    }
    let modifierStart = Int32(modifiers.count)
    for (position, groups) in modifierGroups.enumerated() {
      let modifier = node.modifiers[position]
      let content = modifierContent[position].1
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
