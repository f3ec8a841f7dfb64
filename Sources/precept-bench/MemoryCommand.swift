import Foundation
import Precept

/// `precept-bench memory [--nodes N] [FILE.json…]`: where the view model's memory goes
/// (`ViewModel.footprintParts`), in bytes and bytes per node, for the benchmark's synthetic
/// model of about N nodes and for each view-model JSON file named (`precept dump-model` output
/// of one file). Deterministic: nothing is timed.
struct MemoryCommand {
  var nodes = 100_000
  var files: [String] = []

  static let usage =
    "precept-bench memory [--nodes N] [FILE.json…]  where the view model's bytes go, for the synthetic model of N nodes (default 100,000) and each view-model file"

  init(arguments: [String]) throws(ExprCommand.UsageError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--nodes" {
        guard let text = rest.popFirst(), let value = Int(text), value >= 1 else {
          throw ExprCommand.UsageError(message: "--nodes expects a number ≥ 1")
        }
        nodes = value
      } else if argument.hasPrefix("-") {
        throw ExprCommand.UsageError(message: "unknown option '\(argument)'")
      } else {
        files.append(argument)
      }
    }
  }

  func run(print: (String) -> Void) throws(DiagnosticError) -> Int32 {
    describe(ViewModel(SyntheticScreens.document(nodeCount: nodes)), "synthetic model (SyntheticScreens.swift)", print)
    for path in files {
      guard let data = FileManager.default.contents(atPath: path) else {
        print("\(path): cannot be read")
        return 2
      }
      describe(try ViewModel(json: SourceFile(name: path, bytes: Array(data))), path, print)
    }
    return 0
  }

  private func describe(_ model: ViewModel, _ title: String, _ print: (String) -> Void) {
    let count = Double(model.nodeCount)
    func row(_ name: String, _ bytes: Int) {
      let padded = name.padding(toLength: 22, withPad: " ", startingAt: 0)
      let number = Format.grouped(bytes)
      let gap = String(repeating: " ", count: max(1, 14 - number.count))
      print("  \(padded)\(gap)\(number)  \(Format.fixed(Double(bytes) / count, 1)) B/node")
    }
    print("\(title): \(Format.grouped(model.nodeCount)) nodes")
    for part in model.footprintParts { row(part.name, part.bytes) }
    row("footprint", model.footprint)
  }
}
