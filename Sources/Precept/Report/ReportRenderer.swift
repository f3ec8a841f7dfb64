/// The output formats a report can be written in.
public enum ReportFormat: String, Sendable, CaseIterable {
  /// Like a compiler: `file:line:column: error: message [rule-id]`, the source line, why.
  case text
  /// The JSON report: `findings`, `needsReview`, `notRun`, `inputErrors` (each always present,
  /// empty or not) and `summary`.
  case json
  /// SARIF 2.1.0, as GitHub code scanning reads it.
  case sarif
  /// GitHub Actions workflow commands (`::error file=…,line=…::…`): annotations on a pull request.
  case github
  /// One `path:line:column: error: message [rule-id]` line per problem, as Xcode's build log reads it.
  case xcode
  /// One self-contained HTML page: summary, findings by file and by WCAG criterion, the
  /// needs-review checklist.
  case html
}

/// Writes reports as text, JSON or SARIF.
public struct ReportRenderer: Sendable {
  /// Every rule that was evaluated (for SARIF's rule table and the summary).
  public var rules: [RuleInfo]
  /// Files that could not be read or parsed; reported alongside the findings.
  public var inputErrors: [Diagnostic]
  /// ANSI colour in text output.
  public var color: Bool
  /// List every review item in text and SARIF output (otherwise only their count; JSON
  /// always lists them).
  public var showReviews: Bool
  /// The text of a source line, to quote under a finding in text output.
  public var sourceLine: @Sendable (_ file: String, _ line: Int) -> String?
  /// A bounded excerpt of a source line around a column, to quote under a finding in text
  /// output; used instead of `sourceLine` when set (the CLI sets it, so that many findings on
  /// one long line do not quote, and scan, the whole line each).
  package var sourceExcerpt: (@Sendable (_ file: String, _ line: Int, _ column: Int) -> Diagnostic.Excerpt?)?
  /// Makes a report's file path absolute, for the Xcode format (the CLI resolves paths against
  /// the folder it runs in).
  package var absolutePath: (@Sendable (String) -> String)?
  /// The HTML report's title (what was linted).
  package var documentTitle: String?
  /// Whether the JSON report is made on every core (its findings and review items a range at
  /// a time, joined in order): the same text, sooner on a large report. The CLI sets it.
  package var writesOnEveryCore = false
  /// The tool's name and version, for SARIF.
  public var toolName: String
  public var toolVersion: String

  public init(
    rules: [RuleInfo], inputErrors: [Diagnostic] = [], color: Bool = false, showReviews: Bool = false,
    toolName: String = "precept", toolVersion: String = "0.0.0",
    sourceLine: @escaping @Sendable (_ file: String, _ line: Int) -> String? = { _, _ in nil }
  ) {
    self.rules = rules
    self.inputErrors = inputErrors
    self.color = color
    self.showReviews = showReviews
    self.sourceLine = sourceLine
    self.toolName = toolName
    self.toolVersion = toolVersion
  }

  public func render(_ report: Report, as format: ReportFormat) -> String {
    switch format {
    case .text: text(report)
    case .json:
      writesOnEveryCore
        ? json(report, concurrently: true).serializedConcurrently() + "\n"
        : json(report).serialized(pretty: true) + "\n"
    case .sarif: sarif(report).serialized(pretty: true) + "\n"
    case .github: github(report)
    case .xcode: xcode(report, absolutePath: absolutePath ?? { $0 })
    case .html: html(report, title: documentTitle ?? "Accessibility report")
    }
  }

  // MARK: Text

