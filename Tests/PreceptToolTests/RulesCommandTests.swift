import Foundation
import Precept
import Testing

@testable import PreceptTool

/// `precept rules`: the rules lint would evaluate, as a table, JSON or the Markdown reference
/// (Rulesets/REFERENCE.md is that reference for the standard rulesets, kept up to date here).
@Suite struct RulesCommandTests {
  static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Rulesets/REFERENCE.md")

  @Test func theCommittedReferenceIsTheGeneratedOne() throws {
    let run = try Products.run("precept", ["rules", "--format", "markdown"])
    #expect(run.status == 0, "\(run.error)")
    if ProcessInfo.processInfo.environment["PRECEPT_UPDATE_GOLDENS"] == "1" {
      try Data(run.output.utf8).write(to: Self.reference)
      return
    }
    let committed = try String(contentsOf: Self.reference, encoding: .utf8)
    #expect(
      committed == run.output,
      "Rulesets/REFERENCE.md is out of date: run `swift run precept rules --format markdown -o Rulesets/REFERENCE.md`")
  }

  @Test func theReferenceNamesEveryRuleWithItsCriteria() throws {
    let engine = Engine(rulesets: try Evaluation.rulesets([]))
    let text = RuleReference.markdown(engine)
    for rule in engine.rules { #expect(text.contains("### `\(rule.id)`"), "\(rule.id) is missing") }
    #expect(text.contains("[4.1.2 Name, Role, Value](https://www.w3.org/WAI/WCAG22/Understanding/name-role-value) (A)"))
    #expect(!text.contains("## common"), "a library has no rules to list")
  }

  @Test func theTableListsOneRulePerLineWithTheProjectsSeverities() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "precept.json",
      #"{"precept": 1, "severity": {"menu.basic/trigger-name": "warning"}, "disable": ["button.basic/generic-label"]}"#)
    let run = try Products.run("precept", ["rules"], directory: folder.path)
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("RULE") == true)
    let trigger = try #require(lines.first { $0.hasPrefix("menu.basic/trigger-name ") })
    #expect(trigger.contains(" rule ") && trigger.contains(" warning ") && trigger.contains("4.1.2,1.1.1"))
    #expect(!run.output.contains("button.basic/generic-label"))
    #expect(lines.last?.hasSuffix("review items in 19 rulesets") == true)
  }

  @Test func jsonListsEachRuleAsAnObject() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "demo.precept",
      """
      ruleset demo 1.0.0
      rule named {
        severity warning
        wcag "2.4.6"
        title "Menus are named"
        on Menu as m
        require true
        help "Say what it holds"
      }
      """)
    let run = try Products.run(
      "precept", ["rules", "--ruleset", "demo.precept", "--format", "json"], directory: folder.path)
    #expect(run.status == 0, "\(run.error)")
    let rules = try #require(try JSON.parse(run.output).arrayValue)
    #expect(rules.count == 1)
    #expect(rules[0]["id"]?.stringValue == "demo/named")
    #expect(rules[0]["severity"]?.stringValue == "warning")
    #expect(rules[0]["wcag"]?.arrayValue?.first?.stringValue == "2.4.6")
    #expect(rules[0]["selector"]?.stringValue == "on Menu as m")
    #expect(rules[0]["help"]?.stringValue == "Say what it holds")
  }

  @Test func aWrongFormatOrArgumentIsAUsageError() throws {
    let format = try Products.run("precept", ["rules", "--format", "yaml"])
    #expect(format.status == 2)
    #expect(format.error.contains("unknown format 'yaml'; expected text, json or markdown"))
    let positional = try Products.run("precept", ["rules", "menu.basic"])
    #expect(positional.status == 2)
    #expect(positional.error.contains("give rulesets with --ruleset"))
  }
}

/// Reports summarised by WCAG success criterion, in every format.
@Suite struct WCAGSummaryTests {
  static let screen = """
    struct S: View {
      var body: some View {
        Menu { Button("A") {}; Button("B") {} } label: { Image(systemName: "ellipsis") }
        Button("Save") {}
      }
    }

    """

  func lint(_ format: String) throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("S.swift", Self.screen)
    let run = try Products.run("precept", ["lint", "S.swift", "--format", format], directory: folder.path)
    #expect(run.status == 1, "\(run.error)")
    return run.output
  }

  @Test func theTextReportSaysWhichCriteriaFailAboveItsSummary() throws {
    let lines = try lint("text").split(separator: "\n")
    let start = try #require(lines.firstIndex(of: "WCAG 2.2 success criteria the rules checked:"))
    #expect(lines[start + 1].hasPrefix("  fails         "))
    #expect(lines[start + 1].contains("4.1.2 Name, Role, Value (A): 1 finding"))
    #expect(lines[start + 1].contains("1.1.1 Non-text Content (A): 1 finding"))
    #expect(lines.contains { $0.hasPrefix("  no findings   ") && $0.contains("2.4.6 Headings and Labels (AA)") })
    #expect(lines.last?.contains("error") == true, "the summary line stays last")
  }

  @Test func jsonCarriesEachCriterionWithItsCounts() throws {
    let report = try JSON.parse(try lint("json"))
    let criteria = try #require(report["wcag"]?.arrayValue)
    let name = try #require(criteria.first { $0["criterion"]?.stringValue == "4.1.2" })
    #expect(name["name"]?.stringValue == "Name, Role, Value")
    #expect(name["level"]?.stringValue == "A")
    #expect(name["status"]?.stringValue == "fails")
    #expect(name["failed"]?.integerValue == 1)
    #expect(name["rules"]?.arrayValue?.contains { $0.stringValue == "menu.basic/trigger-name" } == true)
    let numbers = criteria.compactMap { $0["criterion"]?.stringValue }
    #expect(numbers == numbers.sorted(by: WCAG.precedes))
    #expect(
      criteria.allSatisfy {
        ["fails", "needsReview", "noFindings", "notChecked"].contains($0["status"]?.stringValue ?? "")
      })
  }

  @Test func sarifHasTheWCAGTaxonomyAndRulesRelatedToIt() throws {
    let sarif = try JSON.parse(try lint("sarif"))
    let run = try #require(sarif["runs"]?.arrayValue?.first)
    let taxonomy = try #require(run["taxonomies"]?.arrayValue?.first)
    #expect(taxonomy["name"]?.stringValue == "WCAG" && taxonomy["version"]?.stringValue == "2.2")
    let taxon = try #require(taxonomy["taxa"]?.arrayValue?.first { $0["id"]?.stringValue == "4.1.2" })
    #expect(taxon["helpUri"]?.stringValue == "https://www.w3.org/WAI/WCAG22/Understanding/name-role-value")
    #expect(taxon["properties"]?["failed"]?.integerValue == 1)
    let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
    let trigger = try #require(rules.first { $0["id"]?.stringValue == "menu.basic/trigger-name" })
    let targets = trigger["relationships"]?.arrayValue?.compactMap { $0["target"]?["id"]?.stringValue }
    #expect(targets == ["4.1.2", "1.1.1"])
    #expect(run["tool"]?["driver"]?["supportedTaxonomies"]?.arrayValue?.first?["name"]?.stringValue == "WCAG")
  }
}
