import Precept

/// A rule that failed on a node, as the hand-written rules report it.
struct Violation: Hashable, Comparable {
  /// The rule's position in `HandWrittenRules.ids` (and in accessibility.precept).
  var rule: Int
  var node: Int32

  static func < (a: Violation, b: Violation) -> Bool { (a.rule, a.node) < (b.rule, b.node) }
}

/// The rules of accessibility.precept written again in plain Swift, reading the view-model
/// arena directly: what the engine's time is compared with. Each function below keeps the
/// semantics of its rule, CEL's nulls included, so both find exactly the same violations.
struct HandWrittenRules {
  /// The rule ids, in the order the ruleset declares them.
  static let ids = [
    "menu-trigger-name", "menu-native-commands", "menu-two-commands", "menu-destructive-role",
    "menu-no-focus-restore", "menu-checkmark-image", "menu-section-header", "button-name", "button-label-text",
    "button-vague-label", "button-redundant-role", "list-destructive-role", "image-name", "toggle-name",
    "picker-name", "picker-selection", "touch-target-size", "focus-visible", "navigation-link-name",
    "navigation-title", "form-section-header", "textfield-name", "toolbar-button-help", "focus-state-used",
  ]

  /// Every rule over every node its selector names.
  static func evaluate(_ model: ViewModel) -> [Violation] {
    var run = Run(model)
    run.menus()
    run.buttons()
    run.images()
    run.controls()
    run.structure()
    return run.violations
  }
}

/// One evaluation: the arena's tables, the ids of the strings the rules compare with, and what
/// was found.
private struct Run {
  let model: ViewModel
  /// The nodes' and modifiers' entries, read as plain memory: the model's views are not
  /// inlined across modules, and this code stands for rules written in Swift over the arena.
  let nodes: UnsafeBufferPointer<NodeEntry>
  /// The nodes' side table and which nodes have an entry in it (bits, and set bits before
  /// each word).
  let nodeExtras: UnsafeBufferPointer<NodeExtra>
  let extraBits: UnsafeBufferPointer<UInt64>
  let extraRanks: UnsafeBufferPointer<Int32>
  let members: UnsafeBufferPointer<Int32>
  let arguments: UnsafeBufferPointer<ArgumentRecord>
  let modifiers: UnsafeBufferPointer<ModifierEntry>
  let slots: UnsafeBufferPointer<SlotRecord>
  let properties: UnsafeBufferPointer<PropertyRecord>
  let names: Names
  var violations: [Violation] = []

  init(_ model: ViewModel) {
    self.model = model
    nodes = model.nodes.entries
    nodeExtras = model.nodes.extras
    extraBits = model.nodes.index.bits
    extraRanks = model.nodes.index.ranks
    members = model.members
    arguments = model.arguments
    modifiers = model.modifiers.entries
    slots = model.slots
    properties = model.properties
    names = Names(model)
  }

  /// The model's ids of every name the rules compare with; a name the model lacks gets an id
  /// no string has.
  struct Names {
    let accessibilityLabel, accessibilityHidden, accessibilityFocused, focusEffectDisabled, frame, help: Int32
    let navigationTitle, label, header, role, destructive, systemName, checkmark, decorative, selection: Int32
    let width, height, accessibilityFocusState: Int32
    let image, text, labelView, button, menu, toggle, picker, navigationLink, section, divider, forEach: Int32
    let conditional, list, form, toolbarItem: Int32

    init(_ model: ViewModel) {
      func id(_ text: String) -> Int32 { model.stringID(text) ?? -2 }
      accessibilityLabel = id("accessibilityLabel")
      accessibilityHidden = id("accessibilityHidden")
      accessibilityFocused = id("accessibilityFocused")
      focusEffectDisabled = id("focusEffectDisabled")
      frame = id("frame")
      help = id("help")
      navigationTitle = id("navigationTitle")
      label = id("label")
      header = id("header")
      role = id("role")
      destructive = id(".destructive")
      systemName = id("systemName")
      checkmark = id("checkmark")
      decorative = id("decorative")
      selection = id("selection")
      width = id("width")
      height = id("height")
      accessibilityFocusState = id("AccessibilityFocusState")
      image = id("Image")
      text = id("Text")
      labelView = id("Label")
      button = id("Button")
      menu = id("Menu")
      toggle = id("Toggle")
      picker = id("Picker")
      navigationLink = id("NavigationLink")
      section = id("Section")
      divider = id("Divider")
      forEach = id("ForEach")
      conditional = id("if")
      list = id("List")
      form = id("Form")
      toolbarItem = id("ToolbarItem")
    }
  }

