import Foundation
import Precept
import Testing

@testable import PreceptTool

private let rulesetText = """
  ruleset demo 1.0.0
  rule trigger-name {
    severity error
    wcag "4.1.2"
    title "Name icon-only menu triggers"
    on Menu as m
    when m.slot("label").size() > 0
    require m.modifier("accessibilityLabel").text() != ""
    message "Icon-only Menu has no accessible name"
    help "VoiceOver has nothing to read for an icon."
    fix ".accessibilityLabel(\\"Map options\\")"
  }
  rule min-commands {
    severity warning
    on Menu as m
    require m.children.size() >= 2
    message "A menu with one command should be a Button"
  }
  review announce {
    category "VoiceOver"
    on Menu as m
    check "The trigger speaks its name"
  }
  """

private let modelText = """
  {"viewmodel": 1, "file": "Sources/My App/MapScreen.swift", "nodes": [
    {"type": "Menu", "line": 12, "column": 9,
     "slots": {"label": [{"type": "Image", "line": 14, "column": 11}]},
     "children": [{"type": "Button", "line": 13, "column": 11}]}]}
  """

@Suite struct CheckCommandTests {
  func withFiles(_ body: (_ ruleset: String, _ model: String, _ folder: TemporaryFolder) throws -> Void) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try body(try folder.write("demo.precept", rulesetText), try folder.write("model.json", modelText), folder)
  }

  @Test func jsonReportFollowsTheContract() throws {
    try withFiles { ruleset, model, _ in
      let run = ToolRun(["check", model, "--ruleset", ruleset, "--format", "json"])
      #expect(run.status == 1)
      let json = try JSON.parse(run.output)
      let findings = try #require(json["findings"]?.arrayValue)
      #expect(findings.count == 2)
      // Findings are sorted by file, line, column, then rule id.
      #expect(findings[0]["rule"]?.stringValue == "demo/min-commands")
      let first = findings[1]
      #expect(first["rule"]?.stringValue == "demo/trigger-name")
      #expect(first["ruleset"]?.stringValue == "demo")
      #expect(first["version"]?.stringValue == "1.0.0")
      #expect(first["severity"]?.stringValue == "error")
      #expect(first["file"]?.stringValue == "Sources/My App/MapScreen.swift")
      #expect(first["line"]?.integerValue == 12 && first["column"]?.integerValue == 9)
      #expect(first["wcag"]?.arrayValue?.compactMap(\.stringValue) == ["4.1.2"])
      #expect(first["fix"]?.stringValue == ".accessibilityLabel(\"Map options\")")
      #expect(first["explanation"]?["operands"]?.arrayValue?.first?["value"]?.stringValue == "\"\"")
      #expect(json["needsReview"]?.arrayValue?.first?["message"]?.stringValue == "The trigger speaks its name")
      // Every key is there even when empty, so a script can index the report without a guard.
      #expect(json["inputErrors"]?.arrayValue?.isEmpty == true)
      #expect(json["notRun"]?.arrayValue?.isEmpty == true)
      let summary = try #require(json["summary"])
      #expect(summary["files"]?.integerValue == 1)
      #expect(summary["nodes"]?.integerValue == 3)
      #expect(summary["rules"]?.integerValue == 3)
      #expect(summary["errors"]?.integerValue == 1)
      #expect(summary["warnings"]?.integerValue == 1)
      #expect(summary["infos"]?.integerValue == 0)
    }
  }

  @Test func exitStatusFollowsFailOn() throws {
    let clean =
      #"{"viewmodel": 1, "file": "A.swift", "nodes": [{"type": "Menu", "children": [{"type": "Button"}, {"type": "Button"}]}]}"#
    let onlyWarning =
      #"{"viewmodel": 1, "file": "A.swift", "nodes": [{"type": "Menu", "children": [{"type": "Button"}]}]}"#
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write("demo.precept", rulesetText)
    let cleanFile = try folder.write("clean.json", clean)
    let warningFile = try folder.write("warning.json", onlyWarning)
    #expect(ToolRun(["check", cleanFile, "-r", ruleset]).status == 0)
    #expect(ToolRun(["check", warningFile, "-r", ruleset]).status == 0)
    #expect(ToolRun(["check", warningFile, "-r", ruleset, "--fail-on", "warning"]).status == 1)
    #expect(ToolRun(["check", warningFile, "-r", ruleset, "--fail-on", "fatal"]).status == 2)
    #expect(ToolRun(["check", warningFile, "-r", ruleset, "--format", "xml"]).status == 2)
    #expect(ToolRun(["check", "-r", ruleset]).status == 2)
  }

  @Test func unreadableInputsAreReportedAndTheRestChecked() throws {
    try withFiles { ruleset, model, folder in
      let broken = try folder.write("broken.json", "{\"viewmodel\": 1, \"nodes\": [{\"type\": 3}]}")
      let run = ToolRun(["check", broken, model, folder.path + "/missing.json", "-r", ruleset, "--format", "json"])
      #expect(run.status == 2)
      let json = try JSON.parse(run.output)
      let errors = try #require(json["inputErrors"]?.arrayValue)
      #expect(
        errors.map { $0["message"]?.stringValue ?? "" } == ["'type' must be a string, found a number", "no such file"])
      #expect(errors.map { $0["file"]?.stringValue ?? "" } == [broken, folder.path + "/missing.json"])
      #expect(errors[0]["line"]?.integerValue == 1 && errors[0]["column"]?.integerValue == 37)
      #expect(json["findings"]?.arrayValue?.count == 2)
    }
  }

  @Test func textReportQuotesTheSourceLine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write(
      "Menu.swift",
      "struct S {\n  var body: some View {\n    Menu {\n    } label: { Image(systemName: \"x\") }\n  }\n}\n")
    let model = try folder.write(
      "m.json",
      #"{"viewmodel": 1, "file": "\#(swift)", "nodes": [{"type": "Menu", "line": 3, "column": 5, "slots": {"label": [{"type": "Image"}]}}]}"#
    )
    let ruleset = try folder.write("demo.precept", rulesetText)
    let run = ToolRun(["check", model, "-r", ruleset, "--sources", folder.path])
    #expect(run.status == 1)
    #expect(
      run.output.contains(
        "\(swift):3:5: error: Icon-only Menu has no accessible name [demo/trigger-name]\n  |\n3 |     Menu {\n  |     ^~~~\n"
      ))
    #expect(run.output.contains(#"note: require m.modifier("accessibilityLabel").text() != "" was false"#))
    #expect(run.output.contains("help: fix: .accessibilityLabel(\"Map options\")"))
    #expect(
      run.output.hasSuffix(
        "1 error, 1 warning, 0 infos in 1 file (2 nodes, 3 rules); 1 check needs review (--show-review lists them)\n"))
    #expect(!run.output.contains("\u{1B}["))
  }

  @Test func sarifIsValidForCodeScanning() throws {
    try withFiles { ruleset, model, _ in
      let run = ToolRun(["check", model, "--ruleset", ruleset, "--format", "sarif"])
      #expect(run.status == 1)
      let sarif = try JSON.parse(run.output)
      try validateSARIF(sarif)
      let driver = try #require(sarif["runs"]?.arrayValue?.first?["tool"]?["driver"])
      let rules = try #require(driver["rules"]?.arrayValue)
      #expect(
        rules.compactMap { $0["id"]?.stringValue } == ["demo/trigger-name", "demo/min-commands", "demo/announce"])
      #expect(
        rules[0]["properties"]?["tags"]?.arrayValue?.compactMap(\.stringValue) == ["accessibility", "wcag-4.1.2"])
      #expect(rules[0]["help"]?["text"]?.stringValue?.hasPrefix("VoiceOver has nothing to read for an icon.") == true)
      let results = try #require(sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue)
      let uri = results[0]["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?
        .stringValue
      #expect(uri == "Sources/My%20App/MapScreen.swift")
    }
  }
}

