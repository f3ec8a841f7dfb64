// The public face of the engine. Everything a host needs to embed Precept is declared here or
// linked from here: `Expression`, `Ruleset` (see Engine/), `ViewModel`, `Report`, host functions.

/// A single compiled expression, evaluated against named bindings — what `precept eval` and
/// the REPL run.
public struct Expression: Sendable {
  /// The expression's source text.
  public let source: String
  /// The compiled bytecode (one function).
  public let program: Program

  /// Compiles `source`. `variables` names the bindings `evaluate` will be given; any other
  /// free name is an error — unless `checked` is false, in which case names and functions the
  /// checker cannot resolve become evaluation errors instead, as in CEL's unchecked mode.
  public init(_ source: String, variables: [String] = [], checked: Bool = true, name: String = "<expression>")
    throws(DiagnosticError)
  {
    let file = SourceFile(name: name, text: source)
    let (expr, parseDiagnostics) = Parser.parseExpression(file)
    guard let expr, parseDiagnostics.isEmpty else { throw DiagnosticError(parseDiagnostics) }
    let (function, checkDiagnostics) = Checker.checkExpression(expr, variables: variables, source: file, checked: checked)
    guard let function else { throw DiagnosticError(checkDiagnostics) }
    self.source = source
    self.program = CodeGen.compileExpression(function, globals: variables, source: source)
  }

  /// Evaluates the expression with values for the variables it was compiled with (missing
  /// ones are `null`). Errors are CEL's errors as values (division by zero, no such key, …) or
  /// a limit the VM enforces.
  public func evaluate(_ bindings: [String: Value] = [:], limits: EvaluationLimits = .standard)
    -> Result<Value, EvaluationError>
  {
    let vm = VM(program: program, model: ViewModel.empty, limits: limits)
    vm.bind(program.globals.map { bindings[$0] ?? .null })
    let result = vm.boxable(vm.run(0, []))
    if case .error(let index) = result { return .failure(EvaluationError(vm.heap.errorMessage(index))) }
    return .success(vm.value(of: result))
  }

  /// The bytecode, printed readably.
  public var disassembly: String { Disassembler.disassemble(program) }
}

extension ViewModel {
  /// A model with no nodes, for evaluating plain expressions.
  static let empty = ViewModel(ViewDocument(file: "", nodes: []))
}
