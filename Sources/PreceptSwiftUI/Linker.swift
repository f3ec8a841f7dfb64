import Foundation
import Precept

/// A node of a declaration, identified by where it is written: what a node copied into a use
/// site came from.
package struct ViewOrigin: Sendable, Hashable {
  package var file: String
  package var line: Int
  package var column: Int
  /// The node's type as the declaration's own model has it.
  package var type: String

  // Hashed by position and the strings' lengths, not their bytes: the linker puts these in
  // sets for every node it copies. Equal values still hash alike.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(line &<< 32 ^ column &<< 16 ^ file.utf8.count &<< 8 ^ type.utf8.count)
  }
}

/// A declaration that builds views (a view's `body`, a member, a top-level function), by the
/// position of its `var`/`func` node.
package struct ViewDeclaration: Sendable, Hashable {
  package var file: String
  package var line: Int
  package var column: Int

  // Hashed by position and the file name's length, not its bytes (see `ViewOrigin`).
  package func hash(into hasher: inout Hasher) {
    hasher.combine(line &<< 32 ^ column &<< 16 ^ file.utf8.count)
  }
}

/// One node the linker copied into a document from a declaration: where it is now (the use
/// site's position and its type) and where it came from.
package struct ViewExpansion: Sendable, Hashable {
  package var line: Int
  package var column: Int
  package var type: String
  package var origin: ViewOrigin
  package var declaration: ViewDeclaration
  /// Whether what the use passed changed the copy itself: a literal bound into its arguments,
  /// a view passed in inside it, or the use's modifiers on it. Only then can a finding on the
  /// copy be the use's rather than the declaration's; the context a use puts a view in (a
  /// `body`, a `switch` case it never takes) does not count.
  package var decided: Bool
  /// Whether the use is in a preview (`#Preview`, a `PreviewProvider`): previews are not what
  /// people use, so they neither keep a declaration's finding nor settle it.
  package var inPreview: Bool
}

/// A document whose uses of the project's views are linked to their declarations.
package struct LinkedDocument: Sendable {
  package init(
    document: ViewDocument, expansions: [ViewExpansion], blocked: Set<ViewDeclaration>, walked: Int = 0
  ) {
    self.document = document
    self.expansions = expansions
    self.blocked = blocked
    self.walked = walked
  }
  package var document: ViewDocument
  /// Every node copied in from a declaration.
  package var expansions: [ViewExpansion]
  /// Declarations with a use left as written because a limit stopped it (recursion, depth,
  /// size): what the declaration's uses do is not fully known.
  package var blocked: Set<ViewDeclaration>
  /// Nodes copied while linking, those a limit discarded included: what linking cost.
  package var walked: Int
  /// Declarations' bodies walked for uses written in the file (a use that binds nothing
  /// reuses an earlier expansion of the same declaration instead).
  package var declarationWalks = 0
}

/// Links the uses of an app's own views to their declarations (`Sources/PreceptSwiftUI/README.md`,
/// *Project-wide views*).
///
/// A use of a view type (`AppIcon(name: "close")`) or of a member that builds views
/// (`controlButton(…)`, `self.header`) is replaced by the views its declaration builds, so
/// rules see through it: the nodes take the use site's position, the first of them carries
/// the use's name in `name` and the use site's modifiers after its own. Literal arguments bind
/// the stored properties they initialise; the use's trailing closure and labelled view
/// closures bind the properties that hold views. Everything else is left as written.
package struct ViewLinker: Sendable {
  /// How many declarations may be expanded inside one another at a use site.
  package static let maximumExpansionDepth = 8
  /// Uses nested deeper than this many nodes in the view tree are left as written, so linked
  /// trees stay within the depth everything that walks them is built for.
  package static let maximumUseNesting = 50
  /// The most nodes one use may copy from declarations (its own and those expanded inside
  /// it; views it passes in do not count). Linking is for what a view draws where it is used
  /// (an icon, a button, a row); a whole screen inlined into each use would multiply the model
  /// (30 times for IceCubesApp) and give only findings its declaration already reports.
  package static let maximumExpansionSize = 32
  /// The most nodes one use may walk in declarations, those of nested expansions a limit
  /// then discards included: as many as it may copy, so a use whose nested views keep failing
  /// their own limits stops trying, and linking a use costs about what it may copy. (Four
  /// times as many linked a few more uses on real apps, none that changed an error or a
  /// warning on five of seven, and was most of what linking cost.)
  package static let maximumExpansionWork = maximumExpansionSize
  /// The most nodes linking may add to one document: a quarter of the nodes it has as read,
  /// and at least `minimumAddedNodes`, so that rules never evaluate much more than the file
  /// holds. When the uses would add more, the cheapest are linked first (fewest nodes added,
  /// then source order) and the rest are left as written: the budget drops the fewest links,
  /// and which ones does not depend on where in the file a use is.
  package static func maximumAddedNodes(_ document: ViewDocument) -> Int {
    max(minimumAddedNodes, count(document.nodes) / 4)
  }
  package static let minimumAddedNodes = 32

  /// Notes the positions of the nodes whose subtree names something linkable (or carries a
  /// style that may name a button); true when there is one.
  static func mark(
    _ nodes: [ViewNode], _ names: Set<String>, _ filter: NameFilter, _ marked: inout Set<UseSite>
  ) -> Bool {
    var any = false
    for node in nodes {
      var changes = filter.mayContain(node.type) && names.contains(node.type)
      if mark(node.children, names, filter, &marked) { changes = true }
      for slot in node.slots {
        if mark(slot.nodes, names, filter, &marked) { changes = true }
      }
      for modifier in node.modifiers {
        if isStyleModifier(modifier.name) { changes = true }
        if mark(modifier.children, names, filter, &marked) { changes = true }
        for slot in modifier.slots {
          if mark(slot.nodes, names, filter, &marked) { changes = true }
        }
      }
      if changes {
        marked.insert(UseSite(line: node.line, column: node.column))
        any = true
      }
    }
    return any
  }

  /// Nodes in a tree, through children, slots and modifier closures.
  static func count(_ nodes: [ViewNode]) -> Int {
    var total = 0
    for node in nodes {
      total += 1 + count(node.children)
      for slot in node.slots { total += count(slot.nodes) }
      for modifier in node.modifiers {
        total += count(modifier.children)
        for slot in modifier.slots { total += count(slot.nodes) }
      }
    }
    return total
  }

  let index: ViewIndex
  /// Expansions of uses that bind nothing, shared by the files of the run (an expansion does
  /// not depend on the file of its use).
  private let shared = SharedExpansions()

  /// Whether a first walk past the file's budget only counts (see `Walk.counting`); off only
  /// to test that counting links what linking in full does.
  let countsPastBudget: Bool

  package init(_ index: ViewIndex, countsPastBudget: Bool = true) {
    self.index = index
    self.countsPastBudget = countsPastBudget
  }

  /// Links every document of a run; `documents` are the ones the index was built from, in
  /// its order.
  package static func link(_ documents: [ViewDocument]) -> [LinkedDocument] {
    let linker = ViewLinker(ViewIndex(documents))
    return documents.indices.map { linker.link(documents[$0], file: $0) }
  }

  /// Links document `file` of the index.
  package func link(_ document: ViewDocument, file: Int) -> LinkedDocument {
    // Only subtrees that name something linkable are walked; most of a file is not.
    var changing: Set<UseSite> = []
    guard Self.mark(document.nodes, index.linkableNames, index.linkableFilter, &changing) else {
      return LinkedDocument(document: document, expansions: [], blocked: [])
    }
    let budget = Self.maximumAddedNodes(document)
    let context = Context(file: file)
    // First every use is linked, and what each one written in the file adds is counted.
    var walk = Walk(index: index, allowed: nil, changing: changing)
    walk.shared = shared
    if countsPastBudget { walk.countsPast = budget }
    var nodes = walk.nodes(document.nodes, context)
    var firstWalk = 0
    if walk.added > budget {
      firstWalk = walk.walked
      // Over the budget: link again, only the cheapest uses that fit.
      var allowed: Set<UseSite> = []
      var total = 0
      for (site, cost) in walk.costs.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
        guard total + cost <= budget else { break }
        total += cost
        allowed.insert(site)
      }
      let cache = walk.expansionCache
      walk = Walk(index: index, allowed: allowed, changing: changing)
      walk.expansionCache = cache
      walk.shared = shared
      nodes = walk.nodes(document.nodes, context)
    }
    // The document's other fields (its platforms) stay as read.
    var linked = document
    linked.nodes = nodes
    if walk.expansions.isEmpty && walk.substitutions == 0 {
      linked = document
    } else if walk.deepest > SwiftUIReader.maximumNesting, SwiftUIReader.firstTooDeep(nodes) != nil {
      // Linking never makes a document deeper than view-model JSON allows.
      return LinkedDocument(document: document, expansions: [], blocked: walk.blocked.union(walk.expanded))
    }
    var result = LinkedDocument(
      document: linked, expansions: walk.expansions, blocked: walk.blocked, walked: walk.walked + firstWalk)
    result.declarationWalks = walk.declarationWalks
    return result
  }
}

