// The public face of the engine. Everything a host needs to embed Precept is declared here or
// linked from here: `CompiledExpression`, `Ruleset` (see Engine/), `ViewModel`, `Report`, host
// functions.

/// A single compiled expression, evaluated against named bindings — what `precept eval` and
/// the REPL run.
public struct CompiledExpression: Sendable {
  /// The expression's source text.
  public let source: String
  /// The compiled bytecode (one function).
  public let program: Program
  /// The host functions the expression may call, by name.
  let hosts: [String: HostFunction]
  /// The static type the checker deduced, as CEL writes it (`list(int)`, `dyn`): for the
  /// conformance runner, which compares it with the suite's deduced types.
  package let resultType: String

  /// Compiles `source`. `variables` names the bindings `evaluate` will be given; any other
  /// free name is an error, as is a type error (`1 + "a"`) — unless `checked` is false, in which
  /// case names and functions the checker cannot resolve, and type errors, become evaluation
  /// errors instead, as in CEL's unchecked mode. The variables are `dyn`: what is done with
  /// their values is checked when the expression runs.
  /// `hostFunctions` may be called by name; their declared types check the calls (arity and
  /// literal arguments when compiling, every argument and the result when evaluating).
  public init(
    _ source: String, variables: [String] = [], hostFunctions: [HostFunction] = [], checked: Bool = true,
    name: String = "<expression>"
  ) throws(DiagnosticError) {
    try self.init(source, variables: variables, scope: nil, hosts: hostFunctions, checked: checked, name: name)
  }

  /// Compiles `source` in the scope of a ruleset: its lets are visible by name (`iconOnly(m)`)
  /// and the lets of its imports qualified by the import's name (`global.isIconOnly(m)`), as
  /// they are in the ruleset's own rules. `variables` shadow the ruleset's lets. Host functions
  /// the ruleset declares are called from `hostFunctions` (a call to one missing there, or
  /// registered with another signature, is an evaluation error), which may add more.
  public init(
    _ source: String, variables: [String] = [], in ruleset: Ruleset, hostFunctions: [HostFunction] = [],
    checked: Bool = true, name: String = "<expression>"
  ) throws(DiagnosticError) {
    try self.init(
      source, variables: variables, scope: try ruleset.checked(), hosts: hostFunctions, checked: checked, name: name)
  }

  private init(
    _ source: String, variables: [String], scope: CheckedRuleset?, hosts: [HostFunction], checked: Bool,
    name: String
  ) throws(DiagnosticError) {
    let file = SourceFile(name: name, text: source)
    let (expr, parseDiagnostics) = Parser.parseExpression(file)
    guard let expr, parseDiagnostics.isEmpty else { throw DiagnosticError(parseDiagnostics) }
    try self.init(expr, in: file, variables: variables, scope: scope, hosts: hosts, checked: checked)
  }

  /// Compiles an expression parsed from `file` (a REPL entry, of which it may be a part), so
  /// diagnostics point at it in `file`.
  init(
    _ expr: Expr, in file: SourceFile, variables: [String], scope: CheckedRuleset?, hosts: [HostFunction] = [],
    checked: Bool
  ) throws(DiagnosticError) {
    let (registered, signatures) = try HostSignature.registered(hosts, file: file.name)
    self.hosts = registered
    let (function, checkDiagnostics) = Checker.checkExpression(
      expr, variables: variables, source: file, checked: checked, scope: scope, hosts: signatures)
    guard let function else { throw DiagnosticError(checkDiagnostics) }
    self.resultType = function.body.type.description
    self.source = file.text(expr.span.range)
    // The whole file, so offsets into it stay offsets into the program's source.
    self.program = CodeGen.compileExpression(
      function, globals: variables, source: String(decoding: file.bytes, as: UTF8.self), scope: scope,
      hosts: signatures)
  }

  /// Evaluates the expression with values for the variables it was compiled with (missing
  /// ones are `null`). Errors are CEL's errors as values (division by zero, no such key, …) or
  /// a limit the VM enforces.
  public func evaluate(_ bindings: [String: Value] = [:], limits: EvaluationLimits = .standard)
    -> Result<Value, EvaluationError>
  {
    evaluate(bindings, model: ViewModel.empty, limits: limits)
  }

  /// Evaluates the expression against a view model: bound node values (`Value.node`) are nodes
  /// of `model`, and node functions (`n.children`, `n.modifier("…")`) read it. A node value
  /// whose index is outside the model is an evaluation error where it is used.
  public func evaluate(_ bindings: [String: Value], model: ViewModel, limits: EvaluationLimits = .standard)
    -> Result<Value, EvaluationError>
  {
    Evaluator(self, bindings: bindings, model: model, limits: limits).evaluate()
  }

  /// An evaluator that binds `bindings` once and evaluates the expression as often as asked —
  /// for hosts that run one expression many times over the same data. It is not `Sendable`:
  /// give each thread its own.
  public func evaluator(
    _ bindings: [String: Value] = [:], model: ViewModel = .empty, limits: EvaluationLimits = .standard
  ) -> Evaluator {
    Evaluator(self, bindings: bindings, model: model, limits: limits)
  }

  /// An expression with its data bound, ready to evaluate repeatedly.
  public final class Evaluator {
    private let vm: VM

    init(_ expression: CompiledExpression, bindings: [String: Value], model: ViewModel, limits: EvaluationLimits) {
      vm = VM(program: expression.program, model: model, hosts: expression.hosts, limits: limits)
      vm.bind(expression.program.globals.map { bindings[$0] ?? .null })
    }

    /// Evaluates the expression once more; each evaluation starts afresh from the bound data.
    public func evaluate() -> Result<Value, EvaluationError> {
      let result = vm.boxable(vm.run(0, []))
      if case .error(let index) = result { return .failure(EvaluationError(vm.heap.errorMessage(index))) }
      return .success(vm.value(of: result))
    }

    /// Evaluates to a boolean without copying anything out of the VM: true, false, or nil when
    /// the result is not a boolean (an error or another type). For timing hot expressions.
    public func evaluateCondition() -> Bool? {
      if case .bool(let value) = vm.run(0, []) { return value }
      return nil
    }
  }

  /// The bytecode, printed readably.
  public var disassembly: String { Disassembler.disassemble(program) }
}

extension ViewModel {
  /// A model with no nodes, for evaluating plain expressions.
  public static let empty = ViewModel(ViewDocument(file: "", nodes: []))
}
