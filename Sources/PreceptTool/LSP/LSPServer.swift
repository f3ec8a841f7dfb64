import Foundation
import Precept
import PreceptDistribution

/// A Language Server Protocol server: `precept lint`'s findings in the editor as Swift files are
/// edited, and a ruleset author's diagnostics, completion, hover and definitions as `.precept`
/// files are. It reads one message at a time; `serve` reads them from a stream (the `precept
/// lsp` command's standard input).
///
/// The project (rulesets, `precept.json`, the lock file) is loaded once, at `initialize`, and
/// again only when `precept.json` or the lock file is saved; a change to one document checks
/// that document alone. Every bad message gets an error response (or, for a notification, a
/// line on standard error) and the server goes on: only `exit` or the end of its input ends it.
final class LSPServer {
  /// The most bytes one message may have (a longer one is answered with an error and dropped).
  static let maximumMessageSize = 16 * 1024 * 1024
  /// The most UTF-8 bytes of a document the server checks; a larger one gets one error
  /// diagnostic saying so.
  static let maximumDocumentSize = 4 * 1024 * 1024
  static let describeCommand = "precept.describe"

  /// What the command line chose: `--ruleset` paths, `--config`, `--platform`.
  struct Options {
    var rulesetPaths: [String] = []
    var configPath: String?
    var platforms: PlatformSet?
  }

  enum Phase: Equatable {
    case uninitialized, running, shutDown
  }

  let options: Options
  private(set) var phase = Phase.uninitialized
  /// Set by `exit`: 0 after `shutdown`, 1 without.
  private(set) var exitCode: Int32?
  private(set) var project: LSPProject?
  /// Whether the client asked for needs-review items (`initializationOptions.needsReview`).
  private(set) var showsNeedsReview = false
  private(set) var root: String?
  var documents: [String: OpenDocument] = [:]
  /// The workspace folder's Swift files, linked with the open documents (nil until a Swift
  /// document is checked without a project that loaded).
  var workspace: LSPWorkspace?
  /// The project's last lint, which every open Swift document's diagnostics come from.
  var lastLint:
    (
      report: Report, inputErrors: [Diagnostic], linked: [String: Evaluation.LinkedResult], read: [Evaluation.ReadSwift]
    )?
  /// How many times the project was loaded, and each document checked (for the tests that
  /// show a change re-checks one document only).
  private(set) var projectLoads = 0
  private(set) var checks: [String: Int] = [:]
  /// Outlines of the library's rulesets, by name, parsed when first asked for.
  var outlines: [String: RulesetOutline] = [:]
  /// Where log lines go (standard error); never the protocol stream.
  private let log: (String) -> Void

  init(options: Options = Options(), log: @escaping (String) -> Void = { _ in }) {
    self.options = options
    self.log = log
  }

  /// An open document and what the last check found in it.
  struct OpenDocument {
    var text: TextDocument
    /// The findings of a Swift document, with the ranges they were published with.
    var findings: [(finding: Finding, lower: Int, upper: Int)] = []
    /// A `.precept` document's last outline and compiled ruleset.
    var outline: RulesetOutline?
    var ruleset: Ruleset?
    /// The diagnostics last published for it.
    var published: [JSON]?
  }

  // MARK: Serving

  /// Reads messages until `exit` or the end of input, writes every answer with `write`, and
  /// returns the exit status (0 after `shutdown`, 1 without).
  func serve(read: () -> [UInt8], write: ([UInt8]) -> Void) -> Int32 {
    var framer = ContentLengthFramer(limit: LSPServer.maximumMessageSize)
    while exitCode == nil {
      let chunk = read()
      if chunk.isEmpty {
        if let problem = framer.finish() { log("precept lsp: \(problem)") }
        return phase == .shutDown ? 0 : 1
      }
      for frame in framer.feed(chunk) {
        for message in handle(frame) { write(LSPServer.framed(message)) }
        if exitCode != nil { break }
      }
    }
    return exitCode ?? 1
  }

