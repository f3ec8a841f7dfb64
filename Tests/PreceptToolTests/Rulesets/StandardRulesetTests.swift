import Foundation
import Testing

/// The standard rulesets in `Rulesets/`, exercised through the built `precept` binary: their
/// fixtures, the menu.basic card they encode, their embedding in the binary, and a new ruleset
/// that is loaded from a file without rebuilding anything.
@Suite struct StandardRulesetTests {
  /// The package root, three levels above this file (Tests/PreceptToolTests/Rulesets/).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  static let rulesets = root + "/Rulesets"
  /// The standard rulesets with rules: the baselines and the component cards.
  static let standard = [
    "global", "names", "menu.basic", "button.basic", "select.menu", "dialog.confirmation", "image.basic",
    "textfield.basic", "toggle.basic", "adjustable.basic", "link.basic", "tabview.basic", "sheet.basic", "controls",
    "gestures", "text", "structure", "contrast", "motion",
  ]

  @Test func everyFixturePassesAndEveryRuleIsCoveredBothWays() throws {
    let run = try Products.run(
      "precept", ["test", Self.rulesets, "--min-fixtures", "2"], environment: ["NO_COLOR": "1"])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(run.output.contains(", 0 failed;"), "\(run.output)")
    #expect(run.output.contains(" 0 not covered both ways"), "\(run.output)")
    // Every ruleset took part: its rules appear in the coverage table.
    for name in Self.standard {
      #expect(run.output.contains("  \(name)/"), "no coverage for \(name)")
    }
  }

  /// The standard rulesets share their helpers through the `common` library: a helper written
  /// twice drifts (before the library, `iconOnly` had two bodies and there were three lists of
  /// vague words).
  @Test func noHelperIsDefinedTwiceAcrossTheStandardRulesets() throws {
    var definedIn: [String: [String]] = [:]
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.rulesets).filter { $0.hasSuffix(".precept") }
    for file in files.sorted() {
      let text = try String(contentsOfFile: Self.rulesets + "/" + file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("let ") {
        let name = line.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        definedIn[String(name), default: []].append(file)
      }
    }
    #expect(definedIn.count > 50, "the let definitions were not found")
    let twice = definedIn.filter { $0.value.count > 1 }
    #expect(twice.isEmpty, "defined more than once: \(twice)")
    #expect(definedIn["hasLabel"] == ["common.precept"])
  }

