import Precept
import Testing

@testable import PreceptSwiftUI

/// Linking uses of a project's own views to their declarations (README, *Project-wide views*).
@Suite struct LinkerTests {
  /// Reads each text as a file (`A.swift`, `B.swift`, …) and links them together.
  func linked(_ texts: [String], names: [String]? = nil) throws -> [LinkedDocument] {
    let names = names ?? texts.indices.map { "\(Character(UnicodeScalar(65 + $0)!)).swift" }
    let documents = try zip(names, texts).map { try SwiftUIReader.read(SourceFile(name: $0, text: $1)) }
    return ViewLinker.link(documents)
  }

  /// The nodes of a document in preorder (children, slots, modifier closures).
  func all(_ nodes: [ViewNode]) -> [ViewNode] {
    var result: [ViewNode] = []
    for node in nodes {
      result.append(node)
      result += all(node.children)
      for slot in node.slots { result += all(slot.nodes) }
      for modifier in node.modifiers {
        result += all(modifier.children)
        for slot in modifier.slots { result += all(slot.nodes) }
      }
    }
    return result
  }

  func label(of button: ViewNode) -> [ViewNode] {
    button.slots.first { $0.name == "label" }?.nodes ?? button.children
  }

  @Test func customIconViewInALabelIsTheImageItDraws() throws {
    let screen = """
      struct Screen: View {
        var body: some View {
          Button { close() } label: { AppIcon(name: "close") }
        }
      }
      """
    let icon = """
      struct AppIcon: View {
        let name: String
        var body: some View { Image(systemName: name) }
      }
      """
    let documents = try linked([screen, icon])
    let button = all(documents[0].document.nodes).first { $0.type == "Button" }!
    let image = try #require(label(of: button).first)
    #expect(image.type == "Image")
    #expect(image.name == "AppIcon")
    #expect(image.args.first?.kind == .string)
    #expect(image.args.first?.value == "close")
    // At the use site's position, and recorded as a copy of the declaration's Image.
    #expect(image.line == 3)
    let copy = try #require(documents[0].expansions.first { $0.type == "Image" })
    #expect(copy.origin == ViewOrigin(file: "B.swift", line: 3, column: 25, type: "Image"))
  }

  @Test func storedImageOfACustomViewIsAnImageOfUnknownValue() throws {
    let documents = try linked([
      """
      struct CompoundIcon: View {
        private var image: Image
        var body: some View { image.resizable() }
      }
      struct Bar: View {
        var body: some View { Button(action: go) { CompoundIcon(\\.close) } }
      }
      """
    ])
    let button = all(documents[0].document.nodes).first { $0.type == "Button" }!
    let image = try #require(label(of: button).first)
    #expect(image.type == "Image")
    #expect(image.args.map(\.kind) == [.expr])
    #expect(image.modifiers.map(\.name) == ["resizable"])
  }

  @Test func helperFunctionAndComputedPropertyBuildTheirViewsWhereUsed() throws {
    let documents = try linked([
      """
      struct Bar: View {
        var body: some View {
          HStack {
            controlButton("play")
            icon.padding()
          }
        }
        func controlButton(_ name: String) -> some View {
          Button { play() } label: { Image(systemName: name) }
        }
        var icon: Image { Image(systemName: "star") }
      }
      """
    ])
    let body = documents[0].document.nodes[0].children[0]
    let stack = body.children[0]
    #expect(stack.children.map(\.type) == ["Button", "Image"])
    #expect(stack.children.map(\.name) == ["controlButton", "icon"])
    #expect(stack.children[1].modifiers.map(\.name) == ["padding"])
  }

  @Test func useSiteModifiersGoOnWhatTheDeclarationBuilds() throws {
    let documents = try linked([
      """
      struct TrashButton: View {
        let action: () -> Void
        var body: some View {
          Button(action: action) { Image(systemName: "trash") }.buttonStyle(.plain)
        }
      }
      struct Row: View {
        var body: some View {
          TrashButton { delete() }
            .accessibilityLabel("Delete recording")
        }
      }
      """
    ])
    let row = documents[0].document.nodes[1].children[0]
    let button = try #require(row.children.first)
    #expect(button.type == "Button")
    #expect(button.name == "TrashButton")
    #expect(button.modifiers.map(\.name) == ["buttonStyle", "accessibilityLabel"])
    #expect(documents[0].expansions.contains { $0.type == "Button" && $0.decided })
  }