  /// A message with its header.
  static func framed(_ message: JSON) -> [UInt8] {
    let body = Array(message.serialized(pretty: false).utf8)
    return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  /// The messages to send for one frame: a response, notifications, or nothing.
  func handle(_ frame: ContentLengthFramer.Frame) -> [JSON] {
    switch frame {
    case .message(let bytes):
      return handle(message: bytes)
    case .badHeader(let reason):
      log("precept lsp: \(reason)")
      return [LSPServer.error(id: .null, JSONRPC.Failure(.parseError, "parse error: \(reason)"))]
    case .rejected(let reason, let prefix):
      log("precept lsp: \(reason)")
      return [
        LSPServer.error(
          id: JSONRPC.sniffID(prefix[...]), JSONRPC.Failure(.invalidRequest, "invalid request: \(reason)"))
      ]
    case .oversized(let prefix, let length):
      log("precept lsp: dropped a message of \(length) bytes (the limit is \(LSPServer.maximumMessageSize))")
      let message =
        "invalid request: the message is \(length) bytes, over the limit of \(LSPServer.maximumMessageSize) bytes "
        + "per message; documents may be up to \(LSPServer.maximumDocumentSize) bytes"
      var answers = [
        LSPServer.error(
          id: JSONRPC.sniffID(prefix[...]),
          JSONRPC.Failure(
            .invalidRequest, message,
            data: .object(["limit": .integer(Int64(LSPServer.maximumMessageSize)), "length": .integer(Int64(length))])))
      ]
      // A document too large to receive still says which document it is: it gets a diagnostic.
      if phase == .running, let uri = LSPServer.sniffURI(prefix) {
        // Its text is no longer what the editor holds: it is not served until opened again.
        documents[uri] = nil
        answers.append(
          LSPServer.publish(
            uri: uri, version: nil,
            [
              LSPServer.sizeDiagnostic(
                length, what: "message carrying the document", limit: LSPServer.maximumMessageSize)
            ]
          ))
      }
      return answers
    }
  }

  /// The messages to send for one message's bytes.
  func handle(message bytes: [UInt8]) -> [JSON] {
    switch JSONRPC.decode(bytes, framing: "send one message at a time") {
    case .failure(let rejection):
      log("precept lsp: \(rejection.failure.message)")
      // A body that does not parse (invalid UTF-8 in a string) may still name its request.
      let id =
        rejection.id == .null && rejection.failure.code == .parseError
        ? JSONRPC.sniffID(bytes.prefix(ContentLengthFramer.keptPrefix)) : rejection.id
      return [LSPServer.error(id: id, rejection.failure)]
    case .success(.response):
      return []  // the server sends no requests
    case .success(.notification(let method, let params)):
      do throws(JSONRPC.Failure) {
        return try notify(method, params ?? .object([]))
      } catch {
        log("precept lsp: \(method): \(error.message)")
        return []
      }
    case .success(.request(let id, let method, let params)):
      do throws(JSONRPC.Failure) {
        var out: [JSON] = []
        let result = try respond(method, params ?? .object([]), then: &out)
        return [.object(["jsonrpc": .string("2.0"), "id": id, "result": result])] + out
      } catch {
        return [LSPServer.error(id: id, error)]
      }
    }
  }

  static func error(id: JSON, _ failure: JSONRPC.Failure) -> JSON {
    var error: [JSON.Member] = [
      JSON.Member("code", .integer(failure.code.rawValue)), JSON.Member("message", .string(failure.message)),
    ]
    if let data = failure.data { error.append(JSON.Member("data", data)) }
    return .object(["jsonrpc": .string("2.0"), "id": id, "error": .object(error)])
  }

  static func notification(_ method: String, _ params: JSON) -> JSON {
    .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
  }

  static func publish(uri: String, version: Int64?, _ diagnostics: [JSON]) -> JSON {
    var params: [JSON.Member] = [JSON.Member("uri", .string(uri))]
    if let version { params.append(JSON.Member("version", .integer(version))) }
    params.append(JSON.Member("diagnostics", .array(diagnostics)))
    return notification("textDocument/publishDiagnostics", .object(params))
  }

  static let knownRequests = [
    "initialize", "shutdown", "textDocument/hover", "textDocument/codeAction", "textDocument/completion",
    "textDocument/definition", "workspace/executeCommand",
  ]

  private func respond(_ method: String, _ params: JSON, then out: inout [JSON]) throws(JSONRPC.Failure) -> JSON {
    switch phase {
    case .uninitialized where method != "initialize":
      throw JSONRPC.Failure(.serverNotInitialized, "server not initialized: send 'initialize' before '\(method)'")
    case .running where method == "initialize", .shutDown where method == "initialize":
      throw JSONRPC.Failure(.invalidRequest, "invalid request: the server is already initialized")
    case .shutDown:
      throw JSONRPC.Failure(.invalidRequest, "invalid request: the server is shut down; only 'exit' is accepted")
    default:
      break
    }
    switch method {
    case "initialize": return initialize(params, then: &out)
    case "shutdown":
      phase = .shutDown
      return .null
    case "textDocument/hover":
      guard let (open, offset) = documentAndOffset(params) else { return .null }
      switch open.text.kind {
      case .swift: return swiftHover(open, offset)
      case .precept: return preceptHover(open, offset)
      case .other: return .null
      }
    case "textDocument/codeAction": return codeActions(params)
    case "textDocument/completion": return completion(params)
    case "textDocument/definition": return definition(params)
    case "workspace/executeCommand": return try executeCommand(params)
    default:
      let suggestion = Spelling.closest(method, in: LSPServer.knownRequests).map { "; did you mean '\($0)'?" } ?? ""
      throw JSONRPC.Failure(.methodNotFound, "method not found: '\(method)'\(suggestion)")
    }
  }

  private func notify(_ method: String, _ params: JSON) throws(JSONRPC.Failure) -> [JSON] {
    if method == "exit" {
      exitCode = phase == .shutDown ? 0 : 1
      return []
    }
    // Before initialize and after shutdown, notifications are dropped (the protocol says so).
    guard phase == .running else { return [] }
    switch method {
    case "initialized": return project?.loadMessage.map { [LSPServer.showMessage($0)] } ?? []
    case "textDocument/didOpen":
      guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue
      else {
        throw JSONRPC.Failure(.invalidParams, "didOpen needs textDocument.uri and textDocument.text, strings")
      }
      let document = TextDocument(
        uri: uri, languageID: item["languageId"]?.stringValue ?? "", version: item["version"]?.integerValue ?? 0,
        text: text)
      documents[uri] = OpenDocument(text: document)
      return check(uri)
    case "textDocument/didChange":
      let uri = try documentURI(params)
      guard var open = documents[uri] else {
        throw JSONRPC.Failure(.invalidParams, "didChange of '\(uri)', which is not open")
      }
      guard let changes = params["contentChanges"]?.arrayValue else {
        throw JSONRPC.Failure(.invalidParams, "didChange needs contentChanges, an array")
      }
      try open.text.apply(changes)
      if let version = params["textDocument"]?["version"]?.integerValue { open.text.version = version }
      documents[uri] = open
      return check(uri)
    case "textDocument/didSave":
      let uri = try documentURI(params)
      if let text = params["text"]?.stringValue, var open = documents[uri] {
        open.text = TextDocument(uri: uri, languageID: open.text.languageID, version: open.text.version, text: text)
        documents[uri] = open
      }
      if LSPServer.isProjectFile(TextDocument.path(of: uri)) { return reloadProject() }
      return documents[uri] == nil ? [] : check(uri)
    case "textDocument/didClose":
      let uri = try documentURI(params)
      let closed = documents.removeValue(forKey: uri)
      // The findings of a closed file are no longer shown.
      var out = [LSPServer.publish(uri: uri, version: nil, [])]
      if closed?.text.kind == .swift, workspace != nil {
        // Its file on disk counts again in the project: the other documents may see it changed.
        workspace!.close(TextDocument.path(of: uri))
        lastLint = nil
        out += republishSwift(except: uri, relinkFirst: true)
      }
      return out
    case "workspace/didChangeWatchedFiles":
      let changed = (params["changes"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }
      return changed.contains { LSPServer.isProjectFile(TextDocument.path(of: $0)) } ? reloadProject() : []
    default:
      // $/cancelRequest (each request is answered before the next is read), $/setTrace,
      // workspace/didChangeConfiguration and the rest.
      return []
    }
  }

  private func documentURI(_ params: JSON) throws(JSONRPC.Failure) -> String {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "invalid params: needs textDocument.uri, a string")
    }
    return uri
  }