/// Checks what SARIF 2.1.0 requires of the parts Precept writes, and what GitHub code scanning
/// reads: a valid version, a driver with unique rule ids, and results that point at a rule and a
/// physical location with a message.
func validateSARIF(_ sarif: JSON) throws {
  #expect(sarif["version"]?.stringValue == "2.1.0")
  #expect(sarif["$schema"]?.stringValue?.hasPrefix("https://") == true)
  let runs = try #require(sarif["runs"]?.arrayValue)
  #expect(!runs.isEmpty)
  let levels: Set<String> = ["none", "note", "warning", "error"]
  let kinds: Set<String> = ["notApplicable", "pass", "fail", "review", "open", "informational"]
  for run in runs {
    let driver = try #require(run["tool"]?["driver"])
    #expect(driver["name"]?.stringValue?.isEmpty == false)
    let rules = driver["rules"]?.arrayValue ?? []
    let ids = rules.compactMap { $0["id"]?.stringValue }
    #expect(ids.count == rules.count)
    #expect(Set(ids).count == ids.count, "rule ids must be unique")
    for rule in rules {
      #expect(rule["shortDescription"]?["text"]?.stringValue?.isEmpty == false)
      #expect(rule["help"]?["text"]?.stringValue?.isEmpty == false)
      #expect(levels.contains(rule["defaultConfiguration"]?["level"]?.stringValue ?? ""))
      #expect(rule["properties"]?["tags"]?.arrayValue?.allSatisfy { $0.stringValue != nil } == true)
    }
    #expect(["utf16CodeUnits", "unicodeCodePoints"].contains(run["columnKind"]?.stringValue ?? ""))
    for result in run["results"]?.arrayValue ?? [] {
      let ruleID = try #require(result["ruleId"]?.stringValue)
      #expect(ids.contains(ruleID))
      if let index = result["ruleIndex"]?.integerValue { #expect(ids[Int(index)] == ruleID) }
      #expect(levels.contains(result["level"]?.stringValue ?? ""))
      #expect(kinds.contains(result["kind"]?.stringValue ?? "fail"))
      #expect(result["message"]?["text"]?.stringValue?.isEmpty == false)
      let location = try #require(result["locations"]?.arrayValue?.first?["physicalLocation"])
      let uri = try #require(location["artifactLocation"]?["uri"]?.stringValue)
      #expect(!uri.isEmpty && !uri.contains(" ") && URL(string: uri) != nil)
      let region = try #require(location["region"])
      #expect((region["startLine"]?.integerValue ?? 0) >= 1)
      if let column = region["startColumn"]?.integerValue { #expect(column >= 1) }
    }
  }
}

/// A rule that could not run checked nothing, so `check` and `lint` never exit 0 or 1 for it
/// unless the user accepts it (a third-party ruleset they cannot fix).
@Suite struct NotRunExitTests {
  static let failing = """
    ruleset demo.broken 1.0.0
    rule divides {
      severity error
      on Menu as m
      require m.children.size() / (m.children.size() - m.children.size()) >= 0
      message "unreachable"
    }
    """

  @Test func aRuleThatCouldNotRunIsExitStatusTwo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write("broken.precept", Self.failing)
    let model = try folder.write(
      "model.json", #"{"viewmodel": 1, "file": "A.swift", "nodes": [{"type": "Menu", "line": 3, "column": 5}]}"#)
    let refused = ToolRun(["check", model, "--ruleset", ruleset])
    #expect(refused.status == 2)
    #expect(refused.output.contains("rule demo.broken/divides was not run on Menu"), "\(refused.output)")
    #expect(refused.error.contains("1 rule evaluation could not run"), "\(refused.error)")
    let accepted = ToolRun(["check", model, "--ruleset", ruleset, "--accept-not-run"])
    #expect(accepted.status == 0, "\(accepted.error)")
    let swift = try folder.write("A.swift", "struct A: View { var body: some View { Menu(\"a\") { Text(\"b\") } } }\n")
    #expect(ToolRun(["lint", swift, "--ruleset", ruleset]).status == 2)
    #expect(ToolRun(["lint", swift, "--ruleset", ruleset, "--accept-not-run", "--format", "json"]).status == 0)
  }
}
