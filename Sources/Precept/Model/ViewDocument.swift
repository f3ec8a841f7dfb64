/// A view model as a tree: what a producer (the SwiftUI reader, a runtime accessibility dump,
/// another linter) writes, and what `precept dump-model` prints.
///
/// This is the view-model JSON contract (Grammar/viewmodel.schema.json) as Swift values. The engine does not evaluate
/// trees; it flattens a document into a ``ViewModel`` arena first.
public struct ViewDocument: Sendable, Hashable {
  /// The version of the view-model format this library reads and writes.
  public static let formatVersion = 1

  /// The source file the nodes came from, as the producer names it.
  public var file: String
  public var nodes: [ViewNode]
  /// The platforms the project ships (`platforms` in the JSON); nil when the producer does not
  /// say, which means iOS. Every node is built for these at most.
  package var platforms: PlatformSet? = nil
  /// The SwiftUI reader's `platforms` come only from availability annotations (`@available`,
  /// `#available`), weaker evidence of what a project ships than `#if` and imports. Not JSON.
  package var platformsFromAvailability = false

  public init(file: String, nodes: [ViewNode]) {
    self.file = file
    self.nodes = nodes
  }
}

/// One UI node: a view (`Menu`, `Button`), a declaration (`struct`), or control flow (`if`).
public struct ViewNode: Sendable, Hashable {
  /// The view's type name (`Menu`), a declaration kind (`struct`, `var`, `func`), or a
  /// control-flow form (`if`, `switch`, `case`, `#if`).
  public var type: String
  /// The declared name, for declarations (`MapScreen`, `body`).
  public var name: String?
  /// 1-based position of the node's first character; 0 when the producer does not know it.
  public var line: Int
  public var column: Int
  public var args: [ViewArgument]
  public var modifiers: [ViewModifier]
  /// Nodes in the main content (the unlabelled trailing closure, `content:`).
  public var children: [ViewNode]
  /// Nodes in named view closures (`label:`, `header:`, `else`), in source order.
  public var slots: [ViewSlot]
  /// Stored and wrapped properties, for type declarations.
  public var properties: [ViewProperty]
  /// The platforms the node is built for (`platforms` in the JSON), when it is built for fewer
  /// than its parent (code under `#if os(macOS)`); nil means the same as its parent.
  package var platforms: PlatformSet? = nil
  /// Accessibility fields the producer gives for the node itself (`accessibility` in the
  /// JSON, from a runtime snapshot or another linter's tree); they replace the derived ones.
  package var accessibility: AccessibilityFields? {
    get { accessibilityStorage.first }
    set { accessibilityStorage = newValue.map { [$0] } ?? [] }
  }
  /// Out of line (one pointer): a node's size is what each level of a deep tree costs on the
  /// reader's stack.
  private var accessibilityStorage: [AccessibilityFields] = []
  /// Where the node's expression is in the source the reader read: from its first character
  /// to the end of its modifier chain, and its argument list. Not JSON.
  package var offsets = SourceOffsets()

  public init(
    type: String, name: String? = nil, line: Int = 0, column: Int = 0, args: [ViewArgument] = [],
    modifiers: [ViewModifier] = [], children: [ViewNode] = [], slots: [ViewSlot] = [],
    properties: [ViewProperty] = []
  ) {
    self.type = type
    self.name = name
    self.line = line
    self.column = column
    self.args = args
    self.modifiers = modifiers
    self.children = children
    self.slots = slots
    self.properties = properties
  }
}

/// A named group of nodes: a labelled view closure such as `label: { … }`.
public struct ViewSlot: Sendable, Hashable {
  public var name: String
  public var nodes: [ViewNode]

  public init(name: String, nodes: [ViewNode]) {
    self.name = name
    self.nodes = nodes
  }
}

/// What an argument's value is, as far as a reader of the source can tell.
public enum ArgumentKind: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
  /// A string literal; the value is its contents (escapes resolved, interpolations kept as
  /// `\(…)` source text).
  case string
  /// An implicit member expression such as `.destructive`; the value keeps the dot.
  case member
  /// A number literal; the value is its source text.
  case number
  /// `true` or `false`.
  case bool
  /// Any other expression; the value is its source text.
  case expr
}

/// One argument of a call or modifier.
public struct ViewArgument: Sendable, Hashable {
  /// The argument label, or nil for an unlabelled argument.
  public var label: String?
  public var kind: ArgumentKind
  /// The value as text (see ``ArgumentKind``).
  public var value: String
  public var line: Int
  public var column: Int
  /// The argument's bytes in the source, label to end of value, for fixes. Not JSON.
  package var offsets = SourceOffsets()
  /// The value's structure (`expr` in the JSON), when the producer gives it; literal kinds
  /// without one get theirs from `kind` and `value` (`ViewExpression.literal`).
  package var expression: ViewExpression? = nil

  public init(label: String?, kind: ArgumentKind, value: String, line: Int = 0, column: Int = 0) {
    self.label = label
    self.kind = kind
    self.value = value
    self.line = line
    self.column = column
  }
}

/// A modifier applied to a node, such as `.accessibilityLabel("Map options")`.
public struct ViewModifier: Sendable, Hashable {
  public var name: String
  public var line: Int
  public var column: Int
  public var args: [ViewArgument]
  /// Nodes in the modifier's main view closure (`.overlay { … }`, `.toolbar { … }`).
  public var children: [ViewNode]
  /// Nodes in further labelled view closures of the modifier.
  public var slots: [ViewSlot]
  /// The modifier's bytes in the source, from its `.` to the end of its call, for fixes. Not JSON.
  package var offsets = SourceOffsets()

  public init(
    name: String, line: Int = 0, column: Int = 0, args: [ViewArgument] = [],
    children: [ViewNode] = [], slots: [ViewSlot] = []
  ) {
    self.name = name
    self.line = line
    self.column = column
    self.args = args
    self.children = children
    self.slots = slots
  }
}

/// A property of a type declaration (`@State private var isOpen = false`).
public struct ViewProperty: Sendable, Hashable {
  public var name: String
  /// The property wrapper without `@` (`State`, `AccessibilityFocusState`), if any.
  public var wrapper: String?
  /// The declared type as source text, if written.
  public var type: String?
  /// The initial value as source text, if written.
  public var value: String?
  public var line: Int
  public var column: Int

  public init(
    name: String, wrapper: String? = nil, type: String? = nil, value: String? = nil, line: Int = 0,
    column: Int = 0
  ) {
    self.name = name
    self.wrapper = wrapper
    self.type = type
    self.value = value
    self.line = line
    self.column = column
  }
}

/// Where a node, argument or modifier is in the Swift source it was read from, as byte
/// offsets: what a fix needs to edit the source (add a modifier after the chain, an argument in
/// the call). The SwiftUI reader records them; a model read from JSON has none. They are not
/// part of the JSON, so they are not part of equality either: a document read back from the
/// JSON it wrote equals it.
package struct SourceOffsets: Sendable, Hashable {
  /// The whole: a node from its first character to the end of its modifier chain, an argument
  /// from its label to the end of its value, a modifier from its `.` to the end of its call.
  package var range: Range<Int>?
  /// A node's argument list, `( … )` with the parentheses, or the empty range where one would
  /// go (after `Button` in `Button { … }`).
  package var argumentList: Range<Int>?

  package init(range: Range<Int>? = nil, argumentList: Range<Int>? = nil) {
    self.range = range
    self.argumentList = argumentList
  }

  package static func == (lhs: SourceOffsets, rhs: SourceOffsets) -> Bool { true }
  package func hash(into hasher: inout Hasher) {}
}
