/// The static type of an expression, as the checker deduces it. CEL's checker is the model:
/// lists and maps carry the types of their elements, and `dyn` stands for a value whose type
/// is only known when the expression runs (a variable bound from JSON, a let's parameter, an
/// untyped host function's result). Every operation on a `dyn` is checked at run time, as it
/// would be without a checker; every other mismatch is a compile error.
///
/// Host declarations write their types with `HostFunction.ValueType`, whose `list` and `map`
/// have no element types; `init(_:)` reads them as `list(dyn)` and `map(dyn, dyn)`.
indirect enum StaticType: Hashable, Sendable, CustomStringConvertible {
  case dyn
  /// The elements of an empty list or map literal: any type, as `dyn`, but one that takes the
  /// type it is joined with (CEL's unbound type parameter: `[[], [1]]` is a `list(list(int))`).
  case free
  case null
  case bool
  case int
  case uint
  case double
  case string
  case bytes
  case type
  case node
  case argument
  case modifier
  case property
  case expression
  case list(StaticType)
  case map(StaticType, StaticType)

  init(_ host: HostFunction.ValueType) {
    switch host {
    case .dyn: self = .dyn
    case .nullType: self = .null
    case .bool: self = .bool
    case .int: self = .int
    case .uint: self = .uint
    case .double: self = .double
    case .string: self = .string
    case .bytes: self = .bytes
    case .type: self = .type
    case .list: self = .list(.dyn)
    case .map: self = .map(.dyn, .dyn)
    case .node: self = .node
    case .argument: self = .argument
    case .modifier: self = .modifier
    case .property: self = .property
    }
  }

  /// The type of a literal type name (`int`, `list`): the type its values have.
  init(_ tag: TypeTag) {
    switch tag {
    case .nullType: self = .null
    case .bool: self = .bool
    case .int: self = .int
    case .uint: self = .uint
    case .double: self = .double
    case .string: self = .string
    case .bytes: self = .bytes
    case .list: self = .list(.dyn)
    case .map: self = .map(.dyn, .dyn)
    case .type: self = .type
    case .node: self = .node
    case .argument: self = .argument
    case .modifier: self = .modifier
    case .property: self = .property
    case .expression: self = .expression
    }
  }

  /// As CEL writes it: `int`, `list(node)`, `map(string, dyn)`, `null_type`.
  var description: String {
    switch self {
    case .dyn, .free: "dyn"
    case .null: "null_type"
    case .bool: "bool"
    case .int: "int"
    case .uint: "uint"
    case .double: "double"
    case .string: "string"
    case .bytes: "bytes"
    case .type: "type"
    case .node: "node"
    case .argument: "argument"
    case .modifier: "modifier"
    case .property: "property"
    case .expression: "expression"
    case .list(let element): "list(\(element))"
    case .map(let key, let value): "map(\(key), \(value))"
    }
  }

  /// The type as a noun in a sentence: `an int`, `a list(node)`, `bytes`, `null`.
  var noun: String { isDyn ? "a dyn value" : Checker.article(description) }

  var isDyn: Bool { self == .dyn || self == .free }

  /// Nodes, arguments, modifiers and properties: the values with fields of their own.
  var isNodeLike: Bool {
    switch self {
    case .node, .argument, .modifier, .property, .expression: true
    default: false
    }
  }

  /// Whether values of the two types can be equal, which `==`, `!=` and `in` require (CEL's
  /// `A == A`): the same type, or `dyn` on either side, deep inside lists and maps too. `null`
  /// may be compared with anything, because any lookup in the view model may find nothing
  /// (`n.parent == null`, `m.modifier("x") != null`).
  func canEqual(_ other: StaticType) -> Bool {
    switch (self, other) {
    case (.dyn, _), (_, .dyn), (.free, _), (_, .free), (.null, _), (_, .null): true
    case (.list(let a), .list(let b)): a.canEqual(b)
    case (.map(let k1, let v1), .map(let k2, let v2)): k1.canEqual(k2) && v1.canEqual(v2)
    default: self == other
    }
  }

  /// The type of a value that is either of two types (the branches of `?:`, the elements of a
  /// list literal): the type itself when they agree, the other when one is `null` (an absent
  /// value of that type), else `dyn`, as CEL joins the elements of `[1, "a"]`.
  static func join(_ a: StaticType, _ b: StaticType) -> StaticType {
    if a == b { return a }
    switch (a, b) {
    case (.free, _): return b
    case (_, .free): return a
    case (.null, _): return b
    case (_, .null): return a
    case (.list(let x), .list(let y)): return .list(join(x, y))
    case (.map(let k1, let v1), .map(let k2, let v2)): return .map(join(k1, k2), join(v1, v2))
    default: return .dyn
    }
  }

  /// Whether a value of this type may be passed where `parameter` is expected: `dyn` on either
  /// side defers the question to run time.
  func fits(_ parameter: StaticType) -> Bool {
    switch (self, parameter) {
    case (.dyn, _), (_, .dyn), (.free, _), (_, .free): true
    case (.list(let a), .list(let b)): a.fits(b)
    case (.map(let k1, let v1), .map(let k2, let v2)): k1.fits(k2) && v1.fits(v2)
    default: self == parameter
    }
  }

  /// The type of each element a macro visits: a list's elements, a map's keys.
  var elementType: StaticType? {
    switch self {
    case .dyn, .free: .dyn
    case .list(let element): element
    case .map(let key, _): key
    default: nil
    }
  }
}

