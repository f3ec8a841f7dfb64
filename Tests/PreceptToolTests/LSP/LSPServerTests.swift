import Foundation
import Precept
import PreceptSwiftUI
import Testing

@testable import PreceptTool

/// The base protocol's framing, without a client.
@Suite struct LSPFramingTests {
  static func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

  @Test func framerJoinsMessagesSplitAcrossChunksAndBackToBack() {
    var framer = ContentLengthFramer(limit: 100)
    let stream = LSPFramingTests.frame("{\"a\":1}") + LSPFramingTests.frame("{\"é\":2}")
    var frames: [ContentLengthFramer.Frame] = []
    for byte in stream { frames += framer.feed([byte]) }
    #expect(frames == [.message(Array("{\"a\":1}".utf8)), .message(Array("{\"é\":2}".utf8))])
    #expect(framer.finish() == nil)
  }

  @Test func aHeaderWithoutContentLengthSkipsToTheNextContentLength() {
    var framer = ContentLengthFramer(limit: 100)
    let stream = Array("Content-Type: x\r\n\r\n{\"id\":1}".utf8) + LSPFramingTests.frame("{}")
    let frames = framer.feed(stream)
    #expect(frames == [.badHeader("a message header has no Content-Length"), .message(Array("{}".utf8))])
  }

  @Test func aContentLengthThatIsNotANumberIsABadHeader() {
    var framer = ContentLengthFramer(limit: 100)
    let frames = framer.feed(Array("Content-Length: -5\r\n\r\n".utf8) + LSPFramingTests.frame("{}"))
    #expect(frames.count == 2)
    guard case .badHeader(let reason) = frames.first else {
      Issue.record("expected a bad header, got \(frames)")
      return
    }
    #expect(reason.contains("must be a number of bytes, not '-5'"))
  }

  @Test func anOversizedBodyKeepsOnlyItsStartAndTheNextMessageIsRead() {
    var framer = ContentLengthFramer(limit: 10)
    let body = "{\"id\":7," + String(repeating: "x", count: 200_000) + "}"
    var frames: [ContentLengthFramer.Frame] = []
    for chunk in (LSPFramingTests.frame(body) + LSPFramingTests.frame("{}")).chunks(ofCount: 4096) {
      frames += framer.feed(chunk)
    }
    #expect(frames.count == 2)
    guard case .oversized(let prefix, let length) = frames[0] else {
      Issue.record("expected an oversized body, got \(frames[0])")
      return
    }
    #expect(length == body.utf8.count)
    #expect(prefix.count == ContentLengthFramer.keptPrefix)
    #expect(JSONRPC.sniffID(prefix[...]) == .integer(7))
    #expect(frames[1] == .message(Array("{}".utf8)))
  }

  @Test func aHeaderThatNeverEndsIsDroppedAtItsLimit() {
    var framer = ContentLengthFramer(limit: 100)
    let frames = framer.feed(Array(repeating: UInt8(ascii: "a"), count: ContentLengthFramer.maximumHeaderSize + 10))
    #expect(frames.count == 1)
    #expect(framer.feed(LSPFramingTests.frame("{}")) == [.message(Array("{}".utf8))])
  }

  @Test func anInputThatEndsInsideABodySaysSo() {
    var framer = ContentLengthFramer(limit: 100)
    _ = framer.feed(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8))
    #expect(framer.finish() == "the input ended after 4 of the 10 bytes of a message")
  }
}

extension Array {
  fileprivate func chunks(ofCount size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}

/// The server's handlers, message by message.
@Suite struct LSPServerTests {
  static let swiftURI = "file:///work/App/RowActions.swift"
  static let iconMenu = """
    import SwiftUI

    struct RowActions: View {
      var body: some View {
        Menu {
          Button("Rename") { }
          Button("Move") { }
        } label: {
          Image(systemName: "ellipsis")
        }
      }
    }

    """

  static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  static func notification(_ method: String, _ params: String) -> String {
    #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#
  }

