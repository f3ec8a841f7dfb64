import Foundation
import Precept
import PreceptSwiftUI
import Testing

@testable import PreceptTool

/// The accessibility fields the standard layer derives from SwiftUI source, view by view and
/// modifier by modifier, as rules read them.
@Suite struct AccessibilityLayerFieldTests {
  /// `fields` of every node of `type` in `body` (a view body's content), one line per node.
  static func fields(_ body: String, _ type: String, _ fields: String, layer: AccessibilityLayer = .standard) throws
    -> [String]
  {
    let source = SourceFile(
      name: "V.swift",
      text: """
        import SwiftUI
        struct V: View {
          @ScaledMetric var iconSize = 20
          var body: some View {
        \(body)
          }
        }
        """)
    return try Self.fields(of: source, type, fields, layer: layer)
  }

  /// `fields` of every node of `type` in a whole source file.
  static func fields(
    of source: SourceFile, _ type: String, _ fields: String, layer: AccessibilityLayer = .standard
  ) throws -> [String] {
    let ruleset = """
      ruleset probe 1.0.0
      let show(v) = v == null ? "null" : string(v)
      rule probe {
        severity info
        on \(type) as n
        require false
        message "\(fields)"
      }
      """
    let engine = Engine(rulesets: [try Ruleset(text: ruleset)])
    return engine.evaluate(ViewModel(try SwiftUIReader.read(source), layer: layer)).findings.map(\.message)
  }

  static let name = "{n.role} {show(n.accessibleName)} {n.nameSource}"