  @Test func trailingClosureOfAContainerBindsItsContentProperty() throws {
    let documents = try linked([
      """
      struct Card<Content: View>: View {
        @ViewBuilder let content: Content
        var body: some View { VStack { content } }
      }
      struct Screen: View {
        var body: some View { Card { Text("Hello") } }
      }
      """
    ])
    let card = documents[0].document.nodes[1].children[0].children[0]
    #expect(card.type == "VStack")
    #expect(card.children.map(\.type) == ["Text"])
    // The passed view keeps its own position: it is written at the use.
    #expect(card.children[0].line == 6)
  }

  @Test func passedViewsTheBodyNeverShowsKeepTheUseAsWritten() throws {
    let documents = try linked([
      """
      struct Tabs<Content: View>: View {
        let content: (Int) -> Content
        var body: some View { VStack { Text("Tabs") } }
      }
      struct Screen: View {
        var body: some View { Tabs { _ in Button("Run") { run() } } }
      }
      """
    ])
    let use = documents[0].document.nodes[1].children[0].children[0]
    #expect(use.type == "Tabs")
    #expect(all([use]).contains { $0.type == "Button" })
  }

  @Test func recursiveViewIsNotExpandedIntoItself() throws {
    let documents = try linked([
      """
      struct Outline: View {
        let depth: Int
        var body: some View {
          VStack {
            Text("x")
            if depth > 0 { Outline(depth: depth - 1) }
          }
        }
      }
      struct Screen: View {
        var body: some View { Outline(depth: 3) }
      }
      """
    ])
    let nodes = all(documents[0].document.nodes)
    // The declaration keeps its own use; the screen's use expands once and stops there.
    #expect(nodes.filter { $0.type == "Outline" }.count == 2)
    #expect(documents[0].blocked.contains(ViewDeclaration(file: "A.swift", line: 3, column: 3)))
  }

  @Test func mutuallyRecursiveViewsStopWithinTheDepthCap() throws {
    let documents = try linked([
      """
      struct A: View { var body: some View { VStack { Text("a"); B() } } }
      struct B: View { var body: some View { HStack { Image("b"); A() } } }
      """
    ])
    let nodes = all(documents[0].document.nodes)
    #expect(nodes.count < 20)
  }

  @Test func expansionsStayWithinTheNodeBudget() throws {
    // Each level uses the next one four times: 4^12 nodes if nothing stopped it.
    var text = "struct V0: View { var body: some View { Text(\"leaf\") } }\n"
    for level in 1...12 {
      let inner = "V\(level - 1)()"
      text += "struct V\(level): View { var body: some View { VStack { \(inner); \(inner); \(inner); \(inner) } } }\n"
    }
    let document = try SwiftUIReader.read(SourceFile(name: "A.swift", text: text))
    let linkedDocument = ViewLinker.link([document])[0]
    let before = all(document.nodes).count
    let after = all(linkedDocument.document.nodes).count
    #expect(after - before <= ViewLinker.maximumAddedNodes(document))
    #expect(!linkedDocument.blocked.isEmpty)
  }

  @Test func overTheFileBudgetTheCheapestUsesAreLinkedFirst() throws {
    // A 25-node card written first, then ten one-node icons: the file's budget (32 nodes) holds
    // the ten icons, or the card and seven of them in source order.
    let leaves = (1...12).map { "Text(\"\($0)\")" }.joined(separator: "; ")
    let card = "struct Card: View { var body: some View { VStack { VStack { \(leaves) }; VStack { \(leaves) } } } }"
    let icon = "struct AppIcon: View { var body: some View { Image(systemName: \"x\") } }"
    let icons = (1...10).map { _ in "Button(action: go) { AppIcon() }" }.joined(separator: "\n")
    let screen = "struct Screen: View { var body: some View { VStack { Card()\n\(icons) } } }"
    let linked = try linked([card + "\n" + icon + "\n" + screen])[0]
    let nodes = all(linked.document.nodes)
    #expect(nodes.filter { $0.type == "AppIcon" }.isEmpty)
    #expect(nodes.filter { $0.type == "Card" }.count == 1)
    #expect(linked.blocked.count == 1)
  }

