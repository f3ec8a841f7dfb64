import Foundation
import Precept
import Testing

@testable import PreceptTool

/// The JSON-RPC framing and the server's answers, without Python.
@Suite struct MCPFramingTests {
  @Test func framerJoinsALineSplitAcrossChunks() {
    var framer = LineFramer(limit: 100)
    #expect(framer.feed(Array("{\"a\":".utf8)).isEmpty)
    #expect(framer.feed(Array("1}\r\n\n{\"b\"".utf8)) == [.message(Array("{\"a\":1}".utf8))])
    #expect(framer.finish() == [.message(Array("{\"b\"".utf8))])
  }

  @Test func framerDropsAnOversizedLineButKeepsItsStartAndTheNextLine() {
    var framer = LineFramer(limit: 10)
    var lines: [LineFramer.Line] = []
    lines += framer.feed(Array("{\"id\":7,".utf8))
    for _ in 0..<100 { lines += framer.feed(Array(repeating: UInt8(ascii: "x"), count: 1000)) }
    lines += framer.feed(Array("\n{}\n".utf8))
    #expect(lines.count == 2)
    guard case .oversized(let prefix, let length) = lines[0] else {
      Issue.record("expected an oversized line, got \(lines)")
      return
    }
    #expect(length == 100_008)
    #expect(prefix.count <= LineFramer.keptPrefix)
    #expect(JSONRPC.sniffID(prefix[...]) == .integer(7))
    #expect(lines[1] == .message(Array("{}".utf8)))
  }

  @Test func sniffedIDIsTheTopLevelOneNotAnArgumentNamedID() {
    let text = #"{"jsonrpc":"2.0","params":{"id":99,"s":"\"id\":5"},"id":"req-1","method":"x"}"#
    #expect(JSONRPC.sniffID(Array(text.utf8)[...]) == .string("req-1"))
    #expect(JSONRPC.sniffID(Array(#"{"params":{"id":1}"#.utf8)[...]) == .null)
  }

