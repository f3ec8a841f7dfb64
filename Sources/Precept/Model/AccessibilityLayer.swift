/// How SwiftUI views and modifiers expose themselves to assistive technologies, as data: the
/// table the engine derives the accessibility fields of every node from (`n.role`,
/// `n.accessibleName`, `n.hidden`, …; see Grammar/layer.md).
///
/// The standard layer is `Rulesets/swiftui.layer.json`, built into the library. A layer file
/// of a project's own extends it (its views and modifiers replace the standard entries of the
/// same name) or, with `"base": "none"`, replaces it, so supporting a new view or modifier
/// needs no recompiling.
public struct AccessibilityLayer: Sendable {
  /// What one view type is to assistive technologies.
  struct View: Sendable {
    var role = "none"
    var element = false
    /// A transparent container (a stack, `if`, `ForEach`): it is not an element, and an
    /// element that combines it hears its content's names.
    var container = false
    var traits: [String] = []
    var interactions: [String] = []
    var scalesText: Bool? = nil
    /// The slots whose content becomes part of this element (a Button's `label`).
    var combines: [String] = []
    /// Argument labels that hide the view (`Image(decorative:)`).
    var hiddenBy: [String] = []
    var name: [NameStep] = []
  }

  /// One place a view's name may come from, tried in order.
  enum NameStep: Sendable {
    /// The first argument with one of these labels (nil: unlabelled); a string literal is the
    /// name, any other expression is known only at run time, and an expression in `empty`
    /// names nothing.
    case argument(labels: [String?], source: String, empty: [String])
    /// The names of the content of these slots, combined.
    case content(slots: [String], source: String)
    /// A name the view always has (`EditButton` says "Edit").
    case fixed(String, source: String)
  }

  /// Which node field a modifier sets, from which of its arguments, read how.
  struct Effect: Sendable {
    var field: Field
    /// Arguments tried in order: a label, or the position among the unlabelled arguments.
    var from: [ArgumentReference]
    var read: Reader
    var defaultValue: String?
  }

  enum ArgumentReference: Sendable, Equatable {
    case label(String)
    case position(Int)
  }

  enum Field: String, Sendable, CaseIterable {
    case accessibleName, accessibleValue, hint, hidden, traits, removedTraits, childBehavior, interactions
    case scalesText, foreground, background, content
  }

  /// How an argument's value is read. Each reader understands a small, fixed grammar of
  /// values; anything else leaves the field unknown.
  enum Reader: String, Sendable, CaseIterable {
    /// A string literal; another expression is known only at run time.
    case text
    /// `true` unless the argument is the literal `false` (no argument: `true`).
    case flag
    /// `true` when the argument is the number literal 0 (`.opacity(0)`).
    case zero
    /// The entry's `default`, whatever the arguments.
    case always
    /// Trait names: `.isHeader` or `[.isHeader, .isButton]`.
    case traits
    /// An implicit member's name without the dot (`.combine`); no argument: `default`.
    case member
    /// A custom action: `action:NAME` for `named: "NAME"` or `.escape`; none: `default`.
    case action
    /// The interactions of the gestures the argument mentions (`DragGesture()` is `drag`).
    case gesture
    /// Whether a font scales with Dynamic Type: text styles and `relativeTo:` do, fixed sizes
    /// do not.
    case font
    /// A constant colour's name (`.red`, `Color.blue`).
    case color
  }

  var views: [String: View]
  var modifiers: [String: [Effect]]
  var colors: Set<String>
  var textStyles: Set<String>
  var gestures: [(String, String)]
  var traitRoles: [String: String]
  /// A string literal that matches it is a localization key: what it says is known only at
  /// run time (from the string catalog).
  var localizationKey: Regex?

  /// The standard layer, `Rulesets/swiftui.layer.json`.
  public static let standard: AccessibilityLayer = {
    // The embedded file is checked by the tests; a failure here is a build defect.
    try! AccessibilityLayer(SourceFile(name: "<standard>/swiftui.layer.json", text: StandardLayer.text), base: nil)
  }()

  /// Reads a layer file; it extends the standard layer unless it says `"base": "none"`.
  /// Malformed JSON and entries the format does not allow are errors at file:line:column.
  public init(_ source: SourceFile) throws(DiagnosticError) {
    try self.init(source, base: .standard)
  }

  init(_ source: SourceFile, base: AccessibilityLayer?) throws(DiagnosticError) {
    let reader = LayerReader(source: source)
    self = try reader.layer(try JSON.parse(source), base: base)
  }