  /// The open document and the byte offset of the request's position, or nil.
  func documentAndOffset(_ params: JSON) -> (OpenDocument, Int)? {
    guard let uri = params["textDocument"]?["uri"]?.stringValue, let open = documents[uri],
      let position = params["position"].flatMap(TextDocument.position)
    else { return nil }
    return (open, open.text.offset(line: position.line, character: position.character))
  }

  // MARK: Lifecycle

  private func initialize(_ params: JSON, then out: inout [JSON]) -> JSON {
    if let folders = params["workspaceFolders"]?.arrayValue, let uri = folders.first?["uri"]?.stringValue {
      root = TextDocument.path(of: uri)
    } else if let uri = params["rootUri"]?.stringValue {
      root = TextDocument.path(of: uri)
    } else if let path = params["rootPath"]?.stringValue {
      root = path
    }
    showsNeedsReview = params["initializationOptions"]?["needsReview"]?.boolValue ?? false
    project = LSPProject.load(options, root: root)
    projectLoads += 1
    loadWorkspace()
    phase = .running
    out += project?.configurationDiagnostics ?? []
    return .object([
      "capabilities": .object([
        "positionEncoding": .string("utf-16"),
        "textDocumentSync": .object([
          "openClose": .bool(true), "change": .integer(2), "save": .object(["includeText": .bool(false)]),
        ]),
        "hoverProvider": .bool(true),
        "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
        "completionProvider": .object([
          "triggerCharacters": .array([".", "/", " "].map { .string($0) }), "resolveProvider": .bool(false),
        ]),
        "definitionProvider": .bool(true),
        "executeCommandProvider": .object(["commands": .array([.string(LSPServer.describeCommand)])]),
      ]),
      "serverInfo": .object(["name": .string("precept"), "version": .string(PreceptTool.version)]),
    ])
  }

