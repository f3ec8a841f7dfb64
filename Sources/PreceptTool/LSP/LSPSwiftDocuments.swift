import Foundation
import Precept
import PreceptSwiftUI

/// Swift documents: `lint`'s findings as diagnostics, a finding's rule on hover, and quick
/// fixes for the findings whose fix is an edit.
extension LSPServer {
  /// The diagnostics of an open Swift document. `relink` false uses the project's last lint
  /// (another document changed and this one's findings may have moved with it).
  func lintSwift(_ open: inout OpenDocument, relink: Bool = true) -> [JSON] {
    let document = open.text
    open.findings = []
    guard let project, let engine = project.engine, let ruleIDs = project.ruleIDs else {
      let reason = project?.loadMessage ?? "precept lsp: the rulesets could not be loaded"
      return [LSPServer.diagnostic(document, lower: 0, upper: 0, severity: 1, message: reason)]
    }
    let source = document.source
    // As `lint` reads the workspace folder: every Swift file in it, this document's text in
    // place of its file, uses of the project's views linked across them all.
    if workspace == nil { workspace = LSPWorkspace(root: nil, configuration: nil, platforms: project.platforms) }
    if relink || lastLint == nil {
      workspace!.update(source)
      lastLint = workspace!.lint(engine, ruleIDs: ruleIDs)
    }
    let (all, allErrors, linked, read) = lastLint!
    var report = all
    _ = report.restrict { file, _ in file == source.name }
    report.notRun.removeAll { $0.file != source.name }
    let inputErrors = allErrors.filter { $0.file == source.name }
    // Structured fixes resolved against this text and its linked model, for the quick fixes.
    Evaluation.resolveLinkedEdits(&report, read.filter { (try? $0.get().0.name) == source.name }, linked)
    var diagnostics = inputErrors.map { LSPServer.diagnostic($0, in: document) }
    for finding in report.findings {
      let (lower, upper) = document.range(line: finding.line, column: finding.column)
      open.findings.append((finding, lower, upper))
      diagnostics.append(findingDiagnostic(finding, document, lower, upper))
    }
    for item in report.notRun {
      let (lower, upper) = document.range(line: item.line, column: item.column)
      diagnostics.append(
        LSPServer.diagnostic(
          document, lower: lower, upper: upper, severity: 2,
          message: "rule \(item.rule) could not run on this \(item.nodeType): \(item.reason.rawValue): \(item.message)",
          code: item.rule, data: .object(["kind": .string("notRun"), "reason": .string(item.reason.rawValue)])))
    }
    if showsNeedsReview {
      for item in report.needsReview {
        let (lower, upper) = document.range(line: item.line, column: item.column)
        let wcag = item.wcag.isEmpty ? "" : " (WCAG \(item.wcag.joined(separator: ", ")))"
        diagnostics.append(
          LSPServer.diagnostic(
            document, lower: lower, upper: upper, severity: 3,
            message: "needs review: \(item.category.map { "[\($0)] " } ?? "")\(item.message)\(wcag)", code: item.rule,
            data: .object([
              "kind": .string("needsReview"), "wcag": .array(item.wcag.map { .string($0) }),
              "category": item.category.map { .string($0) } ?? .null,
            ])))
      }
    }
    return diagnostics
  }

  private func findingDiagnostic(_ finding: Finding, _ document: TextDocument, _ lower: Int, _ upper: Int) -> JSON {
    let severity =
      switch finding.severity {
      case .error: 1
      case .warning: 2
      case .info: 3
      }
    let wcag = finding.wcag.isEmpty ? "" : " (WCAG \(finding.wcag.joined(separator: ", ")))"
    var data: [JSON.Member] = [
      JSON.Member("kind", .string("finding")), JSON.Member("rule", .string(finding.rule)),
      JSON.Member("wcag", .array(finding.wcag.map { .string($0) })),
      JSON.Member("explanation", .string(finding.explanation.sentence)),
    ]
    if let help = finding.help { data.append(JSON.Member("help", .string(help))) }
    if let fix = finding.fix { data.append(JSON.Member("fix", .string(fix))) }
    return LSPServer.diagnostic(
      document, lower: lower, upper: upper, severity: severity, message: finding.message + wcag, code: finding.rule,
      href: finding.help.flatMap(LSPServer.firstLink)
        // Else the W3C's Understanding document for the first criterion the rule cites.
        ?? finding.wcag.lazy.compactMap(WCAG.criterion).first?.understandingURL, data: .object(data))
  }

  /// A range's positions as numbers, to compare a range a client sent with one built here.
  static func positions(_ range: JSON?) -> [Int]? {
    guard let start = range?["start"].flatMap(TextDocument.position),
      let end = range?["end"].flatMap(TextDocument.position)
    else { return nil }
    return [start.line, start.character, end.line, end.character]
  }

  /// The first `http(s)://` link in a rule's help, if it has one.
  static func firstLink(_ text: String) -> String? {
    guard let start = text.range(of: "https://") ?? text.range(of: "http://") else { return nil }
    let link = text[start.lowerBound...].prefix { !$0.isWhitespace && !"\"'<>)".contains($0) }
    return String(link.hasSuffix(".") || link.hasSuffix(",") ? link.dropLast() : link)
  }

