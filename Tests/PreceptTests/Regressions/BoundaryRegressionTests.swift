import Testing

@testable import Precept

/// Values leave the VM (as results, host-function arguments, template holes and explained
/// operands) only when their boxed form fits in `maximumStringLength` bytes.
@Suite struct BoundaryRegressionTests {
  /// A list naming one 1 MB string 65,536 times: 689 bytes of source and a few thousand cost
  /// units, but 64 GB once boxed or printed. Found by review; `precept eval` ran out of memory.
  static let hugeList: String = {
    var text = "'a'"
    for _ in 0..<20 { text = "[\(text)].map(a, a + a)[0]" }
    var list = "[\(text)]"
    for _ in 0..<16 { list = "[\(list)].map(x, x + x)[0]" }
    return list
  }()

  static let overLimit =
    "the value is over 1048576 bytes, the longest string an evaluation may make (maximumStringLength)"

  @Test func hugeResultIsAnError() throws {
    let expression = try CompiledExpression(Self.hugeList)
    guard case .failure(let error) = expression.evaluate() else {
      Issue.record("a 64 GB result must be an error")
      return
    }
    #expect(error.message.hasPrefix(Self.overLimit))
    // The same list is fine inside the VM.
    #expect(try CompiledExpression("size(\(Self.hugeList))").evaluate() == .success(.int(65536)))
  }

  @Test func resultsWithinTheLimitAreReturned() throws {
    let limits = EvaluationLimits(maximumStringLength: 64)
    #expect(
      try CompiledExpression("['abc', 'def']").evaluate(limits: limits)
        == .success(.list([.string("abc"), .string("def")])))
    guard
      case .failure(let error) = try CompiledExpression("['" + String(repeating: "x", count: 60) + "', 1]").evaluate(
        limits: limits)
    else {
      Issue.record("a list holding 68 bytes is over a limit of 64")
      return
    }
    #expect(error.message.hasPrefix("the value is over 64 bytes"))
  }

  @Test func hugeValuesInRulesAreReportedNotBoxed() throws {
    let source = """
      ruleset huge 1.0.0
      host inspect(x)
      let big = \(Self.hugeList)
      rule shown {
        severity error
        on Button
        require big == []
        message "items: {big}"
      }
      rule passed-to-host {
        severity error
        on Button
        require inspect(big)
      }
      """
    let engine = Engine(
      rulesets: [try Ruleset(text: source)],
      hostFunctions: [HostFunction("inspect", parameterCount: 1) { _ in .bool(true) }])
    let model = try ViewModel(json: SourceFile(name: "m.json", text: #"{"viewmodel":1,"nodes":[{"type":"Button"}]}"#))
    let report = engine.evaluate(model)
    let finding = try #require(report.findings.first)
    #expect(finding.message.hasPrefix("items: <error: \(Self.overLimit)"))
    // Explanations show the first elements of a long value and how many more there are.
    #expect(finding.explanation.operands.contains { $0.value.hasPrefix("[") && $0.value.contains("more]") })
    #expect(finding.explanation.operands.allSatisfy { $0.value.count < 10_000 })
    let notRun = try #require(report.notRun.first)
    #expect(notRun.rule == "huge/passed-to-host")
    #expect(notRun.message.hasPrefix(Self.overLimit))
  }
}