  init(
    views: [String: View], modifiers: [String: [Effect]], colors: Set<String>, textStyles: Set<String>,
    gestures: [(String, String)], traitRoles: [String: String], localizationKey: Regex?
  ) {
    self.views = views
    self.modifiers = modifiers
    self.colors = colors
    self.textStyles = textStyles
    self.gestures = gestures
    self.traitRoles = traitRoles
    self.localizationKey = localizationKey
  }
}

/// Reads a layer file, checking the format as it goes so every error points at its value.
private struct LayerReader: JSONChecks {
  let source: SourceFile

  func fail(_ message: String, _ value: JSON) -> DiagnosticError {
    DiagnosticError(Diagnostic(.error, message, in: source, span: Span(value.offset, value.offset + 1)))
  }

  func unknownKey(_ member: JSON.Member, _ allowed: [String], _ what: String) -> DiagnosticError {
    let key = JSON(.string(member.key), offset: member.keyOffset)
    let list = allowed.map { "'\($0)'" }.joined(separator: ", ")
    return fail("unknown key '\(member.key)' in \(what); expected one of \(list)", key)
  }

  func layer(_ value: JSON, base: AccessibilityLayer?) throws(DiagnosticError) -> AccessibilityLayer {
    let members = try object(value, "a layer file")
    guard let version = members.last(where: { $0.key == "layer" })?.value else {
      throw fail("a layer file is missing the required field 'layer' (the format version, 1)", value)
    }
    guard version.integerValue == 1 else {
      throw fail("unsupported layer format version; this precept reads version 1", version)
    }
    var result = base
    if let baseValue = members.last(where: { $0.key == "base" })?.value {
      switch try string(baseValue, "'base'") {
      case "standard": break
      case "none": result = nil
      default: throw fail("'base' must be \"standard\" or \"none\"", baseValue)
      }
    }
    var layer =
      result
      ?? AccessibilityLayer(
        views: [:], modifiers: [:], colors: [], textStyles: [], gestures: [], traitRoles: [:], localizationKey: nil)
    let keys = [
      "layer", "base", "about", "localizationKey", "colors", "textStyles", "gestures", "traitRoles", "views",
      "modifiers",
    ]
    for member in members {
      switch member.key {
      case "layer", "base", "about": break
      case "localizationKey":
        let pattern = try string(member.value, "'localizationKey'")
        do {
          layer.localizationKey = try Regex(pattern)
        } catch {
          throw fail("'localizationKey' is not a valid pattern: \(error.message)", member.value)
        }
      case "colors": layer.colors.formUnion(try strings(member.value, "'colors'"))
      case "textStyles": layer.textStyles.formUnion(try strings(member.value, "'textStyles'"))
      case "gestures":
        for entry in try object(member.value, "'gestures'") {
          let interaction = try string(entry.value, "a gesture's interaction")
          layer.gestures.removeAll { $0.0 == entry.key }
          layer.gestures.append((entry.key, interaction))
        }
      case "traitRoles":
        for entry in try object(member.value, "'traitRoles'") {
          layer.traitRoles[entry.key] = try string(entry.value, "a trait's role")
        }
      case "views":
        for entry in try object(member.value, "'views'") { layer.views[entry.key] = try view(entry.value) }
      case "modifiers":
        for entry in try object(member.value, "'modifiers'") {
          guard let list = entry.value.arrayValue else {
            throw fail("a modifier's entry must be an array of effects, found \(entry.value.kindName)", entry.value)
          }
          var effects: [AccessibilityLayer.Effect] = []
          for element in list { effects.append(try effect(element)) }
          layer.modifiers[entry.key] = effects
        }
      default: throw unknownKey(member, keys, "a layer file")
      }
    }
    return layer
  }