// MARK: - The walk

/// What binds a view type's stored properties at one use. A class: every context inside the
/// expansion carries it, and it is not changed once the expansion starts.
private final class Bindings {
  /// Literal values, by property name.
  var literals: [String: ViewArgument] = [:]
  /// Views passed in (a trailing closure, a labelled view closure), by property name.
  var views: [String: [ViewNode]] = [:]
  /// The length in UTF-8 of the longest name in `literals`.
  var longestName = 0
  /// The literals the use wrote (the others are properties' initial values).
  var written: Set<String> = []
  /// The copies recorded while linking each passed view group (in `Walk.expansions`): a body
  /// that shows a group twice shows those copies twice, and each is recorded.
  var entries: [String: Range<Int>] = [:]
  /// Tells these bindings from those of other uses, for `Walk.usedViews`.
  var id = 0
}

private struct Context {
  /// The file whose declarations are being walked: names resolve from it.
  var file: Int
  /// The type around the nodes, for its members and stored properties.
  var type: ViewIndex.TypeEntry? = nil
  var bindings: Bindings? = nil
  /// Inside an expansion: the position of the outermost use, which every copied node takes.
  var useSite: (line: Int, column: Int)? = nil
  var declaration: ViewDeclaration? = nil
  /// Where copied nodes come from, in the model of the declaration expanded first (its file,
  /// and, for views expanded inside it, the position of their use in it): the position each
  /// copied node has when that declaration is linked where it is declared.
  var originFile = 0
  var originSite: (line: Int, column: Int)? = nil
  var inPreview = false
  /// False inside a view whose custom style may draw words the model cannot show
  /// (`.buttonStyle(RowStyle(title: …))` whose declaration is not known to show the title):
  /// uses there stay as written, so linking adds no finding a style may answer.
  var resolves = true
  /// Declarations being expanded (and the one being walked where it is declared).
  var stack: [ViewDeclaration] = []

  init(file: Int) { self.file = file }
}

// Compared by length first, then as small strings, without hashing: these run for every
// node (or modifier) walked, and a string comparison that fails costs a call.
private func isDeclaration(_ type: String) -> Bool {
  switch type.utf8.count {
  case 4: type == "enum"
  case 5: type == "class" || type == "actor"
  case 6: type == "struct"
  case 8: type == "protocol"
  case 9: type == "extension"
  default: false
  }
}

private func isMember(_ type: String) -> Bool {
  switch type.utf8.count {
  case 3: type == "var"
  case 4: type == "func"
  case 9: type == "subscript"
  default: false
  }
}

/// `buttonStyle` and `labelStyle`, the modifiers that may give a control a custom style.
private func isStyleModifier(_ name: String) -> Bool {
  switch name.utf8.count {
  case 11: name == "buttonStyle"
  case 10: name == "labelStyle"
  default: false
  }
}

/// `overlay` and `background`, the modifiers that draw over or under a view.
private func isDecoration(_ name: String) -> Bool {
  switch name.utf8.count {
  case 7: name == "overlay"
  case 10: name == "background"
  default: false
  }
}

