import Precept
import PreceptSwiftUI

/// The tools and resources `precept mcp` offers, over one engine built as `lint` builds it.
///
/// A call with bad arguments, an input over the limit or code that does not parse is a tool
/// result with `isError` and a message saying what to change (so the agent can correct
/// itself); a call naming no tool, or without a `name`, is a protocol error.
struct MCPTools {
  let engine: Engine

  /// The rulesets that have rules (components and baselines), by name; libraries only share
  /// definitions and have no card of their own worth reading.
  var components: [Ruleset] {
    engine.rulesets.filter { !$0.program.metadata.isLibrary }.sorted { $0.name < $1.name }
  }

  static func cardURI(_ name: String) -> String { "precept://cards/\(name)" }

  /// The most nodes `explain_rule` explains in one answer (each takes several lines); the
  /// answer says how many more the rule visits.
  static let maximumExplainedNodes = 50

  // MARK: Definitions

  private static func schema(_ properties: KeyValuePairs<String, JSON>, required: [String]) -> JSON {
    .object([
      "type": .string("object"), "properties": .object(properties),
      "required": .array(required.map { .string($0) }), "additionalProperties": .bool(false),
    ])
  }

  private static func property(_ type: String, _ description: String) -> JSON {
    .object(["type": .string(type), "description": .string(description)])
  }

  private static let codeProperty = property(
    "string", "SwiftUI source code, a whole file or a snippet (at most \(MCPServer.maximumInputSize) UTF-8 bytes)")
  private static let fileProperty = property(
    "string", "the file name findings are reported in (default: snippet.swift)")

  var definitions: [JSON] {
    let readOnly: JSON = .object([
      "readOnlyHint": .bool(true), "destructiveHint": .bool(false), "idempotentHint": .bool(true),
      "openWorldHint": .bool(false),
    ])
    func tool(_ name: String, _ title: String, _ description: String, _ schema: JSON) -> JSON {
      .object([
        "name": .string(name), "title": .string(title), "description": .string(description), "inputSchema": schema,
        "annotations": readOnly,
      ])
    }
    return [
      tool(
        "list_components", "List components",
        "Lists the components the rulesets describe, each with its selection criteria: when to use it, when to "
          + "try another, and which component to use instead. Check them before choosing a component.",
        MCPTools.schema([:], required: [])),
      tool(
        "get_card", "Get a component's card",
        "Returns a component's card as Markdown (selection, must haves, don'ts, customizable, golden pattern, "
          + "acceptance checks) and its golden pattern as Swift code to start from.",
        MCPTools.schema(
          ["component": MCPTools.property("string", "the component's ruleset name, e.g. menu.basic")],
          required: ["component"])),
      tool(
        "lint_swift", "Lint SwiftUI code",
        "Checks SwiftUI code against the rulesets, as `precept lint` does. Returns each finding with the rule, "
          + "its WCAG criteria, why it failed (the clause and the values it saw), help and a fix; the checks that "
          + "need a person (needs review); and input errors (code that does not parse). isError is true only "
          + "when the code could not be checked.",
        MCPTools.schema(
          [
            "code": MCPTools.codeProperty, "file": MCPTools.fileProperty,
            "showReview": MCPTools.property(
              "boolean", "list the checks that need a person in the text too (the structured report always has them)"),
          ], required: ["code"])),
      tool(
        "check_view_model", "Check a view model",
        "Evaluates the rulesets against a view model (the JSON `precept dump-model` writes; its format is "
          + "Grammar/viewmodel.schema.json), as `precept check` does.",
        MCPTools.schema(
          [
            "model": .object([
              "type": .array([.string("object"), .string("string")]),
              "description": .string(
                "the view model: a JSON object, or its text (positions in errors refer to the text; at most "
                  + "\(MCPServer.maximumInputSize) bytes)"),
            ])
          ], required: ["model"])),
      tool(
        "explain_rule", "Explain a rule on code",
        "Shows how one rule decides on each node of the code it visits: every clause (when, require, forbid) "
          + "and the value of each of its parts, and the outcome.",
        MCPTools.schema(
          [
            "rule": MCPTools.property("string", "the rule's full id, e.g. menu.basic/trigger-name"),
            "code": MCPTools.codeProperty, "file": MCPTools.fileProperty,
            "line": MCPTools.property("integer", "only the nodes that start on this line (1-based)"),
          ], required: ["rule", "code"])),
    ]
  }

