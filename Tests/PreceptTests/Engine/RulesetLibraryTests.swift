import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Precept

/// A library compiling its rulesets: import cycles are found per compile, so compiles on
/// several threads at once share what they import instead of taking it for a cycle; compiling
/// ahead on every core gives what compiling one at a time gives; adding sources parsed on
/// every core adds what adding them one by one adds.
@Suite struct RulesetLibraryTests {
  static let base = """
    library base 1.0.0
    let named(c) = c.hasModifier("accessibilityLabel")
    """

  /// `count` rulesets that each import `base`, with `base` itself first.
  static func library(importers count: Int) throws -> RulesetLibrary {
    let library = RulesetLibrary()
    try library.add(SourceFile(name: "base.precept", text: base))
    for index in 0..<count {
      try library.add(
        SourceFile(
          name: "r\(index).precept",
          text: """
            ruleset r\(index) 1.0.0
            import base ^1.0
            rule named-\(index) {
              severity error
              on Button as c
              require base.named(c)
              message "Button \(index) has no name"
            }
            """))
    }
    return library
  }

  @Test func aCycleIsReportedWithTheRulesetsInIt() throws {
    let library = RulesetLibrary()
    try library.add(SourceFile(name: "a.precept", text: "ruleset a 1.0.0\nimport b ^1.0\n"))
    try library.add(SourceFile(name: "b.precept", text: "ruleset b 1.0.0\nimport a ^1.0\n"))
    let a = try #require(library.entries.first { $0.name == "a" })
    // Compiling ahead stops at the cycle (no wave can start) and leaves it to `ruleset`.
    library.compileConcurrently(library.entries)
    let error = try #require(throws: DiagnosticError.self) { try library.ruleset(a) }
    #expect(error.diagnostics.map(\.message).contains("rulesets import each other in a cycle: a → b → a"))
  }

  @Test func aRulesetImportingItselfIsACycle() throws {
    let library = RulesetLibrary()
    try library.add(SourceFile(name: "a.precept", text: "ruleset a 1.0.0\nimport a ^1.0\n"))
    let error = try #require(throws: DiagnosticError.self) { try library.ruleset(library.entries[0]) }
    #expect(error.diagnostics.map(\.message).contains("rulesets import each other in a cycle: a → a"))
  }

  /// With the chain of rulesets in progress kept by the library, a thread compiling `base` for
  /// one importer made every other thread importing it then see a cycle.
  @Test func compilesOnSeveralThreadsAtOnceSeeNoCycle() throws {
    for _ in 0..<20 {
      let library = try Self.library(importers: 8)
      let entries = library.entries.filter { $0.name != "base" }
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: entries.count) { index in
        do throws(DiagnosticError) {
          _ = try library.ruleset(entries[index])
        } catch {
          let messages = error.diagnostics.map(\.message)
          failures.withLock { $0 += messages }
        }
      }
      #expect(failures.withLock { $0 } == [])
      // Every importer got the one `base` the library kept.
      let base = try library.ruleset(try #require(library.entries.first { $0.name == "base" }))
      for entry in entries {
        #expect(try library.ruleset(entry).imports.map(\.program.sourceDigest) == [base.program.sourceDigest])
      }
    }
  }

  @Test func compilingAheadGivesWhatCompilingOneByOneGives() throws {
    let ahead = try Self.library(importers: 6)
    ahead.compileConcurrently(ahead.entries.filter { $0.name != "base" })
    let serial = try Self.library(importers: 6)
    for (early, late) in zip(ahead.entries, serial.entries) {
      #expect(try ahead.ruleset(early).disassembly == serial.ruleset(late).disassembly)
    }
  }

  @Test func compilingAheadLeavesAnErrorToBeReportedAsBefore() throws {
    let library = try Self.library(importers: 3)
    try library.add(SourceFile(name: "bad.precept", text: "ruleset bad 1.0.0\nimport base ^1.0\nlet x = nope\n"))
    library.compileConcurrently(library.entries)
    let bad = try #require(library.entries.first { $0.name == "bad" })
    let error = try #require(throws: DiagnosticError.self) { try library.ruleset(bad) }
    let fresh = try Self.library(importers: 3)
    try fresh.add(SourceFile(name: "bad.precept", text: "ruleset bad 1.0.0\nimport base ^1.0\nlet x = nope\n"))
    let expected = try #require(throws: DiagnosticError.self) {
      try fresh.ruleset(try #require(fresh.entries.first { $0.name == "bad" }))
    }
    #expect(error.rendered() == expected.rendered())
  }

  @Test func addingSourcesTogetherStopsAtTheFirstRefusedOne() throws {
    let sources = [
      SourceFile(name: "a.precept", text: "ruleset a 1.0.0\n"),
      SourceFile(name: "broken.precept", text: "ruleset\n"),
      SourceFile(name: "c.precept", text: "ruleset c 1.0.0\n"),
    ]
    let together = RulesetLibrary()
    let error = try #require(throws: DiagnosticError.self) { try together.add(sources) }
    let oneByOne = RulesetLibrary()
    try oneByOne.add(sources[0])
    let expected = try #require(throws: DiagnosticError.self) { try oneByOne.add(sources[1]) }
    #expect(error.rendered() == expected.rendered())
    #expect(together.entries.map(\.name) == ["a"])
  }
}