  static func initialize(_ options: String = "{}") -> String {
    request(1, "initialize", #"{"capabilities":{},"initializationOptions":\#(options)}"#)
  }

  static func open(_ uri: String, _ text: String, language: String = "swift") -> String {
    let item = JSON.object([
      "uri": .string(uri), "languageId": .string(language), "version": .integer(1), "text": .string(text),
    ])
    return notification("textDocument/didOpen", #"{"textDocument":\#(item.serialized(pretty: false))}"#)
  }

  /// Messages through `serve`, in chunks of `chunk` bytes; the messages the server sent.
  static func session(_ server: LSPServer, _ messages: [String], chunk: Int = 7) -> (answers: [JSON], status: Int32) {
    var input = messages.flatMap { LSPFramingTests.frame($0) }[...]
    var output: [UInt8] = []
    let status = server.serve(
      read: {
        let next = Array(input.prefix(chunk))
        input = input.dropFirst(chunk)
        return next
      }, write: { output += $0 })
    var answers: [JSON] = []
    var rest = output[...]
    while let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
      let header = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
      let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))!
      answers.append(try! JSON.parse(SourceFile(name: "<out>", bytes: Array(rest[end.upperBound...].prefix(length)))))
      rest = rest[(end.upperBound + length)...]
    }
    return (answers, status)
  }

  static func diagnostics(_ answers: [JSON], _ uri: String) -> [[JSON]] {
    answers.filter {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
    }.map { $0["params"]?["diagnostics"]?.arrayValue ?? [] }
  }

  @Test func requestsBeforeInitializeAreServerNotInitializedAndNotificationsAreDropped() {
    let server = LSPServer()
    let (answers, status) = LSPServerTests.session(
      server,
      [
        LSPServerTests.request(1, "textDocument/hover"), LSPServerTests.open(LSPServerTests.swiftURI, "x"),
        LSPServerTests.notification("exit", "{}"),
      ])
    #expect(answers.count == 1)
    #expect(answers[0]["error"]?["code"]?.integerValue == -32002)
    #expect(server.documents.isEmpty)
    #expect(status == 1)
  }

  @Test func exitAfterShutdownIsZeroAndRequestsAfterShutdownAreInvalid() {
    let (answers, status) = LSPServerTests.session(
      LSPServer(),
      [
        LSPServerTests.initialize(), LSPServerTests.request(2, "shutdown"),
        LSPServerTests.request(3, "textDocument/hover"), LSPServerTests.notification("exit", "{}"),
        LSPServerTests.request(4, "shutdown"),
      ])
    #expect(status == 0)
    #expect(answers.count == 3)  // nothing is read after exit
    #expect(answers[1]["result"]?.isNull == true)
    #expect(answers[2]["error"]?["code"]?.integerValue == -32600)
  }

  @Test func theEndOfInputWithoutShutdownIsExitOne() {
    #expect(LSPServerTests.session(LSPServer(), [LSPServerTests.initialize()]).status == 1)
  }