  var resources: [JSON] {
    components.map { ruleset in
      let metadata = ruleset.program.metadata
      var members: [JSON.Member] = [
        JSON.Member("uri", .string(MCPTools.cardURI(ruleset.name))), JSON.Member("name", .string(ruleset.name)),
        JSON.Member("title", .string("\(metadata.title ?? ruleset.name) card")),
      ]
      if let summary = metadata.summary { members.append(JSON.Member("description", .string(summary))) }
      members.append(JSON.Member("mimeType", .string("text/markdown")))
      return .object(members)
    }
  }

  func readResource(_ params: JSON) throws(JSONRPC.Failure) -> JSON {
    guard let uri = params["uri"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "invalid params: resources/read needs \"uri\", a string")
    }
    let prefix = MCPTools.cardURI("")
    let name = uri.hasPrefix(prefix) ? String(uri.dropFirst(prefix.count)) : nil
    guard let name, let ruleset = components.first(where: { $0.name == name }) else {
      let uris = components.map { MCPTools.cardURI($0.name) }
      let suggestion = Spelling.closest(uri, in: uris).map { "; did you mean '\($0)'?" } ?? ""
      throw JSONRPC.Failure(
        .invalidParams, "resource not found: '\(uri)'\(suggestion)", data: .object(["uri": .string(uri)]))
    }
    return .object([
      "contents": .array([
        .object([
          "uri": .string(uri), "mimeType": .string("text/markdown"), "text": .string(CardRenderer.markdown(ruleset)),
        ])
      ])
    ])
  }

  // MARK: Calls

  /// A tool's answer: text for the model to read, the same as data, and whether the call failed.
  struct Answer {
    var text: [String]
    var structured: JSON?
    var isError = false

    static func failure(_ message: String) -> Answer { Answer(text: [message], structured: nil, isError: true) }

    var json: JSON {
      var content = text.map { JSON.object(["type": .string("text"), "text": .string($0)]) }
      var members: [JSON.Member] = []
      if let structured {
        // Clients that do not read structured content read the same data as text.
        content.append(.object(["type": .string("text"), "text": .string(structured.serialized(pretty: false))]))
        members.append(JSON.Member("structuredContent", structured))
      }
      members.insert(JSON.Member("content", .array(content)), at: 0)
      members.append(JSON.Member("isError", .bool(isError)))
      return .object(members)
    }
  }

  /// A bad argument: the call's answer is this message with `isError`.
  struct ArgumentError: Error {
    var message: String
  }

  func call(_ params: JSON) throws(JSONRPC.Failure) -> JSON {
    guard let name = params["name"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "invalid params: tools/call needs \"name\", a string")
    }
    let names = definitions.compactMap { $0["name"]?.stringValue }
    guard names.contains(name) else {
      let suggestion = Spelling.closest(name, in: names).map { "did you mean '\($0)'? " } ?? ""
      throw JSONRPC.Failure(
        .invalidParams, "unknown tool '\(name)'; \(suggestion)tools: \(names.joined(separator: ", "))")
    }
    let arguments = params["arguments"] ?? .object([])
    do throws(ArgumentError) {
      guard arguments.objectValue != nil else {
        throw ArgumentError(message: "\"arguments\" must be an object, not \(arguments.kindName)")
      }
      let allowed =
        definitions.first { $0["name"]?.stringValue == name }?["inputSchema"]?["properties"]?.objectValue?
        .map(\.key) ?? []
      for member in arguments.objectValue! where !allowed.contains(member.key) {
        let suggestion = Spelling.closest(member.key, in: allowed).map { "did you mean '\($0)'? " } ?? ""
        let expected = allowed.isEmpty ? "it takes none" : "it takes \(allowed.joined(separator: ", "))"
        throw ArgumentError(message: "unknown argument '\(member.key)'; \(suggestion)\(expected)")
      }
      let answer: Answer
      switch name {
      case "list_components": answer = listComponents()
      case "get_card": answer = try card(arguments)
      case "lint_swift": answer = try lint(arguments)
      case "check_view_model": answer = try check(arguments)
      default: answer = try explain(arguments)
      }
      return answer.json
    } catch {
      return Answer.failure("\(name): \(error.message)").json
    }
  }

  // MARK: Arguments

  private func string(_ arguments: JSON, _ key: String) throws(ArgumentError) -> String {
    guard let value = arguments[key] else { throw ArgumentError(message: "missing argument '\(key)' (a string)") }
    guard let text = value.stringValue else {
      throw ArgumentError(message: "argument '\(key)' must be a string, not \(value.kindName)")
    }
    return text
  }

  private func code(_ arguments: JSON, _ key: String = "code") throws(ArgumentError) -> String {
    let text = try string(arguments, key)
    let size = text.utf8.count
    if size > MCPServer.maximumInputSize {
      throw ArgumentError(
        message: "argument '\(key)' is \(size) bytes, over the limit of \(MCPServer.maximumInputSize) bytes; "
          + "send one file or a smaller snippet")
    }
    return text
  }

  private func fileName(_ arguments: JSON) throws(ArgumentError) -> String {
    guard arguments["file"] != nil else { return "snippet.swift" }
    let name = try string(arguments, "file")
    guard !name.isEmpty, name.count <= 256,
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw ArgumentError(
        message: "argument 'file' must be a file name of 1 to 256 characters without control characters")
    }
    return name
  }

  // MARK: Tools

  private func listComponents() -> Answer {
    var lines: [String] = []
    var items: [JSON] = []
    for ruleset in components {
      let metadata = ruleset.program.metadata
      let title = metadata.title ?? ruleset.name
      lines.append("## \(ruleset.name) — \(title) (\(ruleset.version))")
      if let summary = metadata.summary { lines.append(summary) }
      for text in metadata.useWhen { lines.append("- use when: \(text)") }
      for (text, instead) in metadata.avoidWhen {
        lines.append("- try another when: \(text)" + (instead.map { " → \($0)" } ?? ""))
      }
      if metadata.useWhen.isEmpty && metadata.avoidWhen.isEmpty {
        lines.append("- a baseline the components import; not chosen on its own")
      }
      lines.append("")
      var members: [JSON.Member] = [
        JSON.Member("name", .string(ruleset.name)), JSON.Member("version", .string(ruleset.version)),
        JSON.Member("title", .string(title)),
      ]
      if let summary = metadata.summary { members.append(JSON.Member("summary", .string(summary))) }
      members += [
        JSON.Member("useWhen", .array(metadata.useWhen.map { .string($0) })),
        JSON.Member(
          "tryAnotherWhen",
          .array(
            metadata.avoidWhen.map { text, instead in
              .object(
                [JSON.Member("text", .string(text))] + (instead.map { [JSON.Member("instead", .string($0))] } ?? []))
            })),
        JSON.Member("baseline", .bool(metadata.useWhen.isEmpty && metadata.avoidWhen.isEmpty)),
        JSON.Member("card", .string(MCPTools.cardURI(ruleset.name))),
      ]
      items.append(.object(members))
    }
    return Answer(text: [lines.joined(separator: "\n")], structured: .object(["components": .array(items)]))
  }

  private func card(_ arguments: JSON) throws(ArgumentError) -> Answer {
    let name = try string(arguments, "component")
    guard let ruleset = components.first(where: { $0.name == name }) else {
      let names = components.map(\.name)
      let suggestion = Spelling.closest(name, in: names).map { "did you mean '\($0)'? " } ?? ""
      throw ArgumentError(message: "no component '\(name)'; \(suggestion)components: \(names.joined(separator: ", "))")
    }
    let golden = ruleset.program.metadata.golden.map { $0.trimmingCharacters(in: .newlines) }
    let markdown = CardRenderer.markdown(ruleset)
    return Answer(
      text: [markdown] + golden,
      structured: .object([
        "component": .string(ruleset.name), "version": .string(ruleset.version), "markdown": .string(markdown),
        "goldenPattern": .array(golden.map { .string($0) }), "uri": .string(MCPTools.cardURI(ruleset.name)),
      ]))
  }

  private func lint(_ arguments: JSON) throws(ArgumentError) -> Answer {
    let source = SourceFile(name: try fileName(arguments), text: try code(arguments))
    var showReview = false
    if let value = arguments["showReview"] {
      guard let flag = value.boolValue else {
        throw ArgumentError(message: "argument 'showReview' must be a boolean, not \(value.kindName)")
      }
      showReview = flag
    }
    let ruleIDs = RuleIDCheck(engine, partial: false)
    // As `lint` reads a file: the view model, with the uses of the views the code declares
    // linked to their declarations, and the suppression comments (checked by name).
    let read = Result { () throws(DiagnosticError) in (source, try SwiftUIReader.read(source)) }
    // The platforms are the code's own, as the reader found them.
    let platforms = (try? read.get())?.1.platforms
    var (report, inputErrors, linked) = Evaluation.evaluateLinked(
      engine, [read], platforms: platforms, layer: .standard, ruleIDs: ruleIDs)
    report.summary.files = 1
    // The fixes' replacements, as lint's report gives them, for an agent to apply.
    Evaluation.resolveLinkedEdits(&report, [read], linked)
    return answer(report, inputErrors: inputErrors, showReview: showReview, source: source)
  }

  private func check(_ arguments: JSON) throws(ArgumentError) -> Answer {
    guard let value = arguments["model"] else {
      throw ArgumentError(message: "missing argument 'model' (a view model: a JSON object or its text)")
    }
    let text: String
    switch value.kind {
    case .string: text = try code(arguments, "model")
    case .object: text = value.serialized(pretty: true)
    default: throw ArgumentError(message: "argument 'model' must be an object or a string, not \(value.kindName)")
    }
    if text.utf8.count > MCPServer.maximumInputSize {
      throw ArgumentError(message: "argument 'model' is over the limit of \(MCPServer.maximumInputSize) bytes")
    }
    let source = SourceFile(name: "<model>", text: text)
    var (report, inputErrors) = Evaluation.evaluate(engine, count: 1) { _ in
      Result { () throws(DiagnosticError) in Evaluation.Input(model: try ViewModel(json: source)) }
    }
    report.summary.files = 1
    return answer(report, inputErrors: inputErrors, showReview: false, source: nil)
  }

  /// A report as the agent reads it: one block per finding with why, help and fix; then the
  /// JSON report (`lint --format json`) as structured content.
  private func answer(_ report: Report, inputErrors: [Diagnostic], showReview: Bool, source: SourceFile?) -> Answer {
    let renderer = ReportRenderer(
      rules: engine.rules, inputErrors: inputErrors, showReviews: showReview, toolName: "precept",
      toolVersion: PreceptTool.version)
    var blocks: [String] = inputErrors.map { $0.rendered() }
    for finding in report.findings {
      var block =
        "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]"
      if let source, finding.line >= 1, finding.line <= source.lineStarts.count {
        let code = source.lineText(finding.line).trimmingCharacters(in: .whitespaces)
        block += "\n  code: " + (code.count > 200 ? String(code.prefix(200)) + "…" : code)
      }
      block += "\n  why: " + finding.explanation.sentence
      if !finding.wcag.isEmpty { block += "\n  WCAG: " + finding.wcag.joined(separator: ", ") }
      if let help = finding.help { block += "\n  help: " + help }
      if let fix = finding.fix { block += "\n  fix: " + fix }
      blocks.append(block)
    }
    for item in report.notRun {
      blocks.append(
        "\(item.file):\(item.line):\(item.column): not run: rule \(item.rule) on \(item.nodeType): "
          + "\(item.reason.rawValue): \(item.message)")
    }
    if showReview {
      for item in report.needsReview {
        blocks.append(
          "\(item.file):\(item.line):\(item.column): review: \(item.category.map { "[\($0)] " } ?? "")\(item.message) [\(item.rule)]"
        )
      }
    }
    // The summary line of `lint`'s text report (the engine's own wording), naming this
    // tool's argument instead of the command-line option.
    let textReport = renderer.text(report)
    var summary = String(textReport.split(separator: "\n").last ?? "").replacingOccurrences(
      of: "(--show-review lists them)", with: "(showReview lists them)")
    if !inputErrors.isEmpty { summary += "; the code could not be checked: fix the errors above" }
    blocks.append(summary)
    return Answer(
      text: [blocks.joined(separator: "\n\n")], structured: renderer.json(report), isError: !inputErrors.isEmpty)
  }

  private func explain(_ arguments: JSON) throws(ArgumentError) -> Answer {
    let id = try string(arguments, "rule")
    let source = SourceFile(name: try fileName(arguments), text: try code(arguments))
    var line: Int?
    if let value = arguments["line"] {
      guard let number = value.integerValue, number >= 1, number <= Int64(Int32.max) else {
        throw ArgumentError(
          message: "argument 'line' must be a positive integer, not \(value.serialized(pretty: false))")
      }
      line = Int(number)
    }
    guard let rule = engine.rules.first(where: { $0.id == id }) else {
      let suggestion = Spelling.closest(id, in: engine.rules.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
      throw ArgumentError(
        message: "no rule '\(id)'\(suggestion) (rule ids are RULESET/RULE, e.g. menu.basic/trigger-name)")
    }
    let model: ViewModel
    do {
      model = ViewModel(try SwiftUIReader.read(source))
    } catch {
      let errors = error.diagnostics.map { $0.rendered() }.joined(separator: "\n")
      throw ArgumentError(message: "the code could not be read:\n\(errors)")
    }
    let nodes = line.map { line in Set((0..<model.nodeCount).filter { model.node($0).line == line }) }
    let explanations = engine.explain(rule: rule.id, in: model, nodes: nodes) ?? []
    var options = EvaluationOptions(recordOutcomes: true, rules: [rule.id])
    options.runBudget = RunBudget(limit: engine.limits.runCostBudget)
    let report = engine.evaluate(model, options: options)
    var blocks = ["\(rule.id) (\(rule.severity.rawValue)): \(rule.title ?? rule.message ?? rule.selector)"]
    var items: [JSON] = []
    for explanation in explanations.prefix(MCPTools.maximumExplainedNodes) {
      let node = explanation.node
      let outcome = report.outcomes.first { $0.node.index == node.index }
      let (verdict, message) = outcome.map(MCPTools.describe) ?? ("not evaluated", nil)
      var text =
        "\(node.type) at \(node.file):\(node.line):\(node.column): \(verdict)" + (message.map { ": \($0)" } ?? "")
      var clauses: [JSON] = []
      for clause in explanation.clauses {
        var parts: [JSON] = []
        for (index, part) in clause.parts.enumerated() {
          let shown: String
          var member: JSON.Member
          switch part.value {
          case nil:
            shown = "(not evaluated)"
            member = JSON.Member("evaluated", .bool(false))
          case .failure(let error):
            shown = "error: " + error.message
            member = JSON.Member("error", .string(error.message))
          case .success(let value):
            let literal = Printer.literal(value)
            shown = literal.count > 160 ? String(literal.prefix(160)) + "…" : literal
            member = JSON.Member("value", .string(literal))
          }
          text +=
            "\n" + String(repeating: "  ", count: part.depth + 1) + (index == 0 ? clause.kind + " " : "") + part.text
            + " = " + shown
          parts.append(
            .object([JSON.Member("text", .string(part.text)), JSON.Member("depth", .integer(part.depth)), member]))
        }
        clauses.append(.object(["kind": .string(clause.kind), "parts": .array(parts)]))
      }
      blocks.append(text)
      var members: [JSON.Member] = [
        JSON.Member(
          "node",
          .object([
            "type": .string(node.type), "file": .string(node.file), "line": .integer(node.line),
            "column": .integer(node.column),
          ])), JSON.Member("outcome", .string(verdict)),
      ]
      if let message { members.append(JSON.Member("message", .string(message))) }
      members.append(JSON.Member("clauses", .array(clauses)))
      items.append(.object(members))
    }
    let left = explanations.count - MCPTools.maximumExplainedNodes
    if left > 0 {
      blocks.append("… and \(left) more nodes; give 'line' to explain the nodes of one line")
    }
    if explanations.isEmpty {
      blocks.append(
        "the rule visits no node of this code\(line.map { " on line \($0)" } ?? "") (it applies to \(rule.selector))")
    }
    return Answer(
      text: [blocks.joined(separator: "\n\n")],
      structured: .object([
        "rule": .string(rule.id), "nodes": .array(items), "nodesVisited": .integer(explanations.count),
      ]))
  }

  private static func describe(_ outcome: Outcome) -> (String, String?) {
    switch outcome.result {
    case .failed: ("failed", outcome.finding?.message)
    case .passed: ("passed", nil)
    case .inapplicable: ("inapplicable", "its when clause is false")
    case .needsReview: ("needs review", outcome.reviewItems.first?.message)
    case .notRun(let reason, let message): ("not run", "\(reason.rawValue): \(message)")
    }
  }
}
