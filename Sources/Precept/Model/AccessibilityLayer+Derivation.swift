// Deriving the accessibility fields of every node while a document is flattened: once per node
// per model, so rules read them as plainly as `n.type`.

/// The accessibility fields of one node, parallel to `NodeRecord`, as the deriver makes them.
/// The model stores them as a `LayerEntry`, the flags in the `NodeEntry` and the rarely set
/// strings in a `NodeExtra`; `ViewModel.layers` reads the same fields back (`LayerView`).
/// Strings are string ids (−1: null); lists are ranges of the model's `layerLists`, the
/// interactions right after the traits.
package struct LayerRecord: Sendable, BitwiseCopyable {
  package var role: Int32 = -1
  package var accessibleName: Int32 = -1
  package var nameSource: Int32 = -1
  package var visibleText: Int32 = -1
  package var accessibleValue: Int32 = -1
  package var hint: Int32 = -1
  package var childBehavior: Int32 = -1
  package var foreground: Int32 = -1
  package var background: Int32 = -1
  package var traitStart: Int32 = 0
  package var traitCount: Int32 = 0
  package var interactionStart: Int32 = 0
  package var interactionCount: Int32 = 0
  package var isElement = false
  package var hidden = false
  /// 0: unknown, 1: scales, 2: fixed.
  package var scalesText: UInt8 = 0
}

/// Accessibility fields a producer gives for a node itself (`accessibility` in the JSON); each
/// one given replaces the derived value. For a nullable field, `.some(nil)` is an explicit null.
package struct AccessibilityFields: Sendable, Hashable {
  package var isElement: Bool?
  package var role: String?
  package var accessibleName: String??
  package var nameSource: String?
  package var visibleText: String??
  package var accessibleValue: String??
  package var hint: String??
  package var traits: [String]?
  package var hidden: Bool?
  package var childBehavior: String??
  package var interactions: [String]?
  package var scalesText: Bool??
  package var foreground: String??
  package var background: String??

  package init() {}
}

/// What a node says, or adds to an element that combines it: nothing, words known from the
/// source, or words known only at run time.
struct Spoken: Equatable {
  var text: String?
  var source: String

  static let none = Spoken(text: nil, source: "none")
  var isNone: Bool { source == "none" }

  /// The parts an element combines, joined as VoiceOver reads them ("Title, Subtitle"); known
  /// only at run time when any part is.
  static func combined(_ parts: some Collection<Spoken>, source: String) -> Spoken {
    // Nearly every node combines no part or one: those need no list of the parts.
    var count = 0
    var single = Spoken.none
    for part in parts where !part.isNone {
      if part.text == nil { return Spoken(text: nil, source: "runtime") }
      count += 1
      single = part
    }
    if count == 0 { return .none }
    if count == 1 { return Spoken(text: single.text, source: source) }
    return Spoken(text: parts.filter { !$0.isNone }.compactMap(\.text).joined(separator: ", "), source: source)
  }
}

/// What a node's ancestors decide for it.
struct LayerContext {
  var hidden = false
  /// Part of an element above it (a Button's label, a combined stack): not an element itself.
  var merged = false
  /// The font's scaling set above (nil: no font set; .some(nil): a font of unknown scaling).
  var scales: Bool?? = nil
  var foreground: String? = nil
  var background: String? = nil
  /// `@ScaledMetric` properties of the enclosing type.
  var scaledMetrics: [String] = []
}

/// What the node's own entry and modifiers decide before its content is built.
struct LayerStart {
  var record = LayerRecord()
  /// The layer's entry for the node's type, shared (a `View` copied into every node's start
  /// cost a retain and a release of each of its lists).
  var entry: LayerViewEntry?
  // The contexts are set once, when the node's own facts are known.
  var childContext = LayerContext()
  /// The context of each slot's content, by slot name, when it differs from `childContext`.
  var combinedContext = LayerContext()
  var inlineContext = LayerContext()
  /// The context of what a modifier presents apart from the view (a sheet, a toolbar, a context
  /// menu): not hidden or combined with it.
  var presentedContext = LayerContext()
  /// Whether a modifier of the node may give a literal value or hint (`finish` reads them).
  var givesValueOrHint = false
  var inlineModifiers: Set<Int> = []
  /// The modifier whose content stands for the view (`.accessibilityRepresentation`).
  var representation: Int? = nil
  var labelName: Spoken? = nil
  var role = "none"
  var traits: [String] = []
  var interactions: [String] = []
  var childBehavior: String? = nil
  var scales: Bool? = nil
  var foreground: String?
  var background: String?
}

