import Precept

/// A string's first UTF-8 byte, read by index (`utf8.first` is a call for every node).
@inline(__always) func firstByte(_ text: String) -> UInt8? {
  let utf8 = text.utf8
  return utf8.isEmpty ? nil : utf8[utf8.startIndex]
}

/// A string's last UTF-8 byte, read by index.
@inline(__always) func lastByte(_ text: String) -> UInt8? {
  let utf8 = text.utf8
  return utf8.isEmpty ? nil : utf8[utf8.index(before: utf8.endIndex)]
}

/// A set of names that answers "certainly not in it" from a name's length and first and last
/// bytes, without hashing it: the linker asks it of every node's type, and few are the app's.
struct NameFilter: Sendable {
  // 16,384 bits for the thousand or so names an app declares (4,096 let a quarter of other
  // names through).
  private var bits = [UInt64](repeating: 0, count: 256)

  init<Names: Sequence<String>>(_ names: Names) {
    for name in names {
      let slot = Self.slot(name)
      bits[slot >> 6] |= 1 << UInt64(slot & 63)
    }
  }

  private static func slot(_ name: String) -> Int {
    let utf8 = name.utf8
    guard let first = firstByte(name), let last = lastByte(name) else { return 0 }
    // The first two bytes, the last and the length, mixed: names that share a suffix (`…View`,
    // `…Row`) or a first letter still spread over the slots.
    let second = utf8.count > 1 ? utf8[utf8.index(after: utf8.startIndex)] : 0
    let key = UInt64(first) | UInt64(second) << 8 | UInt64(last) << 16 | UInt64(utf8.count) << 24
    return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 50)
  }

  /// False only when the name is not one of the set's.
  func mayContain(_ name: String) -> Bool {
    let slot = Self.slot(name)
    return bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
  }
}

