import Foundation
import Precept
import Testing

@testable import PreceptTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The playground's answers, in process: what the page is served, which requests are refused,
/// and what an evaluation returns for good and broken input.
@Suite struct PlaygroundServiceTests {
  let service = PlaygroundService(port: 4321, examples: [])

  func request(
    _ method: String, _ path: String, body: String = "", headers: [String: String] = [:]
  ) -> LocalHTTPServer.Response {
    var all = ["host": "127.0.0.1:4321"]
    if method == "POST" { all["content-type"] = "application/json" }
    all.merge(headers) { $1 }
    return service.handle(LocalHTTPServer.Request(method: method, path: path, headers: all, body: Array(body.utf8)))
  }

  func evaluate(_ ruleset: String, _ code: String, language: String = "swift") throws -> JSON {
    let body = JSON.object(["ruleset": .string(ruleset), "code": .string(code), "language": .string(language)])
    let response = request("POST", "/api/evaluate", body: body.serialized(pretty: false))
    #expect(response.status == 200)
    return try JSON.parse(String(decoding: response.body, as: UTF8.self))
  }

  @Test func thePageLoadsOnlyItsOwnScriptAndStyle() {
    let page = request("GET", "/")
    #expect(page.status == 200)
    let policy = page.headers.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
    #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
    let html = String(decoding: page.body, as: UTF8.self)
    #expect(html.contains("<script src=\"/playground.js\" defer></script>"))
    #expect(!html.contains("http://") && !html.contains("https://"), "the page refers to the network")
    #expect(request("GET", "/playground.js").status == 200)
    #expect(request("GET", "/playground.css").status == 200)
    // The script writes what it shows as text, never as markup.
    let script = String(decoding: request("GET", "/playground.js").body, as: UTF8.self)
    #expect(!script.contains("innerHTML") && !script.contains("insertAdjacentHTML"))
  }

  @Test func requestsFromElsewhereAreRefused() {
    #expect(request("GET", "/", headers: ["host": "evil.example"]).status == 421)
    #expect(request("GET", "/", headers: ["host": "127.0.0.1:9999"]).status == 421)
    #expect(request("POST", "/api/evaluate", body: "{}", headers: ["origin": "http://evil.example"]).status == 403)
    #expect(request("GET", "/api/examples", headers: ["sec-fetch-site": "cross-site"]).status == 403)
    #expect(request("GET", "/api/examples", headers: ["origin": "http://localhost:4321"]).status == 200)
    #expect(request("POST", "/api/evaluate", body: "{}", headers: ["content-type": "text/plain"]).status == 415)
    #expect(request("DELETE", "/api/evaluate").status == 405)
    #expect(request("GET", "/api/evaluate").status == 405)
    #expect(request("GET", "/../../etc/passwd").status == 404)
  }

  @Test func aRequestThatIsNotOneIsABadRequestNamingWhy() {
    let cases: [(String, String)] = [
      ("not json", "the request is not JSON"), ("[1]", "must be a JSON object"),
      ("{\"code\": \"\"}", "missing 'ruleset'"), ("{\"ruleset\": 1, \"code\": \"\"}", "'ruleset' must be a string"),
      ("{\"ruleset\": \"\", \"code\": \"\", \"language\": \"kotlin\"}", "'language' must be"),
    ]
    for (body, reason) in cases {
      let response = request("POST", "/api/evaluate", body: body)
      #expect(response.status == 400)
      #expect(String(decoding: response.body, as: UTF8.self).contains(reason), "\(body)")
    }
    let big = String(repeating: "x", count: PlaygroundService.maximumInputSize + 1)
    let response = request(
      "POST", "/api/evaluate",
      body: JSON.object(["ruleset": .string(""), "code": .string(big)]).serialized(pretty: false))
    #expect(response.status == 400)
    #expect(String(decoding: response.body, as: UTF8.self).contains("over the limit of 1048576 bytes"))
  }

  static let ruleset = """
    ruleset demo 1.0.0
    rule named {
      severity error
      on Menu as m
      require m.modifiers("accessibilityLabel").size() > 0
      message "Name the menu"
    }
    """

  static let code = """
    struct S: View {
      var body: some View {
        Menu { Button("A") {} } label: { Image(systemName: "ellipsis") }
      }
    }
    """