  func view(_ value: JSON) throws(DiagnosticError) -> AccessibilityLayer.View {
    var view = AccessibilityLayer.View()
    let keys = [
      "role", "element", "container", "traits", "interactions", "scalesText", "combines", "hiddenBy", "name",
    ]
    for member in try object(value, "a view's entry") {
      switch member.key {
      case "role": view.role = try string(member.value, "'role'")
      case "element": view.element = try bool(member.value, "'element'")
      case "container": view.container = try bool(member.value, "'container'")
      case "traits": view.traits = try strings(member.value, "'traits'")
      case "interactions": view.interactions = try strings(member.value, "'interactions'")
      case "scalesText": view.scalesText = member.value.isNull ? nil : try bool(member.value, "'scalesText'")
      case "combines": view.combines = try strings(member.value, "'combines'")
      case "hiddenBy": view.hiddenBy = try strings(member.value, "'hiddenBy'")
      case "name":
        guard let steps = member.value.arrayValue else {
          throw fail("'name' must be an array of name sources, found \(member.value.kindName)", member.value)
        }
        view.name = []
        for step in steps { view.name.append(try nameStep(step)) }
      default: throw unknownKey(member, keys, "a view's entry")
      }
    }
    return view
  }

  static let nameSources = ["text", "title", "label", "accessibilityLabel", "imageLabel", "runtime"]

  func nameStep(_ value: JSON) throws(DiagnosticError) -> AccessibilityLayer.NameStep {
    let members = try object(value, "a name source")
    guard let sourceValue = members.last(where: { $0.key == "source" })?.value else {
      throw fail("a name source is missing the required field 'source'", value)
    }
    let source = try string(sourceValue, "'source'")
    guard LayerReader.nameSources.contains(source) else {
      let list = LayerReader.nameSources.map { "'\($0)'" }.joined(separator: ", ")
      throw fail("unknown name source '\(source)'; expected one of \(list)", sourceValue)
    }
    var empty: [String] = []
    var step: AccessibilityLayer.NameStep? = nil
    for member in members {
      switch member.key {
      case "source": break
      case "empty": empty = try strings(member.value, "'empty'")
      case "argument":
        guard let list = member.value.arrayValue else {
          throw fail("'argument' must be an array of labels (null: unlabelled)", member.value)
        }
        var labels: [String?] = []
        for element in list { labels.append(element.isNull ? nil : try string(element, "an argument label")) }
        step = .argument(labels: labels, source: source, empty: [])
      case "content": step = .content(slots: try strings(member.value, "'content'"), source: source)
      case "fixed": step = .fixed(try string(member.value, "'fixed'"), source: source)
      default: throw unknownKey(member, ["argument", "content", "fixed", "source", "empty"], "a name source")
      }
    }
    switch step {
    case .argument(let labels, let source, _): return .argument(labels: labels, source: source, empty: empty)
    case .some(let step): return step
    case nil: throw fail("a name source needs one of 'argument', 'content' or 'fixed'", value)
    }
  }

  func effect(_ value: JSON) throws(DiagnosticError) -> AccessibilityLayer.Effect {
    let members = try object(value, "an effect")
    func required(_ key: String) throws(DiagnosticError) -> JSON {
      guard let member = members.last(where: { $0.key == key }) else {
        throw fail("an effect is missing the required field '\(key)'", value)
      }
      return member.value
    }
    let fieldValue = try required("field")
    let fieldName = try string(fieldValue, "'field'")
    guard let field = AccessibilityLayer.Field(rawValue: fieldName) else {
      let list = AccessibilityLayer.Field.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw fail("unknown field '\(fieldName)'; expected one of \(list)", fieldValue)
    }
    let readValue = try required("read")
    let readName = try string(readValue, "'read'")
    guard let read = AccessibilityLayer.Reader(rawValue: readName) else {
      let list = AccessibilityLayer.Reader.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw fail("unknown reader '\(readName)'; expected one of \(list)", readValue)
    }
    var effect = AccessibilityLayer.Effect(field: field, from: [], read: read, defaultValue: nil)
    for member in members {
      switch member.key {
      case "field", "read": break
      case "default": effect.defaultValue = try string(member.value, "'default'")
      case "from":
        for element in member.value.arrayValue ?? [member.value] {
          if let label = element.stringValue {
            effect.from.append(.label(label))
          } else if let position = element.integerValue, position >= 0, position < 16 {
            effect.from.append(.position(Int(position)))
          } else {
            throw fail(
              "'from' must name an argument: a label, or a position from 0 to 15 among the unlabelled ones", element)
          }
        }
      default: throw unknownKey(member, ["field", "from", "read", "default"], "an effect")
      }
    }
    if read == .always && effect.defaultValue == nil && field != .hidden {
      throw fail("an effect that reads 'always' needs a 'default' value to set", readValue)
    }
    if read != .always && effect.from.isEmpty {
      throw fail("an effect that reads '\(readName)' needs 'from': the argument it reads", readValue)
    }
    return effect
  }
}