private enum StyleEffect {
  /// The style shows this value as text.
  case names(ViewArgument)
  /// The style is given a title-like value it may or may not show.
  case unknown
}

/// What a style call does, before it is placed at a use: see `Walk.styleOutcome`.
private enum StyleOutcome {
  case none
  /// The style shows this argument's value (its source text) as text.
  case names(String)
  case unknown
}

private struct StyleKey: Hashable {
  var text: String
  var file: Int
}

private let styleProtocols: Set<String> = ["ButtonStyle", "PrimitiveButtonStyle", "LabelStyle"]
/// Argument labels of a style that say what a control is called.
private let titleLabels: Set<String> = ["title", "titleKey", "label", "text", "name", "caption", "accessibilityLabel"]

/// A style written as a call, `RowStyle(title: "Share", tint: .red)`: its type and labelled
/// arguments as source text; nil for anything else (`.plain`, `style`, a chain).
struct StyleCall {
  var name: String
  var arguments: [(label: String, value: String)] = []

  init?(_ text: String) {
    let text = Substring(text)
    guard let open = text.firstIndex(of: "("), text.last == ")" else { return nil }
    let name = text[..<open]
    guard let first = name.first, first.isUppercase,
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    else { return nil }
    self.name = String(name)
    // Split the arguments at top-level commas (outside brackets and string literals).
    var depth = 0
    var inString = false
    var previous: Character = " "
    var start = text.index(after: open)
    let end = text.index(before: text.endIndex)
    var parts: [Substring] = []
    var index = start
    while index < end {
      let character = text[index]
      if inString {
        if character == "\"" && previous != "\\" { inString = false }
      } else {
        switch character {
        case "\"": inString = true
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        case "," where depth == 0:
          parts.append(text[start..<index])
          start = text.index(after: index)
        default: break
        }
      }
      previous = character
      index = text.index(after: index)
    }
    if start < end { parts.append(text[start..<end]) }
    for part in parts {
      guard let colon = part.firstIndex(of: ":") else { continue }
      let label = Self.trimmed(part[..<colon])
      guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
      arguments.append((label, Self.trimmed(part[part.index(after: colon)...])))
    }
  }

  private static func trimmed(_ text: Substring) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  /// A value as the model writes an argument: a plain string literal's contents, else the
  /// expression's text; at the position of the style.
  static func argument(_ value: String, at position: ViewArgument) -> ViewArgument {
    if value.count >= 2, value.first == "\"", value.last == "\"", !value.contains("\\") {
      return ViewArgument(
        label: nil, kind: .string, value: String(value.dropFirst().dropLast()), line: position.line,
        column: position.column)
    }
    return ViewArgument(label: nil, kind: .expr, value: value, line: position.line, column: position.column)
  }
}

/// Where a use is written in the file being linked.
struct UseSite: Hashable, Comparable {
  var line: Int
  var column: Int

  func hash(into hasher: inout Hasher) { hasher.combine(line &<< 32 ^ column) }

  static func < (a: UseSite, b: UseSite) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// What an expansion at a use written in the file depends on when it binds nothing: the
/// declaration, the type whose members it sees, and how many declarations are around the use
/// (the depth limit). Which declarations those are matters only where the expansion uses one of
/// them (recursion): `CachedExpansion.fits` checks that.
private struct ExpansionKey: Hashable {
  var declaration: ViewDeclaration
  var type: ObjectIdentifier?
  var depth: Int
  /// Whether the use binds literals (then only a failure is kept: see `Walk.expand`).
  var literals = false
}

/// The expansions every file's walk may reuse; the first one made for a key stays.
private final class SharedExpansions: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [ExpansionKey: CachedExpansion] = [:]

  func entry(_ key: ExpansionKey) -> CachedExpansion? {
    lock.lock()
    defer { lock.unlock() }
    return entries[key]
  }

  func add(_ key: ExpansionKey, _ expansion: CachedExpansion) {
    lock.lock()
    defer { lock.unlock() }
    if entries[key] == nil { entries[key] = expansion }
  }
}

/// An expansion as first made (its copies at the first use's position), or that it failed.
private struct CachedExpansion {
  var failed: Bool
  /// The declarations the expansion's nested uses asked the stack about (recursion), and those
  /// of them that were on the stack around the first use: the expansion is the same at another
  /// use whose stack holds the same of them.
  var probed: Set<ViewDeclaration>
  var probedOnStack: Set<ViewDeclaration>
  var roots: [ViewNode]
  var records: [ViewExpansion]
  var substitutions: Int
  var expanded: [ViewDeclaration]
  var depth: Int
}

extension CachedExpansion {
  /// Whether the expansion is the same around `stack`: each declaration it asked about is on
  /// `stack` exactly when it was on the first use's (a stack holds a declaration once).
  func fits(_ stack: [ViewDeclaration]) -> Bool {
    guard !probed.isEmpty else { return true }
    var onStack = 0
    for declaration in stack where probed.contains(declaration) {
      guard probedOnStack.contains(declaration) else { return false }
      onStack += 1
    }
    return onStack == probedOnStack.count
  }
}

private struct UsedView: Hashable {
  var bindings: Int
  var name: String
}

