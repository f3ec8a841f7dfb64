import Foundation
import PreceptSwiftUI
import Testing

@testable import Precept
@testable import PreceptTool

/// `precept lint --fix`: the standard rulesets' fixes applied to code that needs them, and what
/// keeps a fix from doing harm (a dry run, a file changed meanwhile, overlapping edits, words
/// only a person can write).
@Suite struct LintFixTests {
  /// One Swift file per standard fix, each failing that rule once.
  static let fixtures: [String: String] = [
    "button.basic/accessible-name": """
    Button {
        delete()
    } label: {
        Image(systemName: "trash")
    }
    """,
    "button.basic/label-in-name": """
    Button("Save") { save() }
        .accessibilityLabel("Store file")
    """,
    "menu.basic/trigger-name": """
    Menu {
        Button("Copy") { copy() }
        Button("Paste") { paste() }
    } label: {
        Image(systemName: "ellipsis.circle")
    }
    """,
    "menu.basic/destructive-role": """
    Menu("Actions") {
        Button("Copy") { copy() }
        Button("Delete", action: delete)
    }
    """,
    "dialog.confirmation/destructive-role": """
    Button("Discard") { shown = true }
        .confirmationDialog("Discard the draft?", isPresented: $shown) {
            Button("Delete Draft") { discard() }
            Button("Cancel", role: .cancel) {}
        }
    """,
    "dialog.confirmation/cancel-role": """
    Button("Discard", role: .destructive) { shown = true }
        .confirmationDialog("Discard the draft?", isPresented: $shown) {
            Button("Delete Draft", role: .destructive) { discard() }
            Button("Cancel") {}
        }
    """,
    "names/control-name": """
    Link(destination: URL(string: "https://example.com")!) {
        Image(systemName: "questionmark.circle")
    }
    """,
    "controls/tap-trait": """
    Text("Terms of Service")
        .onTapGesture { shown = true }
    """,
    "structure/visual-heading": """
    VStack {
        Text("Payment")
            .font(.title2)
        Text("Due today")
        Text("Pay by card")
    }
    """,
    "structure/icon-text-row": """
    HStack {
        Image(systemName: "clock")
        Text("5 min read")
    }
    """,
    "names/hint-without-name": """
    Image(systemName: "lock.fill")
        .accessibilityHint("Only you can read it")
    """,
    "image.basic/decorative-duplicate": """
    HStack {
        Image(systemName: "gearshape")
        Text("Settings")
    }
    """,
    "textfield.basic/input-purpose": """
    TextField("Email", text: $email)
    """,
    "textfield.basic/editor-name": """
    TextEditor(text: $notes)
    """,
    "adjustable.basic/slider-value": """
    Slider(value: $size, in: 12...30) { Text("Font size") }
    """,
    "adjustable.basic/stepper-value": """
    Stepper("Quantity", value: $quantity)
    """,
  ]

  /// A view whose body is `body`, indented as in a file.
  static func view(_ body: String) -> String {
    let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
    return "import SwiftUI\n\nstruct V: View {\n    @State private var shown = false\n\n"
      + "    var body: some View {\n" + indented.joined(separator: "\n") + "\n    }\n}\n"
  }

  /// The findings of `rule` in a JSON report.
  static func findings(_ output: String, _ rule: String) throws -> [[String: Any]] {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let findings = try #require(json["findings"] as? [[String: Any]])
    return findings.filter { $0["rule"] as? String == rule }
  }

  @Test func everyStandardStructuredFixHasAFixture() throws {
    let rules = try Evaluation.rulesets([]).flatMap(\.program.compiledRules).filter { $0.fixEdit != nil }
    #expect(Set(rules.map(\.info.id)) == Set(Self.fixtures.keys))
  }

