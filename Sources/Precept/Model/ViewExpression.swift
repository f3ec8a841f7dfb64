/// The structure of an argument's value, as far as a reader of the source can tell: what a
/// rule asks of a closure, a ternary or a colour without parsing Swift text itself.
///
/// An argument keeps its `kind` and `value` as before (old producers and consumers only know
/// those); its `expression` is an optional extra (`expr` in the JSON, `a.expr` in a rule). Each
/// form fills the fields that make sense for it and leaves the rest empty; `text` is always the
/// expression's source. Producers bound the structure (``maximumDepth``, ``maximumSize``) and
/// mark what lies beyond as `other`, so a rule never meets an unbounded tree.
package struct ViewExpression: Sendable, Hashable {
  /// What an expression is.
  package enum Form: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
    /// A string literal without interpolation; `value` is its contents.
    case string
    /// A number, constant arithmetic folded (`44 + 4`); `number` is its value.
    case number
    case bool
    case `nil`
    /// A name (`isOpen`, `self`, `$0`); `name`.
    case identifier
    /// `base.name`, or `.name` with no base (an implicit member).
    case member
    /// `base.name(args)`, `name(args)` or `.name(args)`, trailing closures among the `args`.
    case call
    /// `condition ? then : else`.
    case ternary
    /// `{ … }`; `statements`.
    case closure
    /// `target operator rhs`, for `=` and compound assignments (`+=`).
    case assignment
    /// A string literal with `\(…)`; `parts` are its literal pieces (`string`) and holes.
    case interpolation
    /// `$x` (`target`), `.constant(v)` and `Binding(get:set:)` (`name`, `args`).
    case binding
    /// `[a, b]`; `elements`.
    case array
    /// A colour: `name` (`.red`, `Color.red`, `Color(.systemRed)` are all `red`), `components`
    /// (`Color(red:green:blue:)`) or `asset` (`Color("Brand")`).
    case color
    /// A font: `textStyle`, `pointSize`, `relativeTo`, `name` (a custom font) and `scales`.
    case font
    /// A localized string (`String(localized:)`, `LocalizedStringKey(…)`); `value` is the key.
    case localized
    /// A prefix operator applied to `base` (`!isOn`, `-x`); `operator`.
    case prefix
    /// `base operator rhs` for any other binary operator (`a && b`, `x == 1`).
    case binary
    /// An `if` statement in a closure: `condition`, `then` and `else` are closures (or an `if`).
    case `if`
    /// Anything else, and whatever lies beyond the producer's bounds.
    case other

    /// The form's position in `allCases`.
    package var index: Int {
      switch self {
      case .string: 0
      case .number: 1
      case .bool: 2
      case .nil: 3
      case .identifier: 4
      case .member: 5
      case .call: 6
      case .ternary: 7
      case .closure: 8
      case .assignment: 9
      case .interpolation: 10
      case .binding: 11
      case .array: 12
      case .color: 13
      case .font: 14
      case .localized: 15
      case .prefix: 16
      case .binary: 17
      case .if: 18
      case .other: 19
      }
    }
  }

  /// How deep and how large one argument's structure may be; deeper or further parts are
  /// `other`.
  package static let maximumDepth = 16
  package static let maximumSize = 256
  /// The deepest `jsonDepth` an expression within ``maximumDepth`` can have: each level nests
  /// at most three JSON levels (an argument's object in a call's `args` array), plus the
  /// innermost expression's own array.
  package static let maximumJSONDepth = 3 * maximumDepth + 2

  // Every field lives in one reference-counted box, copied on write: an expression (and an
  // argument holding one) copies as a single pointer, however many fields its form fills, and
  // a sub-expression is a field like any other.
  private var storage: Storage

  private final class Storage: @unchecked Sendable {
    var form: Form
    var text: String
    var name: String? = nil
    var operatorName: String? = nil
    var string: String? = nil
    var number: Double? = nil
    var asset: String? = nil
    var textStyle: String? = nil
    var pointSize: Double? = nil
    var relativeTo: String? = nil
    var scales: Bool? = nil
    var components: [Double] = []
    var args: [ViewArgument] = []
    var statements: [ViewExpression] = []
    var parts: [ViewExpression] = []
    var elements: [ViewExpression] = []
    var base: ViewExpression? = nil
    var condition: ViewExpression? = nil
    var then: ViewExpression? = nil
    var otherwise: ViewExpression? = nil
    var target: ViewExpression? = nil
    var rhs: ViewExpression? = nil

    init(_ form: Form, text: String) {
      self.form = form
      self.text = text
    }

    func copy() -> Storage {
      let copy = Storage(form, text: text)
      copy.name = name
      copy.operatorName = operatorName
      copy.string = string
      copy.number = number
      copy.asset = asset
      copy.textStyle = textStyle
      copy.pointSize = pointSize
      copy.relativeTo = relativeTo
      copy.scales = scales
      copy.components = components
      copy.args = args
      copy.statements = statements
      copy.parts = parts
      copy.elements = elements
      copy.base = base
      copy.condition = condition
      copy.then = then
      copy.otherwise = otherwise
      copy.target = target
      copy.rhs = rhs
      return copy
    }
  }

  /// The box, made unique before a write.
  private var unique: Storage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      return storage
    }
  }

  package var form: Form {
    get { storage.form }
    set { unique.form = newValue }
  }
  /// The source text.
  package var text: String {
    get { storage.text }
    set { unique.text = newValue }
  }
  /// The member, called function or identifier name; a colour's or custom font's name.
  package var name: String? {
    get { storage.name }
    set { unique.name = newValue }
  }
  /// An assignment's, prefix or binary operator (`=`, `+=`, `!`, `&&`).
  package var operatorName: String? {
    get { storage.operatorName }
    set { unique.operatorName = newValue }
  }
  /// A string literal's contents, a localized string's key, a literal part of an interpolation.
  package var string: String? {
    get { storage.string }
    set { unique.string = newValue }
  }
  /// A number's value (folded); a font's fixed point size.
  package var number: Double? {
    get { storage.number }
    set { unique.number = newValue }
  }
  package var asset: String? {
    get { storage.asset }
    set { unique.asset = newValue }
  }
  package var textStyle: String? {
    get { storage.textStyle }
    set { unique.textStyle = newValue }
  }
  package var pointSize: Double? {
    get { storage.pointSize }
    set { unique.pointSize = newValue }
  }
  package var relativeTo: String? {
    get { storage.relativeTo }
    set { unique.relativeTo = newValue }
  }
  /// Whether a font scales with Dynamic Type.
  package var scales: Bool? {
    get { storage.scales }
    set { unique.scales = newValue }
  }
  package var components: [Double] {
    get { storage.components }
    set { unique.components = newValue }
  }
  /// A call's arguments, trailing closures included.
  package var args: [ViewArgument] {
    get { storage.args }
    set { unique.args = newValue }
  }
  /// A closure's statements, an interpolation's parts, an array's elements.
  package var statements: [ViewExpression] {
    get { storage.statements }
    set { unique.statements = newValue }
  }
  package var parts: [ViewExpression] {
    get { storage.parts }
    set { unique.parts = newValue }
  }
  package var elements: [ViewExpression] {
    get { storage.elements }
    set { unique.elements = newValue }
  }

  package enum Link: String, Sendable, Hashable, CaseIterable {
    case base, condition, then, `else`, target, rhs
  }

  package init(_ form: Form, text: String) {
    storage = Storage(form, text: text)
  }

  package subscript(_ link: Link) -> ViewExpression? {
    get {
      switch link {
      case .base: storage.base
      case .condition: storage.condition
      case .then: storage.then
      case .else: storage.otherwise
      case .target: storage.target
      case .rhs: storage.rhs
      }
    }
    set {
      let box = unique
      switch link {
      case .base: box.base = newValue
      case .condition: box.condition = newValue
      case .then: box.then = newValue
      case .else: box.otherwise = newValue
      case .target: box.target = newValue
      case .rhs: box.rhs = newValue
      }
    }
  }

  package var base: ViewExpression? {
    get { storage.base }
    set { unique.base = newValue }
  }
  package var condition: ViewExpression? {
    get { storage.condition }
    set { unique.condition = newValue }
  }
  package var then: ViewExpression? {
    get { storage.then }
    set { unique.then = newValue }
  }
  package var otherwise: ViewExpression? {
    get { storage.otherwise }
    set { unique.otherwise = newValue }
  }
  package var target: ViewExpression? {
    get { storage.target }
    set { unique.target = newValue }
  }
  package var rhs: ViewExpression? {
    get { storage.rhs }
    set { unique.rhs = newValue }
  }

  package static func == (a: ViewExpression, b: ViewExpression) -> Bool {
    if a.storage === b.storage { return true }
    let x = a.storage
    let y = b.storage
    return x.form == y.form && x.text == y.text && x.name == y.name && x.operatorName == y.operatorName
      && x.string == y.string && x.number == y.number && x.asset == y.asset && x.textStyle == y.textStyle
      && x.pointSize == y.pointSize && x.relativeTo == y.relativeTo && x.scales == y.scales
      && x.components == y.components && x.args == y.args && x.statements == y.statements && x.parts == y.parts
      && x.elements == y.elements && x.base == y.base && x.condition == y.condition && x.then == y.then
      && x.otherwise == y.otherwise && x.target == y.target && x.rhs == y.rhs
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(storage.form)
    hasher.combine(storage.text)
    hasher.combine(storage.name)
    hasher.combine(storage.string)
    hasher.combine(storage.number)
    hasher.combine(storage.args)
    hasher.combine(storage.statements)
    hasher.combine(storage.base)
    hasher.combine(storage.rhs)
  }

  /// The sub-expressions directly inside this one, in source order (arguments' expressions
  /// included).
  package var subexpressions: [ViewExpression] {
    var result: [ViewExpression] = []
    for link in Link.allCases { if let value = self[link] { result.append(value) } }
    for argument in args { if let value = argument.expression { result.append(value) } }
    result += statements
    result += parts
    result += elements
    return result
  }

  /// Expressions in the tree, this one included.
  package var size: Int {
    var count = 0
    var pending = [self]
    while let next = pending.popLast() {
      count += 1
      pending += next.subexpressions
    }
    return count
  }

  /// How deep the tree is: 1 for an expression with no sub-expressions.
  package var depth: Int {
    var deepest = 0
    var pending = [(self, 1)]
    while let (next, level) = pending.popLast() {
      deepest = max(deepest, level)
      pending += next.subexpressions.map { ($0, level + 1) }
    }
    return deepest
  }

  /// The tree cut to `limit` levels: an expression at the last level that has sub-expressions
  /// becomes `other`, keeping its text. Recursion follows the tree's depth, which the reader's
  /// budget already bounds.
  package func pruned(toDepth limit: Int) -> ViewExpression {
    guard limit > 1 else { return subexpressions.isEmpty ? self : ViewExpression(.other, text: text) }
    var copy = self
    for link in Link.allCases { copy[link] = self[link]?.pruned(toDepth: limit - 1) }
    copy.args = args.map { argument in
      var argument = argument
      argument.expression = argument.expression?.pruned(toDepth: limit - 1)
      return argument
    }
    copy.statements = statements.map { $0.pruned(toDepth: limit - 1) }
    copy.parts = parts.map { $0.pruned(toDepth: limit - 1) }
    copy.elements = elements.map { $0.pruned(toDepth: limit - 1) }
    return copy
  }

  /// The structure a literal argument has when its producer gives none: the same for a
  /// string, number, bool or implicit member (`.red`) whoever wrote it. Nil for `expr`.
  package static func literal(_ kind: ArgumentKind, _ value: String) -> ViewExpression? {
    switch kind {
    case .string:
      var expression = ViewExpression(.string, text: quoted(value))
      expression.string = value
      return expression
    case .number:
      var expression = ViewExpression(.number, text: value)
      expression.number = parseNumber(value)
      return expression
    case .bool:
      return ViewExpression(.bool, text: value)
    case .member:
      guard value.hasPrefix("."), value.count > 1 else { return nil }
      var expression = ViewExpression(.member, text: value)
      expression.name = String(value.dropFirst())
      return ViewExpression.classified(expression)
    case .expr:
      return nil
    }
  }

  /// A string's source text as a plain literal would spell it.
  package static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A Swift number literal's value (`1_000`, `0x1F`, `2.5e3`), or nil.
  package static func parseNumber(_ text: String) -> Double? {
    let plain = String(text.filter { $0 != "_" })
    var digits = Substring(plain)
    var sign = 1.0
    if digits.hasPrefix("-") {
      sign = -1
      digits = digits.dropFirst()
    }
    if digits.hasPrefix("0x"), let value = Int64(digits.dropFirst(2), radix: 16) { return sign * Double(value) }
    if digits.hasPrefix("0o"), let value = Int64(digits.dropFirst(2), radix: 8) { return sign * Double(value) }
    if digits.hasPrefix("0b"), let value = Int64(digits.dropFirst(2), radix: 2) { return sign * Double(value) }
    guard let first = digits.first, first.isNumber || first == "." else { return nil }
    if let value = Double(digits), value.isFinite { return sign * value }
    return nil
  }
}

