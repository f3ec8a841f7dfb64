import Testing

@testable import Precept
@testable import PreceptTool

/// The standard rulesets compiled ahead on every core, as `lint` compiles them, are what
/// compiling each on its own gives.
@Suite struct StandardRulesetCompileTests {
  @Test func compilingAheadGivesTheSameProgramsAsCompilingOneByOne() throws {
    let ahead = StandardRulesets.library()
    ahead.compileConcurrently(ahead.entries)
    let serial = RulesetLibrary()
    for entry in StandardRulesets.entries {
      try serial.add(SourceFile(name: entry.source.name, text: String(decoding: entry.source.bytes, as: UTF8.self)))
    }
    #expect(ahead.entries.map(\.name) == serial.entries.map(\.name))
    for (early, late) in zip(ahead.entries, serial.entries) {
      let compiled = try ahead.ruleset(early)
      let fresh = try serial.ruleset(late)
      #expect(compiled.disassembly == fresh.disassembly, "\(early.name)")
      #expect(compiled.imports.map(\.name) == fresh.imports.map(\.name), "\(early.name)")
    }
  }
}
