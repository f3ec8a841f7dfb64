import Precept
import PreceptSwiftUI
import Testing

/// The conventions of the view model, each checked on the smallest source that shows it.
@Suite struct ConventionTests {
  @Test func menuContentAndLabelFormsGiveTheSameNode() throws {
    let labelled = try read(
      """
      Menu(content: {
        Button("Rename") { rename() }
        Button("Delete", role: .destructive) { delete() }
      }, label: {
        Image(systemName: "ellipsis")
      })
      .accessibilityLabel("More")
      """)
    let trailing = try read(
      """
      Menu {
          Button("Rename") { rename() }
          Button("Delete", role: .destructive) { delete() }
      } label: {
          Image(systemName: "ellipsis")
      }
      .accessibilityLabel("More")
      """)
    #expect(labelled.count == 1)
    #expect(labelled.map(\.withoutPositions) == trailing.map(\.withoutPositions))
    let menu = try #require(trailing.first)
    #expect(menu.type == "Menu")
    #expect(menu.args.isEmpty)
    #expect(menu.children.map(\.type) == ["Button", "Button"])
    #expect(menu.slots.map(\.name) == ["label"])
    #expect(menu.slots[0].nodes.map(\.type) == ["Image"])
  }

  @Test func buttonTrailingClosureAfterActionIsTheLabel() throws {
    let button = try #require(try read("Button(action: { save() }) {\n  Text(\"Save\")\n}").first)
    #expect(button.type == "Button")
    #expect(button.children.isEmpty)
    #expect(
      button.args.map(\.withoutExpression) == [
        ViewArgument(label: "action", kind: .expr, value: "{ save() }", line: 1, column: 8)
      ])
    #expect(
      button.slots.map { ViewSlot(name: $0.name, nodes: $0.nodes.map(\.withoutExpressions)) } == [
        ViewSlot(
          name: "label",
          nodes: [
            ViewNode(
              type: "Text", line: 2, column: 3,
              args: [
                ViewArgument(label: nil, kind: .string, value: "Save", line: 2, column: 8)
              ])
          ])
      ])
  }

  @Test func actionClosuresAreArgumentsNamedByTheirParameter() throws {
    let text = try #require(try read("Text(\"x\").onTapGesture { tap() }.task { await load() }").first)
    #expect(text.modifiers.map(\.name) == ["onTapGesture", "task"])
    #expect(text.modifiers[0].args.map(\.label) == ["perform"])
    #expect(text.modifiers[1].args.map(\.value) == ["{ await load() }"])
    #expect(text.modifiers.allSatisfy { $0.children.isEmpty && $0.slots.isEmpty })
  }

  /// Overloads are told apart by their labels, as Swift does.
  @Test func overloadsAreMatchedByLabels() throws {
    func shape(_ source: String) throws -> String {
      let node = try #require(try read(source).first)
      let modifier = node.modifiers.first
      let children = modifier?.children ?? node.children
      let slots = modifier?.slots ?? node.slots
      let actions = (modifier?.args ?? node.args).filter { $0.kind == .expr && $0.value.hasPrefix("{") }
      return "children \(children.count) slots \(slots.map(\.name)) actions \(actions.map { $0.label ?? "_" })"
    }
    #expect(
      try shape("Text(\"\").alert(isPresented: $x) { Alert(title: Text(\"t\")) }") == "children 1 slots [] actions []")
    #expect(
      try shape("Text(\"\").alert(\"T\", isPresented: $x) { Button(\"OK\") {} } message: { Text(\"m\") }")
        == "children 0 slots [\"actions\", \"message\"] actions []")
    #expect(try shape("NavigationLink(value: 1) { Text(\"a\") }") == "children 0 slots [\"label\"] actions []")
    #expect(try shape("NavigationLink(\"a\") { Detail() }") == "children 0 slots [\"destination\"] actions []")
    #expect(try shape("Button(role: .destructive) { go() }") == "children 0 slots [] actions [\"action\"]")
    #expect(
      try shape("Button(role: .destructive, action: go) { Text(\"a\") }") == "children 0 slots [\"label\"] actions []")
    #expect(try shape("Text(\"\").task(id: x) { await go() }") == "children 0 slots [] actions [\"action\"]")
    #expect(try shape("ProgressView { Text(\"a\") }") == "children 0 slots [\"label\"] actions []")
  }

  @Test func argumentKinds() throws {
    let node = try #require(
      try read(#"Foo("a\n\(b)", -2, 0.5, true, .destructive, .system(size: 12), x + 1, label: "L")"#).first)
    #expect(node.args.map(\.kind) == [.string, .number, .number, .bool, .member, .expr, .expr, .string])
    #expect(
      node.args.map(\.value) == ["a\n\\(b)", "-2", "0.5", "true", ".destructive", ".system(size: 12)", "x + 1", "L"])
    #expect(node.args.map(\.label) == [nil, nil, nil, nil, nil, nil, nil, "label"])
  }

  @Test func multiLineAndRawStringValues() throws {
    let nodes = try read(
      """
      Text(\"\"\"
          One
            Two \\
          three
          \"\"\")
      Text(#"raw \\n "q" \\#(x)"#)
      """)
    #expect(nodes.map { $0.args[0].value } == ["One\n  Two three", "raw \\n \"q\" \\(x)"])
  }

  @Test func positionsAreLinesAndColumnsOfUnicodeScalars() throws {
    let nodes = try read("/* é😀 */ Text(\"ü\")\n\t.bold()")
    let text = try #require(nodes.first)
    #expect((text.line, text.column) == (1, 10))
    #expect((text.args[0].line, text.args[0].column) == (1, 15))
    // A modifier is positioned at its name, after the dot.
    #expect((text.modifiers[0].line, text.modifiers[0].column) == (2, 3))
  }

  @Test func ifConfigInsideAModifierChainKeepsEveryBranchInOrder() throws {
    let text = try #require(
      try read(
        """
        Text("a")
          .padding()
          #if os(iOS)
            .font(.body)
          #elseif os(macOS)
            .font(.title)
          #endif
          .bold()
        """
      ).first)
    #expect(text.modifiers.map(\.name) == ["padding", "font", "font", "bold"])
  }

  @Test func controlFlowWithoutViewsIsLeftOut() throws {
    let stack = try #require(
      try read(
        """
        VStack {
          #if os(iOS)
            let placement = ToolbarItemPlacement.topBarLeading
          #else
            let placement = ToolbarItemPlacement.automatic
          #endif
          if flag {}
          Text("a")
          if flag { Text("b") }
        }
        """
      ).first)
    #expect(stack.children.map(\.type) == ["Text", "if"])
  }

  @Test func referencesBecomeNodesNamedByWhatTheyReference() throws {
    let nodes = try read("VStack { header; self.row(item); content(); content.padding(); self }").first?.children
    #expect(nodes?.map(\.type) == ["header", "row", "content", "content", "self"])
    #expect(nodes?[3].modifiers.map(\.name) == ["padding"])
  }

  @Test func qualifiedAndGenericCalleesKeepTheLastTypeName() throws {
    let nodes = try read(
      "VStack { SwiftUI.Menu(\"a\") {}; Row<Item>(item); Image.init(\"x\"); Color.red.opacity(0.5) }")
    let children = try #require(nodes.first?.children)
    #expect(children.map(\.type) == ["Menu", "Row", "Image", "Color"])
    #expect(children[3].args.map(\.value) == [".red"])
    #expect(children[3].modifiers.map(\.name) == ["opacity"])
  }

  @Test func onlyViewBuildingMembersBecomeNodes() throws {
    let type = try #require(
      try read(
        """
        struct S: View {
          var count: Int { 1 }
          var tint: Color { .red }
          func load() { print("x") }
          func url() -> URL { URL(string: "x")! }
          var body: some View { Text("a") }
          @ViewBuilder var extra: some View { Text("b") }
          func row() -> Row { Row() }
          @ToolbarContentBuilder func tools() -> some ToolbarContent { ToolbarItem { Text("c") } }
          var widget: some WidgetConfiguration { StaticConfiguration(kind: "k", provider: P()) { WidgetView(entry: $0) } }
          var session: URLSessionConfiguration { let c = URLSessionConfiguration.default; return c }
        }
        """
      ).first)
    #expect(type.children.map { $0.name ?? "" } == ["body", "extra", "row", "tools", "widget"])
  }

  @Test func storedPropertiesWithWrappers() throws {
    let type = try #require(
      try read(
        """
        struct S {
          @AccessibilityFocusState private var focused: Bool
          @Environment(\\.dismiss) var dismiss
          static var shared = S()
          var a = 1, b: Int
          var c: Int { 0 }
        }
        """
      ).first)
    #expect(type.properties.map(\.name) == ["focused", "dismiss", "a", "b"])
    #expect(type.properties.map(\.wrapper) == ["AccessibilityFocusState", "Environment", nil, nil])
    #expect(type.properties.map(\.type) == ["Bool", nil, nil, "Int"])
    #expect(type.properties.map(\.value) == [nil, nil, "1", nil])
  }

  @Test func emptyFileAndFragments() throws {
    #expect(try read("").isEmpty)
    #expect(try read("// only a comment\nimport SwiftUI\nlet x = 1\nprint(x)").isEmpty)
    #expect(try read("Menu(\"A\") { Button(\"B\") {} }").map(\.type) == ["Menu"])
    #expect(try read("var body: some View { Text(\"a\") }").map { $0.name ?? "" } == ["body"])
  }

  @Test func documentIsNamedLikeTheSource() throws {
    let document = try SwiftUIReader.read(SourceFile(name: "Sources/App/Screen.swift", text: "Text(\"a\")"))
    #expect(document.file == "Sources/App/Screen.swift")
  }

  /// Files nested deeper than real code is are parsed on a helper thread: same result.
  @Test func deeplyNestedFileReadsTheSame() throws {
    let depth = 40
    let source =
      String(repeating: "VStack {\n", count: depth) + "Text(\"deep\")\n" + String(repeating: "}\n", count: depth)
    var node = try #require(try read(source).first)
    for _ in 1..<depth {
      #expect(node.type == "VStack")
      node = try #require(node.children.first)
    }
    #expect(node.children.map(\.type) == ["Text"])
  }
}