// MARK: - Fields of node-like values

/// The fields each kind of node-like value has, and their types. A field that may be absent
/// (`n.parent`, `a.label`) has the type of the value it holds when present: every value may
/// be compared with `null`.
enum NodeFieldTypes {
  static let node: [String: StaticType] = [
    "type": .string, "name": .string, "file": .string, "line": .int, "column": .int, "args": .list(.argument),
    "modifiers": .list(.modifier), "children": .list(.node), "descendants": .list(.node), "ancestors": .list(.node),
    "parent": .node, "owner": .node, "properties": .list(.property), "slots": .list(.string),
    "platforms": .list(.string), "tapWidth": .double, "tapHeight": .double,
    // The accessibility layer (AccessibilityLayer): what assistive technologies get from the node.
    "isElement": .bool, "role": .string, "accessibleName": .string, "nameSource": .string, "visibleText": .string,
    "accessibleValue": .string, "hint": .string, "traits": .list(.string), "hidden": .bool,
    "childBehavior": .string, "interactions": .list(.string), "scalesText": .bool, "foreground": .string,
    "background": .string,
  ]
  static let argument: [String: StaticType] = [
    "label": .string, "kind": .string, "value": .dyn, "line": .int, "column": .int, "file": .string, "parent": .node,
    "expr": .expression,
  ]
  static let modifier: [String: StaticType] = [
    "name": .string, "args": .list(.argument), "children": .list(.node), "slots": .list(.string), "line": .int,
    "column": .int, "file": .string, "parent": .node,
  ]
  static let property: [String: StaticType] = [
    "name": .string, "wrapper": .string, "type": .string, "value": .string, "line": .int, "column": .int,
    "file": .string, "parent": .node,
  ]

  /// An argument value's structure (`a.expr`); which fields a form fills is in Grammar/README.md.
  static let expression: [String: StaticType] = [
    "form": .string, "text": .string, "name": .string, "value": .dyn, "base": .expression, "args": .list(.argument),
    "condition": .expression, "then": .expression, "else": .expression, "statements": .list(.expression),
    "target": .expression, "operator": .string, "rhs": .expression, "parts": .list(.expression),
    "elements": .list(.expression), "number": .double, "components": .list(.double), "asset": .string,
    "textStyle": .string, "pointSize": .double, "relativeTo": .string, "scales": .bool,
    "descendants": .list(.expression), "parent": .node, "file": .string,
  ]

  /// The fields of `type`, when it is node-like.
  static func fields(of type: StaticType) -> [String: StaticType]? {
    switch type {
    case .node: node
    case .argument: argument
    case .modifier: modifier
    case .property: property
    case .expression: expression
    default: nil
    }
  }
}

// MARK: - Signatures of the builtins

/// What a builtin accepts and returns, for the checker. `receivers` lists the types the value
/// before the dot (or the first argument, in global style) may have; `parameters` the types of
/// the arguments after it, by position (an optional trailing argument included).
struct BuiltinSignature {
  /// Which receivers are accepted; `nil` accepts any value.
  var receivers: [StaticType]?
  var parameters: [[StaticType]]
  var result: StaticType

