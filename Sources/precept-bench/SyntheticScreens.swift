import Precept

/// Writes a deterministic view model shaped like real SwiftUI code: screens are structs with
/// `@State` properties whose `body` nests NavigationStack, List, Form, Section, VStack and
/// HStack; rows hold Menus with Button commands and label slots, Toggles, Pickers, text
/// fields, images and navigation links, under ForEach and if/else nodes, with toolbars and
/// modifiers that take arguments. Most of it is correct; a few percent of each construct breaks
/// a rule of accessibility.precept, as generated code does.
///
/// The same seed and node count always give the same document, node for node.
struct SyntheticScreens {
  private var random: SplitMix64
  private var line = 0
  private var column = 1
  private(set) var nodeCount = 0

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// Screens, one struct each, until the document holds at least `nodeCount` nodes.
  static func document(nodeCount: Int, seed: UInt64 = 0x5EED_2026) -> ViewDocument {
    var generator = SyntheticScreens(seed: seed)
    var nodes: [ViewNode] = []
    var screen = 0
    while generator.nodeCount < nodeCount {
      nodes.append(generator.screen(number: screen))
      screen += 1
    }
    return ViewDocument(file: "Sources/App/Screens.swift", nodes: nodes)
  }

  // MARK: Building blocks

  /// Every node gets its own line, so a finding's line names its node.
  private mutating func node(
    _ type: String, name: String? = nil, args: [ViewArgument] = [], modifiers: [ViewModifier] = [],
    children: [ViewNode] = [], slots: [ViewSlot] = [], properties: [ViewProperty] = []
  ) -> ViewNode {
    nodeCount += 1
    line += 1
    return ViewNode(
      type: type, name: name, line: line, column: column, args: args, modifiers: modifiers, children: children,
      slots: slots, properties: properties)
  }

  /// Builds nested content one level deeper (for the column only).
  private mutating func nested<T>(_ body: (inout SyntheticScreens) -> T) -> T {
    column += 4
    defer { column -= 4 }
    return body(&self)
  }

  private func string(_ value: String, label: String? = nil) -> ViewArgument {
    ViewArgument(label: label, kind: .string, value: value)
  }

  private func member(_ value: String, label: String? = nil) -> ViewArgument {
    ViewArgument(label: label, kind: .member, value: value)
  }

  private func expr(_ value: String, label: String? = nil) -> ViewArgument {
    ViewArgument(label: label, kind: .expr, value: value)
  }

  private func number(_ value: Int, label: String) -> ViewArgument {
    ViewArgument(label: label, kind: .number, value: String(value))
  }

  private func modifier(_ name: String, _ args: ViewArgument...) -> ViewModifier {
    ViewModifier(name: name, args: args)
  }

  private mutating func chance(_ probability: Double) -> Bool { random.unit() < probability }

  private mutating func pick<T>(_ choices: [T]) -> T { choices[random.below(choices.count)] }

  /// Ordinary styling modifiers, 0–2 of them.
  private mutating func styling() -> [ViewModifier] {
    var result: [ViewModifier] = []
    if chance(0.4) { result.append(modifier("font", member(pick([".headline", ".body", ".caption", ".title2"])))) }
    if chance(0.3) { result.append(modifier("foregroundStyle", member(pick([".secondary", ".primary", ".tint"])))) }
    if chance(0.2) { result.append(modifier("padding", member(pick([".horizontal", ".vertical", ".all"])))) }
    return result
  }

  private static let titles = [
    "Account", "Notifications", "Privacy", "Storage", "Downloads", "Favorites", "Recent", "Shared", "Photos",
    "Messages", "Calendar", "Reminders", "Library", "Playlists", "Settings", "Profile", "Security", "Display",
  ]
  private static let icons = ["star", "bell", "lock", "folder", "heart", "person", "gear", "trash", "paperplane"]
  private static let commands = [
    "Duplicate", "Rename", "Move", "Share", "Copy Link", "Add to Favorites", "Pin", "Get Info", "Export", "Archive",
  ]
  private static let destructiveCommands = ["Delete", "Remove from List", "Erase All", "Delete Forever"]