private struct Walk {
  let index: ViewIndex
  var expansions: [ViewExpansion] = []
  var blocked: Set<ViewDeclaration> = []
  /// Declarations expanded at least once.
  var expanded: Set<ViewDeclaration> = []
  /// `expanded` in the order its declarations were first inserted: what an expansion added
  /// to it is a suffix, taken without copying the set.
  var expandedOrder: [ViewDeclaration] = []
  /// Stored properties turned into views or bound: changes that are no expansion.
  var substitutions = 0
  /// Values and views of uses put into copies so far (see `ViewExpansion.decided`).
  var passed = 0
  /// Views passed to a use that its expansion showed, by the use's bindings.
  var usedViews: Set<UsedView> = []
  var bindingCount = 0
  /// Nodes added so far (a use's own copies and those of the uses expanded inside it).
  var added = 0
  /// Copies made so far with an `.overlay` or `.background` that draws words (see
  /// `speaks`).
  var speakingDecorations = 0
  /// Where the copies of the use written in the file being expanded start in `expansions`.
  var outerMark = 0
  /// Nodes copied so far, discarded ones included, and their count when the use written in
  /// the file being expanded started.
  var walked = 0
  var outerWalked = 0
  /// What each use written in the file added, by where it is written.
  var costs: [UseSite: Int] = [:]
  /// Expansions of uses that bind nothing, for the next use of the same declaration.
  var expansionCache: [ExpansionKey: CachedExpansion] = [:]
  /// Declarations' bodies walked for uses written in the file.
  var declarationWalks = 0
  /// The declarations nested uses asked the stack about, in order (see `CachedExpansion.probed`).
  var probes: [ViewDeclaration] = []
  /// What each style call does (see `styleEffect`), by its text and the file it is written in.
  var styleOutcomes: [StyleKey: StyleOutcome] = [:]
  var shared: SharedExpansions?
  /// In the first walk, the budget: once the uses written in the file have added more, the
  /// walk is linked again with only the cheapest uses, so the rest of this one only counts.
  var countsPast: Int?
  /// Whether the walk only counts: what each use copies and walks, and whether it fails, are
  /// what linking gives, but no copy is made (nodes are `counted`, records `countedRecord`).
  /// Its output is discarded; an expansion it makes is not kept for reuse, a failure is.
  var counting = false
  /// What a counting walk puts where a copy would go: only how many there are matters.
  private static let counted = ViewNode(type: "")
  private static let countedRecord = ViewExpansion(
    line: 0, column: 0, type: "", origin: ViewOrigin(file: "", line: 0, column: 0, type: ""),
    declaration: ViewDeclaration(file: "", line: 0, column: 0), decided: false, inPreview: false)

  /// The uses written in the file that may be linked, or nil for all of them (the first walk,
  /// which counts what each adds).
  let allowed: Set<UseSite>?

  /// Positions of the nodes written in the file whose subtree linking may change; the others
  /// are kept as they are.
  let changing: Set<UseSite>
  /// Nodes around the current one in the linked tree (kept here, not in `Context`, so that
  /// walking a level copies no context).
  var level = 0
  /// The deepest level of the linked tree.
  var deepest = 0

  init(index: ViewIndex, allowed: Set<UseSite>?, changing: Set<UseSite>) {
    self.index = index
    self.allowed = allowed
    self.changing = changing
  }

  mutating func nodes(_ input: [ViewNode], _ context: Context) -> [ViewNode] {
    guard !input.isEmpty else {
      // Nothing to walk (most nodes have no children): only the level is counted.
      if level >= deepest { deepest = level + 1 }
      return input
    }
    var output: [ViewNode] = []
    output.reserveCapacity(input.count)
    level += 1
    defer { level -= 1 }
    if level > deepest { deepest = level }
    for node in input {
      // A use that copied more than it may is left as written: the rest of it is not walked.
      if context.useSite != nil,
        expansions.count - outerMark > ViewLinker.maximumExpansionSize
          || walked - outerWalked > ViewLinker.maximumExpansionWork
      {
        break
      }
      append(node, context, &output)
    }
    return output
  }

  private mutating func append(_ node: ViewNode, _ context: Context, _ output: inout [ViewNode]) {
    if !node.modifiers.isEmpty, context.resolves, let effect = styleEffect(node, context) {
      var node = node
      var inner = context
      if case .names(let title) = effect, node.type == "Button", node.args.allSatisfy({ $0.label != nil }) {
        // The style draws the title beside the label: the button shows those words.
        let text = ViewNode(type: "Text", line: title.line, column: title.column, args: [title])
        if let slot = node.slots.firstIndex(where: { $0.name == "label" }) {
          node.slots[slot].nodes.append(text)
        } else {
          node.children.append(text)
        }
        substitutions += 1
      } else {
        inner.resolves = false
      }
      resolve(node, inner, &output)
      return
    }
    resolve(node, context, &output)
  }

