// The public face of the engine. Everything a host needs to embed Precept is declared here or
// linked from here; the rest of the module is internal.

/// A single compiled expression, evaluated against named bindings — what `precept eval` and
/// the REPL run.
public struct Expression: Sendable {
  /// The expression's source text.
  public let source: String

  /// Compiles `source`. `variables` names the bindings `evaluate` will be given; any other
  /// free name is an error.
  public init(_ source: String, variables: [String] = []) throws(DiagnosticError) {
    // Placeholder until the compiler lands (issue 2).
    self.source = source
    _ = variables
  }

  /// Evaluates the expression. Errors are CEL's errors as values (division by zero, no such
  /// key, …) or a limit the VM enforces.
  public func evaluate(_ bindings: [String: Value] = [:]) -> Result<Value, EvaluationError> {
    _ = bindings
    return .failure(EvaluationError("not implemented"))
  }
}
