import Foundation
import Precept
import PreceptSwiftUI

/// What `precept playground` serves: the page, its script and style, the examples, and the
/// evaluation of a ruleset against code that the page asks for as either is edited.
///
/// Every answer is built from the request alone (no state between requests), so the page can
/// be reloaded at any time. Requests are accepted only from the page itself: the `Host` must
/// be this server's loopback address (a page elsewhere cannot reach it through DNS
/// rebinding), and a request with an `Origin` or `Sec-Fetch-Site` from another site is refused.
struct PlaygroundService: Sendable {
  /// The largest ruleset, and the largest code, one evaluation takes.
  static let maximumInputSize = 1024 * 1024

  let port: UInt16
  let examples: [PlaygroundExample]

  func handle(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
    if let refusal = refusal(request) { return refusal }
    switch (request.method, request.path) {
    case ("GET", "/"), ("GET", "/index.html"):
      return Self.asset(PlaygroundPage.html, "text/html; charset=utf-8")
    case ("GET", "/playground.js"): return Self.asset(PlaygroundPage.script, "text/javascript; charset=utf-8")
    case ("GET", "/playground.css"): return Self.asset(PlaygroundPage.style, "text/css; charset=utf-8")
    case ("GET", "/api/examples"): return Self.json(.array(examples.map(\.json)))
    case ("POST", "/api/evaluate"):
      guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
        return LocalHTTPServer.Response(status: 415, text: "send the evaluation request as application/json")
      }
      return evaluate(request.body)
    case (_, "/"), (_, "/index.html"), (_, "/playground.js"), (_, "/playground.css"), (_, "/api/examples"),
      (_, "/api/evaluate"):
      var response = LocalHTTPServer.Response(status: 405, text: "\(request.method) is not allowed on \(request.path)")
      response.headers.append(("Allow", request.path == "/api/evaluate" ? "POST" : "GET"))
      return response
    default:
      return LocalHTTPServer.Response(status: 404, text: "no page \(request.path)")
    }
  }

  /// The origins the page itself has.
  private var ownHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)"] }

  private func refusal(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response? {
    guard let host = request.headers["host"]?.lowercased(), ownHosts.contains(host) else {
      return LocalHTTPServer.Response(
        status: 421, text: "this server answers only requests for http://127.0.0.1:\(port)/")
    }
    if let origin = request.headers["origin"]?.lowercased(), !ownHosts.map({ "http://" + $0 }).contains(origin) {
      return LocalHTTPServer.Response(status: 403, text: "requests from \(origin) are refused")
    }
    if let site = request.headers["sec-fetch-site"]?.lowercased(), !["same-origin", "none"].contains(site) {
      return LocalHTTPServer.Response(status: 403, text: "requests from another site (\(site)) are refused")
    }
    return nil
  }

  private static func asset(_ text: String, _ type: String) -> LocalHTTPServer.Response {
    LocalHTTPServer.Response(
      status: 200, contentType: type, body: Array(text.utf8),
      headers: [
        (
          "Content-Security-Policy",
          "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'none'"
        )
      ])
  }

  private static func json(_ value: JSON, status: Int = 200) -> LocalHTTPServer.Response {
    LocalHTTPServer.Response(
      status: status, contentType: "application/json; charset=utf-8", body: Array(value.serialized(pretty: false).utf8))
  }

  private static func badRequest(_ message: String) -> LocalHTTPServer.Response {
    json(.object(["error": .string(message)]), status: 400)
  }

  // MARK: Evaluation

  /// `{"ruleset": TEXT, "code": TEXT, "language": "swift"|"json"}`: the ruleset's diagnostics,
  /// the code's input errors, the report (`lint --format json`'s shape), the view model the
  /// rules see and the ruleset's bytecode. A ruleset or code that does not compile or parse is
  /// an answer with diagnostics, not an HTTP error; only a request that is not one is.
  func evaluate(_ body: [UInt8]) -> LocalHTTPServer.Response {
    let request: JSON
    do {
      request = try JSON.parse(SourceFile(name: "<request>", bytes: body))
    } catch {
      return Self.badRequest("the request is not JSON: \(error.diagnostics.first?.message ?? "")")
    }
    guard request.objectValue != nil else { return Self.badRequest("the request must be a JSON object") }
    var texts: [String: String] = [:]
    for key in ["ruleset", "code"] {
      guard let value = request[key] else { return Self.badRequest("missing '\(key)'") }
      guard let text = value.stringValue else { return Self.badRequest("'\(key)' must be a string") }
      guard text.utf8.count <= Self.maximumInputSize else {
        return Self.badRequest("'\(key)' is over the limit of \(Self.maximumInputSize) bytes")
      }
      texts[key] = text
    }
    let language = request["language"]?.stringValue ?? "swift"
    guard ["swift", "json"].contains(language) else {
      return Self.badRequest("'language' must be \"swift\" or \"json\", not \"\(language)\"")
    }
    return Self.json(Self.evaluate(ruleset: texts["ruleset"]!, code: texts["code"]!, language: language))
  }

  static func evaluate(ruleset text: String, code: String, language: String) -> JSON {
    var members: [JSON.Member] = []
    // The ruleset: compiled with the standard rulesets available to import; an empty one
    // means the standard rulesets themselves.
    var engine: Engine?
    var rulesetDiagnostics: [Diagnostic] = []
    var bytecode = ""
    if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      engine = (try? Evaluation.rulesets([])).map { Engine(rulesets: $0) }
    } else {
      do throws(DiagnosticError) {
        let library = RulesetLibrary()
        try library.add(SourceFile(name: "ruleset.precept", text: text))
        let entry = library.entries[0]
        for standard in StandardRulesets.library().entries
        where standard.name != entry.name || standard.version != entry.version {
          try library.add(standard.source)
        }
        let ruleset = try library.ruleset(entry)
        let built = Engine(rulesets: [ruleset])
        try Evaluation.validateWithoutHosts(built)
        engine = built
        bytecode = ruleset.disassembly
      } catch {
        rulesetDiagnostics = error.diagnostics
      }
    }
    members.append(JSON.Member("rulesetDiagnostics", .array(rulesetDiagnostics.map(diagnosticJSON))))
    members.append(JSON.Member("rules", .integer(engine?.rules.count ?? 0)))
    members.append(JSON.Member("bytecode", .string(bytecode)))

    // The code: its view model, whether or not the ruleset compiled.
    let fileName = language == "json" ? "model.json" : "Code.swift"
    let source = SourceFile(name: fileName, text: code)
    var inputErrors: [Diagnostic] = []
    var model: ViewModel?
    var input: Evaluation.Input?
    do throws(DiagnosticError) {
      if language == "json" {
        let document = try ViewDocument.read(source)
        members.append(JSON.Member("model", .string(document.json.serialized(pretty: true))))
        model = ViewModel(document)
        input = Evaluation.Input(model: model!)
      } else {
        var document = try SwiftUIReader.read(source)
        document.platforms = Evaluation.mentionedPlatforms([document])
        members.append(JSON.Member("model", .string(document.json.serialized(pretty: true))))
        model = ViewModel(document)
        if let engine {
          input = Evaluation.input(model!, source: source, ruleIDs: RuleIDCheck(engine, partial: false))
        }
      }
    } catch {
      inputErrors = error.diagnostics
      members.append(JSON.Member("model", .string("")))
    }

    // The report, in `lint --format json`'s shape.
    if let engine, let input {
      var (report, errors) = Evaluation.evaluate(engine, count: 1) { _ in .success(input) }
      report.summary.files = 1
      inputErrors += errors
      let renderer = ReportRenderer(
        rules: engine.rules, inputErrors: inputErrors, showReviews: true, toolName: "precept",
        toolVersion: PreceptTool.version)
      members.append(JSON.Member("report", renderer.json(report)))
    } else {
      members.append(JSON.Member("report", .null))
    }
    members.append(JSON.Member("inputErrors", .array(inputErrors.map(diagnosticJSON))))
    return .object(members)
  }

  private static func diagnosticJSON(_ diagnostic: Diagnostic) -> JSON {
    .object([
      "severity": .string(diagnostic.severity.rawValue), "message": .string(diagnostic.message),
      "file": .string(diagnostic.file), "line": .integer(diagnostic.location.line),
      "column": .integer(diagnostic.location.column), "length": .integer(diagnostic.length),
      "rendered": .string(diagnostic.rendered()),
    ])
  }
}