  /// Every string from a ruleset, a view model or a file name is escaped
  /// (`TerminalStyle.escaped`) before it is styled, so it cannot drive the terminal or forge a
  /// line of the report.
  public func text(_ report: Report) -> String {
    let style = TerminalStyle(enabled: color)
    func safe(_ text: String) -> String { TerminalStyle.escaped(text) }
    var blocks: [String] = inputErrors.map { $0.rendered(color: color) }
    for finding in report.findings {
      let explanation = finding.explanation
      var note =
        "\(safe(explanation.clause)) \(safe(explanation.text)) was \(safe(explanation.value))"
        + explanation.operands.map { "\n      \(safe($0.text)) is \(safe($0.value))" }.joined()
      // What decided inside each helper the clause calls, one level deeper each.
      for (level, helper) in explanation.helpers.enumerated() {
        let indent = "\n      " + String(repeating: "  ", count: level)
        let place = helper.place.map { " (\(safe("\($0.file):\($0.line):\($0.column)")))" } ?? ""
        note += "\(indent)in \(safe(helper.clause))\(place): \(safe(helper.text)) was \(safe(helper.value))"
        note += helper.operands.map { "\(indent)  \(safe($0.text)) is \(safe($0.value))" }.joined()
      }
      var notes = [note]
      if !finding.wcag.isEmpty { notes.append("WCAG " + safe(finding.wcag.joined(separator: ", "))) }
      var diagnostic = Diagnostic(
        diagnosticSeverity(finding.severity), "\(finding.message) [\(finding.rule)]", file: finding.file,
        location: SourceLocation(line: finding.line, column: finding.column), length: finding.nodeType.count,
        notes: notes, help: finding.fix.map { "fix: \(safe($0))" })
      if let sourceExcerpt {
        diagnostic.quote(sourceExcerpt(finding.file, finding.line, finding.column))
      } else {
        diagnostic.lineText = sourceLine(finding.file, finding.line)
      }
      blocks.append(diagnostic.rendered(color: color))
    }
    for item in report.notRun {
      var block =
        safe("\(item.file):\(item.line):\(item.column): ") + style.bold(style.paint("warning:", .yellow))
        + safe(" rule \(item.rule) was not run on \(item.nodeType): \(item.reason.rawValue): \(item.message)")
      // Where in the ruleset, quoted like a compiler's note (`Diagnostic` escapes what it quotes).
      if let place = item.place {
        let note = Diagnostic(
          .note, item.clause.map { "in \($0)" } ?? "here", file: place.file,
          location: SourceLocation(line: place.line, column: place.column),
          length: max(1, place.expression.map { oneLine($0).unicodeScalars.count } ?? 1), lineText: place.lineText)
        block += "\n" + note.rendered(color: color)
      }
      blocks.append(block)
    }
    if showReviews {
      for item in report.needsReview {
        let category = item.category.map { "[\($0)] " } ?? ""
        blocks.append(
          safe("\(item.file):\(item.line):\(item.column): ") + style.bold(style.paint("review:", .cyan))
            + safe(" \(category)\(item.message) [\(item.rule)]"))
      }
    }
    if let wcag = wcagText(report) { blocks.append(wcag) }
    blocks.append(summaryLine(report))
    return blocks.joined(separator: "\n") + "\n"
  }

  private func diagnosticSeverity(_ severity: Severity) -> Diagnostic.Severity {
    switch severity {
    case .error: .error
    case .warning: .warning
    case .info: .note
    }
  }

