import Foundation
import Precept
import Testing

@testable import precept_bench

@Suite struct ExprCommandTests {
  @Test func parsesBindingsAndIterations() throws {
    let command = try ExprCommand(arguments: [
      "x.size() > n", "--let", "x=@items.json", "--let", "n=1", "--iterations", "7",
    ])
    #expect(command.expression == "x.size() > n")
    #expect(command.bindings.map(\.name) == ["x", "n"])
    #expect(command.bindings.map(\.value) == ["@items.json", "1"])
    #expect(command.iterations == 7)
  }

  @Test func rejectsBadCommandLines() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try ExprCommand(arguments: arguments)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message([]) == "missing expression")
    #expect(message(["1", "2"]) == "expected one expression; quote it")
    #expect(message(["1", "--let", "x"]) == "--let expects NAME=@FILE.json or NAME=EXPR, got 'x'")
    #expect(message(["1", "--let"]) == "--let needs a value")
    #expect(message(["1", "--iterations", "0"]) == "--iterations expects a positive number, got '0'")
    #expect(message(["1", "--fast"]) == "unknown option '--fast'")
  }

  @Test func printsRunsThenTheMedianLast() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("precept-bench-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let items = directory.appendingPathComponent("items.json")
    try Data(#"[{"title": "Delete", "role": "destructive"}, {"title": "Share", "role": ""}]"#.utf8).write(to: items)
    let command = try ExprCommand(arguments: [
      "items.all(i, !i.title.startsWith('Delete') || i.role == 'destructive')", "--let", "items=@\(items.path)",
      "--iterations", "3",
    ])
    var lines: [String] = []
    var failures: [String] = []
    let status = try command.run(print: { lines.append($0) }, fail: { failures.append($0) })
    #expect(status == 0 && failures.isEmpty)
    #expect(lines.first == "value: true")
    #expect(lines.dropFirst().prefix(3).allSatisfy { $0.hasPrefix("run ") && $0.hasSuffix(" ns/eval") })
    #expect(lines.count == 5 && lines.last?.hasPrefix("ns/eval: ") == true)
  }

  @Test func reportsEvaluationErrors() throws {
    var failures: [String] = []
    let status = try ExprCommand(arguments: ["1 / 0"]).run(print: { _ in }, fail: { failures.append($0) })
    #expect(status == 1)
    #expect(failures == ["division by zero"])
  }

  @Test func readsJSONAsMapsAndLists() throws {
    let json = try JSON.parse(#"{"a": [1, 2.5, "x", true, null]}"#)
    #expect(
      Value(json: json)
        == .map([.init(.string("a"), .list([.int(1), .double(2.5), .string("x"), .bool(true), .null]))]))
  }
}

extension Error {
  fileprivate var message: String { (self as? ExprCommand.UsageError)?.message ?? "\(self)" }
}
