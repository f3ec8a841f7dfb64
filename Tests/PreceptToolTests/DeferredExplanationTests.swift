import Precept
import PreceptSwiftUI
import PreceptTool
import Testing

/// A finding's explanation is made when it is read or when lint's findings are final, never
/// for a finding dropped before then, and it is the explanation made as the rule fails.
@Suite struct DeferredExplanationTests {
  static let engine: Engine = {
    let library = StandardRulesets.library()
    return Engine(rulesets: library.entries.map { try! library.ruleset($0) })
  }()

  /// TrashButton (its Button unnamed) and a row that uses it twice, beside two controls of
  /// its own that fail.
  static let files = [
    ("TrashButton.swift", LinkedLintTests.trashButton),
    (
      "Row.swift",
      """
      struct Row: View {
        @State private var choice = 0
        var body: some View {
          HStack {
            Picker("", selection: $choice) { Text("A") }
            TrashButton { delete() }
            Button(action: share) { Image(systemName: "square.and.arrow.up") }
            TrashButton { remove() }
          }
        }
      }
      """
    ),
  ]

  /// Each file's report as the rules made it on its linked model, and after the findings on
  /// linked views are placed.
  static func linted(_ options: EvaluationOptions) throws -> (made: [Report], placed: [Report]) {
    let documents = try files.map { try SwiftUIReader.read(SourceFile(name: $0.0, text: $0.1)) }
    let linked = ViewLinker.link(documents)
    let made = linked.map { engine.evaluate(ViewModel($0.document), options: options) }
    var placed: [Report?] = made
    LinkedFindings.reconcile(&placed, linked)
    return (made, placed.map { $0! })
  }

  @Test func aFindingDroppedOnALinkedCopyIsNeverExplained() throws {
    let (made, placed) = try Self.linted(EvaluationOptions())
    var reported = Report()
    for report in placed { reported.merge(report) }
    let all = made.flatMap(\.findings)
    #expect(all.allSatisfy { !$0.isExplained })
    reported.explainFindings()
    #expect(!reported.findings.isEmpty)
    #expect(reported.findings.allSatisfy { $0.isExplained })
    // The copies of TrashButton's Button at its two uses fail as the declaration does, and are
    // dropped: the declaration reports it. Their explanations were never made.
    let kept = Set(reported.findings.map { "\($0.file):\($0.line):\($0.column) \($0.rule)" })
    let dropped = all.filter { !kept.contains("\($0.file):\($0.line):\($0.column) \($0.rule)") }
    #expect(dropped.count >= 2, "\(dropped.map { "\($0.file):\($0.line) \($0.rule)" })")
    #expect(dropped.allSatisfy { !$0.isExplained })
    #expect(all.count { $0.isExplained } == reported.findings.count)
  }

  @Test func aDeferredExplanationIsTheOneMadeAsTheRuleFails() throws {
    var atOnce = EvaluationOptions()
    atOnce.explainsAtOnce = true
    let eager = try Self.linted(atOnce)
    let deferred = try Self.linted(EvaluationOptions())
    #expect(eager.made.flatMap { $0.findings }.allSatisfy { $0.isExplained })
    let eagerFindings = eager.placed.flatMap(\.findings)
    #expect(eagerFindings.contains { !$0.explanation.helpers.isEmpty })
    // Read one by one, and made all at once.
    #expect(deferred.placed.flatMap { $0.findings }.map { $0.explanation } == eagerFindings.map { $0.explanation })
    var merged = Report()
    for report in try Self.linted(EvaluationOptions()).placed { merged.merge(report) }
    merged.explainFindings()
    #expect(merged.findings.map { $0.explanation } == eagerFindings.map { $0.explanation })
    // What renders them: the whole JSON and text reports.
    var eagerReport = Report()
    for report in eager.placed { eagerReport.merge(report) }
    let renderer = ReportRenderer(rules: Self.engine.rules)
    #expect(renderer.render(merged, as: .json) == renderer.render(eagerReport, as: .json))
    #expect(renderer.render(merged, as: .text) == renderer.render(eagerReport, as: .text))
  }
}