  /// Reads the workspace folder's Swift files, once per project load; the open documents
  /// join it as they are checked.
  private func loadWorkspace() {
    lastLint = nil
    guard let project, project.engine != nil else {
      workspace = nil
      return
    }
    workspace = LSPWorkspace(root: root, configuration: project.configuration, platforms: project.platforms)
  }

  /// `precept.json` and the lock file: saving one reloads the project.
  static func isProjectFile(_ path: String) -> Bool {
    let name = (path as NSString).lastPathComponent
    return name == ProjectConfiguration.fileName || name == LockFile.fileName
  }

  /// Loads the project again and checks every open document against it.
  private func reloadProject() -> [JSON] {
    project = LSPProject.load(options, root: root)
    outlines = [:]
    projectLoads += 1
    loadWorkspace()
    var out = project?.configurationDiagnostics ?? []
    if let message = project?.loadMessage { out.append(LSPServer.showMessage(message)) }
    for uri in documents.keys.sorted() { out += check(uri) }
    return out
  }

  static func showMessage(_ text: String) -> JSON {
    notification("window/showMessage", .object(["type": .integer(1), "message": .string(text)]))
  }

  // MARK: Checking

  /// Checks one open document and returns its diagnostics to publish.
  private func check(_ uri: String) -> [JSON] {
    // Other documents (plain text a generic client sends too) are held but never published on.
    guard var open = documents[uri], open.text.kind != .other else { return [] }
    checks[uri, default: 0] += 1
    let diagnostics: [JSON]
    if open.text.source.bytes.count > LSPServer.maximumDocumentSize {
      open.findings = []
      diagnostics = [
        LSPServer.sizeDiagnostic(open.text.source.bytes.count, what: "document", limit: LSPServer.maximumDocumentSize)
      ]
    } else {
      switch open.text.kind {
      case .swift:
        diagnostics = lintSwift(&open)
        open.published = diagnostics
      case .precept: diagnostics = compilePrecept(&open)
      case .other: diagnostics = []
      }
    }
    documents[uri] = open
    var out = [LSPServer.publish(uri: uri, version: open.text.version, diagnostics)]
    // A change to one Swift file may move the findings of the others (a view declared in it
    // and used there): those whose diagnostics changed are published again.
    if open.text.kind == .swift { out += republishSwift(except: uri, relinkFirst: false) }
    return out
  }