// MARK: - Colours, fonts, bindings and localized strings

extension ViewExpression {
  /// SwiftUI's colours and semantic styles, by the name an implicit member uses.
  static let colorNames: Set<String> = [
    "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "white",
    "gray", "grey", "black", "clear", "primary", "secondary", "tertiary", "quaternary", "accentColor",
  ]

  /// Dynamic Type text styles.
  static let textStyles: Set<String> = [
    "largeTitle", "extraLargeTitle", "extraLargeTitle2", "title", "title2", "title3", "headline", "subheadline",
    "body", "callout", "footnote", "caption", "caption2",
  ]

  /// Calls on a colour that give the same colour (`.red.opacity(0.5)`, `.blue.gradient`).
  static let colorVariants: Set<String> = ["opacity", "gradient", "shadow"]
  /// Calls on a font that give a variant of it (`.body.bold()`).
  static let fontVariants: Set<String> = [
    "bold", "italic", "weight", "monospaced", "monospacedDigit", "smallCaps", "lowercaseSmallCaps",
    "uppercaseSmallCaps", "leading", "width", "fontDesign", "design", "underline",
  ]
  static let colorTypes: Set<String> = ["Color", "UIColor", "NSColor", "SwiftUI.Color"]

  /// `systemRed` → `red`, `systemBackground` → `background`: UIKit's and AppKit's system
  /// colours named as SwiftUI names them.
  static func colorName(_ name: String) -> String {
    guard name.hasPrefix("system"), name.count > 6 else { return name }
    let rest = name.dropFirst(6)
    guard let first = rest.first, first.isUppercase else { return name }
    return first.lowercased() + rest.dropFirst()
  }