  // MARK: Screens

  mutating func screen(number: Int) -> ViewNode {
    var properties = [
      ViewProperty(name: "isPresented", wrapper: "State", type: "Bool", value: "false"),
      ViewProperty(name: "query", wrapper: "State", value: "\"\""),
    ]
    if chance(0.5) { properties.append(ViewProperty(name: "selection", wrapper: "State", type: "Int", value: "0")) }
    if chance(0.3) { properties.append(ViewProperty(name: "dismiss", wrapper: "Environment", type: "DismissAction")) }
    let usesFocus = chance(0.06)
    if usesFocus {
      properties.append(ViewProperty(name: "focused", wrapper: "AccessibilityFocusState", type: "Bool"))
    }
    let name = "\(pick(SyntheticScreens.titles))Screen\(number)"
    let declaration = node("struct", name: name, properties: properties)
    let body = nested { $0.node("var", name: "body") }
    let stack = nested { generator in generator.nested { $0.navigationStack(usesFocus: usesFocus) } }
    var result = declaration
    var bodyNode = body
    bodyNode.children = [stack]
    result.children = [bodyNode]
    return result
  }

  private mutating func navigationStack(usesFocus: Bool) -> ViewNode {
    var stack = node("NavigationStack")
    stack.children = [
      nested { generator in
        switch generator.random.below(10) {
        case 0..<5: return generator.list(usesFocus: usesFocus)
        case 5..<8: return generator.form(usesFocus: usesFocus)
        default: return generator.scrollView(usesFocus: usesFocus)
        }
      }
    ]
    return stack
  }

  /// Modifiers of a screen's root content: title, toolbar, search.
  private mutating func screenModifiers() -> [ViewModifier] {
    var result: [ViewModifier] = []
    if !chance(0.04) { result.append(modifier("navigationTitle", string(pick(SyntheticScreens.titles)))) }
    if chance(0.7) {
      var toolbar = modifier("toolbar")
      toolbar.children = nested { generator in
        (0..<1 + generator.random.below(2)).map { _ in generator.toolbarItem() }
      }
      result.append(toolbar)
    }
    if chance(0.3) { result.append(modifier("searchable", expr("$query", label: "text"))) }
    return result
  }

  private mutating func toolbarItem() -> ViewNode {
    var item = node(
      "ToolbarItem", args: [member(pick([".primaryAction", ".cancellationAction", ".automatic"]), label: "placement")])
    item.children = [nested { $0.chance(0.3) ? $0.menu() : $0.iconButton(help: !$0.chance(0.1)) }]
    return item
  }

  private mutating func list(usesFocus: Bool) -> ViewNode {
    var list = node("List", modifiers: screenModifiers())
    list.children = nested { generator in
      (0..<2 + generator.random.below(4)).map { _ in generator.section(inForm: false, usesFocus: usesFocus) }
    }
    return list
  }

  private mutating func form(usesFocus: Bool) -> ViewNode {
    var form = node("Form", modifiers: screenModifiers())
    form.children = nested { generator in
      (0..<2 + generator.random.below(3)).map { _ in generator.section(inForm: true, usesFocus: usesFocus) }
    }
    return form
  }

  private mutating func scrollView(usesFocus: Bool) -> ViewNode {
    var scroll = node("ScrollView", modifiers: screenModifiers())
    scroll.children = nested { generator in
      var stack = generator.node(
        "VStack", args: [generator.member(".leading", label: "alignment"), generator.number(12, label: "spacing")])
      stack.children = generator.nested { generator in
        (0..<3 + generator.random.below(5)).map { _ in generator.card(usesFocus: usesFocus) }
      }
      return [stack]
    }
    return scroll
  }