/// The views an app declares, across all the files of one run: every type that conforms to
/// `View` (or to a protocol the project declares as refining it) with its stored properties
/// and `body`, and every member and top-level function or computed property the reader kept
/// as building views (`var`/`func`/`subscript` nodes).
///
/// Built from the documents the reader produced (phase one: read every file), then used by
/// ``ViewLinker`` to link uses to declarations (phase two). Names resolve the same whatever
/// the order of the files: a declaration in the file of the use wins, else the only one in
/// the run; two candidates and no winner leave the use unlinked.
package struct ViewIndex: Sendable {
  /// A type, with what all its declarations (the type and its extensions) say about it.
  /// A class so that the linker's contexts, which carry one per level of the tree, copy a
  /// reference.
  final class TypeEntry: Sendable {
    let name: String
    /// The index of the file of the type's own declaration (or of its first extension).
    let file: Int
    /// The declarations (the type's own first) with the file each is in.
    let declarations: [(file: Int, node: ViewNode)]
    let conformances: Set<String>
    /// Stored properties, from the type's own declaration.
    let properties: [ViewProperty]
    /// Members that build views, by name; more than one with a name is ambiguous.
    let members: [String: [Member]]
    let propertyNames: Set<String>
    /// Stored properties of a SwiftUI view type (`private var image: Image`): a use of one is
    /// a view of that type, its value unknown.
    let storedViewTypes: [String: String]
    /// Stored properties without a wrapper (those a memberwise initialiser takes), by name.
    let plainNames: Set<String>
    /// Their literal initial values (`"trash"`, `24`, `.large`), in order.
    let initialLiterals: [(name: String, value: ViewArgument)]
    /// Those whose type holds or builds views, in order: where a use's trailing closure goes.
    let viewHolders: [String]

    init(
      name: String, file: Int, declarations: [(file: Int, node: ViewNode)], conformances: Set<String>,
      properties: [ViewProperty], members: [String: [Member]], isView: Bool
    ) {
      self.name = name
      self.file = file
      self.declarations = declarations
      self.conformances = conformances
      self.properties = properties
      self.members = members
      propertyNames = Set(properties.map(\.name))
      var storedViewTypes: [String: String] = [:]
      // Looked up only while walking the type's own members: a type without any needs none.
      for property in properties where !members.isEmpty {
        // Searched in UTF-8 bytes: Foundation's `contains` was most of building a type's entry.
        guard let written = property.type, !written.utf8Contains("->") else { continue }
        let viewType = ViewIndex.simpleName(written)
        if Catalog.viewTypes.contains(viewType) { storedViewTypes[property.name] = viewType }
      }
      self.storedViewTypes = storedViewTypes
      // Only a view's properties are bound at its uses.
      let plain = isView ? properties.filter { $0.wrapper == nil } : []
      plainNames = Set(plain.map(\.name))
      initialLiterals = plain.compactMap { property in
        property.value.flatMap(ViewIndex.literal).map { (property.name, $0) }
      }
      viewHolders = plain.filter(ViewIndex.holdsViews).map(\.name)
    }
  }

  /// A `var`/`func`/`subscript` node that builds views, and the file it is in.
  struct Member: Sendable {
    let file: Int
    let node: ViewNode
    /// The fewest nodes an expansion of the member copies: every node it builds is copied
    /// except a name, which may stand for views the use passes in. A member that builds more
    /// than a use may copy is left as written at once, without walking it.
    let minimumCopies: Int

    init(file: Int, node: ViewNode) {
      self.file = file
      self.node = node
      var total = 0
      Self.countCopied(node.children, &total)
      minimumCopies = total
    }

    /// Counts until the count is over what a use may copy: past that, the exact figure does
    /// not matter, and large bodies are not walked to the end.
    private static func countCopied(_ nodes: [ViewNode], _ total: inout Int) {
      for node in nodes {
        guard total <= ViewLinker.maximumExpansionSize else { return }
        if !ViewIndex.isReference(node.type) { total += 1 }
        countCopied(node.children, &total)
        for slot in node.slots { countCopied(slot.nodes, &total) }
        for modifier in node.modifiers {
          countCopied(modifier.children, &total)
          for slot in modifier.slots { countCopied(slot.nodes, &total) }
        }
      }
    }
  }

  /// Lower-case node types that are not references (a switch: compared without hashing).
  private static func isForm(_ type: String) -> Bool {
    // By length first: a comparison that fails costs a call, and this runs for every node.
    switch type.utf8.count {
    case 2: type == "if"
    case 3: type == "var"
    case 4: type == "case" || type == "func" || type == "enum" || type == "self"
    case 5: type == "class" || type == "actor"
    case 6: type == "switch" || type == "struct"
    case 7: type == "default"
    case 8: type == "protocol"
    case 9: type == "subscript" || type == "extension"
    default: false
    }
  }

  /// Whether a node type names something in scope (`content`, `header`, `row`): a name that
  /// starts with a lower-case letter and is no form (`if`, `var`).
  static func isReference(_ type: String) -> Bool {
    guard let first = firstByte(type) else { return false }
    if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") || first == UInt8(ascii: "#") { return false }
    if first >= 0x80, type.unicodeScalars.first?.properties.isLowercase != true { return false }
    if first < 0x80, !(first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) { return false }
    return !isForm(type)
  }

  let fileNames: [String]
  /// Types by simple name (`Row` for `Outer.Row`).
  private(set) var types: [String: [TypeEntry]] = [:]
  /// Top-level members by name.
  private(set) var topLevel: [String: [Member]] = [:]
  /// Protocols that refine `View`, the project's and SwiftUI's own.
  private(set) var viewProtocols: Set<String> = ["View"]

  package init(_ documents: [ViewDocument]) {
    fileNames = documents.map(\.file)
    // Each file's declarations are collected on every core, then merged in file order, so a
    // name lists its declarations as one walk of the files in order would.
    let perFile = Concurrently.map(documents.count) { file in
      var found = FileDeclarations()
      Self.collect(documents[file].nodes, file: file, topLevel: true, into: &found)
      return found
    }
    var declarations: [String: [(file: Int, node: ViewNode)]] = [:]
    var protocols: [String: [String]] = [:]
    for found in perFile {
      for (name, list) in found.declarations { declarations[name, default: []] += list }
      for (name, inherited) in found.protocols { protocols[name, default: []] += inherited }
      for (name, members) in found.topLevel { topLevel[name, default: []] += members }
    }
    // A protocol refines View when one it inherits does, however far up.
    var changed = true
    while changed {
      changed = false
      for (name, inherited) in protocols.sorted(by: { $0.key < $1.key }) where !viewProtocols.contains(name) {
        if inherited.contains(where: viewProtocols.contains) {
          viewProtocols.insert(name)
          changed = true
        }
      }
    }
    // Each name's entries are built on every core: they depend only on its declarations.
    let names = Array(declarations.keys)
    let viewProtocols = self.viewProtocols
    let found = declarations
    let entries = Concurrently.map(names.count) { position in
      Self.entries(named: names[position], found[names[position]]!, viewProtocols: viewProtocols)
    }
    for (name, built) in zip(names, entries) { types[name] = built }
    for (name, entries) in types {
      if entries.contains(where: isView) { linkableNames.insert(name) }
      for entry in entries {
        linkableNames.formUnion(entry.members.keys)
        linkableNames.formUnion(entry.properties.map(\.name))
      }
    }
    linkableNames.formUnion(topLevel.keys)
    linkableFilter = NameFilter(linkableNames)
    typeFilter = NameFilter(types.keys)
  }

  /// The types named `name`, from all their declarations (`found`, in file order): one, or
  /// one per file when several files declare a type of that name.
  private static func entries(
    named name: String, _ found: [(file: Int, node: ViewNode)], viewProtocols: Set<String>
  ) -> [TypeEntry] {
    let primaries = found.filter { $0.node.type != "extension" }
    let extensions = found.filter { $0.node.type == "extension" }
    var groups: [[(file: Int, node: ViewNode)]]
    switch primaries.count {
    case 0: groups = [extensions]  // an extension of a type declared elsewhere (a framework's)
    case 1: groups = [primaries + extensions]
    default:
      // Several types share the name: each keeps the extensions of its own file.
      groups = primaries.map { primary in [primary] + extensions.filter { $0.file == primary.file } }
    }
    return groups.map { group in
      var conformances: Set<String> = []
      var members: [String: [Member]] = [:]
      for declaration in group {
        for argument in declaration.node.args where argument.label == "inherits" {
          conformances.insert(Self.simpleName(argument.value))
        }
        Self.members(declaration.node.children, file: declaration.file, into: &members)
      }
      return TypeEntry(
        name: name, file: group[0].file, declarations: group, conformances: conformances,
        properties: group[0].node.type != "extension" ? group[0].node.properties : [], members: members,
        isView: !conformances.isDisjoint(with: viewProtocols) && members["body"]?.count == 1)
    }
  }

  /// What one file declares: types and extensions by simple name, protocols with the names
  /// they inherit, and top-level members, each in source order.
  private struct FileDeclarations: Sendable {
    var declarations: [String: [(file: Int, node: ViewNode)]] = [:]
    var protocols: [String: [String]] = [:]
    var topLevel: [String: [Member]] = [:]
  }

  /// Says quickly, without hashing, that most names are none of `linkableNames`.
  private(set) var linkableFilter = NameFilter([])
  /// The same for the names of `types`.
  private(set) var typeFilter = NameFilter([])

  /// Every name a node's type may have for linking to change it: view types, members, top-level
  /// members and stored properties. A subtree with none of them is left as it is, unwalked.
  private(set) var linkableNames: Set<String> = []

  /// Walks declarations: types (nested too) and top-level members.
  private static func collect(
    _ nodes: [ViewNode], file: Int, topLevel isTop: Bool, into found: inout FileDeclarations
  ) {
    for node in nodes {
      switch node.type {
      case "struct", "class", "enum", "actor", "extension":
        if let name = node.name { found.declarations[Self.simpleName(name), default: []].append((file, node)) }
        collect(node.children, file: file, topLevel: false, into: &found)
      case "protocol":
        if let name = node.name {
          found.protocols[name, default: []] +=
            node.args.filter { $0.label == "inherits" }.map { Self.simpleName($0.value) }
        }
      case "#if":
        collect(node.children, file: file, topLevel: isTop, into: &found)
        for slot in node.slots { collect(slot.nodes, file: file, topLevel: isTop, into: &found) }
      case "var", "func",
        "subscript" where isTop:
        if let name = node.name { found.topLevel[name, default: []].append(Member(file: file, node: node)) }
      default:
        continue
      }
    }
  }

  /// The members among a type's children, also inside `#if` blocks.
  private static func members(_ nodes: [ViewNode], file: Int, into members: inout [String: [Member]]) {
    for node in nodes {
      switch node.type {
      case "var", "func", "subscript":
        if let name = node.name { members[name, default: []].append(Member(file: file, node: node)) }
      case "#if":
        Self.members(node.children, file: file, into: &members)
        for slot in node.slots { Self.members(slot.nodes, file: file, into: &members) }
      default:
        continue
      }
    }
  }

  /// `Row` for `Outer.Row`, `SwiftUI.View` or `Row<Content>`.
  static func simpleName(_ written: String) -> String {
    // Read as UTF-8 bytes: `<`, `.` and space are ASCII, so they never fall inside a
    // multi-byte character. The common case, a plain name, is returned without making a string.
    let bytes = written.utf8
    var end = bytes.endIndex
    var start = bytes.startIndex
    var plain = true
    var ascii = true
    var position = bytes.startIndex
    while position < end {
      let byte = bytes[position]
      if byte >= 0x80 { ascii = false }
      switch byte {
      case UInt8(ascii: "<"):
        // (A combining mark after it would make it part of another character.)
        let next = bytes.index(after: position)
        if next < bytes.endIndex, bytes[next] >= 0x80 { ascii = false }
        end = position
        plain = false
        continue
      case UInt8(ascii: "."):
        start = bytes.index(after: position)
        plain = false
      case UInt8(ascii: " "):
        plain = false
      default:
        break
      }
      position = bytes.index(after: position)
    }
    if plain { return written }
    // A space or a dot may begin a character outside ASCII (with a combining mark after it):
    // such text is cut by Characters.
    guard ascii else { return unicodeSimpleName(written) }
    while start < end, bytes[start] == UInt8(ascii: " ") { start = bytes.index(after: start) }
    while start < end, bytes[bytes.index(before: end)] == UInt8(ascii: " ") { end = bytes.index(before: end) }
    return String(written[start..<end])
  }

  private static func unicodeSimpleName(_ written: String) -> String {
    var name = Substring(written)
    if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
    if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
    while name.first == " " { name = name.dropFirst() }
    while name.last == " " { name = name.dropLast() }
    return String(name)
  }

  /// The type named `name` as seen from `file`: the one declared in that file, else the only
  /// one in the run.
  func type(_ name: String, from file: Int) -> TypeEntry? {
    guard typeFilter.mayContain(name), let candidates = types[name] else { return nil }
    if candidates.count == 1 { return candidates[0] }
    let local = candidates.filter { entry in entry.declarations.contains { $0.file == file } }
    if local.count == 1 { return local[0] }
    return local.isEmpty && candidates.count == 1 ? candidates[0] : nil
  }

  /// Whether a type is a view: it or an extension of it conforms to `View` or to a protocol
  /// refining it, and it has a `body`.
  func isView(_ entry: TypeEntry) -> Bool {
    !entry.conformances.isDisjoint(with: viewProtocols) && entry.members["body"]?.count == 1
  }

  /// A member named `name` of `entry`, or a top-level one as seen from `file`; nil when there
  /// is none or more than one (overloads are not told apart).
  func member(_ name: String, of entry: TypeEntry?, from file: Int) -> Member? {
    if let entry, let found = entry.members[name] { return found.count == 1 ? found[0] : nil }
    guard let candidates = topLevel[name] else { return nil }
    let local = candidates.filter { $0.file == file }
    if local.count == 1 { return local[0] }
    return local.isEmpty && candidates.count == 1 ? candidates[0] : nil
  }

  /// A property whose type holds views or builds them: `Content`, `() -> Label`, `some View`,
  /// `Image`, `AnyView`.
  static func holdsViews(_ property: ViewProperty) -> Bool {
    guard var type = property.type else { return false }
    // What the last `->` returns, without `)` and `?`: ASCII, so the UTF-8 bytes can be
    // searched and dropped directly (Foundation's string search was most of building the index).
    let bytes = type.utf8
    var arrow: String.Index?
    var strips = false
    var previous: UInt8 = 0
    for position in bytes.indices {
      let byte = bytes[position]
      if previous == UInt8(ascii: "-") && byte == UInt8(ascii: ">") { arrow = bytes.index(after: position) }
      if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "?") { strips = true }
      previous = byte
    }
    if arrow != nil || strips {
      let kept = bytes[(arrow ?? bytes.startIndex)...].filter { $0 != UInt8(ascii: ")") && $0 != UInt8(ascii: "?") }
      type = String(decoding: kept, as: UTF8.self)
    }
    let name = ViewIndex.simpleName(type)
    if Catalog.viewTypes.contains(name) { return true }
    return ["Content", "Label", "View", "Icon", "Destination", "Leading", "Trailing"].contains { name.hasSuffix($0) }
  }

  /// A literal written as a property's initial value (`"trash"`, `24`, `true`, `.large`).
  static func literal(_ text: String) -> ViewArgument? {
    let bytes = text.utf8
    guard let first = bytes.first else { return nil }
    // Characters outside ASCII are read as Characters (a quote may join the character before
    // it); ASCII text, nearly all of it, byte by byte.
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return unicodeLiteral(text) }
    if text == "true" || text == "false" { return ViewArgument(label: nil, kind: .bool, value: text) }
    let count = bytes.count
    let last = bytes[bytes.index(before: bytes.endIndex)]
    if first == UInt8(ascii: "\""), count >= 2, last == UInt8(ascii: "\""), !bytes.contains(UInt8(ascii: "\\")) {
      return ViewArgument(label: nil, kind: .string, value: String(text.dropFirst().dropLast()))
    }
    if first == UInt8(ascii: "."), count > 1,
      bytes.dropFirst().allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "_") })
    {
      return ViewArgument(label: nil, kind: .member, value: text)
    }
    if isASCIIDigit(first) || first == UInt8(ascii: "-"),
      Double(String(decoding: bytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) != nil
    {
      return ViewArgument(label: nil, kind: .number, value: text)
    }
    return nil
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// `literal(_:)` for text with characters outside ASCII.
  static func unicodeLiteral(_ text: String) -> ViewArgument? {
    guard let first = text.first else { return nil }
    if first == "\"", text.count >= 2, text.last == "\"", !text.contains("\\") {
      return ViewArgument(label: nil, kind: .string, value: String(text.dropFirst().dropLast()))
    }
    if first == ".", text.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), text.count > 1 {
      return ViewArgument(label: nil, kind: .member, value: text)
    }
    if first.isNumber || first == "-", Double(String(text.filter { $0 != "_" })) != nil {
      return ViewArgument(label: nil, kind: .number, value: text)
    }
    return nil
  }
}
