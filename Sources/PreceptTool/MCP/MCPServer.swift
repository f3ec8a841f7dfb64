import Precept

/// A Model Context Protocol server: the cards and the checks of the loaded rulesets, for
/// agents that write SwiftUI code. It answers one message at a time; `serve` reads them from a
/// stream (the `precept mcp` command's standard input).
///
/// Every bad message gets an answer — a JSON-RPC error, or a tool result with `isError` — and
/// the server goes on reading: nothing a client sends ends it but the end of its input.
final class MCPServer {
  /// The protocol revisions the server speaks, oldest first: it answers `initialize` with the
  /// client's revision when it is one of these, else with the newest.
  static let protocolVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
  /// The most bytes one message may have (a longer one is answered with an error and dropped).
  static let maximumMessageSize = 8 * 1024 * 1024
  /// The most UTF-8 bytes of Swift code or view-model JSON one tool call may carry.
  static let maximumInputSize = 1024 * 1024

  let tools: MCPTools
  /// Where log lines go (standard error); never the protocol stream.
  private let log: (String) -> Void
  private(set) var negotiatedVersion: String?

  init(engine: Engine, log: @escaping (String) -> Void = { _ in }) {
    self.tools = MCPTools(engine: engine)
    self.log = log
  }

  /// Reads messages until `read` returns an empty chunk (end of input) and writes every answer
  /// with `write`, one line each.
  func serve(read: () -> [UInt8], write: (String) -> Void) {
    var framer = LineFramer(limit: MCPServer.maximumMessageSize)
    while true {
      let chunk = read()
      let lines = chunk.isEmpty ? framer.finish() : framer.feed(chunk)
      for line in lines {
        if let answer = handle(line) { write(answer) }
      }
      if chunk.isEmpty { return }
    }
  }

  /// The answer to one framed line, or nil (a notification, a response).
  func handle(_ line: LineFramer.Line) -> String? {
    switch line {
    case .oversized(let prefix, let length):
      log("precept mcp: dropped a message of \(length) bytes (the limit is \(MCPServer.maximumMessageSize))")
      return JSONRPC.error(
        id: JSONRPC.sniffID(prefix[...]),
        JSONRPC.Failure(
          .invalidRequest,
          "invalid request: the message is \(length) bytes, over the limit of \(MCPServer.maximumMessageSize) bytes "
            + "per message; code and view models may be up to \(MCPServer.maximumInputSize) bytes",
          data: .object(["limit": .integer(MCPServer.maximumMessageSize), "length": .integer(length)])))
    case .message(let bytes):
      return handle(message: bytes)
    }
  }

  /// The answer to one message's bytes, or nil when none is due.
  func handle(message bytes: [UInt8]) -> String? {
    switch JSONRPC.decode(bytes) {
    case .failure(let rejection):
      log("precept mcp: \(rejection.failure.message)")
      return JSONRPC.error(id: rejection.id, rejection.failure)
    case .success(.response), .success(.notification):
      // notifications/initialized, notifications/cancelled (requests are answered before
      // the next message is read, so there is nothing to cancel) and any other.
      return nil
    case .success(.request(let id, let method, let params)):
      do throws(JSONRPC.Failure) {
        return JSONRPC.result(id: id, try respond(method, params ?? .object([])))
      } catch {
        return JSONRPC.error(id: id, error)
      }
    }
  }

  private func respond(_ method: String, _ params: JSON) throws(JSONRPC.Failure) -> JSON {
    switch method {
    case "initialize": return initialize(params)
    case "ping": return .object([])
    case "tools/list": return .object(["tools": .array(tools.definitions)])
    case "tools/call": return try tools.call(params)
    case "resources/list": return .object(["resources": .array(tools.resources)])
    case "resources/templates/list": return .object(["resourceTemplates": .array([])])
    case "resources/read": return try tools.readResource(params)
    default:
      let known = [
        "initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/templates/list",
        "resources/read",
      ]
      let suggestion = Spelling.closest(method, in: known).map { "; did you mean '\($0)'?" } ?? ""
      throw JSONRPC.Failure(.methodNotFound, "method not found: '\(method)'\(suggestion)")
    }
  }

  private func initialize(_ params: JSON) -> JSON {
    let requested = params["protocolVersion"]?.stringValue
    let version =
      requested.flatMap { MCPServer.protocolVersions.contains($0) ? $0 : nil } ?? MCPServer.protocolVersions.last!
    negotiatedVersion = version
    return .object([
      "protocolVersion": .string(version),
      "capabilities": .object([
        "tools": .object(["listChanged": .bool(false)]),
        "resources": .object(["subscribe": .bool(false), "listChanged": .bool(false)]),
      ]),
      "serverInfo": .object([
        "name": .string("precept"), "title": .string("Precept"), "version": .string(PreceptTool.version),
      ]),
      "instructions": .string(
        """
        Accessibility rules for SwiftUI components. Before writing a component, call \
        list_components and pick one by its selection criteria, then get_card for its must \
        haves and golden pattern. After writing SwiftUI code, call lint_swift and fix every \
        finding (each has an explanation, help and a fix); explain_rule shows why a rule \
        decided as it did on your code.
        """),
    ])
  }
}
