import Foundation
import Testing

@testable import Precept

/// Libraries, imports of definitions only, and extensions of imported rules: what each brings
/// into an engine, and what it must not.
@Suite struct LibraryTests {
  static let baseline = """
    ruleset baseline 1.0.0
    let framed(c) = c.hasModifier("frame")
    rule touch-target {
      severity warning
      must "Targets are at least 44 pt."
      on Button as c
      forbid framed(c)
      message "{c.type} has a fixed frame"
    }
    """
  static let helpers = """
    library helpers 1.0.0
    summary "Shared words."
    let vague(text) = text.lowerAscii() in ["click here", "tap"]
    """

  /// Resolves imports among the given sources by name.
  static func compile(_ text: String, with others: [String]) throws -> Ruleset {
    let sources = others.map { SourceFile(name: "lib.precept", text: $0) }
    let resolver: Ruleset.Resolver = { name, _ in
      guard let source = sources.first(where: { String(decoding: $0.bytes, as: UTF8.self).contains(" \(name) 1.0.0") })
      else { return nil }
      return try compile(String(decoding: source.bytes, as: UTF8.self), with: others)
    }
    return try Ruleset(text: text, name: "r.precept", resolver: resolver)
  }

  let nodes = """
    [{"type": "Button", "line": 1, "column": 1, "args": [{"label": null, "kind": "string", "value": "Tap"}],
      "modifiers": [{"name": "frame", "line": 1, "column": 20, "args": []}]},
     {"type": "Toggle", "line": 2, "column": 1, "args": [{"label": null, "kind": "string", "value": "Wi-Fi"}],
      "modifiers": [{"name": "frame", "line": 2, "column": 20, "args": []}]},
     {"type": "Stepper", "line": 3, "column": 1,
      "modifiers": [{"name": "frame", "line": 3, "column": 20, "args": []}]}]
    """

  func findings(_ ruleset: Ruleset) throws -> [String] {
    let report = Engine(rulesets: [ruleset]).evaluate(try model(nodes))
    return report.findings.map { "\($0.rule)@\($0.line)" }
  }

  @Test func importingALibraryBringsItsLetsAndNoRules() throws {
    let ruleset = try Self.compile(
      """
      ruleset words 1.0.0
      import helpers ^1.0
      rule vague-label { severity warning on Button as b forbid helpers.vague(b.text()) }
      """, with: [Self.helpers])
    #expect(try findings(ruleset) == ["words/vague-label@1"])
    #expect(Engine(rulesets: [ruleset]).rules.map(\.id) == ["words/vague-label"])
    #expect(ruleset.program.metadata.isLibrary == false)
    #expect(ruleset.imports.first?.program.metadata.isLibrary == true)
  }

  @Test func importingDefinitionsLeavesTheRulesetsRulesOut() throws {
    let ruleset = try Self.compile(
      """
      ruleset toggles 1.0.0
      import definitions from baseline ^1.0
      rule framed-toggle { severity warning on Toggle as t forbid baseline.framed(t) }
      """, with: [Self.baseline])
    // baseline's own rule would report the Button on line 1: it does not run.
    #expect(try findings(ruleset) == ["toggles/framed-toggle@2"])
    #expect(Engine(rulesets: [ruleset]).rules.map(\.id) == ["toggles/framed-toggle"])
    // The import is still a dependency: packing and locking follow it.
    #expect(ruleset.closure.map(\.name) == ["baseline", "toggles"])
    #expect(ruleset.ruleClosure.map(\.name) == ["toggles"])
  }

  @Test func aRulesetLoadedBesideADefinitionsImportKeepsItsRules() throws {
    let toggles = try Self.compile(
      """
      ruleset toggles 1.0.0
      import definitions from baseline ^1.0
      """, with: [Self.baseline])
    let baseline = try Ruleset(text: Self.baseline)
    let report = Engine(rulesets: [toggles, baseline]).evaluate(try model(nodes))
    #expect(report.findings.map(\.rule) == ["baseline/touch-target"])
  }

  @Test func anExtensionRunsTheImportedRuleOnMoreTypesUnderItsOwnID() throws {
    let ruleset = try Self.compile(
      """
      ruleset toggles 1.0.0
      import baseline ^1.0
      extend baseline/touch-target {
        on Toggle | Stepper
        must "The switch and its label are one target of at least 44 pt."
      }
      """, with: [Self.baseline])
    #expect(try findings(ruleset) == ["baseline/touch-target@1", "baseline/touch-target@2", "baseline/touch-target@3"])
    let messages = Engine(rulesets: [ruleset]).evaluate(try model(nodes)).findings.map(\.message)
    #expect(messages == ["Button has a fixed frame", "Toggle has a fixed frame", "Stepper has a fixed frame"])
    let extensions = ruleset.program.metadata.extensions
    #expect(extensions.map(\.rule) == ["baseline/touch-target"])
    #expect(extensions.first?.types == ["Toggle", "Stepper"])
    #expect(extensions.first?.card.map(\.section) == ["must"])
    #expect(extensions.first?.line == 3)
  }

  @Test func withoutTheExtendingRulesetTheRuleKeepsItsOwnTypes() throws {
    let report = Engine(rulesets: [try Ruleset(text: Self.baseline)]).evaluate(try model(nodes))
    #expect(report.findings.map(\.line) == [1])
  }

  @Test func librariesDefinitionImportsAndExtensionsSurviveAPack() throws {
    let ruleset = try Self.compile(
      """
      ruleset toggles 1.0.0
      import baseline ^1.0
      import definitions from helpers ^1.0
      extend baseline/touch-target { on Toggle  dont "Never below 44 pt." }
      """, with: [Self.baseline, Self.helpers])
    let pack = Pack(ruleset)
    let loaded = try Pack(bytes: pack.bytes, name: pack.fileName).ruleset { name, _ in
      ruleset.imports.first { $0.name == name }
    }
    #expect(loaded.program.metadata == ruleset.program.metadata)
    #expect(loaded.program.metadata.definitionImports == ["helpers"])
    #expect(loaded.program.metadata.extensions.first?.card.first?.text == "Never below 44 pt.")
    #expect(try findings(loaded) == ["baseline/touch-target@1", "baseline/touch-target@2"])

    let library = try Ruleset(text: Self.helpers)
    let packedLibrary = Pack(library)
    let loadedLibrary = try Pack(bytes: packedLibrary.bytes, name: packedLibrary.fileName).ruleset(resolver: nil)
    #expect(loadedLibrary.program.metadata.isLibrary)
  }

  @Test func packsOfRulesetsWithoutTheNewItemsAreUnchanged() throws {
    // The new metadata keys are written only when used: an older Precept reads these packs.
    let bytes = Pack(try Ruleset(text: Self.baseline)).bytes
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"targetTypes\""), "the pack's metadata is not plain JSON any more")
    #expect(!text.contains("\"library\""))
    #expect(!text.contains("\"extensions\""))
    #expect(!text.contains("\"definitions\""))
  }
}