  @Test func buttonsAreNamedByTheirTitleTheirLabelOrAnAccessibilityLabel() throws {
    let body = """
      Button("Save") { save() }
      Button { add() } label: { Label("Add Item", systemImage: "plus") }
      Button { delete() } label: { Image(systemName: "trash") }
      Button { delete() } label: { Image(systemName: "trash") }.accessibilityLabel("Delete")
      Button(title) { go() }
      Button("status.action.reply") { reply() }
      Button { go() } label: { HStack { Image(systemName: "star"); Text("Favorite"); Text("Now") } }
      Button { go() } label: { RowLabel() }
      Button("", systemImage: "gear") { open() }
      """
    #expect(
      try Self.fields(body, "Button", Self.name) == [
        "button Save text", "button Add Item label", "button null none", "button Delete accessibilityLabel",
        "button null runtime", "button null runtime", "button Favorite, Now label", "button null runtime",
        "button null none",
      ])
  }

  @Test func labelsImagesAndTextsNameThemselves() throws {
    let body = """
      Label("Inbox", systemImage: "tray")
      Label { Text("Drafts") } icon: { Image(systemName: "doc") }
      Image(systemName: "star")
      Image("logo", label: Text("Company logo"))
      Image(decorative: "background")
      Text("Hello")
      Text(verbatim: "Raw")
      Text(greeting)
      """
    #expect(
      try Self.fields(body, "Label | Image | Text", "{n.type} " + Self.name + " {n.hidden} {show(n.visibleText)}") == [
        "Label staticText Inbox title false Inbox", "Label staticText Drafts title false null",
        "Text staticText Drafts text false Drafts", "Image image null none false null",
        "Image image null none false null", "Image image Company logo imageLabel false null",
        "Image image null none true null", "Text staticText Hello text false Hello",
        "Text staticText Raw text false Raw", "Text staticText null runtime false null",
      ])
  }

  @Test func controlsHaveTheirRolesAndInteractions() throws {
    let body = """
      Toggle("Wi-Fi", isOn: $on)
      Link("Help", destination: url)
      NavigationLink("Next") { Detail() }
      TextField("Name", text: $name)
      Slider(value: $volume, in: 0...1) { Text("Volume") }
      Stepper("Count", value: $count)
      Picker("Sort By", selection: $order) { Text("Name").tag(0) }
      Menu { Button("Copy") { copy() } } label: { Image(systemName: "ellipsis") }
      """
    #expect(
      try Self.fields(
        body, "Toggle | Link | NavigationLink | TextField | Slider | Stepper | Picker | Menu",
        "{n.type} " + Self.name + " {n.traits.join(',')} {n.interactions.join(',')} {n.isElement}") == [
          "Toggle toggle Wi-Fi text isToggle tap true", "Link link Help text isLink tap true",
          "NavigationLink button Next text isButton tap true", "TextField textField Name text  tap true",
          "Slider adjustable Volume label adjustable adjustable true",
          "Stepper adjustable Count text adjustable adjustable true",
          "Picker popUpButton Sort By text isButton tap true", "Menu popUpButton null none isButton tap true",
        ])
  }

  @Test func accessibilityModifiersSetTheirFields() throws {
    let body = """
      Text("Title").accessibilityAddTraits(.isHeader)
      Text("Row").accessibilityAddTraits([.isButton, .isSelected]).accessibilityRemoveTraits(.isStaticText)
      Text("Score").accessibilityValue("3 of 5").accessibilityHint("Double-tap to change")
      Text("Card").accessibilityAction(named: "Archive") { archive() }.accessibilityAction(.escape) { close() }
      Text("Level").accessibilityAdjustableAction { direction in adjust(direction) }
      Text("Tap me").onTapGesture { tap() }.onLongPressGesture { hold() }.gesture(DragGesture())
      """
    #expect(
      try Self.fields(
        body, "Text",
        "{n.role} {n.traits.join(',')} {show(n.accessibleValue)} {show(n.hint)} {n.interactions.join(',')}"
      ) == [
        "header isStaticText,isHeader null null ", "button isButton,isSelected null null ",
        "staticText isStaticText 3 of 5 Double-tap to change ",
        "staticText isStaticText null null action:Archive,action:escape",
        "staticText isStaticText null null adjustable", "staticText isStaticText null null tap,longPress,drag",
      ])
  }

  @Test func hidingIsInheritedFromAncestors() throws {
    let body = """
      VStack {
        Button("Inner") { go() }
        Text("Caption")
      }
      .accessibilityHidden(true)
      Text("Shown")
      Text("Gone").opacity(0)
      Text("Faded").opacity(0.5)
      Text("Invisible").hidden()
      Text("Kept").accessibilityHidden(false)
      Image(systemName: "star").overlay { Text("Badge") }.accessibilityHidden(true)
      """
    #expect(
      try Self.fields(body, "Button | Text", "{show(n.accessibleName)} {n.hidden} {n.isElement}") == [
        "Inner true false", "Caption true false", "Shown false true", "Gone true false", "Faded false true",
        "Invisible true false", "Kept false true", "Badge true false",
      ])
  }

  @Test func childrenCombineIgnoreAndAreRepresented() throws {
    let body = """
      HStack { Text("Name"); Text("Value") }.accessibilityElement(children: .combine)
      HStack { Text("A"); Text("B") }.accessibilityElement()
      VStack { Text("In") }.accessibilityElement(children: .contain)
      HStack { Text("Custom") }.accessibilityRepresentation { Toggle("Dark Mode", isOn: $dark) }
      List { Text("Row") }.accessibilityChildren { Text("Summary") }
      """
    #expect(
      try Self.fields(
        body, "HStack | VStack | List", "{n.type} {show(n.childBehavior)} {show(n.accessibleName)} {n.isElement}") == [
          "HStack combine Name, Value true", "HStack ignore null true", "VStack contain In false",
          "HStack representation Dark Mode true", "List children null false",
        ])
    // Texts inside a combined element are part of it, not elements of their own.
    #expect(
      try Self.fields(body, "Text", "{n.isElement}") == [
        "false", "false", "false", "false", "true", "false", "false", "true",
      ])
  }

  @Test func textScalesWithTextStylesCustomFontsAndScaledMetricsButNotFixedSizes() throws {
    let body = """
      Text("Default")
      Text("Style").font(.headline)
      Text("Fixed").font(.system(size: 12))
      Text("Relative").font(.custom("Avenir", size: 14, relativeTo: .body))
      Text("Custom").font(.custom("Avenir", size: 14))
      Text("Pinned").font(.custom("Avenir", fixedSize: 14))
      Text("Metric").font(.system(size: iconSize))
      Text("Theme").font(theme.bodyFont)
      VStack { Text("Inherited") }.font(.caption)
      VStack { Text("Small") }.font(.system(size: 9))
      """
    #expect(
      try Self.fields(body, "Text", "{show(n.scalesText)}") == [
        "true", "true", "false", "true", "true", "false", "true", "null", "true", "false",
      ])
  }

  /// A font's scaling is read once per distinct value in a model, but only where no
  /// `@ScaledMetric` is in scope: the same `.system(size: iconSize)` scales in a type that
  /// declares the metric and is unknown in one that does not, in either order, and a colour
  /// read once is the same for every node that gives it.
  @Test func fontsAndColoursReadOncePerValueStillDependOnTheirScope() throws {
    let plain = """
      struct Plain: View {
        var body: some View {
          Text("A").font(.system(size: iconSize)).foregroundStyle(.red)
          Text("B").font(.system(size: iconSize)).foregroundStyle(.red)
          Text("C").font(.system(size: 12))
        }
      }
      """
    let metric = """
      struct Metric: View {
        @ScaledMetric var iconSize = 20
        var body: some View {
          Text("D").font(.system(size: iconSize)).foregroundStyle(.red)
          Text("E").font(.system(size: 12))
        }
      }
      """
    func scales(_ declarations: String) throws -> [String] {
      let source = SourceFile(name: "V.swift", text: "import SwiftUI\n" + declarations)
      return try Self.fields(of: source, "Text", "{show(n.scalesText)} {show(n.foreground)}")
    }
    #expect(try scales(plain + "\n" + metric) == ["null red", "null red", "false null", "true red", "false null"])
    #expect(try scales(metric + "\n" + plain) == ["true red", "false null", "null red", "null red", "false null"])
  }

  @Test func constantColoursAreKnownWhereTheyAreSet() throws {
    let body = """
      VStack {
        Text("Warning").foregroundStyle(.red)
        Text("Note")
      }
      .foregroundColor(Color.blue)
      .background(.yellow)
      Text("Dynamic").foregroundStyle(isOn ? .green : .gray)
      """
    #expect(
      try Self.fields(body, "Text", "{show(n.foreground)} {show(n.background)}") == [
        "red yellow", "blue yellow", "null null",
      ])
  }

  /// `lint --layer FILE` reads a layer of the project's own: a custom icon view it declares
  /// as an unnamed image makes the button that shows it icon-only, with no recompiling.
  @Test func theLayerOptionExtendsTheStandardLayer() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "Bar.swift",
      """
      import SwiftUI
      struct Bar: View {
        var body: some View {
          Button { close() } label: { AppIcon(name: "close") }
        }
        func close() {}
      }

      """)
    let layer = try folder.write(
      "app.layer.json", #"{"layer": 1, "views": {"AppIcon": {"role": "image", "element": true}}}"#)
    #expect(!ToolRun(["lint", file]).output.contains("button.basic/accessible-name"))
    let run = ToolRun(["lint", file, "--layer", layer])
    #expect(run.output.contains("[button.basic/accessible-name]"))
    #expect(run.status == 1)
    let broken = try folder.write("broken.layer.json", #"{"layer": 1, "views": {"AppIcon": {"role": 1}}}"#)
    let failed = ToolRun(["lint", file, "--layer", broken])
    #expect(failed.status == 2)
    #expect(failed.error.contains("broken.layer.json:1:44: error: 'role' must be a string, found a number"))
  }
}
