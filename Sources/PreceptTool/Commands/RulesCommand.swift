import Foundation
import Precept

extension Command {
  static let rulesCommand = Command(
    name: "rules",
    summary: "list every rule and review item the rulesets hold, or write the rule reference",
    usage: "precept rules [--ruleset FILE|DIR]… [--config FILE] [--format text|json|markdown] [-o FILE]",
    details: """
      Lists the rules lint would evaluate — the --ruleset files, else precept.json's, else the
      standard rulesets — one per line: id, kind (rule or review), severity (with the
      project's overrides; disabled rules are left out), WCAG success criteria and title.
      --format json writes them as an array of objects; --format markdown writes the whole
      reference (each ruleset's summary; each rule's selector, severity, WCAG criteria with
      their names and the W3C's Understanding links, help and fix; an index by criterion), as
      Rulesets/REFERENCE.md is written.

      Exit status: 0, or 2 when a ruleset does not compile or an option is wrong.
      """,
    options: [
      Evaluation.rulesetOption, Evaluation.configOption,
      OptionSpec(name: "--format", short: "-f", value: "FORMAT", help: "text (default), json or markdown"),
      Evaluation.outputOption,
    ],
    run: { arguments, console in
      guard arguments.positionals.isEmpty else {
        throw UsageError(message: "unexpected argument '\(arguments.positionals[0])'; give rulesets with --ruleset")
      }
      let format = arguments.value("--format") ?? "text"
      guard ["text", "json", "markdown"].contains(format) else {
        throw UsageError(message: "unknown format '\(format)'; expected text, json or markdown")
      }
      let (engine, _) = try Evaluation.engine(arguments)
      let text: String
      switch format {
      case "json": text = RuleReference.json(engine).serialized(pretty: true) + "\n"
      case "markdown": text = RuleReference.markdown(engine)
      default: text = RuleReference.table(engine)
      }
      if let output = arguments.value("--output") {
        do {
          try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
          throw InputError(message: "\(output): cannot write the reference (\(error.localizedDescription))")
        }
      } else {
        console.write(TerminalStyle.escaped(text, keepingNewlines: true))
      }
      return 0
    })
}

/// The rules of an engine as a table, JSON, or the Markdown rule reference.
enum RuleReference {
  private static func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }

  static func table(_ engine: Engine) -> String {
    let rows = engine.rules.map { rule in
      [
        rule.id, rule.kind.rawValue, rule.kind == .review ? "-" : rule.severity.rawValue,
        rule.wcag.isEmpty ? "-" : rule.wcag.joined(separator: ","),
        oneLine(rule.title ?? rule.message ?? rule.checks.first ?? rule.selector),
      ]
    }
    let header = ["RULE", "KIND", "SEVERITY", "WCAG", "TITLE"]
    let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      (0..<4).map { cells[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        + "  " + cells[4]
    }
    let rules = engine.rules.count { $0.kind == .rule }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
      + "\n\(rules) rules and \(engine.rules.count - rules) review items in "
      + "\(engine.rulesets.count { !$0.program.metadata.isLibrary }) rulesets\n"
  }

  static func json(_ engine: Engine) -> JSON {
    .array(
      engine.rules.map { rule in
        var members: [JSON.Member] = [
          JSON.Member("id", .string(rule.id)), JSON.Member("ruleset", .string(rule.ruleset)),
          JSON.Member("version", .string(rule.version)), JSON.Member("kind", .string(rule.kind.rawValue)),
          JSON.Member("severity", .string(rule.severity.rawValue)),
          JSON.Member("wcag", .array(rule.wcag.map { .string($0) })), JSON.Member("selector", .string(rule.selector)),
        ]
        if let title = rule.title { members.append(JSON.Member("title", .string(title))) }
        if let help = rule.help { members.append(JSON.Member("help", .string(help))) }
        if let fix = rule.fix { members.append(JSON.Member("fix", .string(fix))) }
        if let category = rule.category { members.append(JSON.Member("category", .string(category))) }
        if !rule.checks.isEmpty { members.append(JSON.Member("checks", .array(rule.checks.map { .string($0) }))) }
        return .object(members)
      })
  }

  /// The reference: rulesets in name order, each rule under its id, then an index by WCAG
  /// success criterion. Deterministic, so the generated file diffs cleanly.
  static func markdown(_ engine: Engine) -> String {
    func criterionLink(_ number: String) -> String {
      guard let criterion = WCAG.criterion(number) else { return number }
      return "[\(criterion.number) \(criterion.name)](\(criterion.understandingURL)) (\(criterion.level))"
    }
    let inline = oneLine
    let rules = engine.rules
    var out = "# Rule reference\n\n"
    out += "Every rule and review item of the standard rulesets: what it checks, how severe a finding is, "
    out += "which WCAG 2.2 success criteria it stands for, and how to fix what it finds. "
    out += "Generated by `precept rules --format markdown`; do not edit by hand.\n\n"
    out += "| ruleset | version | rules | review items | title |\n|---|---|---|---|---|\n"
    // Libraries hold definitions, not rules.
    let rulesets = engine.rulesets.filter { !$0.program.metadata.isLibrary }.sorted { $0.name < $1.name }
    for ruleset in rulesets {
      let own = rules.filter { $0.ruleset == ruleset.name }
      out += "| [`\(ruleset.name)`](#\(ruleset.name.replacingOccurrences(of: ".", with: ""))) | \(ruleset.version) | "
      out += "\(own.count { $0.kind == .rule }) | \(own.count { $0.kind == .review }) | "
      out += "\(inline(ruleset.program.metadata.title ?? ruleset.name)) |\n"
    }
    for ruleset in rulesets {
      let own = rules.filter { $0.ruleset == ruleset.name }
      out += "\n## \(ruleset.name)\n\n"
      out += "**\(inline(ruleset.program.metadata.title ?? ruleset.name))**, version \(ruleset.version)."
      if let summary = ruleset.program.metadata.summary { out += " \(inline(summary))" }
      out += "\n"
      for rule in own {
        out += "\n### `\(rule.id)`\n\n"
        if let title = rule.title { out += "\(inline(title))\n\n" }
        var facts = [rule.kind == .review ? "review item (needs a person)" : "**\(rule.severity.rawValue)**"]
        if let category = rule.category { facts.append("category \(category)") }
        facts.append("`\(rule.selector)`")
        out += facts.joined(separator: " · ") + "\n"
        if !rule.wcag.isEmpty { out += "\n- WCAG: " + rule.wcag.map(criterionLink).joined(separator: ", ") + "\n" }
        if let message = rule.message { out += "- Message: \(inline(message))\n" }
        for check in rule.checks { out += "- Check: \(inline(check))\n" }
        if let help = rule.help { out += "- Why: \(inline(help))\n" }
        if let fix = rule.fix { out += "- Fix: `\(inline(fix))`\n" }
      }
    }
    out += "\n## By WCAG success criterion\n\n| criterion | rules |\n|---|---|\n"
    var byCriterion: [String: [String]] = [:]
    for rule in rules { for criterion in rule.wcag { byCriterion[criterion, default: []].append(rule.id) } }
    for criterion in byCriterion.keys.sorted(by: WCAG.precedes) {
      out += "| \(criterionLink(criterion)) | \(byCriterion[criterion]!.map { "`\($0)`" }.joined(separator: ", ")) |\n"
    }
    return out
  }
}