  /// `Section("Title") { rows }`, `Section { rows } header: { Text }` or a bare Section.
  private mutating func section(inForm: Bool, usesFocus: Bool) -> ViewNode {
    let form = random.below(10)
    var section = node("Section", args: form < 6 ? [string(pick(SyntheticScreens.titles))] : [])
    if form >= 6 && form < 9 || inForm && form == 9 && !chance(0.5) {
      section.slots = [ViewSlot(name: "header", nodes: nested { [$0.node("Text", args: [$0.string("Details")])] })]
    }
    section.children = nested { generator in
      (0..<2 + generator.random.below(5)).map { _ in generator.row(inForm: inForm, usesFocus: usesFocus) }
    }
    return section
  }

  private mutating func row(inForm: Bool, usesFocus: Bool) -> ViewNode {
    switch random.below(inForm ? 12 : 16) {
    case 0, 1: return inForm ? textField(usesFocus: usesFocus) : settingsRow()
    case 2, 3: return toggle()
    case 4: return picker()
    case 5, 6: return navigationLink()
    case 7: return actionRow()
    case 8: return button(inList: true)
    case 9: return forEach(inForm: inForm, usesFocus: usesFocus)
    case 10: return conditional(inForm: inForm, usesFocus: usesFocus)
    case 11: return inForm ? textField(usesFocus: usesFocus) : image()
    case 12, 13: return settingsRow()
    default: return actionRow()
    }
  }

  private mutating func card(usesFocus: Bool) -> ViewNode {
    var stack = node(
      "VStack", args: [member(".leading", label: "alignment")],
      modifiers: [
        modifier("padding"), modifier("background", member(".thinMaterial")),
      ])
    stack.children = nested { generator in
      var children = [generator.image(), generator.text(pick: true)]
      children.append(generator.chance(0.5) ? generator.actionRow() : generator.button(inList: false))
      if usesFocus && generator.chance(0.5) {
        var focusable = generator.text(pick: true)
        focusable.modifiers.append(generator.modifier("accessibilityFocused", generator.expr("$focused")))
        children.append(focusable)
      }
      return children
    }
    return stack
  }

  private mutating func text(pick: Bool) -> ViewNode {
    node("Text", args: [string(pick ? self.pick(SyntheticScreens.titles) : "Detail")], modifiers: styling())
  }

  /// `HStack { Image; Text; Spacer; Text }`.
  private mutating func settingsRow() -> ViewNode {
    var row = node("HStack")
    row.children = nested { generator in
      var icon = generator.node(
        "Image", args: [generator.string(generator.pick(SyntheticScreens.icons), label: "systemName")])
      if !generator.chance(0.05) {
        icon.modifiers.append(
          generator.modifier("accessibilityHidden", ViewArgument(label: nil, kind: .bool, value: "true")))
      }
      return [icon, generator.text(pick: true), generator.node("Spacer"), generator.text(pick: false)]
    }
    return row
  }

  /// `HStack { Text; Spacer; Menu }`.
  private mutating func actionRow() -> ViewNode {
    var row = node("HStack")
    row.children = nested { [$0.text(pick: true), $0.node("Spacer"), $0.menu()] }
    return row
  }

  private mutating func toggle() -> ViewNode {
    if chance(0.9) {
      return node(
        "Toggle", args: [string(pick(SyntheticScreens.titles)), expr("$isOn", label: "isOn")],
        modifiers: chance(0.02) ? [modifier("focusEffectDisabled")] : styling())
    }
    // Toggle(isOn:) { Text(…) }, or { Image(…) } with no name.
    var toggle = node("Toggle", args: [expr("$isOn", label: "isOn")])
    toggle.children = nested { generator in
      generator.chance(0.7)
        ? [generator.text(pick: true)]
        : [generator.node("Image", args: [generator.string("wifi", label: "systemName")])]
    }
    return toggle
  }

