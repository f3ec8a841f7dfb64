import Foundation
import Precept

extension Command {
  static let describeCommand = Command(
    name: "describe",
    summary: "print a component's card as Markdown, from its ruleset alone",
    usage: "precept describe RULESET",
    details: """
      Prints the component card a ruleset stands for — title and summary, when to use the
      component and when to use another, must haves, don'ts, customizable variants, the golden
      pattern and the acceptance checks — so the ruleset is the single source of truth for the
      card. RULESET is a .precept file, a pack, or the name of a standard ruleset (menu.basic).
      """,
    options: [],
    run: { arguments, console in
      guard arguments.positionals.count == 1 else { throw UsageError(message: "expected one ruleset") }
      let name = arguments.positionals[0]
      let ruleset: Ruleset
      if FileManager.default.fileExists(atPath: name) {
        guard let found = try Evaluation.rulesets([name]).first else {
          throw InputError(message: "no ruleset in \(name)")
        }
        ruleset = found
      } else {
        let library = StandardRulesets.library()
        guard let entry = library.entries.filter({ $0.name == name }).max(by: { $0.version < $1.version }) else {
          let names = library.entries.map(\.name)
          let suggestion = Spelling.closest(name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
          throw InputError(
            message:
              "no ruleset file or standard ruleset named '\(name)'\(suggestion); standard: \(names.joined(separator: ", "))"
          )
        }
        ruleset = try library.ruleset(entry)
      }
      console.write(CardRenderer.markdown(ruleset))
      return 0
    })
}

/// A ruleset's card as Markdown, in the order of the A11y Context cards.
enum CardRenderer {
  /// The card of `ruleset`. Its must haves and don'ts include those of the rulesets it imports
  /// (the global baselines a component meets), after its own.
  ///
  /// Card text comes from the ruleset, perhaps a downloaded pack: one-line items are escaped
  /// whole (a newline cannot start a fake section) and the whole card once more, keeping the
  /// newlines of multi-line text, so no control character reaches the terminal.
  static func markdown(_ ruleset: Ruleset) -> String {
    TerminalStyle.escaped(unescapedMarkdown(ruleset), keepingNewlines: true)
  }

  private static func unescapedMarkdown(_ ruleset: Ruleset) -> String {
    let program = ruleset.program
    let metadata = program.metadata
    func line(_ text: String) -> String { TerminalStyle.escaped(text) }
    var out = "# \(line(metadata.title ?? program.name)) | \(metadata.isLibrary ? "Library" : "A11y Context")\n\n"
    out += "`\(program.name)` \(program.version)\n"
    if let summary = metadata.summary { out += "\n\(summary)\n" }
    if let help = metadata.help { out += "\n\(help)\n" }
    if metadata.isLibrary {
      out += "\nA library: it shares definitions with the rulesets that import it, and has no rules.\n"
      return out
    }
    let rules = program.rules
    let importedRules = ruleset.ruleClosure.filter { $0.name != ruleset.name }.flatMap(\.program.rules)
    let byID = Dictionary(importedRules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // Sentences this card credits to an imported rule it extends (`extend global/… { must "…" }`)
    // stand in for that rule's own sentences of the same section.
    func sentences(_ section: String, including imported: Bool = false) -> [(String, RuleInfo)] {
      let own = rules.flatMap { rule in rule.card.filter { $0.section == section }.map { ($0.text, rule) } }
      guard imported else { return own }
      var credited: [(String, RuleInfo)] = []
      var replaced: Set<String> = []
      for item in metadata.extensions {
        guard let rule = byID[item.rule] else { continue }
        for entry in item.card where entry.section == section {
          credited.append((entry.text, rule))
          replaced.insert(rule.id)
        }
      }
      let baselines = importedRules.filter { !replaced.contains($0.id) }.flatMap { rule in
        rule.card.filter { $0.section == section }.map { ($0.text, rule) }
      }
      return own + credited + baselines
    }
    func item(_ text: String, _ rule: RuleInfo?) -> String {
      guard let rule else { return "- \(line(text))\n" }
      let wcag = rule.wcag.isEmpty ? "" : ", WCAG \(rule.wcag.joined(separator: ", "))"
      return "- \(line(text)) *(\(line("\(rule.id), \(rule.severity)\(wcag)")))*\n"
    }

    let suggestions = sentences("suggest")
    if !metadata.useWhen.isEmpty || !metadata.avoidWhen.isEmpty || !suggestions.isEmpty { out += "\n## Selection\n" }
    if !metadata.useWhen.isEmpty {
      out += "\n### Use when\n\n"
      for text in metadata.useWhen { out += item(text, nil) }
    }
    if !metadata.avoidWhen.isEmpty {
      out += "\n### Try a different component when\n\n"
      for (text, instead) in metadata.avoidWhen {
        out += item(text + (instead.map { " → `\($0)`" } ?? ""), nil)
      }
    }
    if !suggestions.isEmpty {
      out += "\n### Checked as suggestions\n\n"
      for (text, rule) in suggestions { out += item(text, rule) }
    }
    let must = sentences("must", including: true)
    if !must.isEmpty {
      out += "\n## Must Haves\n\n"
      for (text, rule) in must { out += item(text, rule) }
    }
    let dont = sentences("dont", including: true)
    if !dont.isEmpty {
      out += "\n## Don'ts\n\n"
      for (text, rule) in dont { out += item(text, rule) }
    }
    if !metadata.allow.isEmpty {
      out += "\n## Customizable\n\n"
      for text in metadata.allow { out += item(text, nil) }
    }
    for (index, golden) in metadata.golden.enumerated() {
      out += index == 0 ? "\n## Golden Pattern\n\n" : "\n"
      out += "```swift\n\(golden.trimmingCharacters(in: .newlines))\n```\n"
    }
    let reviews = rules.filter { $0.kind == .review }
    if !reviews.isEmpty {
      out += "\n## Acceptance Checks\n"
      var categories: [String] = []
      for review in reviews where !categories.contains(review.category ?? "Other") {
        categories.append(review.category ?? "Other")
      }
      for category in categories {
        out += "\n### \(line(category))\n\n"
        for review in reviews where (review.category ?? "Other") == category {
          for check in review.checks { out += "- \(line(check))\n" }
        }
      }
    }
    return out
  }
}
