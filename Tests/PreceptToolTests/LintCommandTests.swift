import Foundation
import Precept
import Testing

@testable import PreceptTool

/// Small failures of `lint`'s inputs: each says what is wrong, once, with a position.
@Suite struct LintCommandTests {
  @Test func rulesetWhoseHostFunctionIsMissingStopsLintAtItsDeclaration() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write("A.swift", "struct V: View {\n  var body: some View { Text(\"Hi\") }\n}\n")
    let ruleset = try folder.write(
      "acme.contrast.precept",
      """
      ruleset acme.contrast 1.0.0
      host contrastRatio(string, string) -> double
      rule readable {
        severity error
        on Text as t
        require contrastRatio(t.text(), "white") >= 4.5
      }
      """)
    let model = try folder.write(
      "A.json", #"{"viewmodel": 1, "file": "A.swift", "nodes": [{"type": "Text", "line": 2, "column": 25}]}"#)
    for (command, input) in [("lint", swift), ("check", model)] {
      let run = ToolRun([command, input, "--ruleset", ruleset])
      #expect(run.status == 2)
      #expect(
        run.error.contains(
          "\(ruleset):2:6: error: host function 'contrastRatio' is declared, but the host did not register it"))
      #expect(run.error.contains("the precept command provides no host functions"))
      #expect(run.output.isEmpty, "nothing is linted")
    }
    // precept test stops there too, rather than failing every fixture on rules that cannot run.
    try folder.write("acme.contrast.tests/a.swift", "struct V: View { var body: some View { Text(\"Hi\") } }\n")
    let tested = ToolRun(["test", folder.path])
    #expect(tested.status == 2)
    #expect(tested.error.contains("error: host function 'contrastRatio' is declared, but the host did not register it"))
  }

  /// The rulesets compile while the files are found and read; an error found meanwhile (a
  /// usage error, no files) still comes after a ruleset's own error, as when they compiled first.
  @Test func aRulesetErrorIsReportedBeforeErrorsFoundWhileItCompiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write("A.swift", "struct V: View {\n  var body: some View { Text(\"Hi\") }\n}\n")
    let ruleset = try folder.write(
      "broken.precept", "ruleset broken 1.0.0\nrule r {\n  on Text as t\n  require t.nope(\n}\n")
    for arguments in [
      [swift, "--dry-run"], [folder.path + "/none", "--exclude", "**"], [swift, "--platform", "Amiga"],
    ] {
      let run = ToolRun(["lint"] + arguments + ["--ruleset", ruleset])
      #expect(run.status == 2)
      #expect(run.error.contains("\(ruleset):"), "\(arguments): \(run.error)")
      #expect(!run.error.contains("--dry-run goes with --fix") && !run.error.contains("Amiga"), "\(arguments)")
    }
    // Without the ruleset error, the other error is the one reported.
    let usage = ToolRun(["lint", swift, "--dry-run"])
    #expect(usage.status == 2)
    #expect(usage.error.contains("--dry-run goes with --fix"))
  }

  /// Work goes to the cores largest first, so the big files do not finish last on one core.
  @Test func filesAreHandedOutLargestFirst() {
    #expect(Evaluation.largestFirst([3, 10, 3, 7, 0]) == [1, 3, 0, 2, 4])
    #expect(Evaluation.largestFirst([]) == [])
  }

  @Test func misspeltRuleIDsInTheConfigurationAreErrors() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write("A.swift", "struct V {}\n")
    let config = try folder.write(
      "precept.json",
      """
      {
        "precept": 1,
        "disable": ["global/semantic-colr", "menu.basic"],
        "severity": {"menu.basic/trigger-nme": "info"}
      }
      """)
    let run = ToolRun(["lint", swift, "--config", config])
    #expect(run.status == 2)
    #expect(
      run.error.contains(
        "\(config):3:15: error: unknown rule 'global/semantic-colr' in 'disable'; did you mean 'global/semantic-color'?"
      ))
    #expect(
      run.error.contains(
        "\(config):4:16: error: unknown rule 'menu.basic/trigger-nme' in 'severity'; did you mean 'menu.basic/trigger-name'?"
      ))
    #expect(!run.error.contains("'menu.basic' in"))
  }

  @Test func misspeltRuleIDsInSuppressionCommentsAreErrors() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write(
      "A.swift",
      "struct V: View {\n  var body: some View {\n    // precept:disable-next-line menu.basic/trigger-nam\n    Menu {}\n  }\n}\n"
    )
    let run = ToolRun(["lint", swift, "--format", "json"])
    #expect(run.status == 2)
    let errors = try JSON.parse(run.output)["inputErrors"]?.arrayValue ?? []
    #expect(
      errors.map { $0["message"]?.stringValue }
        == ["unknown rule 'menu.basic/trigger-nam' in a precept: comment; did you mean 'menu.basic/trigger-name'?"])
    #expect(errors.first?["line"]?.integerValue == 3 && errors.first?["column"]?.integerValue == 34)
    // A comment that only mentions precept: is not a directive.
    let prose = try folder.write("B.swift", "// see precept: the docs\nstruct V {}\n")
    #expect(ToolRun(["lint", prose]).status == 0)
    // A rule of a ruleset this run does not load (--ruleset chose others) is not checked.
    let ruleset = try folder.write("demo.precept", "ruleset demo 1.0.0\n")
    #expect(ToolRun(["lint", swift, "-r", ruleset]).status == 0)
  }

  @Test func aMalformedLockFileIsReportedWithOneErrorPrefix() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write("A.swift", "struct V {}\n")
    let config = try folder.write("precept.json", #"{"precept": 1, "rulesets": {"acme.menus": "^1.0"}}"#)
    try folder.write("precept.lock", "{\"preceptLock\": 1, \"packs\": 3}")
    let run = ToolRun(["lint", swift, "--config", config])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix(folder.path + "/precept.lock:1:"))
    #expect(!run.error.contains("error: " + folder.path))
  }

  @Test func aPositionTooLargeSaysSo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let model = try folder.write(
      "m.json", #"{"viewmodel": 1, "file": "A.swift", "nodes": [{"type": "Menu", "line": 2147483648}]}"#)
    let run = ToolRun(["check", model, "--format", "json"])
    #expect(run.status == 2)
    #expect(run.output.contains("'line' is too large (max 2147483647)"))
    let fixtures = ToolRun(["test", folder.path, "--min-fixtures", "99999999999999999999"])
    #expect(fixtures.status == 2)
    #expect(fixtures.error.hasPrefix("error: --min-fixtures is too large (max 9223372036854775807)"))
  }
  @Test func previewCodeIsLeftOutUnlessAskedFor() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write(
      "A.swift",
      """
      import SwiftUI
      struct A: View {
        var body: some View { Button(action: {}) { Image(systemName: "xmark") } }
      }
      struct A_Previews: PreviewProvider {
        static var previews: some View {
          Button(action: {}) { Image(systemName: "plus") }
        }
      }
      extension B: SwiftUI.PreviewProvider {
        static var previews: some View { Button(action: {}) { Image(systemName: "minus") } }
      }
      #if DEBUG
      #Preview("Dark") {
        VStack {
          Text("Sample")
          Button(action: {}) { Image(systemName: "trash") }
        }
      }
      #endif

      """)
    func lines(_ extra: [String]) throws -> [Int64] {
      let run = ToolRun(["lint", swift, "--format", "json"] + extra)
      #expect(run.status == 1)
      let findings = try JSON.parse(run.output)["findings"]?.arrayValue ?? []
      return findings.compactMap { $0["line"]?.integerValue }
    }
    #expect(try lines([]) == [3])
    #expect(try lines(["--include-previews"]) == [3, 7, 11, 17])
  }

  /// The standard rulesets leave preview code to lint's own filter: with --include-previews a
  /// preview's unnamed tab, unlabelled editor and field without a content type are reported
  /// like the app's own code.
  @Test func includePreviewsReachesEveryStandardRule() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write(
      "A.swift",
      """
      import SwiftUI
      #Preview {
        TabView {
          Text("Feed").tabItem { Image(systemName: "house") }
          Text("Me").tabItem { Image(systemName: "person") }
        }
      }
      struct Form_Previews: PreviewProvider {
        static var previews: some View {
          VStack {
            TextEditor(text: .constant(""))
            TextField("Email address", text: .constant(""))
          }
        }
      }

      """)
    func rules(_ extra: [String]) throws -> [String] {
      let run = ToolRun(["lint", swift, "--format", "json"] + extra)
      let findings = try JSON.parse(run.output)["findings"]?.arrayValue ?? []
      return findings.compactMap { $0["rule"]?.stringValue }.sorted()
    }
    #expect(try rules([]) == [])
    let included = try rules(["--include-previews"])
    #expect(included.contains("tabview.basic/tab-name"))
    #expect(included.contains("textfield.basic/editor-name"))
    #expect(included.contains("textfield.basic/input-purpose"))
  }

  @Test func oneViewUsedTwiceIsReportedOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write(
      "A.swift",
      """
      import SwiftUI
      struct A: View {
        var body: some View {
          let close = Button(action: {}) { Image(systemName: "xmark") }
          VStack { close; close }
        }
      }

      """)
    let run = ToolRun(["lint", swift, "--format", "json"])
    let findings = try JSON.parse(run.output)["findings"]?.arrayValue ?? []
    #expect(findings.compactMap { $0["line"]?.integerValue } == [4])
  }
}
