/// The functions every ruleset can call, with the forms each may be called in. The checker
/// uses this table to report unknown functions and wrong arity; the compiler emits the raw
/// value as the operand of `callBuiltin`; the VM dispatches on it. Packs store that number, so
/// each is written out and never reused (`InstructionSetNumberingTests` pins them).
enum Builtin: Int32, CaseIterable, Sendable {
  // Sizes and strings (CEL standard library and the common string extensions).
  case size = 0
  case contains = 1
  case startsWith = 2
  case endsWith = 3
  case matches = 4
  case lowerAscii = 5
  case upperAscii = 6
  case trim = 7
  case split = 8
  case join = 9
  case replace = 10
  case indexOf = 11
  case lastIndexOf = 12
  case substring = 13
  case charAt = 14
  // Conversions.
  case toInt = 15
  case toUint = 16
  case toDouble = 17
  case toString = 18
  case toBytes = 19
  case toBool = 20
  case dyn = 21
  case typeOf = 22
  // Node functions (receiver style).
  case arg = 23
  case text = 24
  case modifier = 25
  case hasModifier = 26
  case modifiersNamed = 27
  case slot = 28
  case property = 29
  case descendantsOfType = 30

  /// The name as written in source.
  var name: String {
    switch self {
    case .size: "size"
    case .contains: "contains"
    case .startsWith: "startsWith"
    case .endsWith: "endsWith"
    case .matches: "matches"
    case .lowerAscii: "lowerAscii"
    case .upperAscii: "upperAscii"
    case .trim: "trim"
    case .split: "split"
    case .join: "join"
    case .replace: "replace"
    case .indexOf: "indexOf"
    case .lastIndexOf: "lastIndexOf"
    case .substring: "substring"
    case .charAt: "charAt"
    case .toInt: "int"
    case .toUint: "uint"
    case .toDouble: "double"
    case .toString: "string"
    case .toBytes: "bytes"
    case .toBool: "bool"
    case .dyn: "dyn"
    case .typeOf: "type"
    case .arg: "arg"
    case .text: "text"
    case .modifier: "modifier"
    case .hasModifier: "hasModifier"
    case .modifiersNamed: "modifiers"
    case .slot: "slot"
    case .property: "property"
    case .descendantsOfType: "descendants"
    }
  }

  /// Argument counts (not counting the receiver) accepted in receiver style, `x.f(…)`.
  var methodArities: [Int] {
    switch self {
    case .size, .lowerAscii, .upperAscii, .trim, .text: [0]
    case .contains, .startsWith, .endsWith, .matches, .charAt, .arg, .modifier, .hasModifier, .modifiersNamed,
      .slot, .property, .descendantsOfType:
      [1]
    case .split, .indexOf, .lastIndexOf, .substring: [1, 2]
    case .join: [0, 1]
    case .replace: [2, 3]
    case .toInt, .toUint, .toDouble, .toString, .toBytes, .toBool, .dyn, .typeOf: []
    }
  }

  /// Argument counts accepted in global style, `f(…)`.
  var globalArities: [Int] {
    switch self {
    case .size, .toInt, .toUint, .toDouble, .toString, .toBytes, .toBool, .dyn, .typeOf: [1]
    case .matches: [2]
    default: []
    }
  }

  /// One line for `:help` and the language reference.
  var signature: String {
    switch self {
    case .size: "size(x) / x.size() → int: length of a string (code points), bytes, list or map"
    case .contains: "s.contains(t) → bool"
    case .startsWith: "s.startsWith(t) → bool"
    case .endsWith: "s.endsWith(t) → bool"
    case .matches: "s.matches(re) / matches(s, re) → bool: RE2 search"
    case .lowerAscii: "s.lowerAscii() → string"
    case .upperAscii: "s.upperAscii() → string"
    case .trim: "s.trim() → string: without leading and trailing white space"
    case .split: "s.split(sep [, limit]) → list(string)"
    case .join: "list.join([sep]) → string"
    case .replace: "s.replace(old, new [, limit]) → string"
    case .indexOf: "s.indexOf(t [, from]) → int (-1 if absent)"
    case .lastIndexOf: "s.lastIndexOf(t [, before]) → int (-1 if absent)"
    case .substring: "s.substring(start [, end]) → string"
    case .charAt: "s.charAt(i) → string"
    case .toInt: "int(x) → int"
    case .toUint: "uint(x) → uint"
    case .toDouble: "double(x) → double"
    case .toString: "string(x) → string"
    case .toBytes: "bytes(x) → bytes"
    case .toBool: "bool(x) → bool"
    case .dyn: "dyn(x) → x"
    case .typeOf: "type(x) → type"
    case .arg: "n.arg(label | position) → argument or null"
    case .text: "n.text() → string: the first string argument of a node or modifier; \"\" when there is none"
    case .modifier: "n.modifier(name) → modifier or null: the first modifier with that name"
    case .hasModifier: "n.hasModifier(name) → bool"
    case .modifiersNamed: "n.modifiers(name) → list(modifier)"
    case .slot: "n.slot(name) → list(node): the nodes of a named view closure"
    case .property: "t.property(name) → property or null"
    case .descendantsOfType: "n.descendants(type) → list(node): descendants with that type"
    }
  }