/// A view's entry in the layer, looked up once per type name in a model.
final class LayerViewEntry {
  let view: AccessibilityLayer.View

  init(_ view: AccessibilityLayer.View) { self.view = view }
}

struct LayerDeriver {
  let layer: AccessibilityLayer
  private var viewEntries: [LayerViewEntry] = []
  /// By the string id of a type name: an index of `viewEntries`, −1 for a type the layer does
  /// not know, −2 for one not looked up yet.
  private var viewByType: [Int32] = []
  var records: [LayerRecord] = []
  var lists: [Int32] = []
  /// Per node: what it adds to an element that combines it.
  var contributions: [Spoken] = []
  /// `fontScales` of a value where no `@ScaledMetric` is in scope, and `color` of a value:
  /// the same for every node that gives it, so each distinct value is read once per model.
  private var fontScalesByValue: [String: Bool?] = [:]
  private var colorByValue: [String: String?] = [:]

  init(layer: AccessibilityLayer) { self.layer = layer }

  /// The unlabelled arguments' positions and labelled arguments, for `from`.
  private func argument(_ reference: AccessibilityLayer.ArgumentReference, in args: [ViewArgument]) -> ViewArgument? {
    switch reference {
    case .label(let label): return args.first { $0.label == label }
    case .position(let position):
      // Counted in place: a list of the unlabelled arguments cost an allocation a lookup.
      var seen = 0
      for index in args.indices where args[index].label == nil {
        if seen == position { return args[index] }
        seen += 1
      }
      return nil
    }
  }

  private func argument(_ effect: AccessibilityLayer.Effect, in args: [ViewArgument]) -> ViewArgument? {
    for reference in effect.from {
      if let found = argument(reference, in: args) { return found }
    }
    return nil
  }

  /// A string literal as words: blank says nothing, and what a localization key says is known
  /// at run time (a view's title is then `runtime`; a label given in code stays one).
  func literal(_ text: String, source: String) -> Spoken {
    if text.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" }) { return .none }
    if let key = layer.localizationKey, key.matches(text) {
      return Spoken(text: nil, source: source == "accessibilityLabel" ? source : "runtime")
    }
    return Spoken(text: text, source: source)
  }

  /// The words of a plain `Text("…")` passed as a value (`Image("logo", label: Text("Logo"))`).
  static func textLiteral(_ value: String) -> String? {
    guard value.hasPrefix("Text(\""), value.hasSuffix("\")") else { return nil }
    let inside = value.dropFirst(6).dropLast(2)
    guard !inside.contains("\""), !inside.contains("\\") else { return nil }
    return String(inside)
  }