  /// The findings on a Swift document's position, with their rule's title, help, explanation
  /// and fix.
  func swiftHover(_ open: OpenDocument, _ offset: Int) -> JSON {
    let here = open.findings.filter { $0.lower <= offset && offset <= $0.upper }
    guard let first = here.first else { return .null }
    let blocks = here.map { entry -> String in
      let finding = entry.finding
      let rule = project?.rule(finding.rule)
      var text = "**\(finding.rule)** (\(finding.severity.rawValue))"
      if let title = rule?.title { text += ": \(title)" }
      text += "\n\n\(finding.message)"
      if !finding.wcag.isEmpty { text += "\n\n**WCAG:** \(finding.wcag.joined(separator: ", "))" }
      text += "\n\n**Why:** \(finding.explanation.sentence)"
      if let help = finding.help { text += "\n\n**Help:** \(help)" }
      if let fix = finding.fix { text += "\n\n**Fix:** `\(fix)`" }
      return text
    }
    return .object([
      "contents": .object(["kind": .string("markdown"), "value": .string(blocks.joined(separator: "\n\n---\n\n"))]),
      "range": open.text.range(first.lower, first.upper),
    ])
  }

  func codeActions(_ params: JSON) -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.stringValue, let open = documents[uri],
      let start = params["range"]?["start"].flatMap(TextDocument.position),
      let end = params["range"]?["end"].flatMap(TextDocument.position)
    else { return .array([]) }
    if let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue),
      !only.contains(where: { $0 == "quickfix" || $0.hasPrefix("quickfix.") })
    {
      return .array([])
    }
    let lower = open.text.offset(line: start.line, character: start.character)
    let upper = open.text.offset(line: end.line, character: end.character)
    let sent = params["context"]?["diagnostics"]?.arrayValue ?? []
    var actions: [JSON] = []
    for entry in open.findings where entry.lower <= upper && lower <= entry.upper {
      guard let edit = LSPFixes.edit(for: entry.finding, at: entry.lower, in: open.text) else { continue }
      // The diagnostic the client showed, when it sent it, else the one published.
      let diagnostic =
        sent.first { sent in
          sent["code"]?.stringValue == entry.finding.rule
            && LSPServer.positions(sent["range"]) == LSPServer.positions(open.text.range(entry.lower, entry.upper))
        }
        ?? findingDiagnostic(entry.finding, open.text, entry.lower, entry.upper)
      let changes: [JSON] = edit.replacements.map { replacement in
        .object([
          "range": open.text.range(replacement.lower, replacement.upper), "newText": .string(replacement.newText),
        ])
      }
      actions.append(
        .object([
          "title": .string(edit.title), "kind": .string("quickfix"), "diagnostics": .array([diagnostic]),
          "isPreferred": .bool(edit.isPreferred),
          "edit": .object(["changes": .object([JSON.Member(uri, .array(changes))])]),
        ]))
    }
    return .array(actions)
  }
}

/// The quick fixes of findings: an edit of the document when the fix can be applied without
/// a person choosing between readings.
///
/// A rule's structured fix (`fix add modifier …`, `set argument …`, `replace modifier …`),
/// resolved against the document's text as `lint --fix` resolves it, is the edit; a fix that
/// needs a person's words is offered with its Xcode placeholder, not as the preferred fix.
/// For a rule whose fix is only a hint written as text, the one kind of hint with a single
/// reading is one modifier call, added to the view on a line of its own after the modifiers it
/// has — offered only when the view has no modifier of that name and the hint has no `…`.
enum LSPFixes {
  struct Replacement: Equatable {
    var lower: Int
    var upper: Int
    var newText: String
  }

  struct Edit: Equatable {
    var title: String
    var replacements: [Replacement]
    /// Whether the edit is the fix itself, not a placeholder (`<#what it does#>`) to fill in.
    var isPreferred: Bool
  }

  static func edit(for finding: Finding, at offset: Int, in document: TextDocument) -> Edit? {
    if let structured = finding.edit {
      // Resolved against this text, or not offered: a hint is no better where the edit failed.
      guard structured.unresolved == nil, !structured.replacements.isEmpty else { return nil }
      // Adding a modifier the view already has would leave a choice (replace it, or add
      // another): not offered.
      if structured.kind == .addModifier, let modifier = singleModifier(structured.text),
        let chain = ModifierChain.end(of: document.source, at: offset), chain.modifiers.contains(modifier)
      {
        return nil
      }
      return Edit(
        title: structured.summary.prefix(1).uppercased() + structured.summary.dropFirst(),
        replacements: structured.replacements.map { Replacement(lower: $0.start, upper: $0.end, newText: $0.text) },
        isPreferred: !structured.needsWords)
    }
    guard let fix = finding.fix, let modifier = singleModifier(fix) else { return nil }
    guard let chain = ModifierChain.end(of: document.source, at: offset), !chain.modifiers.contains(modifier) else {
      return nil
    }
    return Edit(
      title: "Add \(fix)",
      replacements: [Replacement(lower: chain.offset, upper: chain.offset, newText: "\n" + chain.indentation + fix)],
      isPreferred: !fix.contains("<#"))
  }

  /// The modifier's name when `fix` is exactly one modifier call, `.name(…)`, with its
  /// parentheses balanced outside string literals and nothing after them.
  static func singleModifier(_ fix: String) -> String? {
    let bytes = Array(fix.utf8)
    guard bytes.first == UInt8(ascii: "."), !fix.contains("…"), !fix.contains("...") else { return nil }
    var index = 1
    while index < bytes.count, TextDocument.isIdentifierByte(bytes[index]) { index += 1 }
    guard index > 1, index < bytes.count, bytes[index] == UInt8(ascii: "(") else { return nil }
    let name = String(decoding: bytes[1..<index], as: UTF8.self)
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return index == bytes.count - 1 ? name : nil }
      }
      index += 1
    }
    return nil
  }
}
