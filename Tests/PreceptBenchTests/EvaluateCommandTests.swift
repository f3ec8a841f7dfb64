import Precept
import Testing

@testable import precept_bench

/// `precept-bench evaluate`'s options: what it parses, what it refuses, and that `--only` and
/// `--without` choose the rules evaluated.
@Suite struct EvaluateCommandTests {
  static func message(_ arguments: [String]) -> String? {
    do {
      _ = try EvaluateCommand(arguments: arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func parsesItsOptions() throws {
    let command = try EvaluateCommand(arguments: [
      "--nodes", "300", "--runs", "2", "--only", "button-name", "--only", "bench.swiftui/focus-visible",
    ])
    #expect(command.nodes == 300 && command.runs == 2 && !command.handWritten)
    #expect(command.only == ["button-name", "bench.swiftui/focus-visible"] && command.without.isEmpty)
    #expect(try EvaluateCommand(arguments: ["--hand-written"]).handWritten)
  }

  @Test func refusesBadCommandLines() {
    #expect(Self.message(["--only"]) == "--only expects a rule id")
    #expect(Self.message(["--without"]) == "--without expects a rule id")
    #expect(Self.message(["--nodes", "0"]) == "--nodes expects a number ≥ 1")
    #expect(
      Self.message(["--hand-written", "--without", "button-name"])
        == "--hand-written runs every rule; --only and --without do not apply to it")
    #expect(Self.message(["--fast"]) == "unknown option '--fast'")
  }

  /// A rule named that the ruleset lacks is an error (status 2), not an empty evaluation; the
  /// rules `--only` names are the only ones visited.
  @Test func onlyAndWithoutChooseTheRules() throws {
    var printed: [String] = []
    var failed: [String] = []
    let unknown = try EvaluateCommand(arguments: ["--nodes", "200", "--only", "no-such-rule"])
      .run(print: { printed.append($0) }, fail: { failed.append($0) })
    #expect(unknown == 2)
    #expect(failed == ["accessibility.precept has no rule 'no-such-rule'"] && printed.isEmpty)

    func visits(_ arguments: [String]) throws -> String {
      var lines: [String] = []
      #expect(
        try EvaluateCommand(arguments: ["--nodes", "2000"] + arguments).run(print: { lines.append($0) }, fail: { _ in })
          == 0)
      return lines.joined()
    }
    let all = try visits([])
    let one = try visits(["--only", "menu-two-commands"])
    let allButOne = try visits(["--without", "menu-two-commands"])
    // "N nodes, R runs; last run: V (rule × node) visits, …"
    func count(_ line: String) -> Int {
      let words = line.split(separator: " ")
      return Int(words[words.firstIndex(of: "run:")! + 1])!
    }
    #expect(count(one) > 0)
    #expect(count(one) + count(allButOne) == count(all))
  }
}