  @Test func changingOneDocumentChecksItAloneWithoutReloadingTheProject() {
    let server = LSPServer()
    let other = "file:///work/App/Other.swift"
    let change = LSPServerTests.notification(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"\#(other)","version":2},"contentChanges":[{"text":"struct A {}"}]}"#)
    let (answers, _) = LSPServerTests.session(
      server,
      [
        LSPServerTests.initialize(), LSPServerTests.open(LSPServerTests.swiftURI, LSPServerTests.iconMenu),
        LSPServerTests.open(other, LSPServerTests.iconMenu), change, change, change,
      ])
    #expect(server.checks[LSPServerTests.swiftURI] == 1)
    #expect(server.checks[other] == 4)
    #expect(server.projectLoads == 1)
    #expect(LSPServerTests.diagnostics(answers, other).last?.isEmpty == true)
    #expect(LSPServerTests.diagnostics(answers, LSPServerTests.swiftURI).count == 1)
  }

  // MARK: The workspace's project views

  static let appIcon =
    "struct AppIcon: View {\n  let name: String\n  var body: some View { Image(systemName: name) }\n}\n"
  static let iconBar =
    "struct Bar: View {\n  var body: some View {\n    Button { close() } label: { AppIcon(name: \"xmark\") }\n  }\n}\n"

  static func initialize(root: String) -> String {
    request(1, "initialize", #"{"capabilities":{},"rootUri":"\#(TextDocument.uri(ofPath: root))"}"#)
  }

  static func codes(_ diagnostics: [JSON]?) -> [String] { (diagnostics ?? []).compactMap { $0["code"]?.stringValue } }

  @Test func anOpenDocumentSeesTheViewsTheWorkspaceFolderDeclares() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("AppIcon.swift", LSPServerTests.appIcon)
    let bar = TextDocument.uri(ofPath: folder.path + "/Bar.swift")
    let (answers, _) = LSPServerTests.session(
      LSPServer(), [LSPServerTests.initialize(root: folder.path), LSPServerTests.open(bar, LSPServerTests.iconBar)])
    // As `precept lint FOLDER`: AppIcon, on disk only, draws an image, so the button is icon-only.
    #expect(
      LSPServerTests.codes(LSPServerTests.diagnostics(answers, bar).last) == ["button.basic/accessible-name"],
      "\(answers)")
    // With the document saved, lint on the folder says the same.
    try folder.write("Bar.swift", LSPServerTests.iconBar)
    let lint = ToolRun(["lint", folder.path])
    #expect(lint.output.contains("Bar.swift:3:5: error:") && lint.output.contains("accessible-name"), "\(lint.output)")
    // Without a workspace the document is linked within itself: AppIcon is unknown.
    let (alone, _) = LSPServerTests.session(
      LSPServer(), [LSPServerTests.initialize(), LSPServerTests.open(bar, LSPServerTests.iconBar)])
    #expect(LSPServerTests.codes(LSPServerTests.diagnostics(alone, bar).last).isEmpty)
  }

  @Test func changingADeclarationInAnOpenDocumentRepublishesItsUses() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("AppIcon.swift", LSPServerTests.appIcon)
    let bar = TextDocument.uri(ofPath: folder.path + "/Bar.swift")
    let icon = TextDocument.uri(ofPath: folder.path + "/AppIcon.swift")
    let named = LSPServerTests.appIcon.replacingOccurrences(
      of: "Image(systemName: name)", with: "Label(name, systemImage: name)")
    let change = LSPServerTests.notification(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"\#(icon)","version":2},"contentChanges":[{"text":\#(JSON.string(named).serialized(pretty: false))}]}"#
    )
    let server = LSPServer()
    let (answers, _) = LSPServerTests.session(
      server,
      [
        LSPServerTests.initialize(root: folder.path), LSPServerTests.open(bar, LSPServerTests.iconBar),
        LSPServerTests.open(icon, LSPServerTests.appIcon), change,
        LSPServerTests.notification("textDocument/didClose", #"{"textDocument":{"uri":"\#(icon)"}}"#),
      ])
    let published = LSPServerTests.diagnostics(answers, bar).map(LSPServerTests.codes)
    // Bar is checked once; it is published again when the declaration it uses changes (the
    // button is named by the label), and again when closing the edit brings back the file on disk.
    #expect(server.checks[bar] == 1)
    #expect(
      published == [["button.basic/accessible-name"], [], ["button.basic/accessible-name"]], "\(published)")
  }

  @Test func incrementalChangesEditAtUTF16Positions() throws {
    var document = TextDocument(uri: "file:///a.swift", languageID: "swift", version: 1, text: "let 🙂 = \"é\"\nnext")
    // After the emoji (two UTF-16 units) and its space: replace `=` with `:`.
    try document.apply([
      .object([
        "range": .object([
          "start": .object(["line": .integer(0), "character": .integer(7)]),
          "end": .object(["line": .integer(0), "character": .integer(8)]),
        ]), "text": .string(":"),
      ]),
      .object([
        "range": .object([
          "start": .object(["line": .integer(1), "character": .integer(4)]),
          "end": .object(["line": .integer(5), "character": .integer(0)]),
        ]), "text": .string("!"),
      ]),
    ])
    #expect(String(decoding: document.source.bytes, as: UTF8.self) == "let 🙂 : \"é\"\nnext!")
    #expect(document.position(of: 12) == .object(["line": .integer(0), "character": .integer(10)]))
  }

  @Test func aFindingAfterAnEmojiHasItsRangeInUTF16() throws {
    let text = LSPServerTests.iconMenu.replacingOccurrences(of: "    Menu {", with: "    /*🙂*/ Menu {")
    let server = LSPServer()
    let (answers, _) = LSPServerTests.session(
      server, [LSPServerTests.initialize(), LSPServerTests.open(LSPServerTests.swiftURI, text)])
    let finding = try #require(
      LSPServerTests.diagnostics(answers, LSPServerTests.swiftURI).first?.first {
        $0["code"]?.stringValue == "menu.basic/trigger-name"
      })
    // `    /*🙂*/ ` is 4 + 2 + 2 + 2 + 1 = 11 UTF-16 units; `Menu` is 4 more.
    #expect(finding["range"]?["start"]?["character"]?.integerValue == 11)
    #expect(finding["range"]?["end"]?["character"]?.integerValue == 15)
    #expect(finding["range"]?["start"]?["line"]?.integerValue == 4)
    // The rule's help has no link: the first WCAG criterion it cites gives one.
    #expect(
      finding["codeDescription"]?["href"]?.stringValue
        == "https://www.w3.org/WAI/WCAG22/Understanding/name-role-value")
  }

  @Test func needsReviewItemsAreInformationDiagnosticsOnlyWhenAskedFor() {
    func reviews(_ options: String) -> [JSON] {
      let (answers, _) = LSPServerTests.session(
        LSPServer(),
        [LSPServerTests.initialize(options), LSPServerTests.open(LSPServerTests.swiftURI, LSPServerTests.iconMenu)])
      return (LSPServerTests.diagnostics(answers, LSPServerTests.swiftURI).first ?? []).filter {
        $0["data"]?["kind"]?.stringValue == "needsReview"
      }
    }
    #expect(reviews("{}").isEmpty)
    #expect(reviews(#"{"needsReview":false}"#).isEmpty)
    let asked = reviews(#"{"needsReview":true}"#)
    #expect(!asked.isEmpty)
    #expect(asked.allSatisfy { $0["severity"]?.integerValue == 3 })
  }

  @Test func aDocumentOverTheLimitGetsOneErrorDiagnosticAndIsNotRead() {
    let server = LSPServer()
    let text = "// " + String(repeating: "x", count: LSPServer.maximumDocumentSize)
    let (answers, _) = LSPServerTests.session(
      server, [LSPServerTests.initialize(), LSPServerTests.open(LSPServerTests.swiftURI, text)])
    let published = LSPServerTests.diagnostics(answers, LSPServerTests.swiftURI)
    #expect(published.count == 1 && published[0].count == 1)
    #expect(published.first?.first?["message"]?.stringValue?.contains("over the limit of 4194304 bytes") == true)
    #expect(server.documents[LSPServerTests.swiftURI]?.findings.isEmpty == true)
  }

  @Test func anOversizedChangeClosesTheDocumentWithADiagnostic() {
    let server = LSPServer()
    let text = String(repeating: "x", count: LSPServer.maximumMessageSize)
    let change = LSPServerTests.notification(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"\#(LSPServerTests.swiftURI)","version":2},"contentChanges":[{"text":"\#(text)"}]}"#)
    let (answers, _) = LSPServerTests.session(
      server,
      [
        LSPServerTests.initialize(), LSPServerTests.open(LSPServerTests.swiftURI, LSPServerTests.iconMenu), change,
        LSPServerTests.request(
          9, "textDocument/hover",
          #"{"textDocument":{"uri":"\#(LSPServerTests.swiftURI)"},"position":{"line":4,"character":5}}"#),
      ], chunk: 64 * 1024)
    #expect(answers.contains { $0["error"]?["code"]?.integerValue == -32600 })
    let published = LSPServerTests.diagnostics(answers, LSPServerTests.swiftURI)
    #expect(published.last?.first?["message"]?.stringValue?.contains("over the limit of 16777216 bytes") == true)
    #expect(server.documents[LSPServerTests.swiftURI] == nil)
    #expect(answers.last?["id"]?.integerValue == 9 && answers.last?["result"]?.isNull == true)
  }

  @Test func aPlainTextDocumentIsNeverPublishedOn() {
    let (answers, _) = LSPServerTests.session(
      LSPServer(), [LSPServerTests.initialize(), LSPServerTests.open("file:///notes.txt", "hi", language: "plaintext")])
    #expect(answers.count == 1)
  }

  @Test func aRequestNamingNoKnownMethodIsMethodNotFound() {
    let (answers, _) = LSPServerTests.session(
      LSPServer(), [LSPServerTests.initialize(), LSPServerTests.request(2, "textDocument/definitions")])
    #expect(answers[1]["error"]?["code"]?.integerValue == -32601)
    #expect(answers[1]["error"]?["message"]?.stringValue?.contains("did you mean 'textDocument/definition'?") == true)
  }

  @Test func savingPreceptJSONReloadsTheProjectAndRechecksOpenDocuments() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let server = LSPServer()
    let root = TextDocument.uri(ofPath: folder.path)
    let uri = root + "/RowActions.swift"
    try folder.write("precept.json", #"{"precept": 1, "disable": ["menu.basic/trigger-name"]}"#)
    var messages = [
      LSPServerTests.request(1, "initialize", #"{"rootUri":"\#(root)","capabilities":{}}"#),
      LSPServerTests.open(uri, LSPServerTests.iconMenu),
    ]
    var (answers, _) = LSPServerTests.session(server, messages)
    let codes = { (answers: [JSON]) in
      LSPServerTests.diagnostics(answers, uri).last?.compactMap { $0["code"]?.stringValue } ?? []
    }
    #expect(!codes(answers).contains("menu.basic/trigger-name"))
    try folder.write("precept.json", #"{"precept": 1}"#)
    messages = [
      LSPServerTests.notification(
        "textDocument/didSave", #"{"textDocument":{"uri":"\#(root)/precept.json"}}"#)
    ]
    (answers, _) = LSPServerTests.session(server, messages)
    #expect(server.projectLoads == 2)
    #expect(codes(answers).contains("menu.basic/trigger-name"))
  }

  @Test func rulesetsThatCannotBeLoadedAreAnErrorOnEverySwiftDocument() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("precept.json", #"{"precept": 1, "disable": ["menu.basic/trigger-nme"]}"#)
    let root = TextDocument.uri(ofPath: folder.path)
    let (answers, _) = LSPServerTests.session(
      LSPServer(),
      [
        LSPServerTests.request(1, "initialize", #"{"rootUri":"\#(root)","capabilities":{}}"#),
        LSPServerTests.notification("initialized", "{}"), LSPServerTests.open(root + "/A.swift", "struct A {}"),
      ])
    let message = LSPServerTests.diagnostics(answers, root + "/A.swift").first?.first?["message"]?.stringValue ?? ""
    #expect(message.contains("did you mean 'menu.basic/trigger-name'?"))
    #expect(answers.contains { $0["method"]?.stringValue == "window/showMessage" })
    // And on precept.json itself, where the misspelt id is.
    let onConfiguration = LSPServerTests.diagnostics(answers, root + "/precept.json")
    #expect(onConfiguration.first?.first?["range"]?["start"]?["line"]?.integerValue == 0)
  }
}

/// Quick fixes: which fix hints are edits, and where the edit goes.
@Suite struct LSPQuickFixTests {
  @Test func onlyASingleModifierCallIsAnEdit() {
    #expect(LSPFixes.singleModifier(#".accessibilityLabel("Share")"#) == "accessibilityLabel")
    #expect(LSPFixes.singleModifier(#".accessibilityLabel("a (b) \") c")"#) == "accessibilityLabel")
    #expect(LSPFixes.singleModifier(#".accessibilityLabel("<#what it does#>")"#) == "accessibilityLabel")
    for hint in [
      #".accessibilityLabel("Share …")"#, ".frame(minWidth: 44, minHeight: 44) and .contentShape(Rectangle())",
      #"Button("Delete", role: .destructive) {{ … }}"#, "remove .focusEffectDisabled()", ".accessibilityLabel",
      #".accessibilityLabel("x").padding()"#,
    ] {
      #expect(LSPFixes.singleModifier(hint) == nil, "\(hint)")
    }
  }

  @Test func theModifierGoesAfterTheLastModifierAtItsIndentation() throws {
    let text = """
      Menu {
          Button("A") { }
      } label: {
          Image(systemName: "ellipsis")
      }
        .padding()
        .tint(.red)
      Text("next")
      """
    let source = SourceFile(name: "A.swift", text: text)
    let chain = try #require(ModifierChain.end(of: source, at: 0))
    #expect(source.text(0..<chain.offset).hasSuffix(".tint(.red)"))
    #expect(chain.indentation == "  ")
    #expect(chain.modifiers == ["padding", "tint"])
  }

  @Test func noEditIsOfferedWhenTheViewAlreadyHasTheModifier() throws {
    let text = LSPServerTests.iconMenu.replacingOccurrences(
      of: "    }\n  }\n}", with: "    }\n    .accessibilityLabel(\"\")\n  }\n}")
    let server = LSPServer()
    let (answers, _) = LSPServerTests.session(
      server,
      [
        LSPServerTests.initialize(), LSPServerTests.open(LSPServerTests.swiftURI, text),
        LSPServerTests.request(
          2, "textDocument/codeAction",
          #"{"textDocument":{"uri":"\#(LSPServerTests.swiftURI)"},"range":{"start":{"line":4,"character":4},"end":{"line":4,"character":8}},"context":{"diagnostics":[]}}"#
        ),
      ])
    let findings = server.documents[LSPServerTests.swiftURI]?.findings.map(\.finding.rule) ?? []
    #expect(findings.contains("menu.basic/trigger-name"))
    #expect(answers.last?["result"]?.arrayValue?.isEmpty == true)
  }
}

/// `.precept` documents: where the cursor is, what is under it.
@Suite struct LSPRulesetTests {
  @Test func theScanKnowsStringsCommentsAndRuleBlocks() {
    let text = """
      ruleset a 1.0.0
      let x = {"k": "}"}
      rule r { // {
        message "{x}
      """
    let bytes = Array(text.utf8)
    func at(_ needle: String, _ shift: Int = 0) -> (Bool, Bool, Int, Bool) {
      let offset = text.utf8.count - text[text.range(of: needle)!.lowerBound...].utf8.count + shift
      let scan = LSPServer.scan(bytes, upTo: offset)
      return (scan.inString, scan.inComment, scan.depth, scan.inRuleBlock)
    }
    #expect(at("\"k\"", 2) == (true, false, 1, false))
    #expect(at("rule r") == (false, false, 0, false))
    #expect(at("// {", 3) == (false, true, 1, true))
    #expect(at("message") == (false, false, 1, true))
    #expect(at("{x}", 2) == (true, false, 1, true))
  }

  @Test func theNameUnderTheCursorKeepsItsDottedReceiver() {
    let document = TextDocument(
      uri: "file:///a.precept", languageID: "precept", version: 1, text: "let a(n) = menu.basic.isCommand(n, m)")
    let name = LSPServer.name(at: 25, in: document)
    #expect(name?.receiver == "menu.basic")
    #expect(name?.word == "isCommand")
  }

  @Test func vocabularyDocumentsBuiltinsMacrosAndFields() {
    #expect(Vocabulary.documentation(of: "slot") == ["n.slot(name) → list(node): the nodes of a named view closure"])
    #expect(Vocabulary.documentation(of: "exists").first?.hasPrefix("list.exists(x, predicate)") == true)
    #expect(Vocabulary.documentation(of: "wrapper") == ["field property.wrapper: string"])
    #expect(Vocabulary.documentation(of: "nothing").isEmpty)
  }

  @Test func theOutlineOfARulesetThatDoesNotCheckStillHasItsLets() throws {
    let source = SourceFile(
      name: "a.precept", text: "ruleset a 1.0.0\nimport common ^1.0\nlet x(n) = n.nope\nrule r { on * as n require y }")
    let outline = try #require(RulesetOutline(source))
    #expect(outline.imports.map(\.name) == ["common"])
    #expect(outline.lets.map(\.signature) == ["x(n)"])
    #expect(source.text(outline.lets[0].nameSpan.range) == "x")
    #expect(outline.rules.map(\.id) == ["r"])
  }
}

/// Go to definition into the standard rulesets, in a checkout of precept's sources.
@Suite struct LSPDefinitionTests {
  @Test func aStandardRulesetsLetIsFoundInRulesetsOfACheckout() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let common = try #require(StandardRulesets.library().entries.first { $0.name == "common" })
    let file = try folder.write("Rulesets/common.precept", String(decoding: common.source.bytes, as: UTF8.self))
    let root = TextDocument.uri(ofPath: folder.path)
    let uri = root + "/Rulesets/mine.precept"
    let text = "ruleset mine 1.0.0\nimport common ^1.0\nlet named(n) = common.hasLabel(n)\n"
    let definition = LSPServerTests.request(
      2, "textDocument/definition", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":2,"character":24}}"#)
    let initialize = LSPServerTests.request(1, "initialize", #"{"rootUri":"\#(root)","capabilities":{}}"#)
    var (answers, _) = LSPServerTests.session(
      LSPServer(), [initialize, LSPServerTests.open(uri, text, language: "precept"), definition])
    let found = answers.last?["result"]
    #expect(found?["uri"]?.stringValue == TextDocument.uri(ofPath: URL(fileURLWithPath: file).standardizedFileURL.path))
    let line = try #require(
      common.source.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).firstIndex {
        String(decoding: $0, as: UTF8.self).hasPrefix("let hasLabel(")
      })
    #expect(found?["range"]?["start"]?["line"]?.integerValue == Int64(line))
    // A file that is not the built-in text is not taken for it.
    try folder.write("Rulesets/common.precept", "ruleset common 1.0.0\n")
    (answers, _) = LSPServerTests.session(
      LSPServer(), [initialize, LSPServerTests.open(uri, text, language: "precept"), definition])
    #expect(answers.last?["result"]?.isNull == true)
  }

  @Test func lspTakesNoPositionalArguments() {
    let run = ToolRun(["lsp", "file.swift"])
    #expect(run.status == 2)
    #expect(run.error.contains("unexpected argument 'file.swift'; lsp reads standard input"))
  }
}
