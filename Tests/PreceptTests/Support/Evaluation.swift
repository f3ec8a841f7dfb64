@testable import Precept

/// Evaluates `text` as a checked expression and shows the outcome the way `precept eval`
/// does: the value as a literal, or `error: message`. A syntax or check error is shown as
/// `diagnostic: message` so a table row can expect one.
func evaluated(_ text: String, _ bindings: [String: Value] = [:], limits: EvaluationLimits = .standard) -> String {
  let expression: CompiledExpression
  do {
    expression = try CompiledExpression(text, variables: bindings.keys.sorted())
  } catch {
    return "diagnostic: " + error.diagnostics.map(\.message).joined(separator: "; ")
  }
  switch expression.evaluate(bindings, limits: limits) {
  case .success(let value): return Printer.literal(value)
  case .failure(let error): return "error: " + error.message
  }
}