  @Test func anEvaluationReturnsFindingsModelAndBytecode() throws {
    let result = try evaluate(Self.ruleset, Self.code)
    #expect(result["rulesetDiagnostics"]?.arrayValue?.isEmpty == true)
    #expect(result["rules"]?.integerValue == 1)
    let findings = try #require(result["report"]?["findings"]?.arrayValue)
    #expect(findings.count == 1)
    #expect(findings.first?["rule"]?.stringValue == "demo/named")
    #expect(findings.first?["line"]?.integerValue == 3)
    #expect(findings.first?["explanation"]?["summary"]?.stringValue?.contains("was false") == true)
    #expect(result["model"]?.stringValue?.contains("\"type\": \"Menu\"") == true)
    #expect(result["bytecode"]?.stringValue?.contains("function 0 named.require") == true)
  }

  @Test func aBrokenRulesetShowsItsDiagnosticsAndStillTheModel() throws {
    let result = try evaluate(
      "ruleset demo 1.0.0\nrule x {\n  severity error\n  on Menu as m\n  require m.nosuchfield\n}\n", Self.code)
    let diagnostics = try #require(result["rulesetDiagnostics"]?.arrayValue)
    #expect(!diagnostics.isEmpty)
    #expect(diagnostics.first?["line"]?.integerValue == 5)
    #expect(
      diagnostics.first?["rendered"]?.stringValue?.contains("ruleset.precept:5:12: error: a node has no field") == true)
    #expect(result["report"]?.kind == .null)
    #expect(result["model"]?.stringValue?.contains("Menu") == true)
  }

  @Test func codeThatDoesNotParseIsAnInputErrorAtItsPlace() throws {
    let result = try evaluate(Self.ruleset, "struct S: View {\n  var body: some View {\n    Menu {\n")
    let errors = try #require(result["inputErrors"]?.arrayValue)
    #expect(!errors.isEmpty)
    #expect(errors.first?["file"]?.stringValue == "Code.swift")
    #expect((errors.first?["line"]?.integerValue ?? 0) >= 1)
  }

  @Test func anEmptyRulesetMeansTheStandardOnes() throws {
    let result = try evaluate("", Self.code)
    let findings = try #require(result["report"]?["findings"]?.arrayValue)
    #expect(findings.contains { $0["rule"]?.stringValue == "menu.basic/trigger-name" })
    #expect(result["bytecode"]?.stringValue == "")
  }

  @Test func aViewModelInJSONIsCheckedToo() throws {
    let model = """
      {"viewmodel": 1, "file": "S.swift", "nodes": [{"type": "Menu", "line": 2, "column": 3}]}
      """
    let result = try evaluate(Self.ruleset, model, language: "json")
    #expect(result["report"]?["findings"]?.arrayValue?.first?["line"]?.integerValue == 2)
    let broken = try evaluate(Self.ruleset, "{\"viewmodel\": 1, \"nodes\": 3}", language: "json")
    #expect(broken["inputErrors"]?.arrayValue?.first?["file"]?.stringValue == "model.json")
  }

  @Test func examplesPairEachFileWithTheFolderRuleset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("menu.precept", Self.ruleset)
    try folder.write("Screen.swift", Self.code)
    try folder.write("Model.json", "{}")
    try folder.write("notes.txt", "ignored")
    let examples = try PlaygroundExample.load(folder: folder.path)
    #expect(examples.prefix(2).map(\.title) == ["menu.precept on Model.json", "menu.precept on Screen.swift"])
    #expect(examples[1].language == "swift" && examples[1].code == Self.code)
    // Then each standard component on its golden pattern (the shared library has none).
    #expect(examples.dropFirst(2).contains { $0.title == "menu.basic (standard) on its golden pattern" })
    #expect(!examples.contains { $0.title.hasPrefix("common ") })
    #expect(throws: InputError.self) { try PlaygroundExample.load(folder: folder.path + "/missing") }
  }
}

