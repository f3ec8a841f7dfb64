import Testing

@testable import Precept

/// Work that operators do in proportion to the size of their operands is charged against the
/// cost budget, so no expression can run for minutes or fill memory below the budget.
@Suite struct CostBudgetRegressionTests {
  func evaluate(_ source: String, list count: Int) throws -> Result<Value, EvaluationError> {
    let expression = try CompiledExpression(source, variables: ["l"])
    return expression.evaluate(["l": .list(Array(repeating: .int(1), count: count))])
  }

  func expectBudgetExceeded(_ result: Result<Value, EvaluationError>, budget: Int = 1_000_000) {
    guard case .failure(let error) = result else {
      Issue.record("expected the cost budget to stop the evaluation, got \(result)")
      return
    }
    #expect(error.message.hasPrefix("evaluation cost budget of \(budget) exceeded"))
  }

  /// Found by review: the VM kept the instruction count in a local and dropped what `in`, `==`,
  /// `+`, indexing and field selection charged, so 4096 × 4096 comparisons cost 8192 units.
  @Test func membershipIsChargedPerElement() throws {
    expectBudgetExceeded(try evaluate("l.filter(x, x in l).size()", list: 4096))
  }

  @Test func listEqualityIsChargedPerElement() throws {
    expectBudgetExceeded(try evaluate("l.all(x, l == l + [])", list: 4096))
  }

  /// Each `l + l` makes 65,536 elements; uncharged, 32,768 of them needed 32 GB.
  @Test func listConcatenationIsChargedPerElement() throws {
    expectBudgetExceeded(try evaluate("l.map(x, l + l).size()", list: 32768))
  }

  /// Found by review: comparing two equal strings cost one unit whatever their length, so
  /// comparing two 1 MB strings for each of 65,536 elements read 64 GB within the budget.
  @Test func stringComparisonIsChargedPerByte() throws {
    let limits = EvaluationLimits(costBudget: 10_000)
    let bindings: [String: Value] = [
      "l": .list(Array(repeating: .int(1), count: 1000)), "s": .string(String(repeating: "a", count: 1 << 16)),
    ]
    // `s + ""` is a copy, so the comparisons read bytes instead of comparing interned ids. Each
    // macro visits every element: `all` of true comparisons, `exists` of false ones.
    let macros = [
      "all(x, t == s)", "all(x, t <= s)", "all(x, t >= s)", "exists(x, t != s)", "exists(x, t < s)",
      "exists(x, t > s)",
    ]
    for macro in macros {
      let expression = try CompiledExpression("[s + \"\"].all(t, l.\(macro))", variables: ["l", "s"])
      expectBudgetExceeded(expression.evaluate(bindings, limits: limits), budget: 10_000)
    }
  }

  /// Found by review: the map a comprehension builds checked every key against every earlier
  /// one, uncharged, so `transformMap` over 65,536 elements made 2 billion comparisons (hours).
  /// Its keys are distinct by construction; it no longer compares them.
  @Test(.timeLimit(.minutes(1))) func transformMapOverALargeListIsLinear() throws {
    #expect(try evaluate("l.transformMap(i, v, v).size()", list: 65536) == .success(.int(65536)))
  }

  /// A map literal's keys are still checked for repeats, and the comparisons are charged.
  @Test func mapLiteralKeyChecksAreCharged() throws {
    let literal = "{" + (0..<200).map { "\($0): 0" }.joined(separator: ", ") + "}"
    let expression = try CompiledExpression("\(literal).size()")
    expectBudgetExceeded(expression.evaluate(limits: EvaluationLimits(costBudget: 10_000)), budget: 10_000)
    #expect(expression.evaluate() == .success(.int(200)))
    #expect(throws: Never.self) { try CompiledExpression("{1: 0, 1u: 1}") }
    guard case .failure(let error) = try CompiledExpression("{1: 0, 1u: 1}").evaluate() else {
      Issue.record("a repeated key must be an error")
      return
    }
    #expect(error.message == "repeated key in map literal: 1u")
  }

  @Test func smallWorkStaysWithinBudget() throws {
    #expect(try evaluate("l.filter(x, x in l).size()", list: 512) == .success(.int(512)))
  }

  /// Found by attack: `matches()` cost one unit per 8 bytes of text whatever the pattern, so
  /// matching 1 MB against a 6,001-byte pattern took about 17 s inside the budget (four nodes
  /// stalled lint for 70 s). The matcher now counts its steps and stops when the budget is spent.
  @Test func regexMatchingIsChargedByTheMatchersWork() throws {
    let pattern = String(repeating: "a?", count: 3000) + "b"
    let text = String(repeating: "a", count: 1 << 20)
    let expression = try CompiledExpression("s.matches(p)", variables: ["s", "p"])
    expectBudgetExceeded(expression.evaluate(["s": .string(text), "p": .string(pattern)]))

    let vm = VM(program: expression.program, model: .empty, limits: .standard)
    vm.bind([.string(text), .string(pattern)])
    _ = vm.run(0, [])
    #expect(vm.budgetExceeded)
    // It stopped within one text position's work of the budget: a few program sizes of steps.
    let most = EvaluationLimits.standard.costBudget * VM.regexStepsPerUnit + 4 * RegexLimits.programSize
    #expect(vm.regexSteps <= most, "\(vm.regexSteps) steps")
    #expect(vm.regexSteps >= most / 2, "\(vm.regexSteps) steps")
  }

  /// The same text against a small pattern costs about what other string functions charge.
  @Test func aSmallPatternOverAMegabyteStaysWithinTheBudget() throws {
    let expression = try CompiledExpression("s.matches(\"^[a-z]+$\") && !s.matches(\"[0-9]\")", variables: ["s"])
    let text = String(repeating: "a", count: 1 << 20)
    #expect(expression.evaluate(["s": .string(text)]) == .success(.bool(true)))
  }

  /// Found by attack: compiling a pattern was free, so a pattern built at run time (never
  /// cached) was compiled again for every element at no cost.
  @Test func regexCompilationIsChargedByPatternSize() throws {
    let expression = try CompiledExpression("l.all(x, !\"b\".matches(p + \"\"))", variables: ["l", "p"])
    let pattern = String(repeating: "(a|c)", count: 1600)
    expectBudgetExceeded(
      expression.evaluate(["l": .list(Array(repeating: .int(1), count: 100)), "p": .string(pattern)]))
  }
}