  /// Appends the node, or what it stands for when it names a view, a member or a bound view.
  private mutating func resolve(_ node: ViewNode, _ context: Context, _ output: inout [ViewNode]) {
    if !context.resolves {
      output.append(copied(node, context))
      return
    }
    // Declarations and members are lower-case forms: a type name skips those checks.
    let lowercase = firstByte(node.type).map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } ?? false
    if lowercase, isDeclaration(node.type) {
      var inner = context
      inner.type = node.name.flatMap { index.type(ViewIndex.simpleName($0), from: context.file) }
      if node.args.contains(where: { $0.label == "inherits" && ViewIndex.simpleName($0.value) == "PreviewProvider" }) {
        inner.inPreview = true
      }
      if node.args.contains(where: { $0.label == "inherits" && Self.isAppliedElsewhere(ViewIndex.simpleName($0.value)) }
      ) {
        // A modifier's or a style's body is shown where `.modifier(…)` or `.buttonStyle(…)`
        // puts it, which linking does not follow: what is around it there (a combined
        // element, a name) is unknown, so its uses stay as written.
        inner.resolves = false
      }
      var copy = node
      copy.children = nodes(node.children, inner)
      output.append(copy)
      return
    }
    if !lowercase, firstByte(node.type) == UInt8(ascii: "#"), node.type == "#Preview", !context.inPreview {
      var inner = context
      inner.inPreview = true
      append(node, inner, &output)
      return
    }
    if lowercase, context.useSite == nil, isMember(node.type) {
      // A member where it is declared: its own uses of itself are recursion.
      var inner = context
      inner.stack.append(declaration(node, context.file))
      var copy = node
      copy.children = nodes(node.children, inner)
      output.append(copy)
      return
    }
    if isReference(node.type), reference(node, context, &output) { return }
    if let entry = index.type(node.type, from: context.file), index.isView(entry) {
      use(node, of: entry, context, &output)
      return
    }
    output.append(copied(node, context))
  }

  /// The node with its arguments bound, its closures and modifiers linked, and, inside an
  /// expansion, the use site's position (recorded as an expansion).
  private mutating func copied(_ node: ViewNode, _ context: Context) -> ViewNode {
    // Where it is written, a node changes only when its subtree names something linkable.
    if context.useSite == nil, !changing.contains(UseSite(line: node.line, column: node.column)) {
      return node
    }
    if counting {
      _ = nodes(node.children, context)
      for slot in node.slots { _ = nodes(slot.nodes, context) }
      _ = linked(node.modifiers, context)
      if context.useSite != nil { countPlaced() }
      return Self.counted
    }
    let passedBefore = passed
    var copy = node
    copy.args = bound(node.args, context)
    copy.children = nodes(node.children, context)
    copy.slots = node.slots.map { ViewSlot(name: $0.name, nodes: nodes($0.nodes, context)) }
    copy.modifiers = linked(node.modifiers, context)
    if let site = context.useSite {
      let decided = passed > passedBefore
      place(&copy, origin: node, context, site, decided: decided)
    }
    return copy
  }

  private mutating func linked(_ modifiers: [ViewModifier], _ context: Context) -> [ViewModifier] {
    guard !modifiers.isEmpty else { return modifiers }
    if context.useSite != nil {
      for modifier in modifiers where Self.speaks(modifier) { speakingDecorations += 1 }
    }
    if counting {
      // As many modifiers as there are (what `wrapped` makes depends on whether there are any).
      for modifier in modifiers {
        _ = nodes(modifier.children, context)
        for slot in modifier.slots { _ = nodes(slot.nodes, context) }
      }
      return modifiers
    }
    // A copy keeps its modifiers' byte ranges, as it keeps its arguments' (see `bound`; the
    // root of a use's expansion drops them in `wrapped`): modifiers without closures are then
    // the same copied, unless a literal is bound into their arguments.
    let closures = modifiers.contains { !$0.children.isEmpty || !$0.slots.isEmpty }
    if !closures, context.bindings?.literals.isEmpty ?? true { return modifiers }
    return modifiers.map { modifier in
      var copy = modifier
      copy.args = bound(modifier.args, context)
      copy.children = nodes(modifier.children, context)
      copy.slots = modifier.slots.map { ViewSlot(name: $0.name, nodes: nodes($0.nodes, context)) }
      return copy
    }
  }

  /// Gives a copied node the use site's position and records where it came from. Its
  /// arguments and modifiers keep the declaration's positions: they say where each is written,
  /// and keep their order for rules that compare them (a padding after a frame).
  private mutating func place(
    _ node: inout ViewNode, origin: ViewNode, _ context: Context, _ site: (line: Int, column: Int),
    decided: Bool = false
  ) {
    if counting { return countPlaced() }
    node.line = site.line
    node.column = site.column
    // A copy's bytes are the declaration's, not the use site file's: a fix must not edit them
    // there (the root of a use's expansion takes the use's range in `wrapped`).
    node.offsets = SourceOffsets()
    walked += 1
    expansions.append(
      ViewExpansion(
        line: site.line, column: site.column, type: node.type,
        origin: ViewOrigin(
          file: index.fileNames[context.originFile], line: context.originSite?.line ?? origin.line,
          column: context.originSite?.column ?? origin.column, type: node.type),
        declaration: context.declaration!, decided: decided, inPreview: context.inPreview))
  }

  /// A copy a counting walk would have placed.
  private mutating func countPlaced() {
    walked += 1
    expansions.append(Self.countedRecord)
  }

  /// Arguments with the bound properties' literal values in place of their names.
  private mutating func bound(_ args: [ViewArgument], _ context: Context) -> [ViewArgument] {
    // A copy keeps its arguments' byte ranges, in the declaration's file: copies have no range
    // of their own, so no fix reads them (the root of a use's expansion, which takes the use's
    // range, drops them in `wrapped`).
    guard let bindings = context.bindings, !bindings.literals.isEmpty else { return args }
    let literals = bindings.literals
    return args.map { argument in
      // Longer than any bound name (and `self.` before it): not hashed to be looked up.
      guard argument.kind == .expr, argument.value.utf8.count <= bindings.longestName + 5 else { return argument }
      var name = argument.value
      if literals[name] == nil {
        guard name.utf8.starts(with: "self.".utf8) else { return argument }
        name = String(name.dropFirst(5))
      }
      guard let value = literals[name] else { return argument }
      if context.bindings!.written.contains(name) { passed += 1 }
      var copy = argument
      copy.kind = value.kind
      copy.value = value.value
      return copy
    }
  }

  /// An argument copied from a declaration, without the declaration's bytes.
  private static func unplaced(_ argument: ViewArgument) -> ViewArgument {
    guard argument.offsets.range != nil else { return argument }
    var copy = argument
    copy.offsets = SourceOffsets()
    return copy
  }

  /// A modifier copied from a declaration, without the declaration's bytes.
  private static func unplaced(_ modifier: ViewModifier) -> ViewModifier {
    guard modifier.offsets.range != nil else { return modifier }
    var copy = modifier
    copy.offsets = SourceOffsets()
    return copy
  }

  /// Notes a use left as written. Only a use where it is written counts: one inside an
  /// expansion is a copy of a use that is linked, or noted, in its own declaration.
  private mutating func block(_ key: ViewDeclaration, _ context: Context) {
    if context.useSite == nil { blocked.insert(key) }
  }

  private func isReference(_ type: String) -> Bool { ViewIndex.isReference(type) }

  private func declaration(_ node: ViewNode, _ file: Int) -> ViewDeclaration {
    ViewDeclaration(file: index.fileNames[file], line: node.line, column: node.column)
  }

  // MARK: Custom styles

  /// `ViewModifier` and the style protocols (`ButtonStyle`, `LabelStyle`, `ToggleStyle`, …).
  private static func isAppliedElsewhere(_ conformance: String) -> Bool {
    conformance == "ViewModifier" || conformance.hasSuffix("Style") || conformance.hasSuffix("StyleConfiguration")
  }

  /// What a custom style given to a node does to its name: `.names` when the style's
  /// declaration shows a value the use passes (`FormActionButtonStyle(title: "Share")`, whose
  /// `makeBody` has `Text(title)`), `.unknown` when the use passes a title-like value the
  /// declaration is not known to show; nil for styles that pass no such value, SwiftUI's own
  /// styles and styles the run does not declare.
  private mutating func styleEffect(_ node: ViewNode, _ context: Context) -> StyleEffect? {
    for modifier in node.modifiers where isStyleModifier(modifier.name) {
      // A style the files declare is written as a call of an upper-case name: `.plain` and
      // `.compound(…)` are not parsed.
      guard let argument = modifier.args.first, argument.kind == .expr,
        let first = argument.value.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
      else { continue }
      // What a style written this way does is the same wherever a file writes it.
      let key = StyleKey(text: argument.value, file: context.file)
      let outcome: StyleOutcome
      if let known = styleOutcomes[key] {
        outcome = known
      } else {
        outcome = styleOutcome(argument.value, context)
        styleOutcomes[key] = outcome
      }
      switch outcome {
      case .none: continue
      case .names(let value): return .names(StyleCall.argument(value, at: argument))
      case .unknown: return .unknown
      }
    }
    return nil
  }

  /// What a style call written as `text` does to a control's name, as seen from the file.
  private func styleOutcome(_ text: String, _ context: Context) -> StyleOutcome {
    guard let call = StyleCall(text), !call.arguments.isEmpty,
      let entry = index.type(ViewIndex.simpleName(call.name), from: context.file),
      !entry.conformances.isDisjoint(with: styleProtocols)
    else { return .none }
    let shown = entry.members["makeBody"].map { Self.shownProperties($0.flatMap(\.node.children)) } ?? []
    if let passed = call.arguments.first(where: { shown.contains($0.label) }) { return .names(passed.value) }
    return call.arguments.contains(where: { titleLabels.contains($0.label) }) ? .unknown : .none
  }

  /// Names of properties a style's body shows as text: `Text(title)`, `Label(title, …)`.
  private static func shownProperties(_ nodes: [ViewNode]) -> Set<String> {
    var names: Set<String> = []
    for node in nodes {
      if node.type == "Text" || node.type == "Label", let first = node.args.first, first.label == nil,
        first.kind == .expr
      {
        names.insert(first.value.hasPrefix("self.") ? String(first.value.dropFirst(5)) : first.value)
      }
      names.formUnion(shownProperties(node.children))
      for slot in node.slots { names.formUnion(shownProperties(slot.nodes)) }
      for modifier in node.modifiers { names.formUnion(shownProperties(modifier.children)) }
    }
    return names
  }

  // MARK: References: bound views, stored views, members

  /// Resolves a reference (`content`, `image`, `header`, `row(item)`); false when it names
  /// nothing the index knows.
  private mutating func reference(_ node: ViewNode, _ context: Context, _ output: inout [ViewNode]) -> Bool {
    let name = node.type
    if let bindings = context.bindings, let views = bindings.views[name] {
      substitutions += 1
      passed += 1
      if !usedViews.insert(UsedView(bindings: bindings.id, name: name)).inserted, let range = bindings.entries[name] {
        // One at a time: a slice of the array appended to itself would copy all of it first.
        for index in range { expansions.append(expansions[index]) }
      }
      output += wrapped(views, name: nil, modifiers: linked(node.modifiers, context), at: node, context)
      return true
    }
    if let type = context.type, type.propertyNames.contains(name) {
      // A stored view of a SwiftUI type (`private var image: Image`) is a view of that type,
      // its value unknown.
      guard let viewType = type.storedViewTypes[name] else { return false }
      substitutions += 1
      var placeholder = node
      placeholder.type = viewType
      placeholder.args = [ViewArgument(label: nil, kind: .expr, value: name, line: node.line, column: node.column)]
      placeholder.modifiers = linked(node.modifiers, context)
      placeholder.children = []
      placeholder.slots = []
      if let site = context.useSite {
        place(&placeholder, origin: node, context, site)
      }
      output.append(placeholder)
      return true
    }
    guard let member = index.member(name, of: context.type, from: context.file) else { return false }
    let key = declaration(member.node, member.file)
    var inner = context
    inner.file = member.file
    if context.type?.members[name] == nil {
      // A top-level function sees no stored properties.
      inner.type = nil
      inner.bindings = nil
    }
    return expand(member, key: key, use: node, name: name, inner, context, &output)
  }

  // MARK: Uses of view types

  /// Expands a use of a view type, or, when that cannot be done, keeps the use as written
  /// with its own closures linked.
  private mutating func use(
    _ node: ViewNode, of entry: ViewIndex.TypeEntry, _ context: Context, _ output: inout [ViewNode]
  ) {
    let body = entry.members["body"]![0]
    let key = declaration(body.node, body.file)
    // What the use passes, linked where it is written.
    var written = node
    written.args = bound(node.args, context)
    let childrenStart = expansions.count
    written.children = nodes(node.children, context)
    let childrenEntries = childrenStart..<expansions.count
    var slotEntries: [String: Range<Int>] = [:]
    written.slots = node.slots.map { slot in
      let start = expansions.count
      let linked = ViewSlot(name: slot.name, nodes: nodes(slot.nodes, context))
      slotEntries[slot.name] = start..<expansions.count
      return linked
    }
    if canExpand(body, key: key, use: node, context),
      let bindings = Self.bindings(entry, args: written.args, children: written.children, slots: written.slots)
    {
      for name in bindings.views.keys { bindings.entries[name] = slotEntries[name] ?? childrenEntries }
      bindingCount += 1
      bindings.id = bindingCount
      var inner = context
      inner.file = body.file
      inner.type = entry
      inner.bindings = bindings
      let (mark, addedBefore) = (expansions.count, added)
      var produced: [ViewNode] = []
      if expand(body, key: key, use: node, name: node.type, inner, context, &produced) {
        // Views the use passes that the body never shows would be lost: keep the use instead.
        if bindings.views.keys.allSatisfy({ usedViews.contains(UsedView(bindings: bindings.id, name: $0)) }) {
          output += produced
          return
        }
        expansions.removeSubrange(mark...)
        added = addedBefore
        if context.useSite == nil { costs[UseSite(line: node.line, column: node.column)] = nil }
        block(key, context)
      }
    } else {
      block(key, context)
    }
    written.modifiers = linked(node.modifiers, context)
    if let site = context.useSite { place(&written, origin: node, context, site) }
    output.append(written)
  }

  /// Whether a limit leaves a use of `member` as written before anything is walked.
  private mutating func canExpand(
    _ member: ViewIndex.Member, key: ViewDeclaration, use node: ViewNode, _ context: Context
  ) -> Bool {
    if context.useSite != nil { probes.append(key) }
    guard member.minimumCopies <= ViewLinker.maximumExpansionSize, !context.stack.contains(key),
      context.stack.count < ViewLinker.maximumExpansionDepth + 1, level <= ViewLinker.maximumUseNesting
    else { return false }
    if context.useSite == nil { return allowed?.contains(UseSite(line: node.line, column: node.column)) ?? true }
    // Inside a use that copied too much already, nothing more is expanded: it will be left as
    // written anyway; nor inside one that walked too much.
    return expansions.count - outerMark <= ViewLinker.maximumExpansionSize
      && walked - outerWalked <= ViewLinker.maximumExpansionWork
  }

  /// Expands a declaration's views at a use; false (and the declaration marked blocked) when a
  /// limit stops it or it builds nothing.
  private mutating func expand(
    _ member: ViewIndex.Member, key: ViewDeclaration, use node: ViewNode, name: String, _ inner: Context,
    _ context: Context, _ output: inout [ViewNode]
  ) -> Bool {
    guard canExpand(member, key: key, use: node, context)
    else {
      block(key, context)
      return false
    }
    var inner = inner
    inner.stack.append(key)
    inner.declaration = key
    if context.useSite == nil {
      inner.originFile = inner.file
      inner.originSite = nil
    } else {
      inner.originFile = context.originFile
      inner.originSite = context.originSite ?? (node.line, node.column)
    }
    inner.useSite = context.useSite ?? (node.line, node.column)
    let mark = expansions.count
    let speakingBefore = speakingDecorations
    if context.useSite == nil {
      outerMark = mark
      outerWalked = walked
      probes.removeAll(keepingCapacity: true)
      // Past the budget this walk is linked again: from here on it only counts.
      if let countsPast, added > countsPast { counting = true }
    }
    // A use written in the file that binds nothing expands the same way wherever it is: the
    // first such expansion is kept, and later ones copy it to their own place (or fail as it
    // did) instead of walking the declaration again. One that binds only literals copies the
    // same nodes whatever their values (they go into arguments): it fails as the first such
    // use failed, and is not walked again; its copies hold the values, so a success is not kept.
    let bindsNothing = inner.bindings.map { $0.literals.isEmpty && $0.views.isEmpty } ?? true
    let bindsLiterals = !bindsNothing && inner.bindings!.views.isEmpty
    let reuse = context.useSite == nil && context.resolves && (bindsNothing || bindsLiterals)
    let cacheKey =
      reuse
      ? ExpansionKey(
        declaration: key, type: inner.type.map(ObjectIdentifier.init), depth: context.stack.count,
        literals: bindsLiterals)
      : nil
    var roots: [ViewNode]
    var walkedOK: Bool
    if let cacheKey, let cached = expansionCache[cacheKey] ?? shared?.entry(cacheKey),
      bindsNothing || cached.failed, level + cached.depth <= ViewLinker.maximumUseNesting, cached.fits(context.stack)
    {
      expansionCache[cacheKey] = cached
      roots = cached.failed || counting ? cached.roots : Self.moved(cached.roots, to: inner.useSite!)
      walkedOK = !cached.failed
      if walkedOK, counting {
        expansions.append(contentsOf: repeatElement(Self.countedRecord, count: cached.records.count))
      } else if walkedOK {
        let site = inner.useSite!
        for var record in cached.records {
          record.line = site.line
          record.column = site.column
          record.inPreview = context.inPreview
          expansions.append(record)
        }
      }
      if walkedOK {
        walked += cached.records.count
        substitutions += cached.substitutions
        for key in cached.expanded { noteExpanded(key) }
        deepest = max(deepest, level - 1 + cached.depth)
      }
    } else {
      let (substitutionsBefore, expandedBefore, probesBefore) = (substitutions, expandedOrder.count, probes.count)
      if context.useSite == nil { declarationWalks += 1 }
      // The views it builds take the use's place, at its level.
      level -= 1
      roots = nodes(member.node.children, inner)
      level += 1
      // The nodes copied from declarations (this one's and those expanded inside it); views
      // the use passes in were there already. A use that walked too much may have been cut
      // short: it stays as written, and so does every use around it.
      walkedOK =
        !roots.isEmpty && expansions.count - mark <= ViewLinker.maximumExpansionSize
        && walked - outerWalked <= ViewLinker.maximumExpansionWork && speakingDecorations == speakingBefore
      // A counting walk's expansion holds no copies: only a failure is kept.
      if let cacheKey, !(counting && walkedOK) {
        let depth = walkedOK ? Self.depth(roots) : ViewLinker.maximumExpansionSize
        // Kept only where no nested use met the nesting limit, so it holds at any level it is used at.
        if level - 1 + depth <= ViewLinker.maximumUseNesting, bindsNothing || !walkedOK {
          let probed = Set(probes[probesBefore...])
          expansionCache[cacheKey] = CachedExpansion(
            failed: !walkedOK, probed: probed, probedOnStack: probed.intersection(context.stack),
            roots: walkedOK ? roots : [], records: walkedOK ? Array(expansions[mark...]) : [],
            substitutions: substitutions - substitutionsBefore, expanded: Array(expandedOrder[expandedBefore...]),
            depth: depth)
          shared?.add(cacheKey, expansionCache[cacheKey]!)
        }
      }
    }
    let copies = expansions.count - mark
    guard walkedOK, !node.modifiers.contains(where: Self.speaks) else {
      expansions.removeSubrange(mark...)
      block(key, context)
      return false
    }
    if context.useSite == nil {
      // What the file gains is counted per use written in it, its nested expansions included.
      added += copies
      costs[UseSite(line: node.line, column: node.column)] = copies
    }
    noteExpanded(key)
    let modifiers = linked(node.modifiers, context)
    // Rules that read a view's own state (`@FocusState`, `@Environment`) see the type around
    // the use as the copy's owner: copies of a type with such properties are judged only
    // where it is declared, whatever the use passed.
    let ownState =
      inner.type !== context.type
      && inner.type?.properties.contains { $0.wrapper.map { !$0.hasSuffix("Builder") } ?? false } == true
    if ownState {
      for index in mark..<expansions.count { expansions[index].decided = false }
    }
    if roots.count == 1, !modifiers.isEmpty, !ownState, mark < expansions.count,
      expansions[expansions.count - 1].type == roots[0].type
    {
      // Copies are recorded children first, so the last is the root's: the use's modifiers
      // decide what it does.
      expansions[expansions.count - 1].decided = true
    }
    output += wrapped(roots, name: name, modifiers: modifiers, at: node, context)
    return true
  }

  private mutating func noteExpanded(_ key: ViewDeclaration) {
    if expanded.insert(key).inserted { expandedOrder.append(key) }
  }

  /// Views copied to another use site: every node of an expansion takes the use's position.
  private static func moved(_ nodes: [ViewNode], to site: (line: Int, column: Int)) -> [ViewNode] {
    nodes.map { node in
      var copy = node
      copy.line = site.line
      copy.column = site.column
      if !copy.children.isEmpty { copy.children = moved(copy.children, to: site) }
      if !copy.slots.isEmpty {
        copy.slots = copy.slots.map { ViewSlot(name: $0.name, nodes: moved($0.nodes, to: site)) }
      }
      if copy.modifiers.contains(where: { !$0.children.isEmpty || !$0.slots.isEmpty }) {
        copy.modifiers = copy.modifiers.map { modifier in
          var modifier = modifier
          modifier.children = moved(modifier.children, to: site)
          modifier.slots = modifier.slots.map { ViewSlot(name: $0.name, nodes: moved($0.nodes, to: site)) }
          return modifier
        }
      }
      return copy
    }
  }

  /// How many levels of `nodes` walks a tree takes (children, slots and modifier closures).
  private static func depth(_ nodes: [ViewNode]) -> Int {
    guard !nodes.isEmpty else { return 0 }
    var deepest = 0
    for node in nodes {
      deepest = max(deepest, depth(node.children))
      for slot in node.slots { deepest = max(deepest, depth(slot.nodes)) }
      for modifier in node.modifiers {
        deepest = max(deepest, depth(modifier.children))
        for slot in modifier.slots { deepest = max(deepest, depth(slot.nodes)) }
      }
    }
    return deepest + 1
  }

  /// Whether an `.overlay` or `.background` draws words (`Image(…).overlay { Text("Load") }`).
  /// The rules read what a control says from its content, not from what is drawn over it, so
  /// an expansion with one would show them a glyph where people see words: the use stays as
  /// written.
  private static func speaks(_ modifier: ViewModifier) -> Bool {
    guard isDecoration(modifier.name) else { return false }
    return showsText(modifier.children) || modifier.slots.contains { showsText($0.nodes) }
      || modifier.args.contains { $0.kind == .expr && ($0.value.hasPrefix("Text(") || $0.value.hasPrefix("Label(")) }
  }

  private static func showsText(_ views: [ViewNode]) -> Bool {
    views.contains { node in
      node.type == "Text" || node.type == "Label" || showsText(node.children)
        || node.slots.contains { showsText($0.nodes) } || node.modifiers.contains { showsText($0.children) }
    }
  }

  /// Views put where one node was: the node's modifiers go on the first view when it is the
  /// only one, else the views are wrapped in a `Group` that carries them.
  private func wrapped(
    _ views: [ViewNode], name: String?, modifiers: [ViewModifier], at node: ViewNode, _ context: Context
  ) -> [ViewNode] {
    guard !views.isEmpty else { return [] }
    if counting { return views.count == 1 || !modifiers.isEmpty || name != nil ? [Self.counted] : views }
    // The root of an expansion written in the file takes the use's range: a modifier a fix
    // adds there applies to what the declaration produces, as the use's own modifiers do. Its
    // arguments are the declaration's, not written at the use: no argument list.
    let useRange = name != nil && context.useSite == nil ? SourceOffsets(range: node.offsets.range) : nil
    if views.count == 1 {
      var root = views[0]
      if root.name == nil { root.name = name }
      // A copy's modifiers are written in a declaration: their bytes are not the use's.
      if useRange != nil, root.offsets.range == nil, root.modifiers.contains(where: { $0.offsets.range != nil }) {
        root.modifiers = root.modifiers.map(Self.unplaced)
      }
      root.modifiers += modifiers
      if let useRange {
        root.offsets = useRange
        if root.args.contains(where: { $0.offsets.range != nil }) { root.args = root.args.map(Self.unplaced) }
      }
      return [root]
    }
    if modifiers.isEmpty && name == nil { return views }
    let site = context.useSite ?? (node.line, node.column)
    var group = ViewNode(
      type: "Group", name: name, line: site.line, column: site.column, modifiers: modifiers, children: views)
    group.offsets = useRange ?? SourceOffsets()
    return [group]
  }

  /// How a use's arguments and closures bind the view's stored properties, or nil when a view
  /// it passes has no property to go to (then the use is left as written, its views kept).
  private static func bindings(
    _ entry: ViewIndex.TypeEntry, args: [ViewArgument], children: [ViewNode], slots: [ViewSlot]
  ) -> Bindings? {
    let bindings = Bindings()
    // A use passes a few names: a list is cheaper than a set.
    var passed: [String] = []
    for argument in args {
      guard let label = argument.label, entry.plainNames.contains(label) else { continue }
      passed.append(label)
      if argument.kind != .expr {
        bindings.literals[label] = argument
        bindings.written.insert(label)
      }
    }
    for (name, value) in entry.initialLiterals where !passed.contains(name) { bindings.literals[name] = value }
    bindings.longestName = bindings.literals.keys.reduce(0) { max($0, $1.utf8.count) }
    for slot in slots {
      guard entry.plainNames.contains(slot.name) else { return nil }
      bindings.views[slot.name] = slot.nodes
      passed.append(slot.name)
    }
    if !children.isEmpty {
      guard let content = entry.viewHolders.first(where: { !passed.contains($0) }) else { return nil }
      bindings.views[content] = children
    }
    return bindings
  }

}