  /// Each standard fix, applied: the file still reads as Swift and the finding is gone.
  @Test(arguments: fixtures.keys.sorted())
  func standardFixLeavesAReadableFileWithoutItsFinding(_ rule: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let original = Self.view(Self.fixtures[rule]!)
    let file = try folder.write("V.swift", original)
    let before = ToolRun(["lint", file, "--format", "json"])
    #expect(try Self.findings(before.output, rule).count == 1, "the fixture fails \(rule)")

    let run = ToolRun(["lint", file, "--fix-placeholders", "--format", "json"])
    #expect(run.error.contains("precept: fixed \(file):"), "\(run.error)")
    #expect(run.error.contains("[\(rule)]"))
    let fixed = try String(contentsOfFile: file, encoding: .utf8)
    #expect(fixed != original)
    _ = try SwiftUIReader.read(SourceFile(name: file, text: fixed))
    #expect(try Self.findings(run.output, rule).isEmpty, "after the fix:\n\(fixed)")
  }

  /// A tappable stack is not an element: the trait alone would land on each child, so the fix
  /// combines the stack first.
  @Test func tapTraitFixCombinesAStackBeforeGivingItTheButtonTrait() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "V.swift",
      Self.view(
        """
        HStack {
            Image(systemName: "bell")
            Text("Notifications")
        }
        .onTapGesture { shown = true }
        """))
    let run = ToolRun(["lint", file, "--fix", "--format", "json"])
    let fixed = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      fixed.contains(
        ".onTapGesture { shown = true }\n        .accessibilityElement(children: .combine).accessibilityAddTraits(.isButton)\n"
      ),
      "\(fixed)")
    #expect(try Self.findings(run.output, "controls/tap-trait").isEmpty)
  }

  @Test func fixesLandWhereSwiftExpectsThem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "V.swift",
      Self.view(
        Self.fixtures["menu.basic/destructive-role"]! + "\n"
          + Self.fixtures["button.basic/accessible-name"]!))
    _ = ToolRun(["lint", file, "--fix"])
    let fixed = try String(contentsOfFile: file, encoding: .utf8)
    // The role goes before the action; the label after the closing brace, at the call's indentation.
    #expect(fixed.contains("        Button(\"Delete\", role: .destructive, action: delete)\n"))
    #expect(
      fixed.contains("            Image(systemName: \"trash\")\n        }\n        .accessibilityLabel(\"Delete\")\n"))
  }

  /// Found on yattee: the trigger was offered "Delete", the words of a command's trash symbol.
  @Test func menuTriggerNameComesFromItsLabelNotItsCommands() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "V.swift",
      Self.view(
        "Menu {\n    Button(role: .destructive) { delete() } label: { Label(\"Delete\", systemImage: \"trash\") }\n"
          + "    Button(\"Copy\") { copy() }\n} label: {\n    Image(systemName: \"ellipsis.circle\")\n}"))
    let run = ToolRun(["lint", file, "--fix", "--dry-run"])
    #expect(run.output.contains("+        .accessibilityLabel(\"More\")\n"), "\(run.output)")
  }

  @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let original = Self.view(Self.fixtures["menu.basic/trigger-name"]!)
    let file = try folder.write("V.swift", original)
    let run = ToolRun(["lint", file, "--fix", "--dry-run"])
    #expect(run.status == 1, "a non-empty diff")
    #expect(
      run.output == """
        --- \(file)
        +++ \(file)
        @@ -10,5 +10,6 @@
                 } label: {
                     Image(systemName: "ellipsis.circle")
                 }
        +        .accessibilityLabel("More")
             }
         }

        """)
    #expect(
      run.error.contains("precept: would fix \(file):7:9 [menu.basic/trigger-name]: add .accessibilityLabel(\"More\")"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
    let clean = try folder.write("W.swift", Self.view("Text(\"Hi\")"))
    let nothing = ToolRun(["lint", clean, "--fix", "--dry-run"])
    #expect(nothing.status == 0)
    #expect(nothing.output.isEmpty)
  }

  /// A lint of `file` with the standard rulesets, its edits resolved, and a fixer for it.
  static func fixer(_ file: String, options: Fixer.Options) throws -> (
    Fixer, Report, [String: (SourceFile, ViewDocument)]
  ) {
    let engine = Engine(rulesets: try Evaluation.rulesets([]))
    let source = try #require(try? Evaluation.read(file, stdin: nil).get())
    let document = try SwiftUIReader.read(source)
    var report = engine.evaluate(ViewModel(document))
    let sources = [file: (source, document)]
    Fixer.resolveEdits(&report, sources: sources)
    let fixer = Fixer(options: options) { source in
      Result { () throws(DiagnosticError) in try SwiftUIReader.read(source) }.map {
        engine.evaluate(ViewModel($0)).findings
      }
    }
    return (fixer, report, sources)
  }

  @Test func aFileChangedSinceItWasReadIsNotWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("V.swift", Self.view(Self.fixtures["button.basic/accessible-name"]!))
    let edited = Self.view("Text(\"edited meanwhile\")")
    var options = Fixer.Options()
    options.beforeWrite = { path in try? Data(edited.utf8).write(to: URL(fileURLWithPath: path)) }
    var (fixer, report, sources) = try Self.fixer(file, options: options)
    fixer.run(report, sources: sources)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == edited, "the other edit is kept")
    #expect(
      fixer.outcomes.map(\.result) == [.failed("\(file) changed since it was read: not written")])
    #expect(fixer.changes.map(\.error) == ["\(file) changed since it was read: not written"])
  }

  @Test func fixWritesAtomicallyLeavingNoTemporaryFileAndKeepingPermissions() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("V.swift", Self.view(Self.fixtures["button.basic/accessible-name"]!))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
    let run = ToolRun(["lint", file, "--fix"])
    #expect(run.status == 0, "\(run.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["V.swift"])
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o640)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains(".accessibilityLabel(\"Delete\")"))
  }

  @Test func overlappingFixesOnOneNodeApplyOneAndSkipTheOther() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write(
      "demo.precept",
      """
      ruleset demo 1.0.0
      rule a-label {
        severity warning
        on Image as i
        require i.hasModifier("accessibilityLabel")
        fix add modifier ".accessibilityLabel(\\"A\\")"
      }
      rule b-label {
        severity error
        on Image as i
        require i.hasModifier("accessibilityLabel")
        fix add modifier ".accessibilityLabel(\\"B\\")"
      }
      """)
    let file = try folder.write("V.swift", Self.view("Image(systemName: \"star\")"))
    let run = ToolRun(["lint", file, "--ruleset", ruleset, "--fix"])
    // The error's fix wins over the warning's, every time.
    #expect(run.error.contains("precept: fixed \(file):7:9 [demo/b-label]"))
    #expect(
      run.error.contains(
        "precept: skipped \(file):7:9 [demo/a-label]: add .accessibilityLabel(\"A\"): it overlaps the fix of demo/b-label on the same code"
      ))
    let fixed = try String(contentsOfFile: file, encoding: .utf8)
    #expect(fixed.contains("Image(systemName: \"star\")\n            .accessibilityLabel(\"B\")\n"))
    #expect(!fixed.contains("\"A\""))
    #expect(run.status == 0, "both findings are gone: one fix serves both")
  }

  @Test func fixesNeedingWordsAreAppliedOnlyWithFixPlaceholders() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let original = Self.view("Button { go() } label: {\n    Image(systemName: \"custom.glyph\")\n}")
    let file = try folder.write("V.swift", original)
    let plain = ToolRun(["lint", file, "--fix"])
    #expect(
      plain.error.contains(
        "precept: needs words \(file):7:9 [button.basic/accessible-name]: add .accessibilityLabel(\"<#what it does#>\") (--fix-placeholders applies it with the placeholder)"
      ))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
    #expect(plain.status == 1, "the finding is still there")
    let asked = ToolRun(["lint", file, "--fix-placeholders"])
    #expect(asked.error.contains("precept: fixed \(file):7:9 [button.basic/accessible-name]"))
    #expect(
      try String(contentsOfFile: file, encoding: .utf8).contains(
        "}\n        .accessibilityLabel(\"<#what it does#>\")\n"))
  }

  @Test func aFixThatBreaksTheFileOrKeepsItsFindingFailsAndChangesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write(
      "demo.precept",
      """
      ruleset demo 1.0.0
      rule broken {
        severity error
        on Image as i
        require i.hasModifier("accessibilityLabel")
        fix add modifier ".accessibilityLabel(\\"unterminated)"
      }
      rule useless {
        severity error
        on Text as t
        require t.hasModifier("bold")
        fix add modifier ".italic()"
      }
      """)
    let original = Self.view("VStack {\n    Image(systemName: \"star\")\n    Text(\"Hi\")\n}")
    let file = try folder.write("V.swift", original)
    let run = ToolRun(["lint", file, "--ruleset", ruleset, "--fix"])
    #expect(run.status == 2)
    #expect(
      run.error.contains(
        "precept: failed \(file):8:13 [demo/broken]: add .accessibilityLabel(\"unterminated): the fixed file does not read: unterminated string literal"
      ), "\(run.error)")
    #expect(
      run.error.contains(
        "precept: failed \(file):9:13 [demo/useless]: add .italic(): the finding is still there after the fix"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
  }

  @Test func replaceModifierAndSetArgumentEditTheCallInPlace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write(
      "demo.precept",
      """
      ruleset demo 1.0.0
      rule dynamic-type {
        severity warning
        on Text as t
        forbid t.modifiers("font").exists(f, f.arg(0) != null && f.arg(0).value.contains("size:"))
        fix replace modifier font with ".font(.body)"
      }
      rule destructive {
        severity warning
        on Button as b
        when b.descendants.exists(d, d.text() == "Delete")
        require b.arg("role") != null && b.arg("role").value == ".destructive"
        fix set argument role to ".destructive"
      }
      """)
    let file = try folder.write(
      "V.swift",
      Self.view(
        "VStack {\n    Text(\"Hi\").font(.system(size: 17)).bold()\n    Button(action: delete) { Text(\"Delete\") }\n"
          + "    Button { delete() } label: { Text(\"Delete\") }\n    Button(role: .cancel) { delete() } label: { Text(\"Delete\") }\n}"
      ))
    let run = ToolRun(["lint", file, "--ruleset", ruleset, "--fix"])
    #expect(run.status == 0, "\(run.error)")
    let fixed = try String(contentsOfFile: file, encoding: .utf8)
    #expect(fixed.contains("Text(\"Hi\").font(.body).bold()\n"))
    #expect(fixed.contains("Button(role: .destructive, action: delete) { Text(\"Delete\") }\n"))
    #expect(fixed.contains("Button(role: .destructive) { delete() } label: { Text(\"Delete\") }\n"))
    #expect(fixed.components(separatedBy: "Button(role: .destructive) { delete() } label: {").count == 3)
  }

  @Test func reportsCarryTheStructuredFix() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("V.swift", Self.view(Self.fixtures["menu.basic/trigger-name"]!))
    let json = ToolRun(["lint", file, "--format", "json"])
    let finding = try #require(try Self.findings(json.output, "menu.basic/trigger-name").first)
    let edit = try #require(finding["edit"] as? [String: Any])
    #expect(edit["kind"] as? String == "add modifier")
    #expect(edit["text"] as? String == ".accessibilityLabel(\"More\")")
    #expect(edit["needsWords"] as? Bool == false)
    let replacements = try #require(edit["replacements"] as? [[String: Any]])
    #expect(replacements.count == 1)
    #expect(replacements.first?["line"] as? Int == 12 && replacements.first?["column"] as? Int == 10)
    #expect(replacements.first?["endLine"] as? Int == 12 && replacements.first?["endColumn"] as? Int == 10)
    #expect(replacements.first?["text"] as? String == "\n        .accessibilityLabel(\"More\")")

    let sarif = ToolRun(["lint", file, "--format", "sarif"])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
    let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    let result = try #require(results.first { $0["ruleId"] as? String == "menu.basic/trigger-name" })
    let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
    #expect((fix["description"] as? [String: Any])?["text"] as? String == "add .accessibilityLabel(\"More\")")
    let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
    #expect(((change["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("/V.swift") == true)
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    #expect(
      replacement["deletedRegion"] as? [String: Int] == [
        "startLine": 12, "startColumn": 10, "endLine": 12, "endColumn": 10,
      ])
    #expect(
      (replacement["insertedContent"] as? [String: Any])?["text"] as? String
        == "\n        .accessibilityLabel(\"More\")")
  }

  @Test func fixRefusesStandardInputAndDryRunNeedsFix() {
    #expect(ToolRun(["lint", "-", "--fix"], input: "Text(\"a\")").error.contains("--fix cannot fix standard input"))
    #expect(ToolRun(["lint", "-", "--dry-run"], input: "Text(\"a\")").status == 2)
  }
}