  /// Whether a member name is a system colour (`systemRed`, `label`) or SwiftUI's.
  static func isColorName(_ name: String, qualified: Bool) -> Bool {
    if colorNames.contains(name) { return true }
    if name.hasPrefix("system"), name.count > 6, name.dropFirst(6).first?.isUppercase == true { return true }
    // `Color.label`, `UIColor.separator`: any static member of a colour type is a colour.
    return qualified
  }

  /// The expression recognised as a colour, font, binding or localized string when it is one,
  /// else unchanged. The reader calls it on every member and call it builds; the decoder on
  /// literal members that came without structure.
  package static func classified(_ expression: ViewExpression) -> ViewExpression {
    var result = expression
    switch expression.form {
    case .member:
      guard let name = expression.name else { return expression }
      if let base = expression.base {
        if base.form == .color, colorVariants.contains(name) { return colorLike(base, text: expression.text) }
        if base.form == .font, fontVariants.contains(name) { return fontLike(base, text: expression.text) }
        guard base.form == .identifier, let type = base.name else { return expression }
        if colorTypes.contains(type), isColorName(name, qualified: true) {
          return color(named: colorName(name), text: expression.text)
        }
        if type == "Font", textStyles.contains(name) { return font(style: name, text: expression.text) }
        return expression
      }
      if isColorName(name, qualified: false) { return color(named: colorName(name), text: expression.text) }
      if textStyles.contains(name) { return font(style: name, text: expression.text) }
    case .call:
      guard let name = expression.name else { return expression }
      let base = expression.base
      if let base, base.form == .color, colorVariants.contains(name) { return colorLike(base, text: expression.text) }
      if let base, base.form == .font, fontVariants.contains(name) { return fontLike(base, text: expression.text) }
      let onType = base?.form == .identifier ? base?.name : nil
      let implicit = base == nil
      if (implicit && name == "Color") || (name == "init" && onType.map(colorTypes.contains) == true) {
        if let color = colorCall(expression) { return color }
      }
      if (implicit || onType == "Font") && (name == "system" || name == "custom") {
        if let font = fontCall(expression, custom: name == "custom") { return font }
      }
      if name == "constant", implicit || onType == "Binding" {
        result.form = .binding
        result.name = "constant"
        return result
      }
      if implicit, name == "Binding" {
        result.form = .binding
        return result
      }
      if implicit, let key = localizedKey(expression) {
        result.form = .localized
        result.string = key
        return result
      }
    default:
      break
    }
    return expression
  }