  /// Publishes again the open Swift documents (but `uri`) whose diagnostics the project's
  /// last lint changed; `relinkFirst` lints the project again first.
  private func republishSwift(except uri: String, relinkFirst: Bool) -> [JSON] {
    var out: [JSON] = []
    var relink = relinkFirst
    for other in documents.keys.sorted() where other != uri {
      guard var open = documents[other], open.text.kind == .swift,
        open.text.source.bytes.count <= LSPServer.maximumDocumentSize
      else { continue }
      let diagnostics = lintSwift(&open, relink: relink)
      relink = false
      if diagnostics != open.published {
        open.published = diagnostics
        out.append(LSPServer.publish(uri: other, version: open.text.version, diagnostics))
      }
      documents[other] = open
    }
    return out
  }

  static func sizeDiagnostic(_ size: Int, what: String, limit: Int) -> JSON {
    .object([
      "range": .object([
        "start": .object(["line": .integer(0), "character": .integer(0)]),
        "end": .object(["line": .integer(0), "character": .integer(0)]),
      ]),
      "severity": .integer(1), "source": .string("precept"), "code": .string("document-too-large"),
      "message": .string(
        "the \(what) is \(size) bytes, over the limit of \(limit) bytes: precept lsp does not check it "
          + "(precept lint checks files up to \(SourceFile.maximumFileSize) bytes)"),
    ])
  }

  /// The `uri` of the `textDocument` in the first bytes of an oversized didOpen or didChange.
  static func sniffURI(_ prefix: [UInt8]) -> String? {
    let text = String(decoding: prefix.prefix(16 * 1024), as: UTF8.self)
    guard text.contains("\"textDocument/didOpen\"") || text.contains("\"textDocument/didChange\""),
      let key = text.range(of: "\"uri\"")
    else { return nil }
    var rest = text[key.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\t" }
    guard rest.first == "\"" else { return nil }
    rest = rest.dropFirst()
    guard let end = rest.firstIndex(of: "\""), !rest[..<end].contains("\\") else { return nil }
    let uri = String(rest[..<end])
    return uri.count <= 4096 ? uri : nil
  }

  static func diagnostic(
    _ document: TextDocument, lower: Int, upper: Int, severity: Int, message: String, code: String? = nil,
    href: String? = nil, data: JSON? = nil
  ) -> JSON {
    var members: [JSON.Member] = [
      JSON.Member("range", document.range(lower, upper)), JSON.Member("severity", .integer(Int64(severity))),
      JSON.Member("source", .string("precept")),
    ]
    if let code { members.append(JSON.Member("code", .string(code))) }
    if let href { members.append(JSON.Member("codeDescription", .object(["href": .string(href)]))) }
    members.append(JSON.Member("message", .string(message)))
    if let data { members.append(JSON.Member("data", data)) }
    return .object(members)
  }

  /// A Precept diagnostic (a reader or compiler error) in this document, or at its start when
  /// it is about another file.
  static func diagnostic(_ diagnostic: Diagnostic, in document: TextDocument) -> JSON {
    let severity =
      switch diagnostic.severity {
      case .error: 1
      case .warning: 2
      case .note: 3
      }
    var message = diagnostic.message
    if let help = diagnostic.help { message += "\nhelp: \(help)" }
    for note in diagnostic.notes { message += "\nnote: \(note)" }
    guard diagnostic.file == document.source.name else {
      return LSPServer.diagnostic(
        document, lower: 0, upper: 0, severity: severity,
        message: "\(diagnostic.file):\(diagnostic.location.line):\(diagnostic.location.column): \(message)")
    }
    let (lower, upper) = document.range(
      line: diagnostic.location.line, column: diagnostic.location.column, length: diagnostic.length)
    return LSPServer.diagnostic(document, lower: lower, upper: upper, severity: severity, message: message)
  }

  // MARK: Commands

  private func executeCommand(_ params: JSON) throws(JSONRPC.Failure) -> JSON {
    guard let command = params["command"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "invalid params: executeCommand needs \"command\", a string")
    }
    guard command == LSPServer.describeCommand else {
      throw JSONRPC.Failure(
        .invalidParams, "unknown command '\(command)'; the server's command is \(LSPServer.describeCommand)")
    }
    guard let argument = params["arguments"]?.arrayValue?.first?.stringValue else {
      throw JSONRPC.Failure(
        .invalidParams,
        "\(LSPServer.describeCommand) takes one argument: a .precept document's URI or a ruleset's name (menu.basic)")
    }
    return .string(try describe(argument))
  }
}