  @Test func aFirstWalkThatOnlyCountsPastTheBudgetLinksWhatAFullOneDoes() throws {
    // What each linker's walks reuse differs (a counting walk keeps no expansion), so only
    // what they link is compared, not what it cost.
    // Files over their budget, whose uses after the budget is reached bind nothing (and are
    // reused), bind literals, pass views (a trailing closure, a labelled one), name members,
    // build several views, carry modifiers, draw words over a glyph, or are too large to link.
    let declarations = """
      struct Glyph: View { var body: some View { Image(systemName: "star") } }
      struct Badge: View { let title: String; var body: some View { Text(title).padding(2) } }
      struct Card<Content: View>: View {
        @ViewBuilder let content: Content
        var body: some View { VStack { Text("Card"); content } }
      }
      struct Tile<Label: View>: View {
        let label: Label
        init(@ViewBuilder label: () -> Label) { self.label = label() }
        var body: some View { HStack { label; Spacer() } }
      }
      struct Pair: View { var body: some View { Image("a"); Image("b") } }
      struct Loud: View { var body: some View { Image("c").overlay { Text("New") } } }
      struct Big: View {
        var body: some View { VStack { \((1...40).map { "Text(\"\($0)\")" }.joined(separator: "; ")) } }
      }
      struct Nest: View { var body: some View { VStack { Glyph(); Badge(title: "n"); Pair() } } }
      """
    let uses = [
      "Glyph()", "Badge(title: \"Hi\")", "Card { Text(\"x\"); Glyph() }", "Tile { Glyph() } ",
      "Tile(label: { Text(\"y\") })", "Pair()", "Pair().padding()", "Loud()", "Big()", "Nest()", "tools",
      "Glyph().accessibilityLabel(\"Star\")", "Button(action: go) { Glyph() }",
    ]
    var screens: [String] = []
    for (number, order) in [uses, uses.reversed(), Array(uses[5...] + uses[..<5])].enumerated() {
      let body = (order + order + order).joined(separator: "\n")
      screens.append(
        """
        struct Screen\(number): View {
          var tools: some View { HStack { Glyph(); Button("Edit") { edit() } } }
          var body: some View { VStack {\n\(body)\n} }
        }
        """)
    }
    let documents = try ([declarations] + screens).enumerated().map { index, text in
      try SwiftUIReader.read(SourceFile(name: "F\(index).swift", text: text))
    }
    let index = ViewIndex(documents)
    let counting = ViewLinker(index), full = ViewLinker(index, countsPastBudget: false)
    for file in documents.indices {
      let (a, b) = (counting.link(documents[file], file: file), full.link(documents[file], file: file))
      #expect(a.document == b.document, "F\(file)")
      #expect(a.expansions == b.expansions, "F\(file)")
      #expect(a.blocked == b.blocked, "F\(file)")
    }
    // The screens are over their budget: the second walk left some uses as written.
    let linked = counting.link(documents[1], file: 1)
    let types = Set(all(linked.document.nodes).map(\.type))
    #expect(types.contains("Card") && types.contains("Pair") && !types.contains("Glyph"), "\(types.sorted())")
    #expect(linked.expansions.count <= ViewLinker.maximumAddedNodes(documents[1]))
  }