  private static func color(named name: String, text: String) -> ViewExpression {
    var color = ViewExpression(.color, text: text)
    color.name = name
    return color
  }

  /// A variant of colour `base` (`.opacity(0.5)`): the same colour, made from `base`.
  private static func colorLike(_ base: ViewExpression, text: String) -> ViewExpression {
    var color = ViewExpression(.color, text: text)
    color.name = base.name
    color.components = base.components
    color.asset = base.asset
    color.base = base
    return color
  }

  /// A variant of font `base` (`.bold()`): the same size and scaling, made from `base`.
  private static func fontLike(_ base: ViewExpression, text: String) -> ViewExpression {
    var font = ViewExpression(.font, text: text)
    font.name = base.name
    font.textStyle = base.textStyle
    font.pointSize = base.pointSize
    font.relativeTo = base.relativeTo
    font.scales = base.scales
    font.base = base
    return font
  }

  private static func font(style: String, text: String) -> ViewExpression {
    var font = ViewExpression(.font, text: text)
    font.textStyle = style
    font.scales = true
    return font
  }

  /// `Color(red:green:blue:)`, `Color("Asset")`, `Color(.systemRed)`, `Color(uiColor: .red)`.
  private static func colorCall(_ call: ViewExpression) -> ViewExpression? {
    var color = ViewExpression(.color, text: call.text)
    color.args = call.args
    let labels = call.args.map { $0.label ?? "_" }
    if labels.starts(with: ["red", "green", "blue"]) || labels.starts(with: ["_", "red", "green", "blue"]) {
      for argument in call.args where ["red", "green", "blue", "opacity"].contains(argument.label ?? "") {
        guard let number = argument.expression?.number, argument.expression?.form == .number else { return color }
        color.components.append(number)
      }
      return color
    }
    guard let first = call.args.first else { return nil }
    if labels == ["_"] || labels == ["_", "bundle"], let asset = first.expression, asset.form == .string {
      color.asset = asset.string
      return color
    }
    if ["_", "uiColor", "nsColor", "cgColor"].contains(labels[0]), let inner = first.expression {
      if inner.form == .color {
        color.name = inner.name
        color.components = inner.components
        color.asset = inner.asset
        return color
      }
      if inner.form == .member, inner.base == nil, let name = inner.name {
        color.name = colorName(name)
        return color
      }
    }
    return color
  }