  private func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
  }

  /// `2 errors, 1 warning, 0 infos in 3 files (120 nodes, 11 rules); 4 checks need review`.
  func summaryLine(_ report: Report) -> String {
    let summary = report.summary
    var line =
      "\(plural(summary.errors, "error")), \(plural(summary.warnings, "warning")), \(plural(summary.infos, "info")) in "
      + "\(plural(summary.files, "file")) (\(plural(summary.nodes, "node")), \(plural(summary.rules, "rule")))"
    if summary.needsReview > 0 {
      line += "; \(plural(summary.needsReview, "check")) need\(summary.needsReview == 1 ? "s" : "") review"
      if !showReviews { line += " (--show-review lists them)" }
    }
    if summary.notRun > 0 { line += "; \(summary.notRun) not run" }
    if summary.suppressed > 0 { line += "; \(summary.suppressed) suppressed" }
    if !inputErrors.isEmpty { line += "; \(plural(inputErrors.count, "file")) could not be read" }
    return line
  }

  // MARK: JSON

  /// The version of the JSON report's shape (`preceptReport`), documented in
  /// Grammar/report.md. It changes only when a key is removed or its meaning changes; keys may
  /// be added within a version.
  public static let jsonReportVersion = 1

  public func json(_ report: Report) -> JSON { json(report, concurrently: false) }

  private func json(_ report: Report, concurrently: Bool) -> JSON {
    // Each finding's and review item's JSON depends on it alone: made a range at a time on
    // every core when asked, in order.
    func map<Item: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (Item) -> JSON) -> [JSON] {
      guard concurrently, items.count > 1 else { return items.map(transform) }
      let ranges = Concurrently.ranges(items.count, parts: Concurrently.rangeCount)
      return Concurrently.map(ranges.count) { part in ranges[part].map { transform(items[$0]) } }.flatMap { $0 }
    }
    var members: [JSON.Member] = [
      JSON.Member("preceptReport", .integer(ReportRenderer.jsonReportVersion)),
      JSON.Member("findings", .array(map(report.findings) { self.findingJSON($0) })),
      JSON.Member("needsReview", .array(map(report.needsReview) { self.reviewJSON($0) })),
      JSON.Member("notRun", .array(report.notRun.map(notRunJSON))),
      // Always present, so a consumer can read `report["inputErrors"]` without a guard.
      JSON.Member("inputErrors", .array(inputErrors.map(inputErrorJSON))),
    ]
    // By success criterion: what fails, what needs a person, what passes.
    members.append(JSON.Member("wcag", wcagJSON(report)))
    let summary = report.summary
    members.append(
      JSON.Member(
        "summary",
        .object([
          "files": .integer(summary.files), "nodes": .integer(summary.nodes), "rules": .integer(summary.rules),
          "errors": .integer(summary.errors), "warnings": .integer(summary.warnings), "infos": .integer(summary.infos),
          "passed": .integer(summary.passed), "inapplicable": .integer(summary.inapplicable),
          "needsReview": .integer(summary.needsReview), "notRun": .integer(summary.notRun),
          "suppressed": .integer(summary.suppressed),
          "inputErrors": .integer(inputErrors.count),
        ])))
    return .object(members)
  }

  private func findingJSON(_ finding: Finding) -> JSON {
    var members: [JSON.Member] = [
      JSON.Member("rule", .string(finding.rule)), JSON.Member("ruleset", .string(finding.ruleset)),
      JSON.Member("version", .string(finding.version)), JSON.Member("severity", .string(finding.severity.rawValue)),
      JSON.Member("message", .string(finding.message)), JSON.Member("file", .string(finding.file)),
      JSON.Member("line", .integer(finding.line)), JSON.Member("column", .integer(finding.column)),
      JSON.Member("node", .string(finding.nodeType)), JSON.Member("wcag", .array(finding.wcag.map { .string($0) })),
    ]
    if let fix = finding.fix { members.append(JSON.Member("fix", .string(fix))) }
    if let edit = finding.edit { members.append(JSON.Member("edit", editJSON(edit))) }
    if let help = finding.help { members.append(JSON.Member("help", .string(help))) }
    members.append(JSON.Member("explanation", explanationJSON(finding.explanation)))
    return .object(members)
  }

  /// A structured fix: what it does, its text, whether it needs a person's words, and the
  /// replacements of the source that make it (empty when they could not be worked out).
  private func editJSON(_ edit: FixEdit) -> JSON {
    var members: [JSON.Member] = [JSON.Member("kind", .string(edit.kind.rawValue))]
    if let name = edit.name { members.append(JSON.Member("name", .string(name))) }
    members += [
      JSON.Member("text", .string(edit.text)), JSON.Member("needsWords", .bool(edit.needsWords)),
      JSON.Member(
        "replacements",
        .array(
          edit.replacements.map { replacement in
            .object([
              "line": .integer(replacement.startLocation.line), "column": .integer(replacement.startLocation.column),
              "endLine": .integer(replacement.endLocation.line), "endColumn": .integer(replacement.endLocation.column),
              "text": .string(replacement.text),
            ])
          })),
    ]
    return .object(members)
  }

  private func explanationJSON(_ explanation: Explanation) -> JSON {
    var members: [JSON.Member] = [
      JSON.Member("clause", .string(explanation.clause)), JSON.Member("text", .string(explanation.text)),
      JSON.Member("value", .string(explanation.value)), JSON.Member("operands", operandsJSON(explanation.operands)),
    ]
    if !explanation.helpers.isEmpty {
      members.append(
        JSON.Member(
          "helpers",
          .array(
            explanation.helpers.map { helper in
              var helperMembers: [JSON.Member] = [
                JSON.Member("call", .string(helper.clause)), JSON.Member("text", .string(helper.text)),
                JSON.Member("value", .string(helper.value)), JSON.Member("operands", operandsJSON(helper.operands)),
              ]
              if let place = helper.place { helperMembers += placeMembers(place) }
              return .object(helperMembers)
            })))
    }
    members.append(JSON.Member("summary", .string(explanation.sentence)))
    return .object(members)
  }

  private func operandsJSON(_ operands: [Explanation.Operand]) -> JSON {
    .array(operands.map { .object(["text": .string($0.text), "value": .string($0.value)]) })
  }

  /// `file`, `line` and `column` of a ruleset place.
  private func placeMembers(_ place: RulesetPlace) -> [JSON.Member] {
    [
      JSON.Member("file", .string(place.file)), JSON.Member("line", .integer(place.line)),
      JSON.Member("column", .integer(place.column)),
    ]
  }

  private func reviewJSON(_ item: ReviewItem) -> JSON {
    var members: [JSON.Member] = [
      JSON.Member("rule", .string(item.rule)), JSON.Member("ruleset", .string(item.ruleset)),
      JSON.Member("version", .string(item.version)),
    ]
    if let category = item.category { members.append(JSON.Member("category", .string(category))) }
    members += [
      JSON.Member("message", .string(item.message)), JSON.Member("file", .string(item.file)),
      JSON.Member("line", .integer(item.line)), JSON.Member("column", .integer(item.column)),
      JSON.Member("node", .string(item.nodeType)), JSON.Member("wcag", .array(item.wcag.map { .string($0) })),
    ]
    return .object(members)
  }

  private func notRunJSON(_ item: NotRun) -> JSON {
    var members: [JSON.Member] = [
      JSON.Member("rule", .string(item.rule)), JSON.Member("reason", .string(item.reason.rawValue)),
      JSON.Member("message", .string(item.message)), JSON.Member("file", .string(item.file)),
      JSON.Member("line", .integer(item.line)), JSON.Member("column", .integer(item.column)),
      JSON.Member("node", .string(item.nodeType)),
    ]
    if let clause = item.clause { members.append(JSON.Member("clause", .string(clause))) }
    if let place = item.place {
      var origin = placeMembers(place)
      if let expression = place.expression { origin.append(JSON.Member("expression", .string(expression))) }
      members.append(JSON.Member("origin", .object(origin)))
    }
    return .object(members)
  }

  private func inputErrorJSON(_ diagnostic: Diagnostic) -> JSON {
    .object([
      "file": .string(diagnostic.file), "line": .integer(diagnostic.location.line),
      "column": .integer(diagnostic.location.column), "message": .string(diagnostic.message),
    ])
  }

  // MARK: SARIF

  /// SARIF 2.1.0: one `tool.driver.rules` entry per rule (help text, WCAG tags), one result
  /// per finding and review item with a physical location, and tool notifications for rules
  /// that were not run and files that could not be read.
  public func sarif(_ report: Report) -> JSON {
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
    var results: [JSON] = report.findings.map { finding in
      sarifResult(
        rule: finding.rule, index: ruleIndex[finding.rule], level: sarifLevel(finding.severity), kind: "fail",
        message: finding.message, file: finding.file, line: finding.line, column: finding.column,
        properties: [
          JSON.Member("explanation", explanationJSON(finding.explanation)),
          JSON.Member("node", .string(finding.nodeType)),
        ] + (finding.fix.map { [JSON.Member("fix", .string($0))] } ?? [])
          + (finding.edit.map { [JSON.Member("needsWords", .bool($0.needsWords))] } ?? []),
        fixes: finding.edit.map { sarifFixes($0, file: finding.file) } ?? [])
    }
    // Checks that need a person are many (every Menu has several); code scanning shows them
    // only when asked for, as text output lists them only when asked for.
    results += (showReviews ? report.needsReview : []).map { item in
      sarifResult(
        rule: item.rule, index: ruleIndex[item.rule], level: "note", kind: "review", message: item.message,
        file: item.file, line: item.line, column: item.column,
        properties: [JSON.Member("node", .string(item.nodeType))]
          + (item.category.map { [JSON.Member("category", .string($0))] } ?? []))
    }
    var notifications: [JSON] = report.notRun.map { item in
      var text = "rule \(item.rule) was not run: \(item.reason.rawValue): \(item.message)"
      var locations = [location(item.file, item.line, item.column)]
      // The ruleset place is a second location, with the clause as its message.
      if let place = item.place {
        text += " (at \(place.file):\(place.line):\(place.column)\(item.clause.map { ", in \($0)" } ?? ""))"
        locations.append(
          location(
            place.file, place.line, place.column,
            message: (item.clause ?? place.expression).map { "in \($0)" }))
      }
      return .object([
        "level": .string("warning"), "message": .object(["text": .string(text)]), "locations": .array(locations),
        "associatedRule": .object(["id": .string(item.rule)]),
      ])
    }
    notifications += inputErrors.map { diagnostic in
      .object([
        "level": .string("error"), "message": .object(["text": .string(diagnostic.message)]),
        "locations": .array([location(diagnostic.file, diagnostic.location.line, diagnostic.location.column)]),
      ])
    }
    let driver: JSON = .object([
      "name": .string(toolName), "version": .string(toolVersion), "semanticVersion": .string(toolVersion),
      "informationUri": .string("https://www.w3.org/WAI/WCAG22/quickref/"),
      "rules": .array(rules.map(sarifRule)),
      "supportedTaxonomies": .array([.object(["name": .string("WCAG")])]),
    ])
    let run: JSON = .object([
      "tool": .object(["driver": driver]),
      "taxonomies": .array([wcagTaxonomy(report)]),
      "invocations": .array([
        .object([
          "executionSuccessful": .bool(inputErrors.isEmpty), "toolExecutionNotifications": .array(notifications),
        ])
      ]),
      "columnKind": .string("unicodeCodePoints"),
      "results": .array(results),
    ])
    return .object([
      "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"), "version": .string("2.1.0"),
      "runs": .array([run]),
    ])
  }

  private func sarifLevel(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  private func sarifRule(_ rule: RuleInfo) -> JSON {
    let short = rule.title ?? rule.message ?? rule.id
    let card = rule.card.map(\.text) + rule.checks
    let full = card.isEmpty ? short : card.joined(separator: " ")
    var helpText = rule.help ?? full
    if let fix = rule.fix { helpText += "\n\nFix: \(fix)" }
    if !rule.wcag.isEmpty { helpText += "\n\nWCAG \(rule.wcag.joined(separator: ", "))" }
    var tags: [JSON] = [.string("accessibility")]
    tags += rule.wcag.map { .string("wcag-\($0)") }
    // Each cited criterion as a relationship to the run's WCAG taxonomy.
    let relationships: [JSON] = rule.wcag.map { criterion in
      .object([
        "target": .object(["id": .string(criterion), "toolComponent": .object(["name": .string("WCAG")])]),
        "kinds": .array([.string("relevant")]),
      ])
    }
    var members: [JSON.Member] = [
      JSON.Member("id", .string(rule.id)),
      JSON.Member("name", .string(pascalCase(rule.localID))),
      JSON.Member("shortDescription", .object(["text": .string(short)])),
      JSON.Member("fullDescription", .object(["text": .string(full)])),
      JSON.Member("help", .object(["text": .string(helpText), "markdown": .string(helpText)])),
      JSON.Member(
        "defaultConfiguration", .object(["level": .string(rule.kind == .review ? "note" : sarifLevel(rule.severity))])),
      JSON.Member(
        "properties",
        .object([
          "tags": .array(tags), "wcag": .array(rule.wcag.map { .string($0) }), "precision": .string("high"),
          "problem.severity": .string(rule.kind == .review ? "recommendation" : sarifLevel(rule.severity)),
          "ruleset": .string(rule.ruleset), "rulesetVersion": .string(rule.version),
          "kind": .string(rule.kind.rawValue),
        ])),
    ]
    if !relationships.isEmpty { members.append(JSON.Member("relationships", .array(relationships))) }
    return .object(members)
  }

  /// SARIF's `fixes`: one fix whose artifact change replaces regions of the finding's file (an
  /// insertion is an empty region). None when the edit's replacements are not known.
  private func sarifFixes(_ edit: FixEdit, file: String) -> [JSON] {
    guard !edit.replacements.isEmpty else { return [] }
    var artifact: [JSON.Member] = [JSON.Member("uri", .string(sarifURI(file)))]
    if !file.hasPrefix("/") { artifact.append(JSON.Member("uriBaseId", .string("%SRCROOT%"))) }
    let replacements: [JSON] = edit.replacements.map { replacement in
      .object([
        "deletedRegion": .object([
          "startLine": .integer(replacement.startLocation.line),
          "startColumn": .integer(replacement.startLocation.column),
          "endLine": .integer(replacement.endLocation.line), "endColumn": .integer(replacement.endLocation.column),
        ]),
        "insertedContent": .object(["text": .string(replacement.text)]),
      ])
    }
    let description = edit.summary + (edit.needsWords ? " (fill in the placeholder)" : "")
    return [
      .object([
        "description": .object(["text": .string(description)]),
        "artifactChanges": .array([
          .object(["artifactLocation": .object(artifact), "replacements": .array(replacements)])
        ]),
      ])
    ]
  }

  private func sarifResult(
    rule: String, index: Int?, level: String, kind: String, message: String, file: String, line: Int, column: Int,
    properties: [JSON.Member], fixes: [JSON] = []
  ) -> JSON {
    var members: [JSON.Member] = [JSON.Member("ruleId", .string(rule))]
    if let index { members.append(JSON.Member("ruleIndex", .integer(index))) }
    members += [
      JSON.Member("level", .string(level)), JSON.Member("kind", .string(kind)),
      JSON.Member("message", .object(["text": .string(message)])),
      JSON.Member("locations", .array([location(file, line, column)])),
      JSON.Member("partialFingerprints", .object(["preceptLocation/v1": .string("\(rule)|\(file)|\(line)|\(column)")])),
      JSON.Member("properties", .object(properties)),
    ]
    if !fixes.isEmpty { members.append(JSON.Member("fixes", .array(fixes))) }
    return .object(members)
  }

  private func location(_ file: String, _ line: Int, _ column: Int, message: String? = nil) -> JSON {
    var artifact: [JSON.Member] = [JSON.Member("uri", .string(sarifURI(file)))]
    if !file.hasPrefix("/") { artifact.append(JSON.Member("uriBaseId", .string("%SRCROOT%"))) }
    var region: [JSON.Member] = [JSON.Member("startLine", .integer(max(1, line)))]
    if column > 0 { region.append(JSON.Member("startColumn", .integer(column))) }
    var members = [
      JSON.Member(
        "physicalLocation",
        .object([JSON.Member("artifactLocation", .object(artifact)), JSON.Member("region", .object(region))]))
    ]
    if let message { members.append(JSON.Member("message", .object(["text": .string(message)]))) }
    return .object(members)
  }

  /// A file path as a URI reference: relative paths stay relative (resolved against
  /// %SRCROOT%), absolute ones become `file://` URIs; unsafe characters are percent-encoded.
  func sarifURI(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "@"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    if encoded.hasPrefix("./") { encoded.removeFirst(2) }
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }

  private func pascalCase(_ id: String) -> String {
    id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }
}