  private mutating func fail(_ rule: Int, _ node: Int32) {
    violations.append(Violation(rule: rule, node: node))
  }

  // MARK: Reading the arena

  private func type(_ node: Int32) -> Int32 { nodes[Int(node)].type }

  /// The value of the first string argument (`n.text()`), or nil.
  private func text(_ node: Int32) -> Int32? {
    let record = nodes[Int(node)]
    for index in Int(record.argumentStart)..<Int(record.argumentStart + record.argumentCount)
    where arguments[index].kind == .string {
      return arguments[index].value
    }
    return nil
  }

  private func hasModifier(_ node: Int32, _ name: Int32) -> Bool {
    let record = nodes[Int(node)]
    for index in Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount)
    where modifiers[index].name == name {
      return true
    }
    return false
  }

  private func labelled(_ node: Int32) -> Bool { hasModifier(node, names.accessibilityLabel) }

  /// The first argument with `label` among `count` arguments from `start`.
  private func argument(_ label: Int32, start: Int32, count: Int32) -> ArgumentRecord? {
    for index in Int(start)..<Int(start + count) where arguments[index].label == label {
      return arguments[index]
    }
    return nil
  }

  private func argument(_ node: Int32, _ label: Int32) -> ArgumentRecord? {
    let record = nodes[Int(node)]
    return argument(label, start: record.argumentStart, count: record.argumentCount)
  }

  /// Whether an argument's value is the string `id` (numbers and booleans never are).
  private func hasStringValue(_ argument: ArgumentRecord?, _ id: Int32) -> Bool {
    guard let argument, argument.kind != .number, argument.kind != .bool else { return false }
    return argument.value == id
  }

  /// The node's slot and property ranges, or nil when it has neither (no side-table entry).
  private func extra(_ node: Int32) -> NodeExtra? {
    let word = extraBits[Int(node) >> 6]
    let below = word & ((1 << UInt64(node & 63)) - 1)
    guard word >> UInt64(node & 63) & 1 != 0 else { return nil }
    return nodeExtras[Int(extraRanks[Int(node) >> 6]) + below.nonzeroBitCount]
  }

  /// The members of the node's first slot called `name` (empty when it has none).
  private func slot(_ node: Int32, _ name: Int32) -> Slice<UnsafeBufferPointer<Int32>> {
    guard let record = extra(node) else { return members[0..<0] }
    for index in Int(record.slotStart)..<Int(record.slotStart + record.slotCount) where slots[index].name == name {
      let slot = slots[index]
      return members[Int(slot.memberStart)..<Int(slot.memberStart + slot.memberCount)]
    }
    return members[0..<0]
  }

  private func children(_ node: Int32) -> Slice<UnsafeBufferPointer<Int32>> {
    let record = nodes[Int(node)]
    return members[Int(record.childStart)..<Int(record.childStart + record.childCount)]
  }

  /// A label slot of images only.
  private func iconOnly(_ node: Int32) -> Bool {
    let label = slot(node, names.label)
    return !label.isEmpty && label.allSatisfy { type($0) == names.image }
  }

  /// Whether some ancestor has type `type` or `other` (an `inside` step).
  private func inside(_ node: Int32, _ type: Int32, or other: Int32 = -2) -> Bool {
    var ancestor = nodes[Int(node)].parent
    while ancestor >= 0 {
      let ancestorType = nodes[Int(ancestor)].type
      if ancestorType == type || ancestorType == other { return true }
      ancestor = nodes[Int(ancestor)].parent
    }
    return false
  }

  private func descendantHasModifier(_ node: Int32, _ name: Int32) -> Bool {
    for index in node + 1..<nodes[Int(node)].subtreeEnd where hasModifier(index, name) { return true }
    return false
  }

  private func bytes(_ id: Int32) -> UnsafeBufferPointer<UInt8> { model.stringBytes(id) }

  /// Whether `count` bytes of string `id` from `offset` are those of `text`, ASCII letters
  /// folded to lower case first when `foldingCase`.
  private func matches(_ id: Int32, at offset: Int, _ text: StaticString, foldingCase: Bool = false) -> Bool {
    let string = bytes(id)
    let expected = text.utf8Start
    for index in 0..<text.utf8CodeUnitCount {
      var byte = string[offset + index]
      if foldingCase && byte >= 0x41 && byte <= 0x5A { byte += 32 }
      if byte != expected[index] { return false }
    }
    return true
  }

  private func startsWith(_ id: Int32, _ prefix: StaticString) -> Bool {
    bytes(id).count >= prefix.utf8CodeUnitCount && matches(id, at: 0, prefix)
  }

  private func endsWith(_ id: Int32, _ suffix: StaticString) -> Bool {
    let count = bytes(id).count
    return count >= suffix.utf8CodeUnitCount && matches(id, at: count - suffix.utf8CodeUnitCount, suffix)
  }

  /// Whether the text, lowercased in ASCII, is `lowercase`.
  private func equalsIgnoringASCIICase(_ id: Int32, _ lowercase: StaticString) -> Bool {
    bytes(id).count == lowercase.utf8CodeUnitCount && matches(id, at: 0, lowercase, foldingCase: true)
  }

  private func isEmpty(_ id: Int32) -> Bool { bytes(id).isEmpty }

  private func destructiveWord(_ id: Int32) -> Bool {
    startsWith(id, "Delete") || startsWith(id, "Remove") || startsWith(id, "Erase")
  }

  private func isDestructive(_ node: Int32) -> Bool { hasStringValue(argument(node, names.role), names.destructive) }

  /// A number argument's value (what `value >= 44` reads); nil for other kinds.
  private func number(_ argument: ArgumentRecord) -> Double? {
    guard argument.kind == .number else { return nil }
    let text = bytes(argument.value)
    var value = 0.0
    for byte in text where byte != UInt8(ascii: "_") {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Double(byte - 0x30)
    }
    return text.isEmpty ? nil : value
  }

  // MARK: Rules

  private func rule(_ id: String) -> Int { HandWrittenRules.ids.firstIndex(of: id)! }

  mutating func menus() {
    let triggerName = rule("menu-trigger-name")
    let nativeCommands = rule("menu-native-commands")
    let twoCommands = rule("menu-two-commands")
    let noFocusRestore = rule("menu-no-focus-restore")
    let commandTypes = [
      names.button, names.section, names.picker, names.divider, names.forEach, names.menu, names.toggle,
      names.conditional,
    ]
    for menu in model.nodes(ofType: "Menu") {
      if iconOnly(menu) && !labelled(menu) { fail(triggerName, menu) }
      if !children(menu).allSatisfy({ commandTypes.contains(type($0)) }) { fail(nativeCommands, menu) }
      if nodes[Int(menu)].childCount < 2 { fail(twoCommands, menu) }
      let owner = nodes[Int(menu)].owner
      if owner >= 0 {
        if let record = extra(owner),
          properties[Int(record.propertyStart)..<Int(record.propertyStart + record.propertyCount)].contains(where: {
            $0.wrapper == names.accessibilityFocusState
          })
        {
          fail(noFocusRestore, menu)
        }
      }
    }
    let sectionHeader = rule("menu-section-header")
    for section in model.nodes(ofType: "Section") where inside(section, names.menu) {
      if text(section) != nil || !slot(section, names.header).isEmpty { fail(sectionHeader, section) }
    }
  }

  mutating func buttons() {
    let menuDestructive = rule("menu-destructive-role")
    let checkmarkImage = rule("menu-checkmark-image")
    let name = rule("button-name")
    let labelText = rule("button-label-text")
    let vague = rule("button-vague-label")
    let redundant = rule("button-redundant-role")
    let listDestructive = rule("list-destructive-role")
    let toolbarHelp = rule("toolbar-button-help")
    for button in model.nodes(ofType: "Button") {
      let title = text(button)
      let icon = iconOnly(button)
      if inside(button, names.menu) {
        if let title, destructiveWord(title), !isDestructive(button) { fail(menuDestructive, button) }
        let drawsCheckmark = slot(button, names.label).contains { member in
          type(member) == names.image && hasStringValue(argument(member, names.systemName), names.checkmark)
        }
        if drawsCheckmark { fail(checkmarkImage, button) }
      }
      if icon && !labelled(button) { fail(name, button) }
      if let title {
        if isEmpty(title) { fail(labelText, button) }
        if equalsIgnoringASCIICase(title, "click here") || equalsIgnoringASCIICase(title, "tap here")
          || equalsIgnoringASCIICase(title, "more") || equalsIgnoringASCIICase(title, "ok")
          || equalsIgnoringASCIICase(title, "button")
        {
          fail(vague, button)
        }
        if endsWith(title, " button") || endsWith(title, " Button") { fail(redundant, button) }
        if destructiveWord(title), inside(button, names.list, or: names.form), !isDestructive(button) {
          fail(listDestructive, button)
        }
      }
      if icon, inside(button, names.toolbarItem), !hasModifier(button, names.help) { fail(toolbarHelp, button) }
    }
  }

  mutating func images() {
    let imageName = rule("image-name")
    let namingParents = [names.button, names.menu, names.labelView, names.navigationLink, names.toggle, names.picker]
    for image in model.nodes(ofType: "Image") {
      let parent = nodes[Int(image)].parent
      guard parent < 0 || !namingParents.contains(type(parent)) else { continue }
      if !labelled(image) && !hasModifier(image, names.accessibilityHidden) && argument(image, names.decorative) == nil
      {
        fail(imageName, image)
      }
    }
  }

  mutating func controls() {
    let toggleName = rule("toggle-name")
    for toggle in model.nodes(ofType: "Toggle") {
      let named =
        text(toggle).map { !isEmpty($0) } ?? false || labelled(toggle)
        || children(toggle).contains { type($0) == names.text || type($0) == names.labelView }
      if !named { fail(toggleName, toggle) }
    }
    let pickerName = rule("picker-name")
    let pickerSelection = rule("picker-selection")
    for picker in model.nodes(ofType: "Picker") {
      if text(picker) == nil && !labelled(picker) && slot(picker, names.label).isEmpty { fail(pickerName, picker) }
      let selection = argument(picker, names.selection)
      if !(selection.map { hasStringValue($0, $0.value) && startsWith($0.value, "$") } ?? false) {
        fail(pickerSelection, picker)
      }
    }
    let textFieldName = rule("textfield-name")
    for field in model.nodes(ofType: "TextField") where !(text(field).map { !isEmpty($0) } ?? false || labelled(field))
    {
      fail(textFieldName, field)
    }
    let linkName = rule("navigation-link-name")
    for link in model.nodes(ofType: "NavigationLink") {
      let named =
        text(link) != nil || labelled(link)
        || slot(link, names.label).contains { type($0) == names.text || type($0) == names.labelView || labelled($0) }
      if !named { fail(linkName, link) }
    }

    let targetSize = rule("touch-target-size")
    let focusVisible = rule("focus-visible")
    for type in ["Button", "Toggle", "Menu", "NavigationLink", "Picker", "TextField"] {
      for node in model.nodes(ofType: type) {
        if type != "TextField", hasModifier(node, names.frame), !framesAreLargeEnough(node) { fail(targetSize, node) }
        if hasModifier(node, names.focusEffectDisabled) { fail(focusVisible, node) }
      }
    }
  }

  /// Every `.frame` gives a width and a height of at least 44 where it gives them.
  private func framesAreLargeEnough(_ node: Int32) -> Bool {
    let record = nodes[Int(node)]
    for index in Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount)
    where modifiers[index].name == names.frame {
      let frame = modifiers[index]
      let width = argument(names.width, start: frame.argumentStart, count: frame.argumentCount)
      let height = argument(names.height, start: frame.argumentStart, count: frame.argumentCount)
      if let width, (number(width) ?? 0) < 44 { return false }
      if let height, (number(height) ?? 0) < 44 { return false }
    }
    return true
  }

  mutating func structure() {
    let title = rule("navigation-title")
    for stack in model.nodes(ofType: "NavigationStack") where !descendantHasModifier(stack, names.navigationTitle) {
      fail(title, stack)
    }
    let sectionHeader = rule("form-section-header")
    for section in model.nodes(ofType: "Section") where inside(section, names.form) {
      if text(section) == nil && slot(section, names.header).isEmpty { fail(sectionHeader, section) }
    }
    let focusState = rule("focus-state-used")
    for declaration in model.nodes(ofType: "struct") {
      let record = extra(declaration)
      let declaresFocus =
        record.map { record in
          properties[Int(record.propertyStart)..<Int(record.propertyStart + record.propertyCount)].contains {
            $0.wrapper == names.accessibilityFocusState
          }
        } ?? false
      if declaresFocus && !descendantHasModifier(declaration, names.accessibilityFocused) {
        fail(focusState, declaration)
      }
    }
  }
}