  @Test func aBrokenFixtureFailsTheRun() throws {
    // The same rulesets, with one fixture that claims a clean result for a faulty menu.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for file in ["global.precept", "common.precept", "menu.basic.precept"] {
      try folder.write(file, try String(contentsOfFile: Self.rulesets + "/" + file, encoding: .utf8))
    }
    try folder.write(
      "menu.basic.tests/wrong.swift",
      """
      // expect: nothing
      struct S: View {
        var body: some View {
          Menu { Button("Rename") {}; Button("Move") {} } label: { Image(systemName: "ellipsis") }
        }
      }
      """)
    let run = try Products.run("precept", ["test", folder.path], environment: ["NO_COLOR": "1"])
    #expect(run.status == 1)
    #expect(run.output.contains("FAIL \(folder.path)/menu.basic.tests/wrong.swift"))
    #expect(run.output.contains("[menu.basic/trigger-name]"))
  }

  // MARK: Line markers

  /// A folder with `global` and a one-rule `t` ruleset (`t/unnamed`: every Button needs a
  /// title; `t/broken`: fails on Buttons titled "Boom" with a run-time division by zero) and
  /// the given fixtures in `t.tests/`.
  static func markerFolder(_ fixtures: [String: String]) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("global.precept", try String(contentsOfFile: rulesets + "/global.precept", encoding: .utf8))
    try folder.write(
      "t.precept",
      """
      ruleset t 1.0.0
      import global ^1.0
      rule unnamed { severity error on Button as b require b.text() != "" message "no title" }
      rule broken { severity error on Button as b when b.text() == "Boom" require 1 / (b.children.size() - b.children.size()) > 0 message "boom" }
      review voiceover { on Button check "Listen to it." }
      """)
    for (name, text) in fixtures { try folder.write("t.tests/\(name)", text) }
    return folder
  }

  static func test(_ folder: TemporaryFolder) throws -> (status: Int32, output: String) {
    let run = try Products.run("precept", ["test", folder.path], environment: ["NO_COLOR": "1"])
    return (run.status, run.output + run.error)
  }

  @Test func markersExpectEachFindingOnItsLineWithItsCount() throws {
    // Two rules on one line, the same rule twice on one line, and a '// v' marker above a line.
    let folder = try Self.markerFolder([
      "marked.swift": """
      struct S: View {
        var body: some View {
          Button("") {}.focusEffectDisabled() // <- t/unnamed, global/focus-visible
          HStack { Button("") {}; Button("") {} } // <- t/unnamed, t/unnamed
          // v t/unnamed
          Button("") {}
          Button("Go") {}
        }
      }
      """
    ])
    defer { folder.remove() }
    let run = try Self.test(folder)
    #expect(run.status == 0 || run.output.contains("seen failing in fewer"), "\(run.output)")
    #expect(run.output.contains("1 fixtures, 0 failed"), "\(run.output)")
  }

  @Test func aFindingOnTheWrongLineOrMissingOrExtraFailsTheFixture() throws {
    let folder = try Self.markerFolder([
      "wrong-line.swift": """
      struct S: View {
        var body: some View { // <- t/unnamed
          Button("") {}
        }
      }
      """,
      "missing.swift": """
      struct S: View {
        var body: some View {
          Button("") {} // <- t/unnamed, t/unnamed
        }
      }
      """,
      "extra.swift": """
      struct S: View {
        var body: some View {
          Button("") {} // <- t/unnamed
          Button("") {}
        }
      }
      """,
      "unmarked.swift": """
      struct S: View {
        var body: some View { Button("") {} }
      }
      """,
      "old-header.swift": """
      // expect: t/unnamed
      struct S: View {
        var body: some View { Button("") {} }
      }
      """,
      "contradiction.swift": """
      // expect: nothing
      struct S: View {
        var body: some View { Button("") {} } // <- t/unnamed
      }
      """,
      "misspelt.swift": """
      struct S: View {
        var body: some View { Button("") {} } // <- t/unamed, t/voiceover
      }
      """,
    ])
    defer { folder.remove() }
    let run = try Self.test(folder)
    #expect(run.status == 1)
    let t = folder.path + "/t.tests/"
    #expect(
      run.output.contains(
        "FAIL \(t)wrong-line.swift\n  wrong line: t/unnamed expected on line 2, found at 3:5: no title"),
      "\(run.output)")
    #expect(
      run.output.contains("FAIL \(t)missing.swift\n  missing: t/unnamed expected on line 3, not found there"),
      "\(run.output)")
    #expect(run.output.contains("FAIL \(t)extra.swift\n  unexpected: 4:5: no title [t/unnamed]"), "\(run.output)")
    #expect(
      run.output.contains(
        "FAIL \(t)unmarked.swift\n  no expectations: mark each finding's line with '// <- RULE', or write '// expect: nothing' (found: t/unnamed)"
      ), "\(run.output)")
    #expect(
      run.output.contains(
        "FAIL \(t)old-header.swift\n  line 1: '// expect: t/unnamed' names rules without lines; mark each finding's line with '// <- RULE' instead (or write '// expect: nothing')"
      ), "\(run.output)")
    #expect(
      run.output.contains(
        "  marker names 't/unamed', which is not a rule of this ruleset or its imports; did you mean 't/unnamed'?"),
      "\(run.output)")
    #expect(
      run.output.contains(
        "  marker names 't/voiceover', a review item: review items are not findings and take no marker"),
      "\(run.output)")
    #expect(
      run.output.contains(
        "FAIL \(t)contradiction.swift\n  line 1: '// expect: nothing', yet the fixture marks findings"),
      "\(run.output)")
    #expect(run.output.contains("7 fixtures, 7 failed"), "\(run.output)")
  }

  @Test func aRuleThatDoesNotRunOnAFixtureFailsTheRunWithItsReason() throws {
    let folder = try Self.markerFolder([
      "boom.swift": """
      // expect: nothing
      struct S: View {
        var body: some View { Button("Boom") {} }
      }
      """
    ])
    defer { folder.remove() }
    let run = try Self.test(folder)
    #expect(run.status == 1)
    #expect(
      run.output.contains(
        "FAIL \(folder.path)/t.tests/boom.swift\n  not run: 3:25 on Button: t/broken (evaluation error): "),
      "\(run.output)")
    #expect(run.output.contains("1 fixtures, 1 failed (1 rule evaluation could not run);"), "\(run.output)")
    // The ruleset place and the clause, from the source map.
    #expect(run.output.contains(" at \(folder.path)/t.precept:"), "\(run.output)")
  }

  @Test func aMisspeltImportSuggestsARulesetTheToolCanSee() throws {
    // The standard rulesets are built in: `globl` is a typo of one of them.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "toggle.basic.precept",
      """
      ruleset toggle.basic 1.0.0
      import globl ^1.0
      rule label { severity error on Toggle as t require t.text() != "" message "no label" }
      """)
    try folder.write("a.swift", "struct S: View { var body: some View { Toggle(\"\", isOn: $x) } }\n")
    let run = try Products.run(
      "precept", ["lint", "a.swift", "--ruleset", "toggle.basic.precept"], directory: folder.path,
      environment: ["NO_COLOR": "1"])
    #expect(run.status == 2)
    #expect(
      run.error.contains(
        "toggle.basic.precept:2:8: error: cannot find ruleset 'globl' to import"), "\(run.error)")
    #expect(run.error.contains("help: did you mean 'global'?"), "\(run.error)")
  }

  // MARK: The card

  /// Lines of the card that belong to the card template rather than to menu.basic: the
  /// explanation printed under each section heading.
  static let templateLines: Set<String> = [
    "The criteria an agent checks before retrieving this component.",
    "Non-negotiable structure. Every generated instance must satisfy these rules.",
    "Avoid these accessibility and UX barriers.",
    "Alternatives and options that give the AI agent some room to move.",
    "The tested reference implementation. Agents start from this shape and adapt to the developer’s codebase and context.",
    "The component’s test spec — an optional body of checks for verification.",
    "SWIFT",
  ]

  /// Card section headings and the Markdown heading `precept describe` prints for each.
  static let headings: [String: String] = [
    "Menu | A11y Context": "# Menu | A11y Context",
    "Selection": "## Selection",
    "Use when": "### Use when",
    "Try a different component when": "### Try a different component when",
    "Must Haves": "## Must Haves",
    "Donts": "## Don'ts",
    "Customizable": "## Customizable",
    "Golden Pattern": "## Golden Pattern",
    "Acceptance Checks": "## Acceptance Checks",
    "Traits & semantics": "### Traits & semantics",
    "VoiceOver": "### VoiceOver",
    "Switch Control & Full Keyboard Access": "### Switch Control & Full Keyboard Access",
    "Dynamic Type": "### Dynamic Type",
    "Visual": "### Visual",
  ]

  /// The heading of the given level (`## ` or `### `) that the text at `index` falls under.
  static func heading(_ prefix: String, before index: String.Index, in text: String) -> String? {
    let lines = text[..<index].split(separator: "\n", omittingEmptySubsequences: false)
    return lines.last { $0.hasPrefix(prefix) }.map(String.init)
  }

  @Test func describeReadsLikeTheOriginalCard() throws {
    let card = try String(contentsOfFile: Self.rulesets + "/menu.basic.card.txt", encoding: .utf8)
    let run = try Products.run("precept", ["describe", "menu.basic"])
    #expect(run.status == 0, "\(run.error)")
    let described = run.output

    var section = ""
    var subsection = ""
    var inCode = false
    var code: [String] = []
    var sentences = 0
    for rawLine in card.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line == "SWIFT" {
        inCode = true
        continue
      }
      if inCode {
        if line == "Acceptance Checks" {
          inCode = false
        } else {
          code.append(String(rawLine))
          continue
        }
      }
      if line.isEmpty || Self.templateLines.contains(line) { continue }
      if let heading = Self.headings[line] {
        #expect(described.contains(heading + "\n"), "missing heading \(heading)")
        if heading.hasPrefix("## ") {
          section = heading
          subsection = ""
        } else if heading.hasPrefix("### ") {
          subsection = heading
        }
        continue
      }
      // A sentence of the card: printed verbatim, in its section (and subsection).
      sentences += 1
      guard let range = described.range(of: line) else {
        Issue.record("card sentence missing from `precept describe menu.basic`: \(line)")
        continue
      }
      #expect(Self.heading("## ", before: range.lowerBound, in: described) == section, "\(line)")
      if !subsection.isEmpty {
        #expect(Self.heading("### ", before: range.lowerBound, in: described) == subsection, "\(line)")
      }
    }
    #expect(sentences == 28)

    // The golden pattern is printed as the card's code, line for line.
    let golden = code.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(golden.hasPrefix("import SwiftUI"))
    #expect(described.contains("```swift\n" + golden + "\n```"))
  }

  /// The component cards written after menu.basic print the seed card's sections too, and
  /// every rule of a card tags a sentence of it (a rule with no card sentence is not a card).
  @Test(arguments: [
    "image.basic", "textfield.basic", "toggle.basic", "adjustable.basic", "link.basic", "tabview.basic", "sheet.basic",
  ])
  func componentCardPrintsEverySectionOfTheSeedCard(_ name: String) throws {
    let run = try Products.run("precept", ["describe", name], environment: ["NO_COLOR": "1"])
    #expect(run.status == 0, "\(run.error)")
    let described = run.output
    for heading in [
      "## Selection\n", "### Use when\n", "### Try a different component when\n", "## Customizable\n",
      "## Golden Pattern\n\n```swift\nimport SwiftUI\n", "## Acceptance Checks\n",
    ] {
      #expect(described.contains(heading), "\(name) has no \(heading)")
    }
    #expect(described.contains("## Must Haves\n") || described.contains("## Don'ts\n"), "\(name)")
    let rules = try Products.run("precept", ["rules", "--format", "json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(rules.output.utf8)) as? [[String: Any]])
    let own = json.filter { $0["kind"] as? String == "rule" && $0["ruleset"] as? String == name }
      .compactMap { $0["id"] as? String }
    #expect(!own.isEmpty)
    for rule in own {
      #expect(described.contains("*(\(rule), "), "\(rule) tags no sentence of the \(name) card")
    }
  }

  @Test func everyCardSentenceIsARuleAReviewASelectionHintOrAnAllowance() throws {
    // Must haves and don'ts are tagged with the rule that checks them.
    let run = try Products.run("precept", ["describe", "menu.basic"])
    let described = run.output
    for rule in [
      "menu.basic/native-menu", "menu.basic/trigger-name", "menu.basic/command-label", "menu.basic/destructive-role",
      "menu.basic/checkmark-image", "menu.basic/no-focus-restore", "menu.basic/section-heading",
      "global/touch-target-size", "global/focus-visible",
    ] {
      #expect(described.contains("*(\(rule), "), "\(rule) tags no card sentence")
    }
    // Selection hints name the component to use instead.
    for other in ["select.menu", "dialog.confirmation", "button.basic"] {
      #expect(described.contains("→ `\(other)`"))
    }
  }

  // MARK: Embedding and loading

  @Test func theBuiltInRulesetsAreTheFilesInRulesets() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fixtures = Self.rulesets + "/menu.basic.tests"
    let builtIn = try Products.run("precept", ["lint", fixtures, "--format", "json"], directory: folder.path)
    let fromFiles = try Products.run(
      "precept", ["lint", fixtures, "--format", "json", "--ruleset", Self.rulesets], directory: folder.path)
    #expect(builtIn.status == 1 && fromFiles.status == 1)
    #expect(builtIn.output.contains(#""rule": "menu.basic/trigger-name""#))
    // The same findings; a helper's place names the ruleset file each run loaded.
    #expect(
      builtIn.output
        == fromFiles.output.replacingOccurrences(
          of: NSRegularExpression.escapedPattern(for: URL(fileURLWithPath: Self.rulesets).path)
            + #"/([a-z.]+\.precept)""#,
          with: "<standard>/$1\"", options: .regularExpression))
    for name in Self.standard {
      #expect(try Products.run("precept", ["describe", name]).status == 0, "\(name) is not built in")
    }
  }

  @Test func aComponentAppliesABaselineRuleToItsNodesWithoutCopyingIt() throws {
    // toggle.basic holds Toggles to global's touch-target rule and names its own card sentence
    // for it; it calls the shared helpers of the common library, whose import adds no rules.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "rules/toggle.basic.precept",
      """
      ruleset toggle.basic 1.0.0
      title "Toggle"
      import global ^1.0
      import common ^1.0
      extend global/touch-target-size {
        on Toggle
        must "The switch and its label form one target at least 44×44 pt."
      }
      rule name {
        severity error
        must "Give an icon-only Toggle an accessible name."
        on Toggle as t
        when common.iconOnly(t)
        require common.hasLabel(t)
        message "Icon-only Toggle has no accessible name"
      }
      """)
    try folder.write(
      "rules/toggle.basic.tests/small.swift",
      """
      struct S: View {
        @State var on = false
        var body: some View {
          Toggle("Wi-Fi", isOn: $on).frame(width: 30, height: 30) // <- global/touch-target-size
          Toggle(isOn: $on) { Image(systemName: "wifi") } // <- toggle.basic/name
          Button("Go") {}.frame(width: 20, height: 20) // <- global/touch-target-size
        }
      }
      """)
    try folder.write(
      "rules/toggle.basic.tests/fine.swift",
      """
      // expect: nothing
      struct S: View {
        @State var on = false
        var body: some View {
          Toggle("Wi-Fi", isOn: $on).frame(minHeight: 44)
          Toggle(isOn: $on) { Image(systemName: "wifi") }.accessibilityLabel("Wi-Fi")
        }
      }
      """)
    let test = try Products.run("precept", ["test", folder.path + "/rules"], environment: ["NO_COLOR": "1"])
    #expect(test.status == 0, "\(test.output)\(test.error)")
    #expect(test.output.contains("2 fixtures, 0 failed"), "\(test.output)")

    let card = try Products.run("precept", ["describe", folder.path + "/rules/toggle.basic.precept"])
    #expect(card.status == 0, "\(card.error)")
    #expect(
      card.output.contains(
        "- The switch and its label form one target at least 44×44 pt. *(global/touch-target-size, warning, WCAG 2.5.5)*"
      ),
      "\(card.output)")
    // The card's own words stand in for the baseline's sentence; the other baselines stay.
    #expect(!card.output.contains("Meets the touch target size baseline"), "\(card.output)")
    #expect(card.output.contains("*(global/focus-visible, "), "\(card.output)")
    #expect(!card.output.contains("common/"), "the library brought rules: \(card.output)")
  }

  @Test func aNameIsOfferedFromTheControlsSymbolNotFromAnotherCard() throws {
    let code = """
      struct S: View {
        var body: some View {
          Button { delete() } label: { Image(systemName: "trash.fill") }
          Button("", systemImage: "square.and.arrow.up") { share() }
          Menu { Button("A") {}; Button("B") {} } label: { Image(systemName: "gearshape") }
          Button { run() } label: { Image(systemName: "wand.and.stars") }
        }
      }

      """
    let run = try Products.run("precept", ["lint", "--format", "json", "-"], input: code)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let fixes = try #require(json["findings"] as? [[String: Any]]).compactMap { finding -> String? in
      guard ["button.basic/accessible-name", "menu.basic/trigger-name"].contains(finding["rule"] as? String) else {
        return nil
      }
      return "\(finding["line"] ?? 0) \(finding["fix"] ?? "")"
    }
    #expect(
      fixes == [
        #"3 .accessibilityLabel("Delete")"#, #"4 .accessibilityLabel("Share")"#, #"5 .accessibilityLabel("Settings")"#,
        #"6 .accessibilityLabel("<#what it does#>")"#,
      ])
  }

  @Test func aNewComponentShipsAsAFile() throws {
    // A ruleset written now, after the binary was built: it loads from its file, imports the
    // built-in global baselines, and its fixtures run.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "rules/toggle.basic.precept",
      """
      ruleset toggle.basic 1.0.0
      title "Toggle"
      summary "A switch that turns one setting on or off."
      import global ^1.0
      use when "Use when a setting is either on or off and takes effect at once."
      rule label {
        severity error
        wcag "4.1.2"
        must "Give every Toggle a label that names the setting, even when it is hidden with .labelsHidden()."
        on Toggle as t
        require t.text().trim() != "" || t.slot("label").size() > 0 || t.hasModifier("accessibilityLabel")
        message "Toggle has no label: VoiceOver cannot say which setting it changes"
      }
      """)
    try folder.write(
      "rules/toggle.basic.tests/unlabelled.swift",
      """
      struct S: View {
        @State var on = false
        var body: some View {
          Toggle("", isOn: $on) // <- toggle.basic/label
          Toggle("Wi-Fi", isOn: $on).focusEffectDisabled() // <- global/focus-visible
        }
      }
      """)
    try folder.write(
      "rules/toggle.basic.tests/labelled.swift",
      """
      // expect: nothing
      struct S: View {
        @State var on = false
        var body: some View {
          Toggle("Wi-Fi", isOn: $on)
          Toggle(isOn: $on) { Text("Bluetooth") }
        }
      }
      """)
    try folder.write(
      "app/Settings.swift",
      """
      struct Settings: View {
        @State var on = false
        var body: some View {
          Form {
            Toggle("", isOn: $on)
              .labelsHidden()
          }
        }
      }
      """)

    let lint = try Products.run(
      "precept", ["lint", "app", "--ruleset", "rules", "--format", "json"], directory: folder.path)
    #expect(lint.status == 1, "\(lint.error)")
    #expect(lint.output.contains(#""rule": "toggle.basic/label""#))
    #expect(lint.output.contains(#""line": 5"#))

    let test = try Products.run("precept", ["test", "rules"], directory: folder.path, environment: ["NO_COLOR": "1"])
    #expect(test.status == 0, "\(test.output)\(test.error)")
    #expect(test.output.contains("toggle.basic/label  failing 1, passing 2"))

    let describe = try Products.run("precept", ["describe", "rules/toggle.basic.precept"], directory: folder.path)
    #expect(describe.output.hasPrefix("# Toggle | A11y Context"))
    #expect(describe.output.contains("Give every Toggle a label that names the setting"))
    // The imported baselines are part of the new component's card.
    #expect(describe.output.contains("*(global/focus-visible, error, WCAG 2.4.7)*"))
  }
}