  /// Builtins by name, for the checker.
  static let byName: [String: [Builtin]] = {
    var table: [String: [Builtin]] = [:]
    for builtin in Builtin.allCases { table[builtin.name, default: []].append(builtin) }
    return table
  }()
}

/// Fields that node-like values (nodes, arguments, modifiers, properties) answer to. Selecting
/// a field on a map looks the key up instead; the compiler emits both the field code and the
/// name so the VM never compares strings to find a field. Packs store the codes, so each is
/// written out and never reused (`InstructionSetNumberingTests` pins them).
enum NodeField: Int32, CaseIterable, Sendable {
  case type = 0
  case name = 1
  case file = 2
  case line = 3
  case column = 4
  case args = 5
  case modifiers = 6
  case children = 7
  case descendants = 8
  case ancestors = 9
  case parent = 10
  case owner = 11
  case properties = 12
  case slots = 13
  case kind = 14
  case label = 15
  case value = 16
  case wrapper = 17
  case platforms = 18
  case tapWidth = 19
  case tapHeight = 20
  case isElement = 21
  case role = 22
  case accessibleName = 23
  case nameSource = 24
  case visibleText = 25
  case accessibleValue = 26
  case hint = 27
  case traits = 28
  case hidden = 29
  case childBehavior = 30
  case interactions = 31
  case scalesText = 32
  case foreground = 33
  case background = 34
  case expr = 35
  case form = 36
  case text = 37
  case base = 38
  case condition = 39
  case then = 40
  case `else` = 41
  case statements = 42
  case target = 43
  case `operator` = 44
  case rhs = 45
  case parts = 46
  case elements = 47
  case number = 48
  case components = 49
  case asset = 50
  case textStyle = 51
  case pointSize = 52
  case relativeTo = 53
  case scales = 54

  var name: String {
    switch self {
    case .type: "type"
    case .name: "name"
    case .file: "file"
    case .line: "line"
    case .column: "column"
    case .args: "args"
    case .modifiers: "modifiers"
    case .children: "children"
    case .descendants: "descendants"
    case .ancestors: "ancestors"
    case .parent: "parent"
    case .owner: "owner"
    case .properties: "properties"
    case .slots: "slots"
    case .kind: "kind"
    case .label: "label"
    case .value: "value"
    case .wrapper: "wrapper"
    case .platforms: "platforms"
    case .tapWidth: "tapWidth"
    case .tapHeight: "tapHeight"
    case .isElement: "isElement"
    case .role: "role"
    case .accessibleName: "accessibleName"
    case .nameSource: "nameSource"
    case .visibleText: "visibleText"
    case .accessibleValue: "accessibleValue"
    case .hint: "hint"
    case .traits: "traits"
    case .hidden: "hidden"
    case .childBehavior: "childBehavior"
    case .interactions: "interactions"
    case .scalesText: "scalesText"
    case .foreground: "foreground"
    case .background: "background"
    case .expr: "expr"
    case .form: "form"
    case .text: "text"
    case .base: "base"
    case .condition: "condition"
    case .then: "then"
    case .else: "else"
    case .statements: "statements"
    case .target: "target"
    case .operator: "operator"
    case .rhs: "rhs"
    case .parts: "parts"
    case .elements: "elements"
    case .number: "number"
    case .components: "components"
    case .asset: "asset"
    case .textStyle: "textStyle"
    case .pointSize: "pointSize"
    case .relativeTo: "relativeTo"
    case .scales: "scales"
    }
  }

  static let byName: [String: NodeField] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  /// The fields a node (rather than an argument, modifier or property) has.
  static let nodeFields: Set<String> = [
    "type", "name", "file", "line", "column", "args", "modifiers", "children", "descendants", "ancestors", "parent",
    "owner", "properties", "slots", "platforms", "tapWidth", "tapHeight", "isElement", "role", "accessibleName",
    "nameSource", "visibleText", "accessibleValue", "hint", "traits", "hidden", "childBehavior", "interactions",
    "scalesText", "foreground", "background",
  ]
}

/// Type values and the names they print as. Packs store the tags of type constants, so each is
/// written out and never reused (`InstructionSetNumberingTests` pins them).
enum TypeTag: UInt8, CaseIterable, Sendable {
  case nullType = 0
  case bool = 1
  case int = 2
  case uint = 3
  case double = 4
  case string = 5
  case bytes = 6
  case list = 7
  case map = 8
  case type = 9
  case node = 10
  case argument = 11
  case modifier = 12
  case property = 13
  case expression = 14

  var name: String {
    switch self {
    case .nullType: "null_type"
    case .bool: "bool"
    case .int: "int"
    case .uint: "uint"
    case .double: "double"
    case .string: "string"
    case .bytes: "bytes"
    case .list: "list"
    case .map: "map"
    case .type: "type"
    case .node: "node"
    case .argument: "argument"
    case .modifier: "modifier"
    case .property: "property"
    case .expression: "expression"
    }
  }

  static let byName: [String: TypeTag] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