/// The HTTP server on a real loopback socket, in process: bounded reads, clear refusals, and
/// a client that says nothing does not hold up the next one.
@Suite struct LocalHTTPServerTests {
  /// Runs a server answering every request with its method and path, for `body`.
  func withServer(limits: LocalHTTPServer.Limits = .init(), _ body: (UInt16) throws -> Void) throws {
    let server = try LocalHTTPServer(port: 0, limits: limits)
    let done = DispatchSemaphore(value: 0)
    Thread {
      server.serve { request in
        LocalHTTPServer.Response(status: 200, text: "\(request.method) \(request.path) \(request.body.count)")
      }
      done.signal()
    }.start()
    defer {
      server.stop()
      #expect(done.wait(timeout: .now() + 30) == .success, "the server did not stop")
    }
    try body(server.port)
  }

  /// Sends `bytes` on a new connection and reads the answer to the end (bounded by the server's
  /// own limits; each read waits at most `wait` seconds).
  func exchange(_ port: UInt16, _ bytes: [UInt8], wait: Int32 = 30) -> String {
    let connection = connect(port)
    defer { close(connection) }
    _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    return readAll(connection, wait: wait)
  }

  func connect(_ port: UInt16) -> Int32 {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(result == 0, "cannot connect")
    return fd
  }

  func readAll(_ fd: Int32, wait: Int32) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, wait * 1000) > 0 else { break }
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aWellFormedRequestIsAnsweredAndTheConnectionClosed() throws {
    try withServer { port in
      let answer = exchange(
        port, Array("POST /api/evaluate?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello".utf8))
      #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
      #expect(answer.contains("Connection: close\r\n"))
      #expect(answer.hasSuffix("POST /api/evaluate 5\n"))
    }
  }

  @Test func malformedAndOversizedRequestsGetClearErrors() throws {
    var limits = LocalHTTPServer.Limits()
    limits.bodyBytes = 1000
    limits.headerBytes = 2000
    try withServer(limits: limits) { port in
      #expect(exchange(port, Array("GARBAGE\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 400 "))
      #expect(exchange(port, Array("GET / HTTP/1.1\r\nno colon here\r\n\r\n".utf8)).contains("malformed header line"))
      let big = exchange(port, Array("POST / HTTP/1.1\r\nContent-Length: 1001\r\n\r\n".utf8))
      #expect(big.hasPrefix("HTTP/1.1 413 ") && big.contains("over 1000 bytes"))
      let headers = exchange(port, Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 3000)).utf8))
      #expect(headers.hasPrefix("HTTP/1.1 431 "))
      let chunked = exchange(port, Array("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
      #expect(chunked.hasPrefix("HTTP/1.1 501 "))
      let short = exchange(port, Array("GET / HTTP/1.1\r\nContent-Length: nope\r\n\r\n".utf8))
      #expect(short.hasPrefix("HTTP/1.1 400 "))
      #expect(exchange(port, [0xFF, 0xFE, 13, 10, 13, 10]).hasPrefix("HTTP/1.1 400 "))
    }
  }

  @Test func aSilentClientDoesNotHoldUpTheNextOne() throws {
    var limits = LocalHTTPServer.Limits()
    limits.requestMilliseconds = 60_000
    try withServer(limits: limits) { port in
      // One connection opened and left silent (as a browser's preconnect is)…
      let silent = connect(port)
      defer { close(silent) }
      _ = Array("GET / HTTP/1.1\r\n".utf8).withUnsafeBytes { send(silent, $0.baseAddress, $0.count, 0) }
      // …while another is answered at once.
      #expect(exchange(port, Array("GET /next HTTP/1.1\r\n\r\n".utf8)).hasSuffix("GET /next 0\n"))
    }
  }

  @Test func aRequestThatTakesTooLongIsDropped() throws {
    var limits = LocalHTTPServer.Limits()
    limits.requestMilliseconds = 300
    try withServer(limits: limits) { port in
      let slow = connect(port)
      defer { close(slow) }
      _ = Array("GET / HTTP/1.1\r\n".utf8).withUnsafeBytes { send(slow, $0.baseAddress, $0.count, 0) }
      // The server gives up on the request at its deadline: the answer is 408 and the end.
      #expect(readAll(slow, wait: 60).hasPrefix("HTTP/1.1 408 "))
    }
  }

  @Test func theServerListensOnLoopbackOnly() throws {
    let server = try LocalHTTPServer(port: 0)
    #expect(server.port != 0)
    // A second server cannot take the same port.
    #expect(throws: LocalHTTPServer.Failure.self) { try LocalHTTPServer(port: server.port) }
  }
}
