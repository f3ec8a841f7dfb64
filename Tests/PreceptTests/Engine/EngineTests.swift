import Foundation
import Testing

@testable import Precept

/// A view model from a compact JSON tree (positions are filled in by order of appearance).
func model(_ nodes: String, file: String = "Screen.swift") throws -> ViewModel {
  try ViewModel(json: SourceFile(name: "test.json", text: #"{"viewmodel": 1, "file": "\#(file)", "nodes": \#(nodes)}"#))
}

func evaluate(_ ruleset: String, _ nodes: String, hosts: [HostFunction] = [], limits: EvaluationLimits = .standard)
  throws -> Report
{
  let engine = Engine(rulesets: [try Ruleset(text: ruleset)], hostFunctions: hosts, limits: limits)
  return engine.evaluate(try model(nodes), options: EvaluationOptions(recordOutcomes: true))
}

let menuNodes = """
  [{"type": "struct", "name": "MapScreen", "line": 1, "column": 1,
    "properties": [{"name": "focused", "wrapper": "AccessibilityFocusState", "type": "Bool"}],
    "children": [
      {"type": "Menu", "line": 3, "column": 5,
       "slots": {"label": [{"type": "Image", "line": 6, "column": 7,
                            "args": [{"label": "systemName", "kind": "string", "value": "ellipsis"}]}]},
       "children": [
         {"type": "Button", "line": 4, "column": 7, "args": [{"label": null, "kind": "string", "value": "Rename"}]},
         {"type": "Button", "line": 5, "column": 7, "args": [{"label": null, "kind": "string", "value": "Delete"},
                                                             {"label": "role", "kind": "member", "value": ".destructive"}]}
       ]},
      {"type": "Menu", "line": 9, "column": 5, "args": [{"label": null, "kind": "string", "value": "Actions"}],
       "modifiers": [{"name": "accessibilityLabel", "line": 12, "column": 6,
                      "args": [{"label": null, "kind": "string", "value": "More"}]}],
       "children": [{"type": "Button", "line": 10, "column": 7, "args": [{"label": null, "kind": "string", "value": "Delete"}]}]}
    ]}]
  """

@Suite struct EngineTests {
  let triggerName = """
    ruleset demo 1.0.0
    let iconOnly(m) = m.slot("label").size() > 0 && m.slot("label").all(n, n.type == "Image")
    rule trigger-name {
      severity error
      wcag "4.1.2"
      on Menu as m
      when iconOnly(m)
      require m.modifier("accessibilityLabel").text() != ""
      message "Icon-only {m.type} has no accessible name"
      fix ".accessibilityLabel(\\"Map options\\")"
    }
    """

  @Test func failingRuleExplainsItsClause() throws {
    let report = try evaluate(triggerName, menuNodes)
    #expect(report.findings.count == 1)
    let finding = try #require(report.findings.first)
    #expect(finding.rule == "demo/trigger-name")
    #expect(finding.message == "Icon-only Menu has no accessible name")
    #expect((finding.file, finding.line, finding.column) == ("Screen.swift", 3, 5))
    #expect(finding.fix == ".accessibilityLabel(\"Map options\")")
    #expect(finding.explanation.clause == "require")
    #expect(finding.explanation.text == #"m.modifier("accessibilityLabel").text() != """#)
    #expect(finding.explanation.value == "false")
    let operands = finding.explanation.operands.map { "\($0.text) = \($0.value)" }
    #expect(
      operands == [#"m.modifier("accessibilityLabel").text() = """#, #"m.modifier("accessibilityLabel") = null"#])
  }

  @Test func outcomesPerRuleAndNode() throws {
    let report = try evaluate(triggerName, menuNodes)
    // The first Menu is icon-only and fails; the second has a text label: inapplicable.
    #expect(report.outcomes.map(\.result) == [.failed, .inapplicable])
    #expect(
      report.ruleCounts["demo/trigger-name"]
        == {
          var counts = OutcomeCounts()
          counts.failed = 1
          counts.inapplicable = 1
          return counts
        }())
    #expect(report.summary.errors == 1 && report.summary.inapplicable == 1)
  }

  /// Found by review: a failed outcome did not say which finding it made, so the REPL paired
  /// them by line and column (two rules failing on one node got each other's messages).
  @Test func aFailedOutcomeCarriesItsFinding() throws {
    let report = try evaluate(triggerName, menuNodes)
    #expect(report.outcomes[0].finding == report.findings[0])
    #expect(report.outcomes[1].finding == nil)
  }

  /// Found by review: the summary and the per-rule counts were kept side by side and
  /// decremented by hand on suppression; the summary is now derived from what the report holds.
  @Test func theSummaryIsDerivedFromTheFindingsAndCounts() throws {
    var report = try evaluate(triggerName, menuNodes)
    report.merge(try evaluate(triggerName, menuNodes))
    #expect(report.summary.files == 2 && report.summary.errors == 2 && report.summary.inapplicable == 2)
    report.suppressFindings { $0.line == 3 }
    #expect(report.findings.isEmpty)
    #expect(report.summary.errors == 0 && report.summary.suppressed == 2)
    // What a rule did is not changed by suppressing what it found.
    #expect(report.ruleCounts["demo/trigger-name"]?.failed == 2)
  }

  @Test func selectorAlternativesAncestryAndAny() throws {
    let ruleset = """
      ruleset demo 1.0.0
      rule destructive {
        severity warning
        on Button as b inside Menu as m
        when b.text() == "Delete"
        require b.arg("role").value == ".destructive"
        message "{b.text()} in menu at line {m.line} needs role: .destructive"
      }
      rule typed {
        severity info
        on Image | Menu as n
        require n.type != "Image"
      }
      rule everything {
        severity info
        on *
        require node.line >= 0
      }
      """
    let report = try evaluate(ruleset, menuNodes)
    #expect(report.findings.map(\.message).contains("Delete in menu at line 9 needs role: .destructive"))
    #expect(report.ruleCounts["demo/destructive"]?.passed == 1)
    #expect(report.ruleCounts["demo/destructive"]?.failed == 1)
    #expect(report.ruleCounts["demo/destructive"]?.inapplicable == 1)
    #expect(report.ruleCounts["demo/typed"]?.failed == 1)
    #expect(report.ruleCounts["demo/typed"]?.passed == 2)
    #expect(report.ruleCounts["demo/everything"]?.passed == 7)
  }

  @Test func nodeFieldsAndEnclosingType() throws {
    let ruleset = """
      ruleset demo 1.0.0
      rule focus-state {
        severity warning
        on Menu as m
        forbid m.owner.properties.exists(p, p.wrapper == "AccessibilityFocusState")
      }
      rule ancestry {
        severity info
        on Image as i
        require i.ancestors.map(a, a.type) == ["Menu", "struct"] && i.parent.type == "Menu" && i.descendants == []
      }
      rule children {
        severity info
        on Menu as m
        require m.children.size() >= 1 && m.descendants.size() >= m.children.size() && m.property("focused").type == "Bool"
      }
      """
    let report = try evaluate(ruleset, menuNodes)
    #expect(report.ruleCounts["demo/focus-state"]?.failed == 2)
    #expect(report.ruleCounts["demo/ancestry"]?.passed == 1)
    #expect(report.ruleCounts["demo/children"]?.passed == 2)
    #expect(report.notRun.isEmpty)
  }

  @Test func reviewItemsNeedAPerson() throws {
    let ruleset = """
      ruleset demo 1.0.0
      review voiceover {
        category "VoiceOver"
        on Menu as m
        check "The trigger {m.text()} speaks its name and pop-up button role"
      }
      """
    let report = try evaluate(ruleset, menuNodes)
    #expect(report.findings.isEmpty)
    #expect(
      report.needsReview.map(\.message) == [
        "The trigger  speaks its name and pop-up button role",
        "The trigger Actions speaks its name and pop-up button role",
      ])
    #expect(report.needsReview.allSatisfy { $0.category == "VoiceOver" })
    #expect(report.summary.needsReview == 2 && report.summary.passed == 0)
  }

  @Test func reviewChecksAreListedAsTheyRead() throws {
    let ruleset = try Ruleset(
      text: #"""
        ruleset demo 1.0.0
        review voiceover {
          on Menu as m
          check "It speaks \"Actions, Button, Pop Up Button\"."
          check 'It says "more"'
          check "The trigger {m.text()} speaks"
        }
        """#)
    #expect(
      ruleset.program.rules[0].checks == [
        #"It speaks "Actions, Button, Pop Up Button"."#, #"It says "more""#, "The trigger {m.text()} speaks",
      ])
  }

  @Test func notRunReasons() throws {
    let ruleset = """
      ruleset demo 1.0.0
      host contrastRatio(fg, bg)
      rule contrast {
        severity error
        on Menu as m
        require contrastRatio("red", "white") >= 4.5
      }
      rule failing {
        severity error
        on Menu as m
        require m.children[5].type == "Button"
      }
      rule expensive {
        severity error
        on Menu as m
        require [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(a, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(b, [1, 2, 3, 4, 5].all(c, a + b + c > 0)))
      }
      rule not-bool {
        severity error
        on Menu as m
        require dyn(m.type)
      }
      """
    let report = try evaluate(ruleset, menuNodes, limits: EvaluationLimits(costBudget: 2_000))
    let reasons = Dictionary(grouping: report.notRun, by: \.rule).mapValues { Set($0.map(\.reason)) }
    #expect(reasons["demo/contrast"] == [.hostFunctionMissing])
    #expect(reasons["demo/failing"] == [.evaluationError])
    #expect(reasons["demo/expensive"] == [.costBudgetExceeded])
    #expect(reasons["demo/not-bool"] == [.evaluationError])
    let failing = try #require(report.notRun.first { $0.rule == "demo/failing" })
    #expect(failing.message == "index out of range: 5 (list size 2)")
    let expensive = try #require(report.notRun.first { $0.rule == "demo/expensive" })
    #expect(expensive.message.hasPrefix("evaluation cost budget of 2000 exceeded (cost so far: "))
    let contrast = try #require(report.notRun.first { $0.rule == "demo/contrast" })
    #expect(contrast.message.contains("'contrastRatio'"))
    #expect(report.findings.isEmpty)
  }

  @Test func hostFunctionsAreCalled() throws {
    let ruleset = """
      ruleset demo 1.0.0
      host contrastRatio(fg, bg)
      rule contrast {
        severity error
        on Menu as m
        require contrastRatio(m.type, "white") >= 4.5
        message "contrast {contrastRatio(m.type, 'white')}"
      }
      """
    let ratio = HostFunction("contrastRatio", parameterCount: 2) { args in
      guard case .string(let foreground) = args[0] else { throw EvaluationError("expected a colour name") }
      return .double(foreground == "Menu" ? 3.0 : 7.0)
    }
    let report = try evaluate(ruleset, menuNodes, hosts: [ratio])
    #expect(report.findings.map(\.message) == ["contrast 3.0", "contrast 3.0"])
    let throwing = HostFunction("contrastRatio", parameterCount: 2) { _ in throw EvaluationError("no colour data") }
    let failed = try evaluate(ruleset, menuNodes, hosts: [throwing])
    #expect(
      failed.notRun.map(\.message) == Array(repeating: "host function 'contrastRatio' failed: no colour data", count: 2)
    )
  }

  @Test func oneEngineManyThreadsSameReports() throws {
    let engine = Engine(rulesets: [try Ruleset(text: triggerName)])
    let shared = try model(menuNodes)
    let expected = engine.evaluate(shared)
    let reports = ReportBox()
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      reports.append(engine.evaluate(shared))
    }
    #expect(reports.all.count == 64)
    #expect(reports.all.allSatisfy { $0 == expected })
  }
}

private final class ReportBox: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [Report] = []
  func append(_ report: Report) { lock.withLock { reports.append(report) } }
  var all: [Report] { lock.withLock { reports } }
}

/// The total work of a file and of a run is bounded, not only each evaluation's.
@Suite struct TotalBudgetTests {
  /// Every node costs about 4,000 units: well under the per-evaluation budget.
  static let costly = """
    ruleset demo.costly 1.0.0
    rule busy {
      severity error
      on * as n
      require [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(i, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(j,
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(k, i + j + k > 0)))
    }
    """

  static let nodes = "[" + (0..<100).map { _ in #"{"type": "Text"}"# }.joined(separator: ", ") + "]"

  /// Found by attack: the budget bounded one evaluation, so a file of many nodes (or a run of
  /// many files) could spend hours of cost units. Evaluation stops with a not-run that says so.
  @Test func aFileThatSpendsItsTotalBudgetStopsAndSaysSo() throws {
    let whole = try evaluate(Self.costly, Self.nodes)
    #expect(whole.stopped == nil && whole.summary.passed == 100)
    let perNode = whole.cost / 100

    let limits = EvaluationLimits(fileCostBudget: perNode * 10)
    let report = try evaluate(Self.costly, Self.nodes, limits: limits)
    let stopped = try #require(report.stopped)
    #expect(stopped.reason == .totalCostBudgetExceeded)
    #expect(stopped.message.contains("total budget of \(perNode * 10) cost units per file"))
    #expect(report.notRun == [stopped])
    // It stopped at the budget: ten nodes or so were evaluated, not a hundred.
    #expect((9...11).contains(report.summary.passed), "\(report.summary)")
    #expect(report.cost < perNode * 12)
  }

  @Test func filesAfterTheRunBudgetIsSpentAreStopped() throws {
    let whole = try evaluate(Self.costly, Self.nodes).cost
    // Room for one file and a half.
    let limit = whole * 3 / 2
    let engine = Engine(rulesets: [try Ruleset(text: Self.costly)], limits: EvaluationLimits(runCostBudget: limit))
    var options = EvaluationOptions()
    options.runBudget = RunBudget(limit: engine.limits.runCostBudget)
    let first = engine.evaluate(try model(Self.nodes), options: options)
    #expect(first.stopped == nil)
    let second = engine.evaluate(try model(Self.nodes), options: options)
    let stopped = try #require(second.stopped)
    #expect(stopped.message.contains("total budget of \(limit) cost units for all the files of the run"))
    #expect((45...55).contains(second.summary.passed), "\(second.summary)")
    let third = engine.evaluate(try model(Self.nodes), options: options)
    #expect(third.stopped != nil && third.summary.passed == 0)
  }
}