  /// `.system(size:)`, `.system(.body)`, `.custom(_:size:)`, `.custom(_:size:relativeTo:)`,
  /// `.custom(_:fixedSize:)`.
  private static func fontCall(_ call: ViewExpression, custom: Bool) -> ViewExpression? {
    var font = ViewExpression(.font, text: call.text)
    font.args = call.args
    func member(_ argument: ViewArgument?) -> String? {
      guard let expression = argument?.expression else { return nil }
      if expression.form == .font { return expression.textStyle }
      return expression.form == .member && expression.base == nil ? expression.name : nil
    }
    func number(_ argument: ViewArgument?) -> Double? {
      argument?.expression?.form == .number ? argument?.expression?.number : nil
    }
    let byLabel = Dictionary(call.args.compactMap { a in a.label.map { ($0, a) } }, uniquingKeysWith: { a, _ in a })
    if custom {
      guard let nameArgument = call.args.first, nameArgument.label == nil else { return nil }
      if nameArgument.expression?.form == .string { font.name = nameArgument.expression?.string }
      if let size = byLabel["fixedSize"] {
        font.pointSize = number(size)
        font.scales = false
      } else {
        font.pointSize = number(byLabel["size"])
        // A custom font scales relative to the body style unless told otherwise.
        font.relativeTo = member(byLabel["relativeTo"]) ?? "body"
        font.scales = true
      }
      return font
    }
    if let size = byLabel["size"] {
      font.pointSize = number(size)
      font.scales = false
      return font
    }
    if let first = call.args.first, first.label == nil, let style = member(first) {
      font.textStyle = style
      font.scales = true
      return font
    }
    return font
  }

  /// The key of `String(localized: "key")`, `LocalizedStringKey("key")`,
  /// `LocalizedStringResource("key")` and `NSLocalizedString("key", comment:)`: its text
  /// when it is a literal, "" when it is computed; nil for anything else.
  private static func localizedKey(_ call: ViewExpression) -> String? {
    guard let first = call.args.first else { return nil }
    switch (call.name, first.label) {
    case ("String", "localized"?), ("LocalizedStringKey", nil), ("LocalizedStringResource", nil),
      ("NSLocalizedString", nil):
      return first.expression?.form == .string ? first.expression?.string ?? "" : ""
    default:
      return nil
    }
  }
}
