import Foundation
import Precept
import PreceptSwiftUI
import PreceptTool

/// `precept-bench synthetic-lint [--files N] [--runs R] [--read-only]`: the lint figure's loop
/// (read each synthetic file, build its view model, evaluate the standard rulesets) R times,
/// untimed, on one thread. It is what `valgrind --tool=callgrind` runs to count the
/// instructions of the one-core lint figure; `--read-only` runs the reader alone.
struct SyntheticLintCommand {
  var files = 400
  var runs = 1
  var readOnly = false

  static let usage =
    "precept-bench synthetic-lint [--files N] [--runs R] [--read-only]  the lint figure's loop R times (default 1) over N synthetic files (default 400), untimed"

  init(arguments: [String]) throws(ExprCommand.UsageError) {
    var rest = arguments[...]
    while let option = rest.popFirst() {
      switch option {
      case "--read-only": readOnly = true
      case "--files", "--runs":
        let minimum = option == "--files" ? 1 : 0
        guard let text = rest.popFirst(), let value = Int(text), value >= minimum else {
          throw ExprCommand.UsageError(message: "\(option) expects a number ≥ \(minimum)")
        }
        if option == "--files" { files = value } else { runs = value }
      default: throw ExprCommand.UsageError(message: "unknown option '\(option)'")
      }
    }
  }

  func run(print: (String) -> Void) throws -> Int32 {
    let library = StandardRulesets.library()
    let engine = Engine(rulesets: try library.entries.map { try library.ruleset($0) })
    let sources = SyntheticSwift.files(count: files).map { SourceFile(name: $0.name, text: $0.text) }
    var nodes = 0
    var findings = 0
    for _ in 0..<runs {
      (nodes, findings) = (0, 0)
      for source in sources {
        guard let document = try? SwiftUIReader.read(source) else { continue }
        if readOnly { continue }
        let model = ViewModel(document)
        nodes += model.nodeCount
        findings += engine.evaluate(model).findings.count
      }
    }
    print("\(sources.count) files, \(runs) runs; last run: \(nodes) nodes, \(findings) findings")
    return 0
  }
}
