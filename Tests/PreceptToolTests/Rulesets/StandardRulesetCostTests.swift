import Precept
import PreceptSwiftUI
import PreceptTool
import Testing

/// The work the standard rulesets do on a file, counted in cost units (never timed): it grows
/// with the file, not with the square of a container's size.
@Suite struct StandardRulesetCostTests {
  static let engine: Engine = {
    let library = StandardRulesets.library()
    return Engine(rulesets: library.entries.map { try! library.ruleset($0) })
  }()

  /// A Menu of `buttons` commands, linted with the standard rulesets.
  func lintMenu(buttons: Int) throws -> Report {
    var text = "import SwiftUI\n\nstruct V: View {\n  var body: some View {\n    Menu(\"Actions\") {\n"
    for index in 0..<buttons { text += "      Button(\"Command \(index)\") { run(\(index)) }\n" }
    text += "    }\n  }\n}\n"
    let document = try SwiftUIReader.read(SourceFile(name: "menu.swift", text: text))
    return Self.engine.evaluate(ViewModel(document))
  }

  /// Found by attack: every command's evaluation walked the whole menu (`inContent` scanned
  /// the menu's children, `a in m.descendants` its subtree), so 3,000 Buttons took 2.5 s,
  /// 10,000 took 25 s and 30,000 took 218 s, and the Menu's own rules ran out of budget.
  @Test func lintingAMenuIsLinearInItsCommands() throws {
    let small = try lintMenu(buttons: 500)
    let large = try lintMenu(buttons: 2000)
    #expect(small.notRun.isEmpty && large.notRun.isEmpty, "\(large.notRun.map(\.message))")
    // Four times the commands: four times the work (it was sixteen).
    let ratio = Double(large.cost) / Double(small.cost)
    #expect(ratio > 3.5 && ratio < 4.5, "cost \(small.cost) for 500 Buttons, \(large.cost) for 2,000")
    // A few hundred units per node and rule at most.
    #expect(large.cost < 2000 * 20_000)
  }
}