  private mutating func picker() -> ViewNode {
    var args: [ViewArgument] = []
    if !chance(0.05) { args.append(string("Sort by")) }
    args.append(expr(chance(0.97) ? "$selection" : "selection", label: "selection"))
    var picker = node("Picker", args: args)
    picker.children = nested { generator in
      (0..<2 + generator.random.below(3)).map { index in
        generator.node(
          "Text", args: [generator.string(SyntheticScreens.titles[index])],
          modifiers: [generator.modifier("tag", ViewArgument(label: nil, kind: .number, value: String(index)))])
      }
    }
    return picker
  }

  private mutating func textField(usesFocus: Bool) -> ViewNode {
    var modifiers = styling()
    let title = chance(0.06) ? "" : pick(SyntheticScreens.titles)
    if title.isEmpty && chance(0.5) { modifiers.append(modifier("accessibilityLabel", string("Search"))) }
    if usesFocus && chance(0.3) { modifiers.append(modifier("accessibilityFocused", expr("$focused"))) }
    return node("TextField", args: [string(title), expr("$query", label: "text")], modifiers: modifiers)
  }

  private mutating func image() -> ViewNode {
    switch random.below(20) {
    case 0: return node("Image", args: [string("photo")], modifiers: [modifier("resizable")])
    case 1..<8: return node("Image", args: [string("banner", label: "decorative")], modifiers: [modifier("resizable")])
    default:
      return node(
        "Image", args: [string("photo")],
        modifiers: [
          modifier("resizable"), modifier("frame", number(120, label: "height")),
          modifier("accessibilityLabel", string("Cover photo")),
        ])
    }
  }

  /// `NavigationLink("Title") { Detail }` or `NavigationLink { Detail } label: { Label(…) }`.
  private mutating func navigationLink() -> ViewNode {
    let titled = chance(0.6)
    var link = node("NavigationLink", args: titled ? [string(pick(SyntheticScreens.titles))] : [])
    link.children = nested { [$0.node("DetailView")] }
    if !titled {
      link.slots = [
        ViewSlot(
          name: "label",
          nodes: nested { generator in
            generator.chance(0.95)
              ? [
                generator.node(
                  "Label",
                  args: [
                    generator.string(generator.pick(SyntheticScreens.titles)),
                    generator.string("star", label: "systemImage"),
                  ])
              ] : [generator.node("Image", args: [generator.string("chevron.right", label: "systemName")])]
          })
      ]
    }
    if chance(0.1) { link.modifiers.append(modifier("frame", number(chance(0.8) ? 44 : 30, label: "height"))) }
    return link
  }

  private mutating func forEach(inForm: Bool, usesFocus: Bool) -> ViewNode {
    var each = node("ForEach", args: [expr("items"), expr("\\.id", label: "id")])
    each.children = nested { [$0.chance(0.5) ? $0.settingsRow() : $0.row(inForm: inForm, usesFocus: usesFocus)] }
    if !inForm && chance(0.3) { each.modifiers.append(modifier("onDelete", expr("delete", label: "perform"))) }
    return each
  }

  /// `if condition { … } else { … }`.
  private mutating func conditional(inForm: Bool, usesFocus: Bool) -> ViewNode {
    var branch = node("if", args: [expr("isEditing")])
    branch.children = nested { [$0.row(inForm: inForm, usesFocus: usesFocus)] }
    if chance(0.5) {
      branch.slots = [ViewSlot(name: "else", nodes: nested { [$0.row(inForm: inForm, usesFocus: usesFocus)] })]
    }
    return branch
  }

  /// A titled Button: a command, sometimes destructive (with or without its role), sometimes
  /// with a frame or a vague title.
  private mutating func button(inList: Bool) -> ViewNode {
    var args: [ViewArgument]
    switch random.below(40) {
    case 0: args = [string(pick(["OK", "Click here", "More"]))]
    case 1: args = [string("Save button")]
    case 2: args = [string("")]
    case 3..<7:
      args = [string(pick(SyntheticScreens.destructiveCommands))]
      if !chance(0.2) { args.append(member(".destructive", label: "role")) }
    default: args = [string(pick(SyntheticScreens.commands))]
    }
    var modifiers = styling()
    if chance(0.15) {
      modifiers.append(modifier("frame", number(chance(0.85) ? 44 : 32, label: "width"), number(44, label: "height")))
    }
    if chance(0.01) { modifiers.append(modifier("focusEffectDisabled")) }
    if inList && chance(0.1) { modifiers.append(modifier("buttonStyle", member(".borderless"))) }
    return node("Button", args: args, modifiers: modifiers)
  }