  private func memberName(_ text: String) -> String? {
    var name = Substring(text)
    if name.hasPrefix(".") { name = name.dropFirst() }
    guard !name.isEmpty else { return nil }
    // ASCII names (nearly all) are checked byte by byte: a Character's properties cost far more.
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      let word = name.utf8.allSatisfy { byte in
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
          || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "_")
      }
      return word ? String(name) : nil
    }
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return String(name)
  }

  private func traitNames(_ argument: ViewArgument) -> [String] {
    var text = Substring(argument.value)
    if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
    return text.split(separator: ",").compactMap { part in
      memberName(String(part.filter { !$0.isWhitespace }))
    }
  }

  /// `.red`, `Color.red`, `SwiftUI.Color.red`: a colour the layer names.
  private mutating func color(_ argument: ViewArgument) -> String? {
    guard argument.kind == .member || argument.kind == .expr else { return nil }
    if let known = colorByValue[argument.value] { return known }
    let name = color(argument.value)
    colorByValue[argument.value] = name
    return name
  }

  private func color(_ value: String) -> String? {
    var text = Substring(value)
    for prefix in ["SwiftUI.Color.", "Color."] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count - 1) }
    guard let name = memberName(String(text)), layer.colors.contains(name) else { return nil }
    return name
  }

  /// Whether a font scales with Dynamic Type, or nil when the source does not say.
  private mutating func fontScales(_ argument: ViewArgument, scaledMetrics: [String]) -> Bool? {
    guard scaledMetrics.isEmpty else { return fontScales(argument.value, scaledMetrics: scaledMetrics) }
    if let known = fontScalesByValue[argument.value] { return known }
    let scales = fontScales(argument.value, scaledMetrics: [])
    fontScalesByValue[argument.value] = scales
    return scales
  }

  private func fontScales(_ value: String, scaledMetrics: [String]) -> Bool? {
    var text = Substring(value)
    for prefix in ["SwiftUI.Font.", "Font."] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count - 1) }
    guard text.hasPrefix(".") else { return nil }
    let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber }
    if layer.textStyles.contains(String(name)) { return true }
    guard name == "system" || name == "custom" else { return nil }
    let call = text.dropFirst(name.count + 1)
    if Self.end(of: "relativeTo:", in: call) != nil { return true }
    if name == "system", call.hasPrefix("(."),
      let style = memberName(String(call.dropFirst().prefix { $0 != "," && $0 != ")" })),
      layer.textStyles.contains(style)
    {
      return true
    }
    if Self.end(of: "fixedSize:", in: call) != nil { return false }
    guard let after = Self.end(of: "size:", in: call) else { return nil }
    // `.custom(_:size:)` scales with the body text style (only `fixedSize:` does not).
    if name == "custom" { return true }
    let size = call[after...].drop { $0 == " " }.prefix { $0 != "," && $0 != ")" }
    let value = String(size).trimmingCharacters(of: " ")
    if Double(value) != nil { return false }
    if scaledMetrics.contains(value) || scaledMetrics.contains(where: { value == "self." + $0 }) { return true }
    return nil
  }

  /// Where the first `needle` (ASCII, such as `size:`) in a font call ends, as Foundation's
  /// `range(of:)` finds it (and nil where `contains` is false). In ASCII text (nearly every
  /// call) every byte is a character, so a byte scan finds the same place without Foundation's
  /// cost; other text is searched as before, where a combining mark after the colon
  /// (`size:\u{301}`) makes a character of its own that is no match.
  static func end(of needle: String, in call: Substring) -> Substring.Index? {
    guard call.utf8.allSatisfy({ $0 < 0x80 }) else { return call.range(of: needle)?.upperBound }
    let bytes = call.utf8
    let wanted = needle.utf8
    guard let first = wanted.first else { return bytes.startIndex }
    var index = bytes.startIndex
    while let hit = bytes[index...].firstIndex(of: first) {
      if bytes[hit...].starts(with: wanted) { return bytes.index(hit, offsetBy: wanted.count) }
      index = bytes.index(after: hit)
    }
    return nil
  }

  private func gestures(_ argument: ViewArgument) -> [String] {
    // ASCII text (nearly every argument) is searched byte by byte, as `end(of:in:)` does:
    // Foundation's `contains` cost tens of thousands of instructions a call.
    let text = argument.value
    let ascii = text.utf8.allSatisfy { $0 < 0x80 }
    return layer.gestures.filter { ascii ? text.utf8Contains($0.0) : text.contains($0.0) }.map(\.1)
  }

  /// The layer's entry for the type `node.type`, whose string id is `type`.
  private mutating func entry(_ node: ViewNode, type: Int32) -> LayerViewEntry? {
    let index = Int(type)
    if index >= viewByType.count { viewByType += repeatElement(-2, count: index + 1 - viewByType.count) }
    var slot = viewByType[index]
    if slot == -2 {
      if let view = layer.views[node.type] {
        slot = Int32(viewEntries.count)
        viewEntries.append(LayerViewEntry(view))
      } else {
        slot = -1
      }
      viewByType[index] = slot
    }
    return slot >= 0 ? viewEntries[Int(slot)] : nil
  }

  /// The node's own facts and the context its content is built in; `type` is the string id
  /// of `node.type`.
  mutating func start(_ node: ViewNode, type: Int32, context: LayerContext, properties: [ViewProperty]) -> LayerStart {
    let entry = entry(node, type: type)
    // The enclosing type's `@ScaledMetric` properties, set on the contexts below (the given
    // context is not copied for them).
    let scaledMetrics =
      properties.isEmpty ? nil : properties.filter { $0.wrapper == "ScaledMetric" }.map(\.name)
    // Every field is a local until the end, where the start is made in one piece: built in
    // place and returned, it was copied whole once a node.
    var record = LayerRecord()
    var givesValueOrHint = false
    var inlineModifiers: Set<Int> = []
    var representation: Int? = nil
    var labelName: Spoken? = nil
    var role = entry?.view.role ?? "none"
    var traits = entry?.view.traits ?? []
    var interactions = entry?.view.interactions ?? []
    var childBehavior: String? = nil
    var foreground = context.foreground
    var background = context.background
    var hidden = entry?.view.hiddenBy.contains { label in node.args.contains { $0.label == label } } ?? false
    var removed: [String] = []
    var font: Bool?? = nil
    for (position, modifier) in node.modifiers.enumerated() {
      for effect in layer.modifiers[modifier.name] ?? [] {
        let found = argument(effect, in: modifier.args)
        switch (effect.field, effect.read) {
        case (.accessibleName, _), (.accessibleValue, _), (.hint, _):
          if effect.field != .accessibleName { givesValueOrHint = true }
          guard let found else { continue }
          let spoken: Spoken
          if found.kind == .string {
            spoken = literal(found.value, source: "accessibilityLabel")
            if spoken.isNone { continue }
          } else {
            spoken = Spoken(text: nil, source: "accessibilityLabel")
          }
          if effect.field == .accessibleName, labelName == nil { labelName = spoken }
        case (.hidden, .always): hidden = true
        case (.hidden, .zero):
          if let found, found.kind == .number, Double(found.value) == 0 { hidden = true }
        case (.hidden, _):
          // Hidden unless the flag is a literal false. A labelled flag that is absent (the
          // older `.accessibility(label:)`, which takes one of several labels) does not hide.
          if found == nil, effect.from.contains(where: { if case .label = $0 { true } else { false } }) { continue }
          if !(found?.kind == .bool && found?.value == "false") { hidden = true }
        case (.traits, _):
          for trait in found.map(traitNames) ?? [] {
            if !traits.contains(trait) { traits.append(trait) }
            if let traitRole = layer.traitRoles[trait], ["staticText", "none", "image"].contains(role) {
              role = traitRole
            }
          }
        case (.removedTraits, _): removed += found.map(traitNames) ?? []
        case (.childBehavior, _):
          childBehavior = found.flatMap { memberName($0.value) } ?? effect.defaultValue
          if childBehavior == "representation" { representation = position }
        case (.interactions, .gesture): interactions += found.map(gestures) ?? []
        case (.interactions, .action):
          if let found {
            let name = found.kind == .string ? found.value : memberName(found.value) ?? found.value
            interactions.append("action:" + name)
          } else if let value = effect.defaultValue {
            interactions.append(value)
          }
        case (.interactions, _):
          if let value = effect.defaultValue { interactions.append(value) }
        case (.scalesText, _):
          font = .some(found.flatMap { fontScales($0, scaledMetrics: scaledMetrics ?? context.scaledMetrics) })
        case (.foreground, _): foreground = found.flatMap { color($0) }
        case (.background, _): background = found.flatMap { color($0) }
        case (.content, _): inlineModifiers.insert(position)
        }
      }
    }
    // Each list is copied only when it changes: most nodes remove no trait and repeat no
    // interaction, and their lists are still the layer's own.
    if !removed.isEmpty { traits.removeAll { removed.contains($0) } }
    if interactions.count > 1 {
      var unique: [String] = []
      for interaction in interactions where !unique.contains(interaction) { unique.append(interaction) }
      if unique.count < interactions.count { interactions = unique }
    }
    let scales = font ?? context.scales ?? entry?.view.scalesText

    let supplied = node.accessibility
    record.hidden = supplied?.hidden ?? (context.hidden || hidden)
    if let behavior = supplied?.childBehavior { childBehavior = behavior }
    let behavior = childBehavior
    let elementByBehavior = behavior == "combine" || behavior == "ignore" || behavior == "representation"
    record.isElement =
      supplied?.isElement
      ?? (!record.hidden && !context.merged && ((entry?.view.element ?? false) || elementByBehavior))

    var inner = context
    if let scaledMetrics { inner.scaledMetrics = scaledMetrics }
    inner.hidden = record.hidden
    inner.scales = font ?? context.scales
    inner.foreground = foreground
    inner.background = background
    let inlineContext = inner
    let presentedContext = LayerContext(scales: inner.scales, scaledMetrics: inner.scaledMetrics)
    if elementByBehavior || behavior == "children" { inner.merged = true }
    let childContext = inner
    var combined = inner
    if record.isElement || context.merged { combined.merged = true }
    return LayerStart(
      record: record, entry: entry, childContext: childContext, combinedContext: combined, inlineContext: inlineContext,
      presentedContext: presentedContext, givesValueOrHint: givesValueOrHint, inlineModifiers: inlineModifiers,
      representation: representation, labelName: labelName, role: role, traits: traits, interactions: interactions,
      childBehavior: childBehavior, scales: scales, foreground: foreground, background: background)
  }

  /// The context a slot's content is built in.
  func context(forSlot name: String, _ start: LayerStart) -> LayerContext {
    (start.entry?.view.combines.contains(name) ?? false) ? start.combinedContext : start.childContext
  }

  /// The context modifier `position`'s content is built in: an overlay is part of the view, a
  /// representation stands for it, a sheet is presented apart from it.
  func context(forModifier position: Int, _ node: ViewNode, _ start: LayerStart) -> LayerContext {
    if start.inlineModifiers.contains(position) { return start.inlineContext }
    if start.representation == position { return start.combinedContext }
    return start.presentedContext
  }

  /// Finishes node `index` once its content is built: its name and what it adds to an
  /// element that combines it.
  mutating func finish(
    _ index: Int32, _ node: ViewNode, _ start: LayerStart, children: [Int32], slots: [(String, [Int32])],
    modifierContent: [(Int, [Int32])], strings: inout InternTable
  ) {
    func parts(_ members: [Int32]) -> [Spoken] { members.map { contributions[Int($0)] } }
    // The content's parts, gathered only for a node that combines them (few do).
    var gathered: [Spoken]? = nil
    func content() -> [Spoken] {
      if let gathered { return gathered }
      var content = parts(children)
      for (_, members) in slots { content += parts(members) }
      gathered = content
      return content
    }
    var inline: [Spoken] = []
    for (position, members) in modifierContent where start.inlineModifiers.contains(position) {
      inline += parts(members)
    }
    var visibleText: String? = nil
    var own = Spoken.none
    if let view = start.entry?.view {
      // Whether the source gives a title or a label of its own: a view's fixed name is its
      // default one, which either replaces (`ShareLink(item:) { Image(…) }` is not "Share").
      var given = false
      for step in view.name {
        switch step {
        case .argument(let labels, let source, let empty):
          guard let found = node.args.first(where: { labels.contains($0.label) }) else { continue }
          given = true
          if found.kind == .string {
            let spoken = literal(found.value, source: source)
            if visibleText == nil, source == "text" || source == "title", spoken.text != nil {
              visibleText = spoken.text
            }
            own = spoken
          } else if let text = LayerDeriver.textLiteral(found.value) {
            own = literal(text, source: source)
          } else if !empty.contains(found.value) {
            own = Spoken(text: nil, source: "runtime")
          }
        case .content(let slotNames, let source):
          let labels = slots.filter { slotNames.contains($0.0) }
          if labels.contains(where: { !$0.1.isEmpty }) { given = true }
          own = Spoken.combined(labels.flatMap { parts($0.1) }, source: source)
        case .fixed(let text, let source):
          if !given { own = Spoken(text: text, source: source) }
        }
        if !own.isNone { break }
      }
      if view.container { own = Spoken.combined(content(), source: "text") }
    } else {
      // A view of the app's own: what it says is computed in its code.
      own = Spoken(text: nil, source: "runtime")
    }
    switch start.childBehavior {
    case "ignore": own = start.entry?.view.container ?? false ? .none : own
    case "combine":
      if own.isNone || start.entry?.view.container == true { own = Spoken.combined(content(), source: "text") }
    case "representation":
      let represented = modifierContent.filter { $0.0 == start.representation }.flatMap { parts($0.1) }
      own = Spoken.combined(represented, source: "text")
    default: break
    }
    let name = start.labelName ?? own

    var record = start.record
    let supplied = node.accessibility
    func id(_ text: String?) -> Int32 { text.map { strings.intern($0) } ?? -1 }
    record.role = strings.intern(supplied?.role ?? start.role)
    record.accessibleName = id(supplied?.accessibleName ?? name.text)
    record.nameSource = strings.intern(supplied?.nameSource ?? name.source)
    record.visibleText = id(supplied?.visibleText ?? visibleText)
    record.hint = -1
    record.childBehavior = id(supplied?.childBehavior ?? start.childBehavior)
    record.foreground = id(supplied?.foreground ?? start.foreground)
    record.background = id(supplied?.background ?? start.background)
    let scales = supplied?.scalesText ?? start.scales
    record.scalesText = scales.map { $0 ? 1 : 2 } ?? 0
    // The literal value and hint, read again here where strings are interned.
    record.accessibleValue = -1
    for modifier in node.modifiers where start.givesValueOrHint {
      for effect in layer.modifiers[modifier.name] ?? [] where effect.field == .accessibleValue || effect.field == .hint
      {
        guard let found = argument(effect, in: modifier.args), found.kind == .string else { continue }
        if effect.field == .accessibleValue, record.accessibleValue == -1 { record.accessibleValue = id(found.value) }
        if effect.field == .hint, record.hint == -1 { record.hint = id(found.value) }
      }
    }
    if let value = supplied?.accessibleValue { record.accessibleValue = id(value) }
    if let hint = supplied?.hint { record.hint = id(hint) }
    let traits = supplied?.traits ?? start.traits
    record.traitStart = Int32(lists.count)
    record.traitCount = Int32(traits.count)
    for trait in traits { lists.append(strings.intern(trait)) }
    let interactions = supplied?.interactions ?? start.interactions
    record.interactionStart = Int32(lists.count)
    record.interactionCount = Int32(interactions.count)
    for interaction in interactions { lists.append(strings.intern(interaction)) }
    records[Int(index)] = record

    // What it adds to an element above it.
    var contribution: Spoken
    if record.hidden {
      contribution = .none
    } else if let label = start.labelName {
      contribution = label
    } else if let given = supplied?.accessibleName {
      contribution = Spoken(text: given, source: supplied?.nameSource ?? "text")
    } else {
      let source = own.isNone ? "text" : own.source
      contribution =
        inline.isEmpty
        ? Spoken.combined(CollectionOfOne(own), source: source) : Spoken.combined([own] + inline, source: source)
    }
    contributions[Int(index)] = contribution
  }
}

extension String {
  fileprivate func trimmingCharacters(of character: Character) -> String {
    // Sliced in place: reversing the characters twice made two copies of every value.
    var slice = Substring(self)
    while slice.first == character { slice = slice.dropFirst() }
    while slice.last == character { slice = slice.dropLast() }
    return String(slice)
  }
}
