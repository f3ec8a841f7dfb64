/// The checked form of an expression: every name resolved (to a local slot, a binding, a
/// let, a host function, a builtin or a type), every call's arity verified. The compiler
/// turns this into bytecode without looking anything up by name.
struct IR: Sendable {
  var kind: IRKind
  var span: Span
  /// The static type the checker deduced, once, when it built the node.
  var type: StaticType = .dyn
}

indirect enum IRKind: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case string(String)
  case bytes([UInt8])
  case type(TypeTag)
  /// A parameter, rule binding or comprehension variable of the enclosing function.
  case local(Int)
  /// A variable bound by the caller of an expression (`precept eval --let`).
  case global(Int)
  /// `operand.field`; `field` is the key for maps, `nodeField` the field of node-like values.
  case select(IR, field: String, nodeField: NodeField?, testOnly: Bool)
  /// A builtin; in receiver style the receiver is the first argument.
  case builtin(Builtin, [IR], receiverStyle: Bool)
  case callLet(LetKey, [IR])
  case callHost(Int, [IR])
  case index(IR, IR)
  case unary(UnaryOperator, IR)
  case binary(BinaryOperator, IR, IR)
  case conditional(IR, IR, IR)
  case list([IR])
  case map([(IR, IR)])
  /// A macro; `variables` are the local slots of its one or two variables.
  case comprehension(Macro, target: IR, variables: [Int], args: [IR])
  /// A message template: text and expression parts, joined into one string.
  case template([IR])
  /// An evaluation error with this message (unchecked mode's unresolved names).
  case failure(String)
}

/// Names a `let` function: `unit` 0 is the ruleset being compiled, unit k its k-th import.
struct LetKey: Hashable, Sendable {
  var unit: Int
  var index: Int
}

/// A function of checked code: a `let`, a rule clause or a compiled expression.
struct CheckedFunction: Sendable {
  var name: String
  var parameterCount: Int
  /// Parameters plus every comprehension variable, numbered by the checker.
  var localCount: Int
  var body: IR
}

extension IR {
  /// Calls `body` on this node and every node below it, in preorder.
  func visit(_ body: (IR) -> Void) {
    body(self)
    for child in children { child.visit(body) }
  }

  /// The direct sub-expressions.
  var children: [IR] {
    switch kind {
    case .null, .bool, .int, .uint, .double, .string, .bytes, .type, .local, .global, .failure: []
    case .select(let operand, _, _, _): [operand]
    case .builtin(_, let args, _), .callLet(_, let args), .callHost(_, let args), .list(let args), .template(let args):
      args
    case .index(let a, let b), .binary(_, let a, let b): [a, b]
    case .unary(_, let a): [a]
    case .conditional(let a, let b, let c): [a, b, c]
    case .map(let entries): entries.flatMap { [$0.0, $0.1] }
    case .comprehension(_, let target, _, let args): [target] + args
    }
  }

  var isLiteral: Bool {
    switch kind {
    case .null, .bool, .int, .uint, .double, .string, .bytes, .type: true
    case .list(let elements): elements.allSatisfy(\.isLiteral)
    default: false
    }
  }
}