  @Test func nestedViewsThatKeepFailingTheirLimitsStopBeingTried() throws {
    // Each level shows four of the next; a level's own body is small, its full expansion is
    // not, so every nested attempt copies up to the cap and is thrown away.
    var text =
      "struct V0: View { var body: some View { VStack { \((1...20).map { "Text(\"\($0)\")" }.joined(separator: "; ")) } } }\n"
    for level in 1...8 {
      let inner = "V\(level - 1)()"
      text += "struct V\(level): View { var body: some View { VStack { \(inner); \(inner); \(inner); \(inner) } } }\n"
    }
    text += "struct Screen: View { var body: some View { V8() } }\n"
    let document = try SwiftUIReader.read(SourceFile(name: "A.swift", text: text))
    let linked = ViewLinker.link([document])[0]
    let uses = 4 * 8 + 1
    // Each use written in the file walks at most the work cap and the copies it keeps (about
    // 3,700 nodes here; over 40,000 if failed attempts are not counted).
    #expect(linked.walked <= uses * 5 * ViewLinker.maximumExpansionSize, "\(linked.walked)")
  }

  @Test func usesThatBindNothingWalkTheirDeclarationOnceAndEachCopyIsAtItsOwnUse() throws {
    let text = """
      struct Bar: View {
        private var closeLabel: some View { Image(systemName: "xmark").padding(2) }
        var body: some View {
          HStack {
            Button { a() } label: { closeLabel }
            Button { b() } label: { closeLabel }
            Button { c() } label: { closeLabel }.accessibilityLabel("Close")
          }
        }
      }
      """
    let document = try SwiftUIReader.read(SourceFile(name: "A.swift", text: text))
    let linked = ViewLinker.link([document])[0]
    // One walk of closeLabel's body; the other two uses copy it.
    #expect(linked.declarationWalks == 1)
    let images = all(linked.document.nodes).filter { $0.type == "Image" }
    #expect(images.map(\.line) == [2, 5, 6, 7])
    #expect(images.dropFirst().map(\.column) == [31, 31, 31])
    #expect(linked.expansions.map(\.line) == [5, 6, 7])
    #expect(Set(linked.expansions.map(\.origin.line)) == [2])
  }

  @Test func usesThatBindNothingInDifferentMembersWalkTheirDeclarationOnce() throws {
    let text = """
      struct Bar: View {
        private var closeLabel: some View { Image(systemName: "xmark").padding(2) }
        private var leading: some View { Button { a() } label: { closeLabel } }
        private var trailing: some View { Button { b() } label: { closeLabel } }
        var body: some View { Button { c() } label: { closeLabel } }
      }
      """
    let document = try SwiftUIReader.read(SourceFile(name: "A.swift", text: text))
    let linked = ViewLinker.link([document])[0]
    // Three uses, each in another member: closeLabel's body is walked for the first only.
    #expect(linked.declarationWalks == 1)
    #expect(linked.expansions.map(\.line) == [3, 4, 5])
    #expect(all(linked.document.nodes).filter { $0.type == "Image" }.map(\.line) == [2, 3, 4, 5])
  }

  @Test func anExpansionIsNotReusedWhereWhatItUsesIsRecursion() throws {
    // label uses badge and badge uses label. Where badge is declared, label's badge is
    // recursion and stays as written; in body it is not, and it draws its Text.
    let text = """
      struct S: View {
        var label: some View { HStack { Image(systemName: "star"); badge } }
        var badge: some View { VStack { Text("new"); label } }
        var body: some View { VStack { label } }
      }
      """
    let document = try SwiftUIReader.read(SourceFile(name: "A.swift", text: text))
    let linked = ViewLinker.link([document])[0]
    let members = linked.document.nodes[0].children
    func drawn(_ member: String) -> [String] {
      all(members.first { $0.name == member }!.children).map(\.type)
    }
    #expect(drawn("badge") == ["VStack", "Text", "HStack", "Image", "badge"])
    #expect(drawn("body") == ["VStack", "HStack", "Image", "VStack", "Text", "label"])
  }

  @Test func usesThatBindOnlyLiteralsOfADeclarationTooLargeToCopyAreWalkedOnceAndLeftAsWritten() throws {
    // Big's own nodes are few, but with the six Parts it builds it copies more than a use may.
    let views = """
      struct Part: View {
        var body: some View { VStack { Text("1"); Text("2"); Text("3"); Text("4"); Text("5") } }
      }
      struct Big: View {
        let title: String
        var body: some View { VStack { Text(title); Part(); Part(); Part(); Part(); Part(); Part() } }
      }
      """
    let screen = """
      struct Screen: View {
        var body: some View { VStack { Big(title: "a"); Big(title: "b"); Big(title: "c") } }
      }
      """
    let linked = try linked([views, screen])[1]
    // The first use fails its limit; the others fail as it did, whatever their literals.
    #expect(linked.declarationWalks == 1)
    #expect(linked.expansions.isEmpty)
    let uses = all(linked.document.nodes).filter { $0.type == "Big" }
    #expect(uses.map { $0.args.first?.value } == ["a", "b", "c"])
    #expect(linked.blocked.map(\.line) == [6])
  }

  @Test func nameFilterKeepsEveryNameItWasGivenAndDropsMostOthers() {
    let names = ["AppIcon", "closeLabel", "é", "Row", "content", "x"]
    let filter = NameFilter(names)
    #expect(names.allSatisfy(filter.mayContain))
    let others = ["Text", "Image", "VStack", "HStack", "Button", "padding", "Spacer", "Label", "List"]
    #expect(others.filter(filter.mayContain).count <= 1)
    #expect(!NameFilter([]).mayContain("Text"))
  }

  @Test func propertiesThatHoldViewsAreFoundWhateverTheirTypesPunctuation() {
    func holds(_ type: String) -> Bool { ViewIndex.holdsViews(ViewProperty(name: "p", type: type)) }
    #expect(holds("Content"))
    #expect(holds("() -> Label"))
    #expect(holds("(() -> some View)?"))
    #expect(holds("(Int) -> (String) -> Image"))
    #expect(holds("SwiftUI.AnyView?"))
    #expect(!holds("() -> Void"))
    #expect(!holds("String?"))
    #expect(!holds("(Content) -> Int"))
  }

  @Test func typeNamesAndInitialLiteralsReadAsBytesAgreeWithReadingCharacters() {
    #expect(ViewIndex.simpleName("Row") == "Row")
    #expect(ViewIndex.simpleName("SwiftUI.View") == "View")
    #expect(ViewIndex.simpleName("Outer.Row<Content>") == "Row")
    #expect(ViewIndex.simpleName(" Row <Content.Label>") == "Row")
    #expect(ViewIndex.simpleName("A.B.C") == "C")
    #expect(ViewIndex.simpleName("Ünïcode.Rów") == "Rów")
    // A combining mark after a dot or a space makes it part of another character: not cut there.
    #expect(ViewIndex.simpleName("A.\u{301}B") == "A.\u{301}B")
    #expect(ViewIndex.simpleName(" \u{301}Row") == " \u{301}Row")
    let texts = [
      "true", "false", "\"trash\"", "\"\"", "\"a\\nb\"", "\"", ".large", ".", ".a_b9", ".a-b", "24", "-1.5", "1_000",
      "-", "1e3", "x", "", "\"é\"", ".é", "٣", "\"\u{301}", "1_0é",
    ]
    for text in texts {
      let fast = ViewIndex.literal(text)
      let characters = text == "true" || text == "false" ? fast : ViewIndex.unicodeLiteral(text)
      #expect(fast?.kind == characters?.kind && fast?.value == characters?.value, "\(text)")
    }
    #expect(ViewIndex.literal("\"trash\"")?.value == "trash")
    #expect(ViewIndex.literal("1_000")?.kind == .number)
    #expect(ViewIndex.literal(".a-b") == nil)
  }

  @Test func linkingDoesNotDependOnTheOrderOfFiles() throws {
    let icon = "struct AppIcon: View { let name: String\n var body: some View { Image(systemName: name) } }"
    let row = "struct Row: View { var body: some View { Button(action: go) { AppIcon(name: \"x\") } } }"
    let screen = "struct Screen: View { var body: some View { List { Row() } } }"
    let forward = try linked([icon, row, screen], names: ["Icon.swift", "Row.swift", "Screen.swift"])
    let backward = try linked([screen, row, icon], names: ["Screen.swift", "Row.swift", "Icon.swift"])
    let byName = { (documents: [LinkedDocument]) in
      Dictionary(uniqueKeysWithValues: documents.map { ($0.document.file, $0.document) })
    }
    #expect(byName(forward) == byName(backward))
    let expansions = { (documents: [LinkedDocument]) in
      Dictionary(uniqueKeysWithValues: documents.map { ($0.document.file, $0.expansions) })
    }
    #expect(expansions(forward) == expansions(backward))
  }

  @Test func typeNamedInSeveralOtherFilesIsNotLinked() throws {
    let documents = try linked([
      "struct Row: View { var body: some View { Text(\"one\") } }",
      "struct Row: View { var body: some View { Image(\"two\") } }",
      "struct Screen: View { var body: some View { Row() } }",
    ])
    #expect(documents[2].document.nodes[0].children[0].children[0].type == "Row")
    // In a file that declares one, that one is meant.
    let local = try linked([
      "struct Row: View { var body: some View { Text(\"one\") } }\nstruct S: View { var body: some View { Row() } }",
      "struct Row: View { var body: some View { Image(\"two\") } }",
    ])
    #expect(local[0].document.nodes[1].children[0].children[0].type == "Text")
  }

  @Test func protocolRefiningViewMakesItsConformersViews() throws {
    let documents = try linked([
      """
      protocol Screen: View {}
      struct Badge: Screen { var body: some View { Image(systemName: "star") } }
      struct Home: View { var body: some View { Badge() } }
      """
    ])
    let home = documents[0].document.nodes.first { $0.name == "Home" }!
    #expect(home.children[0].children[0].type == "Image")
  }

  @Test func documentWithoutUsesIsReturnedAsRead() throws {
    let document = try SwiftUIReader.read(
      SourceFile(name: "A.swift", text: "struct S: View { var body: some View { Text(\"a\") } }"))
    let linkedDocument = ViewLinker.link([document])[0]
    #expect(linkedDocument.document == document)
    #expect(linkedDocument.expansions.isEmpty)
  }
}