  @Test func decodeTellsRequestsNotificationsAndBadMessagesApart() {
    func decode(_ text: String) -> Result<JSONRPC.Message, JSONRPC.Rejection> {
      JSONRPC.decode(Array(text.utf8))
    }
    guard case .success(.request(let id, "ping", nil)) = decode(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#) else {
      Issue.record("a request")
      return
    }
    #expect(id == .string("a"))
    guard
      case .success(.notification("notifications/initialized", _)) = decode(
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    else {
      Issue.record("a notification")
      return
    }
    for (text, code) in [
      ("{nope", JSONRPC.Code.parseError), ("[1]", .invalidRequest), ("3", .invalidRequest),
      (#"{"id":1,"method":"ping"}"#, .invalidRequest),
      (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, .invalidRequest),
      (#"{"jsonrpc":"2.0","id":1,"method":7}"#, .invalidRequest),
      (#"{"jsonrpc":"2.0","id":1,"method":"ping","params":3}"#, .invalidParams),
    ] {
      guard case .failure(let rejection) = decode(text) else {
        Issue.record("\(text) should be an error")
        continue
      }
      #expect(rejection.failure.code == code, "\(text): \(rejection.failure.message)")
    }
  }

  @Test func responsesAreOneLineOfCompactJSON() {
    let line = JSONRPC.result(id: .integer(1), .object(["text": .string("a\nb")]))
    #expect(line == #"{"jsonrpc":"2.0","id":1,"result":{"text":"a\nb"}}"# + "\n")
  }
}

@Suite struct MCPServerTests {
  static func server(_ rulesetArguments: [String] = []) throws -> MCPServer {
    let arguments = try ParsedArguments(rulesetArguments, options: Command.mcpCommand.options)
    return MCPServer(engine: try Evaluation.engine(arguments).0)
  }

  /// Serves `lines` through the framer in small chunks and returns the answers.
  static func session(_ server: MCPServer, _ lines: [String]) -> [JSON] {
    var input = Array((lines.joined(separator: "\n") + "\n").utf8)[...]
    var output = ""
    server.serve(
      read: {
        let chunk = Array(input.prefix(7))
        input = input.dropFirst(7)
        return chunk
      }, write: { output += $0 })
    return output.split(separator: "\n").map { try! JSON.parse(String($0)) }
  }

  static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
  }

  @Test func everyRequestIsAnsweredInOrderAndNotificationsAreNot() throws {
    let answers = MCPServerTests.session(
      try MCPServerTests.server(),
      [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, "not json",
        #"{"jsonrpc":"2.0","id":2,"method":"resources/lists"}"#, #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#,
      ])
    #expect(answers.count == 4)
    #expect(answers[0]["result"]?["protocolVersion"]?.stringValue == "2025-06-18")
    #expect(answers[1]["error"]?["code"]?.integerValue == -32700)
    #expect(answers[1]["id"]?.isNull == true)
    #expect(answers[2]["error"]?["code"]?.integerValue == -32601)
    #expect(answers[2]["error"]?["message"]?.stringValue?.contains("did you mean 'resources/list'?") == true)
    #expect(answers[3]["id"]?.integerValue == 3)
  }

  @Test func anUnknownProtocolVersionIsAnsweredWithTheNewest() throws {
    let answers = MCPServerTests.session(
      try MCPServerTests.server(),
      [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1999-01-01"}}"#])
    #expect(answers[0]["result"]?["protocolVersion"]?.stringValue == MCPServer.protocolVersions.last)
  }

  @Test func anOversizedMessageIsAnsweredWithItsIDAndTheNextIsServed() throws {
    let huge = MCPServerTests.call(
      5, "lint_swift", "{\"code\":\"" + String(repeating: "x", count: MCPServer.maximumMessageSize) + "\"}")
    let answers = MCPServerTests.session(
      try MCPServerTests.server(), [huge, #"{"jsonrpc":"2.0","id":6,"method":"ping"}"#])
    #expect(answers.count == 2)
    #expect(answers[0]["id"]?.integerValue == 5)
    #expect(answers[0]["error"]?["code"]?.integerValue == -32600)
    #expect(answers[1]["id"]?.integerValue == 6)
  }

  @Test func badToolArgumentsAreToolErrorsAndAnUnknownToolIsAProtocolError() throws {
    let answers = MCPServerTests.session(
      try MCPServerTests.server(),
      [
        MCPServerTests.call(1, "get_card", #"{"component":"menu.basics"}"#),
        MCPServerTests.call(2, "get_card", #"{}"#), MCPServerTests.call(3, "get_cards", #"{}"#),
        MCPServerTests.call(4, "explain_rule", #"{"rule":"menu.basic/trigger-nam","code":"Text(\"a\")"}"#),
        MCPServerTests.call(5, "check_view_model", #"{"model":"{\"root\": 3}"}"#),
        #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"arguments":{}}}"#,
      ])
    func text(_ answer: JSON) -> String { answer["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? "" }
    #expect(answers[0]["result"]?["isError"]?.boolValue == true)
    #expect(text(answers[0]).contains("did you mean 'menu.basic'?"))
    #expect(text(answers[1]).contains("missing argument 'component'"))
    #expect(answers[2]["error"]?["code"]?.integerValue == -32602)
    #expect(answers[2]["error"]?["message"]?.stringValue?.contains("did you mean 'get_card'?") == true)
    #expect(text(answers[3]).contains("did you mean 'menu.basic/trigger-name'?"))
    #expect(answers[4]["result"]?["isError"]?.boolValue == true)
    #expect(text(answers[4]).contains("<model>:1:"), "\(text(answers[4]))")
    #expect(answers[5]["error"]?["code"]?.integerValue == -32602)
  }

  @Test func lintFindsWhatLintFindsWithHelpAndFix() throws {
    let code = #"Menu { Button(\"Rename\") { } } label: { Image(systemName: \"ellipsis\") }"#
    let answers = MCPServerTests.session(
      try MCPServerTests.server(), [MCPServerTests.call(1, "lint_swift", #"{"code":"\#(code)","file":"A.swift"}"#)])
    let result = try #require(answers[0]["result"])
    #expect(result["isError"]?.boolValue == false)
    let findings = try #require(result["structuredContent"]?["findings"]?.arrayValue)
    let trigger = try #require(findings.first { $0["rule"]?.stringValue == "menu.basic/trigger-name" })
    // The fix as an edit an agent can apply: after the Menu's closing brace.
    let replacement = try #require(trigger["edit"]?["replacements"]?.arrayValue?.first)
    #expect(
      replacement["column"]?.integerValue == 71
        && replacement["text"]?.stringValue == "\n    .accessibilityLabel(\"More\")")
    let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(text.contains("A.swift:1:1: error:"))
    #expect(text.contains("  why: ") && text.contains("  help: ") && text.contains("  fix: "))
  }

  @Test func lintLinksTheViewsTheCodeDeclares() throws {
    let icon = #"struct AppIcon: View { var body: some View { Image(systemName: \"xmark\") } }"#
    let bar = #"struct Bar: View { var body: some View { Button { close() } label: { AppIcon() } } }"#
    let answers = MCPServerTests.session(
      try MCPServerTests.server(),
      [MCPServerTests.call(1, "lint_swift", #"{"code":"\#(icon)\n\#(bar)","file":"Bar.swift"}"#)])
    let findings = try #require(answers[0]["result"]?["structuredContent"]?["findings"]?.arrayValue)
    #expect(
      findings.map { "\($0["rule"]?.stringValue ?? ""):\($0["line"]?.integerValue ?? 0)" }
        == ["button.basic/accessible-name:2"], "\(findings)")
  }

  @Test func rulesetOptionChoosesTheComponentsTheServerOffers() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("demo.precept", demoMenuRuleset)
    let server = try MCPServerTests.server(["--ruleset", path])
    let answers = MCPServerTests.session(
      server,
      [
        #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"precept://cards/demo"}}"#,
        MCPServerTests.call(3, "lint_swift", #"{"code":"Menu(\"x\") { Button(\"a\") { } }"}"#),
      ])
    let uris = answers[0]["result"]?["resources"]?.arrayValue?.compactMap { $0["uri"]?.stringValue }
    #expect(uris == ["precept://cards/demo"])
    #expect(answers[1]["result"]?["contents"]?.arrayValue?.first?["text"]?.stringValue?.hasPrefix("# demo") == true)
    let rules = answers[2]["result"]?["structuredContent"]?["findings"]?.arrayValue?.compactMap {
      $0["rule"]?.stringValue
    }
    #expect(rules?.allSatisfy { $0.hasPrefix("demo/") } == true)
  }
}

/// The built `precept mcp` as a subprocess, without the SDK: what reaches standard output and
/// how it ends.
@Suite struct MCPCommandTests {
  @Test func standardOutputCarriesOnlyProtocolMessagesAndEndOfInputExitsZero() throws {
    let input = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#,
      "garbage", MCPServerTests.call(2, "lint_swift", #"{"code":"Menu {"}"#),
      MCPServerTests.call(3, "list_components", "{}"),
    ].joined(separator: "\n")  // the last line has no newline: it is still read
    let run = try Products.run("precept", ["mcp"], input: input)
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    let answers = try lines.dropLast().map { try JSON.parse(String($0)) }
    #expect(answers.map { $0["id"]?.integerValue } == [1, nil, 2, 3])
    #expect(answers[2]["result"]?["isError"]?.boolValue == true)
    #expect(run.error.contains("precept mcp: parse error"))
  }

  @Test func aRulesetThatDoesNotCompileStopsTheServerBeforeItServes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("broken.precept", "ruleset broken 1.0.0\nrule r {\n")
    let run = try Products.run("precept", ["mcp", "--ruleset", path], input: "")
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.contains("broken.precept:"))
  }

  @Test func theProjectConfigurationChoosesTheRulesetsAsForLint() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("rules/demo.precept", demoMenuRuleset)
    let config = try folder.write("precept.json", #"{"precept": 1, "standard": false, "paths": ["rules"]}"#)
    let run = try Products.run(
      "precept", ["mcp", "--config", config], input: #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#)
    #expect(run.status == 0, "\(run.error)")
    let uris = try JSON.parse(run.output)["result"]?["resources"]?.arrayValue?.compactMap { $0["uri"]?.stringValue }
    #expect(uris == ["precept://cards/demo"])
  }
}

@Suite struct MCPExplainTests {
  @Test func explainShowsAtMostFiftyNodesAndSaysHowManyMore() throws {
    let buttons = (0..<60).map { #"Button(\"Item \#($0)\") { }"# }.joined(separator: "\\n")
    let code = #"Menu {\n\#(buttons)\n} label: { Image(systemName: \"ellipsis\") }"#
    let answers = MCPServerTests.session(
      try MCPServerTests.server(),
      [
        MCPServerTests.call(1, "explain_rule", #"{"rule":"menu.basic/command-label","code":"\#(code)"}"#),
        MCPServerTests.call(2, "explain_rule", #"{"rule":"menu.basic/command-label","code":"\#(code)","line":3}"#),
      ])
    let all = try #require(answers[0]["result"]?["structuredContent"])
    #expect(all["nodesVisited"]?.integerValue == 60)
    #expect(all["nodes"]?.arrayValue?.count == MCPTools.maximumExplainedNodes)
    let text = answers[0]["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(text.contains("… and 10 more nodes; give 'line'"))
    let one = try #require(answers[1]["result"]?["structuredContent"]?["nodes"]?.arrayValue)
    #expect(one.count == 1)
    #expect(one.first?["node"]?["line"]?.integerValue == 3)
    #expect(one.first?["outcome"]?.stringValue == "passed")
  }
}
