import Precept
import Testing

@testable import cel_conformance

@Suite struct RunnerTests {
  /// A runner whose "engine" looks results up by expression, and records what it was given.
  private func runner(_ results: [String: Actual]) -> ConformanceRunner {
    ConformanceRunner { expression, variables, bindings, _ in
      if expression == "echo" {
        return .value(.list(variables.map { .string($0) } + variables.map { bindings[$0] ?? .null }))
      }
      return results[expression] ?? .compileError("unknown expression")
    }
  }

  private func outcome(
    _ expression: String, _ expectation: ExpectedResult, _ actual: Actual,
    configure: (inout SuiteCase) -> Void = { _ in }
  ) -> CaseOutcome {
    var test = SuiteCase(name: "t", expression: expression, line: 1)
    test.expectation = expectation
    configure(&test)
    return runner([expression: actual]).run(test)
  }

  @Test func judgesValues() {
    #expect(outcome("1", .value(.value(.int(1))), .value(.int(1))) == .passed)
    #expect(outcome("1", .value(.value(.int(1))), .value(.uint(1))) == .failed(.value(.uint(1))))
    #expect(outcome("1", .value(.value(.int(1))), .evaluationError("x")) == .failed(.evaluationError("x")))
    #expect(outcome("1", .value(.value(.int(1))), .compileError("x")) == .failed(.compileError("x")))
  }

  @Test func judgesErrors() {
    #expect(outcome("1/0", .error, .evaluationError("division by zero")) == .passed)
    #expect(outcome("1/0", .error, .value(.int(0))) == .failed(.value(.int(0))))
    // As in cel-go's runner, a compile error fails even a case that expects an error.
    #expect(outcome("1/0", .error, .compileError("x")) == .failed(.compileError("x")))
  }

  /// A case naming the type CEL's checker deduces passes only if Precept's checker deduces it.
  @Test func comparesDeducedTypes() {
    var test = SuiteCase(name: "t", expression: "[1]", line: 1)
    test.expectation = .value(.value(.list([.int(1)])))
    test.deducedType = .list(.standard("int64"))
    #expect(ConformanceRunner.precept.run(test) == .passed)
    test.deducedType = .list(.standard("string"))
    #expect(ConformanceRunner.precept.run(test) == .failed(.deducedType("list(int)")))
    // Without a checker's types (a runner that cannot deduce them), only the value counts.
    #expect(runner(["[1]": .value(.list([.int(1)]))]).run(test) == .passed)
  }

  /// A check-only case is compiled, never evaluated, and passes on the deduced type alone.
  @Test func judgesCheckOnlyCasesByTheirType() {
    var test = SuiteCase(name: "t", expression: "[[], [[]]]", line: 1)
    test.checkOnly = true
    test.expectation = .deducedTypeOnly
    test.deducedType = .list(.list(.list(.standard("dyn"))))
    #expect(ConformanceRunner.precept.run(test) == .passed)
    test.deducedType = .list(.standard("dyn"))
    #expect(ConformanceRunner.precept.run(test) == .failed(.deducedType("list(list(list(dyn)))")))
    test.expression = "1 +"
    #expect(ConformanceRunner.precept.run(test) == .failed(.deducedType(nil)))
  }

  @Test func skipsExcludedCasesWithoutRunningThem() {
    let result = outcome("TestAllTypes{}", .value(.value(.bool(true))), .value(.bool(true)))
    #expect(result == .excluded(Exclusion(rule: .protobufMessage, detail: "message literal TestAllTypes{…}")))
  }

  @Test func passesDeclarationsAndBindings() {
    var test = SuiteCase(name: "t", expression: "echo", line: 1)
    test.declarations = [
      Declaration(name: "a.b", type: .standard("int64")), Declaration(name: "y", type: .standard("dyn")),
    ]
    test.bindings = [
      Binding(name: "a.b", value: .value(.value(.int(7)))), Binding(name: "z", value: .value(.value(.null))),
    ]
    test.expectation = .value(.value(.list([.string("a.b"), .string("y"), .string("z"), .int(7), .null, .null])))
    #expect(runner([:]).run(test) == .passed)
  }

  private var sampleReport: SuiteReport {
    let runner = runner([
      "1 + 1": .value(.int(2)), "x": .value(.uint(3)), "1 / 0": .evaluationError("division by zero"),
      "f(\n1)": .compileError("<input>:1:1: error: undeclared reference to 'f'\nmore"),
    ])
    var add = SuiteCase(name: "add", expression: "1 + 1", line: 3)
    add.expectation = .value(.value(.int(2)))
    var variable = SuiteCase(name: "var", expression: "x", line: 7)
    variable.bindings = [Binding(name: "x", value: .value(.value(.int(3))))]
    variable.expectation = .value(.value(.int(3)))
    var divide = SuiteCase(name: "div", expression: "1 / 0", line: 12)
    divide.expectation = .error
    var call = SuiteCase(name: "call", expression: "f(\n1)", line: 15)
    call.expectation = .error
    var message = SuiteCase(name: "msg", expression: "TestAllTypes{}", line: 20)
    message.container = "pkg"
    let one = SuiteFile(name: "one", sections: [SuiteSection(name: "s", cases: [add, variable, divide])])
    let two = SuiteFile(name: "two", sections: [SuiteSection(name: "r", cases: [call, message])])
    return SuiteReport(files: [runner.run(one), runner.run(two)])
  }

  @Test func summarisesPerFileAndInTotal() {
    let report = sampleReport
    #expect(report.passed == 2 && report.applicable == 4 && report.excluded == 1)
    #expect(report.passRate == 50)
    let table = report.summary().split(separator: "\n").prefix(4).joined(separator: "\n")
    #expect(
      table == """
        file              passed  applicable  excluded  pass rate
        one                    2           3         0      66.6%
        two                    0           1         1       0.0%
        total                  2           4         1      50.0%
        """)
    #expect(report.summary().contains("     1 protobuf messages: the expected value or a binding holds"))
    #expect(report.summary().contains("     0 containers: the case sets a container"))
  }

  @Test func listsFailuresAndExclusions() {
    let report = sampleReport
    #expect(
      report.failures() == """
        FAIL one/s/var (one.textproto:7)
          expr:     x
          expected: 3
          actual:   3u
        FAIL two/r/call (two.textproto:15)
          expr:     f(␊1)
          expected: an evaluation error
          actual:   compile error: <input>:1:1: error: undeclared reference to 'f'␊more
        """)
    #expect(
      report.exclusions()
        == "SKIP two/r/msg (two.textproto:20): protobuf messages: message literal TestAllTypes{…}")
  }

  @Test func roundsPercentagesDown() {
    #expect(SuiteReport.percent(949, of: 1000) == "94.9%")
    #expect(SuiteReport.percent(94999, of: 100_000) == "94.9%")
    #expect(SuiteReport.percent(1, of: 1) == "100.0%")
    #expect(SuiteReport.percent(0, of: 0) == "-")
  }
}