  /// `Button { … } label: { Image(systemName:) }`, named with `.accessibilityLabel` (mostly).
  private mutating func iconButton(help: Bool) -> ViewNode {
    var modifiers: [ViewModifier] = []
    if !chance(0.05) { modifiers.append(modifier("accessibilityLabel", string(pick(SyntheticScreens.commands)))) }
    if help { modifiers.append(modifier("help", string("Adds an item"))) }
    if chance(0.1) {
      modifiers.append(modifier("frame", number(44, label: "width"), number(chance(0.8) ? 44 : 28, label: "height")))
    }
    var button = node("Button", modifiers: modifiers)
    button.slots = [
      ViewSlot(
        name: "label",
        nodes: nested {
          [$0.node("Image", args: [$0.string($0.pick(["plus", "square.and.arrow.up", "gear"]), label: "systemName")])]
        })
    ]
    return button
  }

  /// `Menu("Actions") { … }` or `Menu { … } label: { Image(systemName: "ellipsis") }`, with
  /// commands, sometimes a Section, a Picker or a Divider.
  private mutating func menu() -> ViewNode {
    let iconOnly = chance(0.6)
    var modifiers: [ViewModifier] = []
    if iconOnly && !chance(0.06) { modifiers.append(modifier("accessibilityLabel", string("More options"))) }
    if chance(0.05) {
      modifiers.append(modifier("frame", number(chance(0.7) ? 44 : 24, label: "width"), number(44, label: "height")))
    }
    if chance(0.01) { modifiers.append(modifier("focusEffectDisabled")) }
    var menu = node("Menu", args: iconOnly ? [] : [string("Actions")], modifiers: modifiers)
    menu.children = nested { generator in
      var items: [ViewNode] = []
      let count = generator.chance(0.04) ? 1 : 2 + generator.random.below(4)
      for _ in 0..<count { items.append(generator.menuCommand()) }
      if generator.chance(0.15) { items.append(generator.node("Divider")) }
      if generator.chance(0.15) { items.append(generator.menuSection()) }
      if generator.chance(0.1) { items.append(generator.picker()) }
      if generator.chance(0.03) { items.append(generator.text(pick: true)) }
      if generator.chance(0.5) {
        var delete = [generator.string(generator.pick(SyntheticScreens.destructiveCommands))]
        if !generator.chance(0.06) { delete.append(generator.member(".destructive", label: "role")) }
        items.append(generator.node("Button", args: delete))
      }
      return items
    }
    if iconOnly {
      menu.slots = [
        ViewSlot(
          name: "label", nodes: nested { [$0.node("Image", args: [$0.string("ellipsis.circle", label: "systemName")])] }
        )
      ]
    }
    return menu
  }

  /// A command inside a Menu: a titled Button, or (rarely) one whose label slot draws a checkmark.
  private mutating func menuCommand() -> ViewNode {
    let title = pick(SyntheticScreens.commands)
    guard chance(0.04) else { return node("Button", args: [string(title)]) }
    // `label: { Text(title); Image(systemName: "checkmark") }`
    var button = node("Button")
    button.slots = [
      ViewSlot(
        name: "label",
        nodes: nested {
          [
            $0.node("Text", args: [$0.string(title)]),
            $0.node("Image", args: [$0.string("checkmark", label: "systemName")]),
          ]
        })
    ]
    return button
  }

  private mutating func menuSection() -> ViewNode {
    var section = node("Section", args: chance(0.5) ? [string("Sort")] : [])
    section.children = nested { generator in (0..<2).map { _ in generator.menuCommand() } }
    return section
  }
}
