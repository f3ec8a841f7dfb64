import Precept

/// What running an expression produced.
enum Actual: Sendable, Equatable {
  case value(Value)
  /// The expression compiled but its evaluation failed (CEL's errors as values).
  case evaluationError(String)
  /// `CompiledExpression.init` rejected the expression: a syntax or check error.
  case compileError(String)
  /// The value was right, but the checker deduced another type than CEL's (nil: none).
  case deducedType(String?)
}

/// How a case ended.
enum CaseOutcome: Sendable, Equatable {
  case passed
  case failed(Actual)
  case excluded(Exclusion)
}

/// Compiles an expression with the given free variables and evaluates it with the bindings.
/// `checked` is false for cases marked `disable_check`: names the checker cannot resolve are
/// then evaluation errors, as in CEL's unchecked evaluation.
typealias Evaluator =
  @Sendable (
    _ expression: String, _ variables: [String], _ bindings: [String: Value], _ checked: Bool
  ) -> Actual

/// Runs suite cases and judges their results.
struct ConformanceRunner: Sendable {
  var evaluate: Evaluator
  /// The static type the checker gives an expression with these variables (`dyn`), as CEL
  /// writes types; nil when it does not compile. Without it, `deduced_type` is not compared.
  var deduceType: (@Sendable (_ expression: String, _ variables: [String]) -> String?)? = nil

  /// A runner over Precept's public `CompiledExpression` API.
  static let precept = ConformanceRunner(
    evaluate: { expression, variables, bindings, checked in
      let compiled: CompiledExpression
      do throws(DiagnosticError) {
        compiled = try CompiledExpression(expression, variables: variables, checked: checked)
      } catch {
        return .compileError(error.description)
      }
      switch compiled.evaluate(bindings) {
      case .success(let value): return .value(value)
      case .failure(let error): return .evaluationError(error.message)
      }
    },
    deduceType: { expression, variables in try? CompiledExpression(expression, variables: variables).resultType })

  func run(_ file: SuiteFile) -> FileResult {
    var results: [CaseResult] = []
    for section in file.sections {
      for test in section.cases {
        results.append(CaseResult(section: section.name, test: test, outcome: run(test)))
      }
    }
    return FileResult(name: file.name, cases: results)
  }

  /// Runs one case. A compile error fails the case whatever it expects, as in the suite's own
  /// runners (cel-go's `conformance_test.go` and cel-spec's former `tests/simple` runner stop
  /// at any parse or check error); only an evaluation error satisfies an expected error.
  func run(_ test: SuiteCase) -> CaseOutcome {
    if let exclusion = Applicability.exclusion(for: test) { return .excluded(exclusion) }
    var bindings: [String: Value] = [:]
    for binding in test.bindings {
      // Unrepresentable bindings were excluded above.
      if case .value(.value(let value)) = binding.value { bindings[binding.name] = value }
    }
    // A check-only case is compiled, not run: the deduced type is all it tests.
    if test.checkOnly || test.expectation == .deducedTypeOnly {
      let deduced = deduceType?(test.expression, test.variableNames)
      return deduced != nil && deduced == test.deducedType?.celName ? .passed : .failed(.deducedType(deduced))
    }
    let actual = evaluate(test.expression, test.variableNames, bindings, !test.disableCheck)
    switch (test.expectation, actual) {
    case (.value(.value(let expected)), .value(let value)) where Matching.matches(expected, value):
      // A case that names the type CEL's checker deduces must get that type from Precept's.
      if let expected = test.deducedType?.celName, let deduceType, !test.disableCheck {
        let deduced = deduceType(test.expression, test.variableNames)
        if deduced != expected { return .failed(.deducedType(deduced)) }
      }
      return .passed
    case (.error, .evaluationError):
      return .passed
    default:
      return .failed(actual)
    }
  }
}

/// One case with its outcome.
struct CaseResult: Sendable {
  var section: String
  var test: SuiteCase
  var outcome: CaseOutcome
}

/// The outcomes of one file's cases.
struct FileResult: Sendable {
  var name: String
  var cases: [CaseResult]

  var passed: Int { cases.count { $0.outcome == .passed } }
  var excluded: Int { cases.count { if case .excluded = $0.outcome { true } else { false } } }
  var applicable: Int { cases.count - excluded }
}
