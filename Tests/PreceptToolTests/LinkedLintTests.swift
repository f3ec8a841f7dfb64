import Foundation
import Precept
import Testing

@testable import PreceptTool

/// `lint` over several files sees each file's uses of views the others declare, and reports a
/// finding on a linked view once.
@Suite struct LinkedLintTests {
  static let trashButton = """
    struct TrashButton: View {
      let action: () -> Void
      var body: some View {
        Button(action: action) {
          Image(systemName: "trash")
        }
      }
    }

    """

  /// `file:line: … [rule]` for each finding of a run, sorted.
  func findings(_ run: ToolRun) -> [String] {
    run.output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
      .map { line in
        let parts = line.split(separator: ":")
        let rule = line.split(separator: "[").last.map { "[" + $0 } ?? ""
        return "\(parts[0].split(separator: "/").last!):\(parts[1]) \(rule)"
      }
  }

  @Test func nameGivenWhereAWrapperIsUsedNamesTheButtonInsideIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("TrashButton.swift", Self.trashButton)
    try folder.write(
      "Row.swift",
      """
      struct Row: View {
        var body: some View {
          TrashButton { delete() }
            .accessibilityLabel("Delete recording")
        }
      }
      """)
    let run = ToolRun(["lint", folder.path])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(findings(run).isEmpty)
  }

  @Test func unnamedUsesReportTheWrappersButtonOnceAtItsDeclaration() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("TrashButton.swift", Self.trashButton)
    try folder.write(
      "Row.swift",
      """
      struct Row: View {
        var body: some View {
          VStack {
            TrashButton { delete() }
            TrashButton { delete() }
            TrashButton { delete() }.accessibilityLabel("Delete")
          }
        }
      }
      """)
    let run = ToolRun(["lint", folder.path])
    #expect(run.status == 1)
    #expect(findings(run) == ["TrashButton.swift:4 [button.basic/accessible-name]"])
  }

  @Test func customIconInAnotherFileMakesAButtonIconOnly() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "AppIcon.swift",
      "struct AppIcon: View {\n  let name: String\n  var body: some View { Image(systemName: name) }\n}\n")
    try folder.write(
      "Bar.swift",
      """
      struct Bar: View {
        var body: some View {
          HStack {
            Button { close() } label: { AppIcon(name: "xmark") }
            Button { close() } label: { AppIcon(name: "xmark") }.accessibilityLabel("Close")
          }
        }
      }
      """)
    let run = ToolRun(["lint", folder.path])
    #expect(findings(run) == ["Bar.swift:4 [button.basic/accessible-name]"])
    // Read alone, the button's label is a view the reader does not know.
    let alone = ToolRun(["lint", folder.path + "/Bar.swift"])
    #expect(alone.status == 0)
  }

  @Test func noLinkViewsChecksEachFileOnItsOwn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("AppIcon.swift", Self.appIcon)
    try folder.write(
      "Bar.swift",
      """
      struct Bar: View {
        var body: some View {
          Button { close() } label: { AppIcon(name: "xmark") }
        }
      }
      """)
    let linked = ToolRun(["lint", folder.path])
    #expect(findings(linked) == ["Bar.swift:3 [button.basic/accessible-name]"])
    // Unlinked, the label is a view the reader does not know, as when the file is read alone.
    let unlinked = ToolRun(["lint", folder.path, "--no-link-views"])
    #expect(unlinked.status == 0, "\(unlinked.output)\(unlinked.error)")
    #expect(findings(unlinked).isEmpty)
  }

  static let appIcon =
    "struct AppIcon: View {\n  let name: String\n  var body: some View { Image(systemName: name) }\n}\n"

  @Test func customButtonStyleThatShowsItsTitleNamesAnIconButton() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("AppIcon.swift", Self.appIcon)
    try folder.write(
      "FormStyle.swift",
      """
      struct FormActionButtonStyle: ButtonStyle {
        let title: String
        func makeBody(configuration: Configuration) -> some View {
          VStack {
            configuration.label
            Text(title)
          }
        }
      }
      """)
    try folder.write(
      "Footer.swift",
      """
      struct Footer: View {
        var body: some View {
          HStack {
            Button { message() } label: { AppIcon(name: "message") }
              .buttonStyle(FormActionButtonStyle(title: L10n.commonMessage))
            Button { share() } label: { Image(systemName: "square.and.arrow.up") }
              .buttonStyle(FormActionButtonStyle(title: "Share"))
            Button { close() } label: { AppIcon(name: "xmark") }
          }
        }
      }
      """)
    let run = ToolRun(["lint", folder.path])
    #expect(findings(run) == ["Footer.swift:8 [button.basic/accessible-name]"], "\(run.output)")
  }

  @Test func customStyleGivenATitleItIsNotKnownToShowLeavesTheButtonAsWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("AppIcon.swift", Self.appIcon)
    try folder.write(
      "RowStyle.swift",
      """
      struct RowStyle: ButtonStyle {
        let title: String
        func makeBody(configuration: Configuration) -> some View {
          configuration.label.overlay(Caption(title))
        }
      }
      """)
    try folder.write(
      "Row.swift",
      """
      struct Row: View {
        var body: some View {
          Button { open() } label: { AppIcon(name: "doc") }
            .buttonStyle(RowStyle(title: "Documents"))
        }
      }
      """)
    let run = ToolRun(["lint", folder.path])
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func wordsDrawnOverALinkedImageKeepTheUseAsWritten() throws {
    // The button shows "Load map" over the image; the rules read a label from its content.
    let run = ToolRun(
      ["lint", "-"],
      input: """
        struct MapView: View {
          private var placeholderImage: some View { Image("map-blurred").resizable() }
          var body: some View {
            Button { reload() } label: {
              placeholderImage
                .overlay {
                  VStack { Image(systemName: "arrow.clockwise"); Text(L10n.loadMap) }
                }
            }
          }
        }

        """)
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func usesInsideAViewModifierBodyStayAsWritten() throws {
    // Where `.modifier(…)` puts the body (a combined element with its own actions) is unknown.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("AppIcon.swift", Self.appIcon)
    try folder.write(
      "RemoveButton.swift",
      """
      private struct RemoveButtonModifier: ViewModifier {
        let action: () -> Void
        func body(content: Content) -> some View {
          content.overlay(alignment: .topTrailing) {
            Button(action: action) { closeLabel }
          }
        }
        var closeLabel: some View { AppIcon(name: "xmark").padding(2) }
      }
      """)
    let run = ToolRun(["lint", folder.path])
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func aViewWithItsOwnStateIsJudgedWhereItIsDeclared() throws {
    // Gallery draws its focus from its @FocusState; at the use, the copy's owner is Screen.
    let run = ToolRun(
      ["lint", "-"],
      input: """
        struct Gallery: View {
          @FocusState private var isFocused: Bool
          var body: some View {
            ScrollView { Text("Photos") }
              .focused($isFocused)
              .focusEffectDisabled()
          }
        }
        struct Screen: View {
          var body: some View {
            Gallery()
              .padding()
          }
        }

        """)
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func aFragmentOnStandardInputLinksItsOwnViews() throws {
    let run = ToolRun(
      ["lint", "-"],
      input: Self.trashButton
        + "struct Row: View { var body: some View { TrashButton {}.accessibilityLabel(\"Trash\") } }\n")
    #expect(run.status == 0, "\(run.output)\(run.error)")
  }

  @Test func dumpModelShowsTheLinkedViews() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("TrashButton.swift", Self.trashButton)
    try folder.write("Row.swift", "struct Row: View { var body: some View { TrashButton {} } }\n")
    let run = ToolRun(["dump-model", folder.path])
    #expect(run.status == 0)
    #expect(run.output.contains(#""name": "TrashButton""#))
    let documents = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    // Every document still reads back as a view model.
    for document in documents {
      let data = try JSONSerialization.data(withJSONObject: document)
      _ = try ViewDocument.read(SourceFile(name: "x.json", bytes: [UInt8](data)))
    }
  }
  // MARK: Fixes on linked views

  static let tool =
    "struct Tool: View {\n  let title: String\n  var body: some View {\n    Button(title, systemImage: \"trash\") { run() }\n  }\n}\n"

  /// The JSON report's findings of `rule`: file name, line and column, and the fix's state.
  static func placed(_ output: String, _ rule: String) throws -> [String] {
    try LintFixTests.findings(output, rule).map { finding in
      let file = (finding["file"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
      return "\(file):\(finding["line"] ?? 0):\(finding["column"] ?? 0)"
    }
  }

  @Test func aFindingAUseDecidedIsReportedAtTheUseAndFixedThere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let declaration = try folder.write("Tool.swift", Self.tool)
    let use = try folder.write(
      "Bar.swift", "struct Bar: View {\n  var body: some View {\n    Tool(title: \"\")\n      .padding()\n  }\n}\n")
    let run = ToolRun(["lint", folder.path, "--format", "json"])
    // The empty title is the use's (the declaration's button shows its title): the finding is
    // there, not at the declaration.
    #expect(try Self.placed(run.output, "button.basic/accessible-name") == ["Bar.swift:3:5"], "\(run.output)")
    let fixed = ToolRun(["lint", folder.path, "--fix-placeholders"])
    #expect(fixed.error.contains("precept: fixed \(use):3:5 [button.basic/accessible-name]"), "\(fixed.error)")
    // The label goes on the use (its modifiers apply to the button it draws); the declaration,
    // which other uses share, is not edited.
    #expect(try String(contentsOfFile: declaration, encoding: .utf8) == Self.tool)
    let text = try String(contentsOfFile: use, encoding: .utf8)
    #expect(text.contains("Tool(title: \"\")\n      .padding()\n      .accessibilityLabel("), "\(text)")
    #expect(!ToolRun(["lint", folder.path]).output.contains("accessible-name"))
  }

  @Test func aFixInsideALinkedDeclarationIsWithheldWithWhereItIsDeclared() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let row =
      "struct ToolRow: View {\n  let title: String\n  var body: some View {\n    HStack {\n"
      + "      Button(title, systemImage: \"trash\") { run() }\n      Spacer()\n    }\n  }\n}\n"
    let declaration = try folder.write("ToolRow.swift", row)
    let original = "struct Bar: View {\n  var body: some View {\n    ToolRow(title: \"\")\n  }\n}\n"
    let use = try folder.write("Bar.swift", original)
    let run = ToolRun(["lint", folder.path, "--format", "json"])
    #expect(try Self.placed(run.output, "button.basic/accessible-name") == ["Bar.swift:3:5"], "\(run.output)")
    // The report gives no replacement for it: its bytes are not in Bar.swift.
    let finding = try #require(try LintFixTests.findings(run.output, "button.basic/accessible-name").first)
    let edit = try #require(finding["edit"] as? [String: Any], "\(finding)")
    #expect((edit["replacements"] as? [Any])?.isEmpty ?? true, "\(edit)")
    let fixed = ToolRun(["lint", folder.path, "--fix-placeholders"])
    #expect(
      fixed.error.contains("precept: skipped \(use):3:5 [button.basic/accessible-name]")
        && fixed.error.contains("drawn by the declaration at \(declaration):5:7"), "\(fixed.error)")
    // Neither file is edited: the button's bytes are in ToolRow.swift, not at the use.
    #expect(try String(contentsOfFile: declaration, encoding: .utf8) == row)
    #expect(try String(contentsOfFile: use, encoding: .utf8) == original)
  }

  @Test func aFindingTheDeclarationReportsIsFixedInTheDeclaration() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let declaration = try folder.write("TrashButton.swift", Self.trashButton)
    let use = "struct Row: View {\n  var body: some View {\n    TrashButton { delete() }\n  }\n}\n"
    let row = try folder.write("Row.swift", use)
    let fixed = ToolRun(["lint", folder.path, "--fix-placeholders"])
    #expect(
      fixed.error.contains("precept: fixed \(declaration):4:5 [button.basic/accessible-name]"), "\(fixed.error)")
    let text = try String(contentsOfFile: declaration, encoding: .utf8)
    #expect(text.contains("    }\n    .accessibilityLabel("), "\(text)")
    #expect(try String(contentsOfFile: row, encoding: .utf8) == use)
  }
}
