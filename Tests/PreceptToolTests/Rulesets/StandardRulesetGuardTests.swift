import PreceptTool
import Testing

@testable import Precept

/// The standard rules that visit every node start their `when` with a test of the node by
/// name, so the engine runs them only on the nodes that pass it (`NodeGuard`): a change that
/// loses one makes lint run that rule's program on every node of every file again.
@Suite struct StandardRulesetGuardTests {
  @Test func theStandardRulesOnEveryNodeAreGuardedButOne() throws {
    let library = StandardRulesets.library()
    var guarded: [String: NodeGuard] = [:]
    var unguarded: [String] = []
    for entry in library.entries {
      let program = try library.ruleset(entry).program
      for rule in program.compiledRules where rule.targetTypes == ["*"] {
        if let when = rule.when, let test = program.guardTest(ofFunction: when) {
          guarded[rule.info.id] = test
        } else {
          unguarded.append(rule.info.id)
        }
      }
    }
    let dialog = NodeGuard.modifier(LookupName("confirmationDialog"))
    #expect(
      guarded == [
        "controls/tap-trait": .layerList(.interactions, LookupName("tap")),
        "dialog.confirmation/voiceover-announce": dialog, "dialog.confirmation/focus-return": dialog,
        "dialog.confirmation/keyboard": dialog, "dialog.confirmation/dynamic-type": dialog,
        "global/focus-visible": .modifier(LookupName("focusEffectDisabled")),
        "motion/reduce-motion": .modifier(LookupName("transition")),
        "text/fixed-font-size": .modifier(LookupName("font")),
      ])
    // Its `when` starts with a helper call (pathGestures), which the guard does not follow.
    #expect(unguarded == ["gestures/path-gesture-alternative"])
  }
}
