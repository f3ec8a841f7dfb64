import Testing

@testable import Precept

/// Structured fixes are checked when the ruleset compiles: the edit's words, what its holes
/// insert, and whether it is marked `needs words` exactly when it can leave a placeholder.
@Suite struct FixEditCheckTests {
  /// `file:line:column: message` of each diagnostic compiling `rule` (one rule's clauses).
  func diagnostics(_ clauses: String, lets: String = "", resolver: Ruleset.Resolver? = nil) -> [String] {
    let text =
      "ruleset demo 1.0.0\n\(lets)rule r {\n  severity error\n  on Button as b\n  require false\n\(clauses)\n}\n"
    do {
      _ = try Ruleset(text: text, name: "demo.precept", resolver: resolver)
      return []
    } catch {
      return error.diagnostics.map { "\($0.file):\($0.location.line):\($0.location.column): \($0.message)" }
    }
  }

  @Test func theThreeEditsCompileWithTheirNames() throws {
    #expect(diagnostics("  fix add modifier \".accessibilityLabel(\\\"{b.text()}\\\")\"").isEmpty)
    #expect(diagnostics("  fix set argument role to \".destructive\"").isEmpty)
    #expect(diagnostics("  fix replace modifier font with \".font(.body)\"").isEmpty)
    #expect(diagnostics("  fix \"a hint, as before: <#anything#>\"").isEmpty, "a hint is never applied")
    let ruleset = try Ruleset(
      text:
        "ruleset demo 1.0.0\nrule r { severity error on Button as b require false fix set argument role to \".cancel\" }"
    )
    let rule = try #require(ruleset.program.compiledRules.first)
    #expect(rule.fixEdit == FixEditSpec(kind: .setArgument, name: "role", needsWords: false))
    #expect(rule.info.fix == "role: .cancel", "the hint SARIF's rule help and describe show")
  }

  @Test func anUnknownEditIsAnErrorAtItsWord() {
    #expect(diagnostics("  fix remove modifier font") == ["demo.precept:6:7: unknown fix edit 'remove'"])
    #expect(diagnostics("  fix ad modifier \".a()\"") == ["demo.precept:6:7: unknown fix edit 'ad'"])
    #expect(
      diagnostics("  fix set role to \".x\"") == [
        "demo.precept:6:11: expected 'argument' after 'fix set', found 'role'"
      ])
  }

  @Test func aHoleThatIsNotTextIsAnError() {
    #expect(
      diagnostics("  fix add modifier \".accessibilityLabel({b})\"")
        == ["demo.precept:6:42: a fix edit inserts Swift source, but this hole is a node, not text"])
  }

  @Test func anAddedModifierStartsWithADot() {
    #expect(
      diagnostics("  fix add modifier \"accessibilityLabel(\\\"x\\\")\"")
        == ["demo.precept:6:20: 'fix add modifier' inserts a modifier call as written in Swift, starting with '.'"])
  }

  @Test func aFixThatCanLeaveAPlaceholderMustSaySo() {
    let lets = "let label(b) = b.text() != \"\" ? b.text() : \"<#what it does#>\"\n"
    #expect(
      diagnostics("  fix add modifier \".accessibilityLabel(\\\"{label(b)}\\\")\"", lets: lets)
        == [
          "demo.precept:7:20: this fix can insert the Xcode placeholder '<#what it does#>' (demo.precept:2:44), "
            + "which a person must replace with words: mark it 'needs words'"
        ])
    #expect(
      diagnostics("  fix add modifier \".accessibilityLabel(\\\"{label(b)}\\\")\" needs words", lets: lets).isEmpty)
    // Through an imported library's let, as common.suggestedLabel.
    let library = "library words 1.0.0\nlet name(c) = \"<#name#>\"\n"
    let resolver: Ruleset.Resolver = { name, _ in
      name == "words" ? try Ruleset(text: library, name: "words.precept") : nil
    }
    #expect(
      diagnostics(
        "  fix add modifier \".accessibilityLabel(\\\"{words.name(b)}\\\")\"", lets: "import words ^1.0\n",
        resolver: resolver)
        == [
          "demo.precept:7:20: this fix can insert the Xcode placeholder '<#name#>' (words.precept:2:15), "
            + "which a person must replace with words: mark it 'needs words'"
        ])
  }

  @Test func needsWordsOnAFixThatCannotLeaveAPlaceholderIsAnError() {
    #expect(
      diagnostics("  fix set argument role to \".destructive\" needs words")
        == [
          "demo.precept:6:43: 'needs words' marks a fix that can leave an Xcode placeholder (<#…#>), and this one cannot"
        ])
  }

  @Test func aPackKeepsTheStructuredFix() throws {
    let ruleset = try Ruleset(
      text:
        "ruleset demo 1.0.0\nrule r { severity error on Button as b require false fix replace modifier font with \".font(.body)\" }"
    )
    let pack = Pack(ruleset)
    let loaded = try Pack(bytes: pack.bytes, name: pack.fileName).ruleset(resolver: nil)
    #expect(
      loaded.program.compiledRules.first?.fixEdit
        == FixEditSpec(kind: .replaceModifier, name: "font", needsWords: false))
  }
}