/// A ruleset and code to start from, one click away in the page.
struct PlaygroundExample: Sendable {
  var title: String
  var ruleset: String
  var code: String
  var language: String

  var json: JSON {
    .object([
      "title": .string(title), "ruleset": .string(ruleset), "code": .string(code), "language": .string(language),
    ])
  }

  /// The examples of a folder (each Swift or JSON file, with the folder's ruleset: the one of
  /// the same name, else the first), then each standard ruleset with its golden pattern.
  /// Only the folder's own files are read, each up to the evaluation limit.
  static func load(folder: String?) throws(InputError) -> [PlaygroundExample] {
    var examples: [PlaygroundExample] = []
    if let folder {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      } catch {
        throw InputError(message: "\(folder): cannot list the examples folder (\(error.localizedDescription))")
      }
      func read(_ name: String) throws(InputError) -> String {
        let path = (folder as NSString).appendingPathComponent(name)
        switch SourceFile.readBytes(path) {
        case .success(let bytes) where bytes.count <= PlaygroundService.maximumInputSize:
          guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(message: "\(path): not UTF-8 text")
          }
          return text
        case .success: throw InputError(message: "\(path): over \(PlaygroundService.maximumInputSize) bytes")
        case .failure(let failure): throw InputError(message: "\(path): \(failure.reason)")
        }
      }
      let rulesets = names.filter { $0.hasSuffix(".precept") }
      for name in names.prefix(200) where name.hasSuffix(".swift") || name.hasSuffix(".json") {
        let stem = (name as NSString).deletingPathExtension
        guard let rulesetName = rulesets.first(where: { $0 == stem + ".precept" }) ?? rulesets.first else { continue }
        examples.append(
          PlaygroundExample(
            title: "\(rulesetName) on \(name)", ruleset: try read(rulesetName), code: try read(name),
            language: name.hasSuffix(".json") ? "json" : "swift"))
      }
    }
    let standard = StandardRulesets.library()
    for entry in standard.entries {
      guard let ruleset = try? standard.ruleset(entry), !ruleset.program.metadata.isLibrary else {
        continue
      }
      guard let golden = ruleset.program.metadata.golden.first else { continue }
      examples.append(
        PlaygroundExample(
          title: "\(entry.name) (standard) on its golden pattern",
          ruleset: String(decoding: entry.source.bytes, as: UTF8.self), code: golden, language: "swift"))
    }
    return examples
  }
}
