import Testing

@testable import Precept

/// The node test a rule's `when` starts with (`n.hasModifier("…") && …`, `"tap" in
/// n.interactions && …`) is made on the arena before the program runs: the rule runs its
/// program only on the nodes that pass it, and every outcome is what running it everywhere
/// gives.
@Suite struct RuleGuardTests {
  static func guardOf(_ when: String) throws -> NodeGuard? {
    let ruleset = try Ruleset(
      text: """
        ruleset guards 1.0.0
        rule r {
          severity info
          on * as n
          when \(when)
          require true
        }
        """)
    let rule = try #require(ruleset.program.compiledRules.first)
    return ruleset.program.guardTest(ofFunction: try #require(rule.when))
  }

  @Test func aWhenStartingWithANodeTestHasAGuard() throws {
    #expect(try Self.guardOf(#"n.hasModifier("font")"#) == .modifier(LookupName("font")))
    #expect(try Self.guardOf(#"n.hasModifier("font") && n.type == "Text""#) == .modifier(LookupName("font")))
    #expect(
      try Self.guardOf(#"n.hasModifier("font") && n.type == "Text" && n.children.size() == 0"#)
        == .modifier(LookupName("font")))
    #expect(
      try Self.guardOf(#""tap" in n.interactions && n.type != "Button""#)
        == .layerList(.interactions, LookupName("tap")))
    #expect(try Self.guardOf(#""isHeader" in n.traits"#) == .layerList(.traits, LookupName("isHeader")))
  }

  @Test func aWhenWhoseFirstTestDoesNotDecideFalseHasNoGuard() throws {
    for when in [
      #"n.hasModifier("font") || n.type == "Text""#,
      #"!n.hasModifier("font")"#,
      #"n.type == "Text" && n.hasModifier("font")"#,
      #"(n.hasModifier("font") && n.type == "Text") || n.type == "Image""#,
      #"n.hasModifier("font") == false"#,
      #"n.parent != null && n.parent.hasModifier("font")"#,
      #""tap" in n.interactions || n.type == "Button""#,
    ] {
      #expect(try Self.guardOf(when) == nil, "\(when)")
    }
  }

  @Test func aGuardedRuleRunsItsProgramOnlyOnNodesThatPassAndFindsTheSame() throws {
    // The same rules, with the node test first (a guard) and behind a test that is always true
    // (no guard): the same outcomes on every node, the first running on the 3 nodes with a font.
    let guarded = try RuleRunnerTests.run(
      """
      ruleset guards 1.0.0
      rule sized {
        severity info
        on * as n
        when n.hasModifier("font") && n.type != "Menu"
        forbid n.type == "Button"
      }
      """)
    let unguarded = try RuleRunnerTests.run(
      """
      ruleset guards 1.0.0
      rule sized {
        severity info
        on * as n
        when n.type != "" && n.hasModifier("font") && n.type != "Menu"
        forbid n.type == "Button"
      }
      """)
    #expect(guarded.report.outcomes == unguarded.report.outcomes)
    #expect(guarded.report.findings == unguarded.report.findings)
    #expect(guarded.report.ruleCounts == unguarded.report.ruleCounts)
    #expect(guarded.report.ruleCounts["guards/sized"] == OutcomeCounts(failed: 2, passed: 1, inapplicable: 4))
    // Without the guard `when` runs on all 7 nodes; with it, on the 3 with a font. Then the
    // requirement runs on those 3 (and again on the 2 that fail when their explanations are
    // read, after the runs were counted).
    #expect(unguarded.runs == 7 + 3)
    #expect(guarded.runs == 3 + 3)
  }

  @Test func aGuardOnAnInteractionFindsWhatRunningEverywhereFinds() throws {
    let guarded = try RuleRunnerTests.run(
      """
      ruleset guards 1.0.0
      rule tapped {
        severity info
        on * as n
        when "tap" in n.interactions
        forbid n.type == "Image"
      }
      """)
    let unguarded = try RuleRunnerTests.run(
      """
      ruleset guards 1.0.0
      rule tapped {
        severity info
        on * as n
        when n.type != "" && "tap" in n.interactions
        forbid n.type == "Image"
      }
      """)
    #expect(guarded.report.outcomes == unguarded.report.outcomes)
    #expect(guarded.report.ruleCounts == unguarded.report.ruleCounts)
    #expect(guarded.report.findings.count == 1)
    #expect((guarded.runs ?? 0) < (unguarded.runs ?? 0))
  }

  @Test func aModelWithoutTheGuardedNameMakesNoVM() throws {
    let (report, runs) = try RuleRunnerTests.run(
      """
      ruleset guards 1.0.0
      rule dialog {
        severity info
        on * as n
        when n.hasModifier("confirmationDialog")
        require false
      }
      """)
    #expect(runs == nil)
    #expect(report.ruleCounts["guards/dialog"] == OutcomeCounts(inapplicable: 7))
    #expect(report.outcomes.count == 7)
  }

  @Test func aGuardIsReadFromAPacksBytecodeToo() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset guards 1.0.0
        rule r {
          severity info
          on * as n
          when n.hasModifier("transition") && n.type != "Text"
          require true
        }
        """)
    let loaded = try BytecodeFormat.decode(
      BytecodeFormat.encode(ruleset.program), sourceText: ruleset.program.sourceText)
    let rule = try #require(loaded.compiledRules.first)
    #expect(loaded.guardTest(ofFunction: try #require(rule.when)) == .modifier(LookupName("transition")))
  }
}