  /// Whether `type` may be the receiver.
  func accepts(receiver type: StaticType) -> Bool {
    guard let receivers, !type.isDyn else { return true }
    return receivers.contains { type.fits($0) }
  }
}

extension Builtin {
  private static let anyList = StaticType.list(.dyn)
  private static let anyMap = StaticType.map(.dyn, .dyn)

  /// The builtin's types. A `null` receiver is accepted by the node functions: an absent node
  /// answers "nothing" (`null.slot("label")` is `[]`).
  var typeSignature: BuiltinSignature {
    let nodes: [StaticType] = [.node, .null]
    let nodesAndModifiers: [StaticType] = [.node, .modifier, .null]
    func fixed(_ type: StaticType) -> StaticType { type }
    switch self {
    case .size:
      return BuiltinSignature(
        receivers: [.string, .bytes, Builtin.anyList, Builtin.anyMap], parameters: [], result: fixed(.int))
    case .contains, .startsWith, .endsWith, .matches:
      return BuiltinSignature(receivers: [.string], parameters: [[.string]], result: fixed(.bool))
    case .lowerAscii, .upperAscii, .trim:
      return BuiltinSignature(receivers: [.string], parameters: [], result: fixed(.string))
    case .split:
      return BuiltinSignature(receivers: [.string], parameters: [[.string], [.int]], result: fixed(.list(.string)))
    case .join:
      return BuiltinSignature(receivers: [.list(.string)], parameters: [[.string]], result: fixed(.string))
    case .replace:
      return BuiltinSignature(
        receivers: [.string], parameters: [[.string], [.string], [.int]], result: fixed(.string))
    case .indexOf, .lastIndexOf:
      return BuiltinSignature(receivers: [.string], parameters: [[.string], [.int]], result: fixed(.int))
    case .substring:
      return BuiltinSignature(receivers: [.string], parameters: [[.int], [.int]], result: fixed(.string))
    case .charAt:
      return BuiltinSignature(receivers: [.string], parameters: [[.int]], result: fixed(.string))
    case .toInt:
      return BuiltinSignature(receivers: [.int, .uint, .double, .string], parameters: [], result: fixed(.int))
    case .toUint:
      return BuiltinSignature(receivers: [.int, .uint, .double, .string], parameters: [], result: fixed(.uint))
    case .toDouble:
      return BuiltinSignature(receivers: [.int, .uint, .double, .string], parameters: [], result: fixed(.double))
    case .toString:
      return BuiltinSignature(
        receivers: [.string, .int, .uint, .double, .bool, .bytes], parameters: [], result: fixed(.string))
    case .toBytes:
      return BuiltinSignature(receivers: [.bytes, .string], parameters: [], result: fixed(.bytes))
    case .toBool:
      return BuiltinSignature(receivers: [.bool, .string], parameters: [], result: fixed(.bool))
    case .dyn:
      return BuiltinSignature(receivers: nil, parameters: [], result: fixed(.dyn))
    case .typeOf:
      return BuiltinSignature(receivers: nil, parameters: [], result: fixed(.type))
    case .arg:
      return BuiltinSignature(receivers: nodesAndModifiers, parameters: [[.string, .int]], result: fixed(.argument))
    case .text:
      return BuiltinSignature(
        receivers: [.node, .modifier, .argument, .string, .null], parameters: [], result: fixed(.string))
    case .modifier:
      return BuiltinSignature(receivers: nodes, parameters: [[.string]], result: fixed(.modifier))
    case .hasModifier:
      return BuiltinSignature(receivers: nodes, parameters: [[.string]], result: fixed(.bool))
    case .modifiersNamed:
      return BuiltinSignature(receivers: nodes, parameters: [[.string]], result: fixed(.list(.modifier)))
    case .slot:
      return BuiltinSignature(receivers: nodesAndModifiers, parameters: [[.string]], result: fixed(.list(.node)))
    case .property:
      return BuiltinSignature(receivers: nodes, parameters: [[.string]], result: fixed(.property))
    case .descendantsOfType:
      return BuiltinSignature(receivers: nodes, parameters: [[.string]], result: fixed(.list(.node)))
    }
  }
}

extension BinaryOperator {
  /// `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`: their result is a bool.
  var isComparison: Bool {
    switch self {
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in: true
    default: false
    }
  }

  /// `&&`, `||` and `=>`.
  var isLogical: Bool { self == .and || self == .or || self == .implies }
}
