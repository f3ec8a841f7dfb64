/// Resolves names and verifies a parsed ruleset or expression, producing checked functions
/// (IR) for the compiler and diagnostics for everything wrong: unknown names and functions,
/// wrong arity, duplicate rule ids, recursive lets, malformed versions and ranges, unknown
/// severities, malformed WCAG references.
struct Checker {
  let source: SourceFile
  private(set) var diagnostics: [Diagnostic] = []

  // The environment of names visible everywhere in the unit.
  private var variables: [String] = []
  private var lets: [LetSyntax] = []
  private var letIndex: [String: Int] = [:]
  /// The type of each let's result (unit 0), known once its body is checked; `dyn` before.
  private var letTypes: [StaticType] = []
  private var imports: [CheckedRuleset] = []
  private var hostIndex: [String: Int] = [:]
  private var hostSignatures: [HostSignature] = []

  // The function being checked.
  private var scope: [(name: String, slot: Int, type: StaticType)] = []
  private var localCount = 0
  private var usedLets: Set<LetKey> = []
  private var usedHosts: Set<String> = []
  /// In unchecked mode, names and functions that cannot be resolved compile to evaluation
  /// errors instead of diagnostics.
  private var deferUnresolved = false
  /// How many of the current function's first locals are nodes (a rule's bindings).
  private var nodeBindings = 0
  /// Whether an unqualified name may also name a let of an import (the REPL's scope), when
  /// exactly one import defines it.
  private var openImports = false
  /// In a rule's clauses, how to name the selector's unnamed steps (`on Toggle as t`): the help
  /// for a name that is unknown because the author left out `as`.
  private var unnamedSteps: (@Sendable (String) -> String)?

  init(source: SourceFile) {
    self.source = source
  }

  /// Diagnostics in source order, as the parser reports them (the checker finds them in the
  /// order it checks: imports, hosts, lets, rules).
  private var sortedDiagnostics: [Diagnostic] {
    diagnostics.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(
      \.element)
  }

  private mutating func error(_ message: String, _ span: Span, notes: [String] = [], help: String? = nil) {
    // A let's body is checked once with untyped parameters and again for each call's argument
    // types: the same mistake is reported once.
    guard reported.insert(Reported(start: span.start, end: span.end, message: message)).inserted else { return }
    let notes = specializationTrail.isEmpty ? notes : notes + [specializationTrail.joined(separator: " → ")]
    diagnostics.appendWithinLimit { Diagnostic(.error, message, in: source, span: span, notes: notes, help: help) }
  }

  private struct Reported: Hashable {
    var start: Int
    var end: Int
    var message: String
  }
  private var reported: Set<Reported> = []

  // MARK: Lets checked with their callers' types

  /// The result type of each let for each list of argument types it has been checked with.
  private var specializations: [Int: [[StaticType]: StaticType]] = [:]
  /// The calls being checked with their argument types, outermost first, for the note on a
  /// diagnostic found that way.
  private var specializationTrail: [String] = []
  /// At most this many argument-type lists per let, and lets nested this deep, are checked:
  /// the work stays a small multiple of the ruleset's size.
  private static let maximumSpecializations = 16
  private static let maximumSpecializationDepth = 16
  /// Whether the lets are in `source` (a ruleset's own, not the REPL's scope of another file).
  private var letsInSource = false

  /// The type of a call of let `index` (unit 0) with `args`. A let's parameters are `dyn`, so
  /// its body is also checked with the types of the arguments (`hasLabel(b)` with `b` a node),
  /// once per distinct list of types: a misspelt field inside a helper is reported, with the
  /// call that gave it a type.
  private mutating func letCallType(_ index: Int, _ args: [IR], span: Span) -> StaticType {
    let generic = letTypes[index]
    let types = args.map(\.type)
    guard letsInSource, !deferUnresolved, types.contains(where: { !$0.isDyn }),
      lets[index].parameters.count == types.count
    else {
      return generic
    }
    if let known = specializations[index]?[types] { return known }
    guard specializationTrail.count < Checker.maximumSpecializationDepth,
      specializations[index, default: [:]].count < Checker.maximumSpecializations
    else { return generic }
    // A call of the let from within (a cycle, reported elsewhere) gets the generic type.
    specializations[index, default: [:]][types] = generic
    let definition = lets[index]
    let saved = (scope, localCount, usedLets, usedHosts, nodeBindings, unnamedSteps)
    nodeBindings = 0
    unnamedSteps = nil
    let described = zip(definition.parameters, types).map { "\($0.value): \($1)" }.joined(separator: ", ")
    specializationTrail.append(
      specializationTrail.isEmpty
        ? "found checking \(definition.name.value)(\(described)), called at \(position(span))"
        : "\(definition.name.value)(\(described))")
    let body = beginFunction(parameters: definition.parameters.map(\.value), types: types) {
      $0.check(definition.body)
    }
    specializationTrail.removeLast()
    (scope, localCount, usedLets, usedHosts, nodeBindings, unnamedSteps) = saved
    specializations[index]![types] = body.type
    return body.type
  }

  /// An unresolvable name or function: a diagnostic, or in unchecked mode an error at run time.
  private mutating func unresolved(_ message: String, _ span: Span, help: String? = nil) -> IR {
    if deferUnresolved { return IR(kind: .failure(message), span: span) }
    error(message, span, help: help)
    return IR(kind: .null, span: span)
  }

  // MARK: Expressions

  /// Checks a standalone expression whose free names are `variables` and, with a `scope`, the
  /// lets and host functions of that ruleset and the lets of its imports. `hosts` are host
  /// functions the embedder registered for the expression, after the ruleset's (which win).
  static func checkExpression(
    _ expr: Expr, variables: [String], source: SourceFile, checked: Bool = true, scope: CheckedRuleset? = nil,
    hosts: [HostSignature] = []
  ) -> (CheckedFunction?, [Diagnostic]) {
    var checker = Checker(source: source)
    checker.variables = variables
    checker.deferUnresolved = !checked
    if let scope {
      checker.imports = scope.imports
      checker.openImports = scope.openImports
      checker.lets = scope.syntax.lets
      checker.letTypes = scope.lets.map(\.body.type)
      for (index, definition) in scope.syntax.lets.enumerated() where checker.letIndex[definition.name.value] == nil {
        checker.letIndex[definition.name.value] = index
      }
      for (index, host) in scope.hosts.enumerated() {
        checker.hostIndex[host.name] = index
        checker.hostSignatures.append(host)
      }
    }
    for host in hosts where checker.hostIndex[host.name] == nil {
      checker.hostIndex[host.name] = checker.hostSignatures.count
      checker.hostSignatures.append(host)
    }
    let body = checker.beginFunction(parameters: []) { checker in checker.check(expr) }
    let function = CheckedFunction(name: "expression", parameterCount: 0, localCount: checker.localCount, body: body)
    return (checker.diagnostics.isEmpty ? function : nil, checker.sortedDiagnostics)
  }

  private mutating func beginFunction(
    parameters: [String], types parameterTypes: [StaticType]? = nil, _ body: (inout Checker) -> IR
  ) -> IR {
    scope = parameters.enumerated().map { ($0.element, $0.offset, parameterTypes?[$0.offset] ?? .dyn) }
    localCount = parameters.count
    usedLets = []
    usedHosts = []
    return body(&self)
  }

  /// A literal may be no larger than the values an expression may build (`EvaluationLimits`'
  /// defaults), so a ruleset cannot carry a 2 MiB string or a list of 200,000 elements past
  /// the limits the VM enforces on everything else.
  private mutating func checkLiteralSize(_ size: Int, of kind: String, _ span: Span) {
    let limits = EvaluationLimits.standard
    if kind == "string" || kind == "bytes" {
      guard size > limits.maximumStringLength else { return }
      error(
        "this \(kind) literal is \(size) bytes long, over the limit of \(limits.maximumStringLength) bytes (1 MiB) "
          + "on strings and bytes", span)
    } else {
      guard size > limits.maximumCollectionSize else { return }
      error(
        "this \(kind) literal has \(size) elements, over the limit of \(limits.maximumCollectionSize) elements "
          + "on lists and maps", span)
    }
  }

  private mutating func check(_ expr: Expr) -> IR {
    let span = expr.span
    switch expr.kind {
    case .null: return IR(kind: .null, span: span, type: .null)
    case .bool(let value): return IR(kind: .bool(value), span: span, type: .bool)
    case .int(let value): return IR(kind: .int(value), span: span, type: .int)
    case .uint(let value): return IR(kind: .uint(value), span: span, type: .uint)
    case .double(let value): return IR(kind: .double(value), span: span, type: .double)
    case .string(let value):
      checkLiteralSize(value.utf8.count, of: "string", span)
      return IR(kind: .string(value), span: span, type: .string)
    case .bytes(let value):
      checkLiteralSize(value.count, of: "bytes", span)
      return IR(kind: .bytes(value), span: span, type: .bytes)
    case .identifier(let name, let absolute):
      return resolveName(name, absolute: absolute, span: span)
    case .select(let operand, let field, let testOnly):
      if !testOnly, let resolved = resolveQualified(expr) { return resolved }
      let checked = check(operand)
      let type = selectType(checked, field: field, testOnly: testOnly, fieldSpan: Span(operand.span.end, span.end))
      return IR(
        kind: .select(checked, field: field, nodeField: NodeField.byName[field], testOnly: testOnly), span: span,
        type: type)
    case .call(let function, let target, let args):
      return checkCall(function, target: target, args: args, span: span)
    case .index(let operand, let index):
      let checkedOperand = check(operand)
      let checkedIndex = check(index)
      return IR(
        kind: .index(checkedOperand, checkedIndex), span: span,
        type: indexType(checkedOperand, checkedIndex, span: span))
    case .unary(let op, let operand):
      let checked = check(operand)
      return IR(kind: .unary(op, checked), span: span, type: unaryType(op, checked, span: span))
    case .binary(let op, let left, let right):
      let checkedLeft = check(left)
      let checkedRight = check(right)
      return IR(
        kind: .binary(op, checkedLeft, checkedRight), span: span,
        type: binaryType(op, checkedLeft, checkedRight, span: span))
    case .conditional(let condition, let whenTrue, let whenFalse):
      let checkedCondition = check(condition)
      requireBool(checkedCondition, "the condition of '?:'")
      let a = check(whenTrue)
      let b = check(whenFalse)
      return IR(kind: .conditional(checkedCondition, a, b), span: span, type: StaticType.join(a.type, b.type))
    case .list(let elements):
      checkLiteralSize(elements.count, of: "list", span)
      let checked = elements.map { check($0) }
      let element = checked.dropFirst().reduce(checked.first?.type ?? .free) { StaticType.join($0, $1.type) }
      return IR(kind: .list(checked), span: span, type: .list(element))
    case .map(let entries):
      checkLiteralSize(entries.count, of: "map", span)
      let checked = entries.map { (check($0.key), check($0.value)) }
      let key = checked.dropFirst().reduce(checked.first?.0.type ?? .free) { StaticType.join($0, $1.0.type) }
      let value = checked.dropFirst().reduce(checked.first?.1.type ?? .free) { StaticType.join($0, $1.1.type) }
      return IR(kind: .map(checked), span: span, type: .map(key, value))
    case .comprehension(let macro, let target, let variables, let args):
      let checkedTarget = check(target)
      // The variables' types: the element (or key) type for one variable; index or key and
      // value for two.
      var variableTypes: [StaticType]
      let targetType = checkedTarget.type
      switch targetType {
      case .list(let element): variableTypes = variables.count == 2 ? [.int, element] : [element]
      case .map(let key, let value): variableTypes = variables.count == 2 ? [key, value] : [key]
      case .dyn, .free: variableTypes = [.dyn, .dyn]
      default:
        typeError(
          "'\(macro.rawValue)' ranges over a list or a map, but this is \(targetType.noun)", checkedTarget.span)
        variableTypes = [.dyn, .dyn]
      }
      if macro == .transformMap, case .list = targetType, variables.count == 2 { variableTypes[0] = .int }
      var slots: [Int] = []
      for (variable, type) in zip(variables, variableTypes) {
        slots.append(localCount)
        scope.append((variable.value, localCount, type))
        localCount += 1
      }
      if variables.count == 2, variables[0].value == variables[1].value {
        error("the two variables of '\(macro.rawValue)' must have different names", variables[1].span)
      }
      let checkedArgs = args.map { check($0) }
      scope.removeLast(variables.count)
      return IR(
        kind: .comprehension(macro, target: checkedTarget, variables: slots, args: checkedArgs), span: span,
        type: comprehensionType(macro, target: targetType, keyType: variableTypes[0], args: checkedArgs))
    }
  }

  // MARK: Types

  /// A type error: a diagnostic, except in unchecked mode, where (as in CEL without its
  /// checker) every operation is checked when it runs.
  private mutating func typeError(_ message: String, _ span: Span, notes: [String] = [], help: String? = nil) {
    guard !deferUnresolved else { return }
    error(message, span, notes: notes, help: help)
  }

  /// A clause or operand that must be a bool: `when`, `require`, `forbid`, a macro's
  /// predicate, the condition of `?:`. A `dyn` is checked when it runs.
  private mutating func requireBool(_ ir: IR, _ what: String) {
    guard ir.type != .bool, !ir.type.isDyn else { return }
    let text = oneLine(source.text(ir.span.range))
    let help: String? =
      switch ir.type {
      case .node, .argument, .modifier, .property, .expression, .null:
        "to test that it is there, write '\(text) != null'"
      case .list, .map: "to test that it is not empty, write '\(text).size() > 0'"
      case .string: "to test that it is not empty, write '\(text) != \"\"'"
      default: nil
      }
    typeError("\(what) must be a bool, but this is \(ir.type.noun)", ir.span, help: help)
  }

  private mutating func selectType(_ operand: IR, field: String, testOnly: Bool, fieldSpan: Span) -> StaticType {
    let type = operand.type
    switch type {
    case .dyn, .free: return testOnly ? .bool : .dyn
    // Selecting from `null` gives `null`, so a chain of lookups reads as absent.
    case .null: return testOnly ? .bool : .null
    case .map(_, let value): return testOnly ? .bool : value
    default: break
    }
    if let fields = NodeFieldTypes.fields(of: type) {
      if let fieldType = fields[field] { return testOnly ? .bool : fieldType }
      let names = fields.keys.sorted()
      typeError(
        "\(type.noun) has no field '\(field)'", fieldSpan,
        help: Spelling.closest(field, in: names).map { "did you mean '\($0)'?" }
          ?? "\(type.description) fields: " + names.joined(separator: ", "))
      return .dyn
    }
    var help: String?
    if case .list(let element) = type, let fields = NodeFieldTypes.fields(of: element), fields[field] != nil {
      help = "a list has no fields; to test its elements, use a macro such as .exists(x, x.\(field) …)"
    }
    typeError("\(type.noun) has no field '\(field)'", fieldSpan, help: help)
    return .dyn
  }

  private mutating func indexType(_ operand: IR, _ index: IR, span: Span) -> StaticType {
    let key = index.type
    switch operand.type {
    case .dyn, .free: return .dyn
    case .list(let element):
      if key.isDyn || [.int, .uint, .double].contains(key) { return element }
    case .map(let keyType, let value):
      if key.canEqual(keyType) && key != .null { return value }
    default: break
    }
    typeError("'[]' cannot be applied to \(operand.type.noun) and \(key.noun)", span)
    return .dyn
  }

  private mutating func unaryType(_ op: UnaryOperator, _ operand: IR, span: Span) -> StaticType {
    let type = operand.type
    if type.isDyn { return op == .not ? .bool : .dyn }
    switch op {
    case .not where type == .bool: return .bool
    case .negate where type == .int || type == .double: return type
    default:
      typeError("'\(op.rawValue)' cannot be applied to \(type.noun)", span)
      return .dyn
    }
  }

  private mutating func binaryType(_ op: BinaryOperator, _ left: IR, _ right: IR, span: Span) -> StaticType {
    let (l, r) = (left.type, right.type)
    func fail(help: String? = nil) -> StaticType {
      typeError("'\(op.rawValue)' cannot be applied to \(l.noun) and \(r.noun)", span, help: help)
      return op.isComparison || op.isLogical ? .bool : .dyn
    }
    switch op {
    case .and, .or, .implies:
      return (l == .bool || l.isDyn) && (r == .bool || r.isDyn) ? .bool : fail()
    case .equal, .notEqual:
      return l.canEqual(r) ? .bool : fail(help: equalityHelp(left, right) ?? numberHelp(left, right))
    case .less, .lessEqual, .greater, .greaterEqual:
      let ordered: [StaticType] = [.int, .uint, .double, .string, .bytes, .bool]
      if l.isDyn && r.isDyn { return .bool }
      if l.isDyn { return ordered.contains(r) ? .bool : fail() }
      if r.isDyn { return ordered.contains(l) ? .bool : fail() }
      return l == r && ordered.contains(l) ? .bool : fail(help: numberHelp(left, right))
    case .in:
      switch r {
      case .dyn, .free: return .bool
      case .list(let element): return l.canEqual(element) ? .bool : fail()
      case .map(let key, _): return l.canEqual(key) ? .bool : fail()
      default: return fail()
      }
    case .add, .subtract, .multiply, .divide, .remainder:
      let allowed: (StaticType) -> Bool =
        switch op {
        case .add:
          { t in
            if case .list = t { return true }
            return [.int, .uint, .double, .string, .bytes].contains(t)
          }
        case .remainder: { [.int, .uint].contains($0) }
        default: { [.int, .uint, .double].contains($0) }
        }
      if l.isDyn && r.isDyn { return .dyn }
      if l.isDyn || r.isDyn {
        let known = l.isDyn ? r : l
        guard allowed(known) else { return fail() }
        if case .list = known { return .list(.dyn) }
        return known
      }
      if case .list(let a) = l, case .list(let b) = r, op == .add {
        return a.canEqual(b) ? .list(StaticType.join(a, b)) : fail()
      }
      return l == r && allowed(l) ? l : fail(help: numberHelp(left, right))
    }
  }

  /// For `n == "Image"`: a node is never a string; its type is.
  private func equalityHelp(_ left: IR, _ right: IR) -> String? {
    for (a, b) in [(left, right), (right, left)] where a.type.isNodeLike && b.type == .string {
      let field =
        a.type == .modifier || a.type == .property
        ? "name" : a.type == .argument ? "value" : a.type == .expression ? "text" : "type"
      return "did you mean '\(oneLine(source.text(a.span.range))).\(field)'?"
    }
    return nil
  }

  /// Numbers of different types are not converted implicitly: `m.line > 1.5` is written
  /// `double(m.line) > 1.5`.
  private func numberHelp(_ left: IR, _ right: IR) -> String? {
    let numbers: [StaticType] = [.int, .uint, .double]
    guard numbers.contains(left.type), numbers.contains(right.type) else { return nil }
    return "numbers of different types are not converted implicitly; convert one, as in "
      + "'\(right.type)(\(oneLine(source.text(left.span.range))))'"
  }

  private mutating func comprehensionType(
    _ macro: Macro, target: StaticType, keyType: StaticType, args: [IR]
  ) -> StaticType {
    let name = macro == .existsOne ? "exists_one" : macro.rawValue
    switch macro {
    case .all, .exists, .existsOne:
      if let predicate = args.last { requireBool(predicate, "the predicate of '\(name)'") }
      return .bool
    case .filter:
      if let predicate = args.last { requireBool(predicate, "the predicate of '\(name)'") }
      if case .map(let key, _) = target { return .list(key) }
      return target.isDyn ? .list(.dyn) : target
    case .map, .transformList:
      if args.count == 2 { requireBool(args[0], "the predicate of '\(name)'") }
      return .list(args.last?.type ?? .dyn)
    case .transformMap:
      if args.count == 2 { requireBool(args[0], "the predicate of '\(name)'") }
      return .map(keyType, args.last?.type ?? .dyn)
    }
  }

  /// Checks a builtin's receiver and arguments against its signature; in global style the
  /// first argument is the receiver.
  private mutating func builtinType(_ builtin: Builtin, _ args: [IR], receiverStyle: Bool, span: Span) -> StaticType {
    let signature = builtin.typeSignature
    guard let receiver = args.first else { return signature.result }
    if !signature.accepts(receiver: receiver.type) {
      let accepted = (signature.receivers ?? []).filter { $0 != .null }.map { type in
        type == .list(.dyn) ? "a list" : type == .map(.dyn, .dyn) ? "a map" : type.noun
      }
      let list =
        accepted.count <= 1 ? accepted.joined() : accepted.dropLast().joined(separator: ", ") + " or " + accepted.last!
      if receiverStyle {
        // `m.trim()` on a node most likely means its text.
        let help: String? =
          receiver.type.isNodeLike && signature.receivers?.contains(.string) == true
          ? "did you mean '\(oneLine(source.text(receiver.span.range))).text().\(builtin.name)(…)'?" : nil
        typeError(
          "'\(builtin.name)' cannot be called on \(receiver.type.noun); it is a method of \(list)", receiver.span,
          help: help)
      } else {
        typeError(
          "argument 1 of '\(builtin.name)' is \(receiver.type.noun), but '\(builtin.name)' takes \(list)",
          receiver.span)
      }
    }
    for (offset, argument) in args.dropFirst().enumerated() where offset < signature.parameters.count {
      let expected = signature.parameters[offset]
      guard !expected.contains(where: { argument.type.fits($0) }) else { continue }
      let position = receiverStyle ? offset + 1 : offset + 2
      typeError(
        "argument \(position) of '\(builtin.name)' is \(argument.type.noun), but '\(builtin.name)' takes "
          + expected.map(\.noun).joined(separator: " or "), argument.span)
    }
    return signature.result
  }

  static let typeNames: [String: TypeTag] = [
    "int": .int, "uint": .uint, "double": .double, "bool": .bool, "string": .string, "bytes": .bytes,
    "list": .list, "map": .map, "null_type": .nullType, "type": .type,
  ]

  private mutating func resolveName(_ name: String, absolute: Bool, span: Span) -> IR {
    if !absolute, let local = scope.last(where: { $0.name == name }) {
      return IR(kind: .local(local.slot), span: span, type: local.type)
    }
    if let index = variables.firstIndex(of: name) {
      return IR(kind: .global(index), span: span)
    }
    if let index = letIndex[name] {
      let definition = lets[index]
      if !definition.parameters.isEmpty {
        error(
          "'\(name)' takes \(definition.parameters.count) parameter\(definition.parameters.count == 1 ? "" : "s"); call it as \(name)(…)",
          span)
      }
      usedLets.insert(LetKey(unit: 0, index: index))
      return IR(kind: .callLet(LetKey(unit: 0, index: index), []), span: span, type: letTypes[index])
    }
    if let imported = openImportedLet(name, args: [], span: span) { return imported }
    if let type = Checker.typeNames[name] {
      return IR(kind: .type(type), span: span, type: .type)
    }
    if imports.contains(where: { $0.name == name }) {
      error("'\(name)' is an imported ruleset, not a value; refer to its definitions as \(name).NAME", span)
      return IR(kind: .null, span: span)
    }
    let candidates = scope.map(\.name) + variables + letIndex.keys.sorted() + Checker.typeNames.keys.sorted()
    return unresolved(
      "unknown name '\(name)'", span,
      help: unknownNameHelp(name, candidates: candidates))
  }

  /// A did-you-mean, or in a rule whose selector leaves a node unnamed, how to name it: a
  /// name such as `m` is more likely the `as m` left out than a typo of another node's `b`.
  private func unknownNameHelp(_ name: String, candidates: [String]) -> String? {
    let closest = Spelling.closest(name, in: candidates)
    let nodeNames = scope.filter { $0.slot < nodeBindings }.map(\.name)
    if let unnamedSteps, closest == nil || (closest != "node" && nodeNames.contains(closest!)) {
      return unnamedSteps(name)
    }
    return closest.map { "did you mean '\($0)'?" }
  }

  /// The dotted name an expression spells (`a.b.c`), if it is only identifiers and selections.
  private func dottedName(_ expr: Expr) -> String? {
    switch expr.kind {
    case .identifier(let name, _): name
    case .select(let operand, let field, false): dottedName(operand).map { "\($0).\(field)" }
    default: nil
    }
  }

  /// Resolves `import.name` (a let of an imported ruleset) and dotted variable names
  /// (`a.b.c` declared as one variable), longest match first.
  private mutating func resolveQualified(_ expr: Expr) -> IR? {
    guard let dotted = dottedName(expr) else { return nil }
    // A local or a shorter variable shadows a qualified name, as in CEL.
    if case .select = expr.kind, let root = dotted.split(separator: ".").first,
      scope.contains(where: { $0.name == root })
    {
      return nil
    }
    if let index = variables.firstIndex(of: dotted) { return IR(kind: .global(index), span: expr.span) }
    if imports.contains(where: { $0.name == dotted }) {
      error("'\(dotted)' is an imported ruleset, not a value; refer to its definitions as \(dotted).NAME", expr.span)
      return IR(kind: .null, span: expr.span)
    }
    if let (unit, letName) = splitImport(dotted) {
      return importedLet(unit: unit, name: letName, args: [], span: expr.span)
    }
    return nil
  }

  /// Splits `menu.basic.iconOnly` into the import `menu.basic` and the name `iconOnly`.
  private func splitImport(_ dotted: String) -> (Int, String)? {
    for (offset, imported) in imports.enumerated() where dotted.hasPrefix(imported.name + ".") {
      let rest = dotted.dropFirst(imported.name.count + 1)
      if !rest.contains(".") { return (offset + 1, String(rest)) }
    }
    return nil
  }

  private mutating func importedLet(unit: Int, name: String, args: [IR], span: Span) -> IR {
    let imported = imports[unit - 1]
    guard let index = imported.lets.firstIndex(where: { $0.name == name }) else {
      error(
        "ruleset '\(imported.name)' has no definition named '\(name)'", span,
        help: Spelling.closest(name, in: imported.lets.map(\.name)).map { "did you mean '\($0)'?" })
      return IR(kind: .null, span: span)
    }
    let function = imported.lets[index]
    if function.parameterCount != args.count {
      error(arityMessage("\(imported.name).\(name)", expected: [function.parameterCount], got: args.count), span)
    }
    usedLets.insert(LetKey(unit: unit, index: index))
    usedHosts.formUnion(imported.letHosts[index])
    return IR(
      kind: .callLet(LetKey(unit: unit, index: index), args), span: span,
      type: importedLetCallType(unit: unit, index: index, args, span: span))
  }

  /// Diagnostics found in imports' lets, so each is reported once.
  private var reportedElsewhere: Set<String> = []
  /// The result types of imported lets checked with argument types, by unit and let.
  private var importedSpecializations: [LetKey: [[StaticType]: StaticType]] = [:]

  /// `letCallType` for a let of an import: its body is checked, in its own file and scope, with
  /// the argument types of this call, so a helper library's mistake shows when a ruleset first
  /// gives it a node. What is found there is reported in the library's file.
  private mutating func importedLetCallType(unit: Int, index: Int, _ args: [IR], span: Span) -> StaticType {
    let imported = imports[unit - 1]
    let generic = imported.lets[index].body.type
    let types = args.map(\.type)
    let key = LetKey(unit: unit, index: index)
    guard letsInSource, !deferUnresolved, types.contains(where: { !$0.isDyn }),
      imported.lets[index].parameterCount == types.count, index < imported.syntax.lets.count,
      specializationTrail.count < Checker.maximumSpecializationDepth
    else { return generic }
    if let known = importedSpecializations[key]?[types] { return known }
    guard importedSpecializations[key, default: [:]].count < Checker.maximumSpecializations else { return generic }
    var checker = Checker(source: imported.source)
    checker.imports = imported.imports
    checker.openImports = imported.openImports
    checker.lets = imported.syntax.lets
    checker.letTypes = imported.lets.map(\.body.type)
    for (position, definition) in imported.syntax.lets.enumerated() where checker.letIndex[definition.name.value] == nil
    {
      checker.letIndex[definition.name.value] = position
    }
    for (position, host) in imported.hosts.enumerated() where checker.hostIndex[host.name] == nil {
      checker.hostIndex[host.name] = position
      checker.hostSignatures.append(host)
    }
    checker.letsInSource = true
    checker.specializationTrail =
      specializationTrail.isEmpty ? ["found checking the call at \(position(span))"] : specializationTrail
    let result = checker.letCallType(index, args, span: span)
    for diagnostic in checker.diagnostics
    where reportedElsewhere.insert(
      "\(diagnostic.file):\(diagnostic.location.line):\(diagnostic.location.column):\(diagnostic.message)"
    ).inserted {
      diagnostics.appendWithinLimit { diagnostic }
    }
    importedSpecializations[key, default: [:]][types] = result
    return result
  }

  /// With open imports, the let `name` of the one import that defines it; nil when none does.
  private mutating func openImportedLet(_ name: String, args: [IR], span: Span) -> IR? {
    guard openImports else { return nil }
    let units = imports.indices.filter { imports[$0].lets.contains { $0.name == name } }
    guard let unit = units.first else { return nil }
    if units.count > 1 {
      let qualified = units.map { "\(imports[$0].name).\(name)" }
      error(
        "'\(name)' is defined in several rulesets", span,
        help: "write the one you mean: \(qualified.joined(separator: " or "))")
      return IR(kind: .null, span: span)
    }
    return importedLet(unit: unit + 1, name: name, args: args, span: span)
  }

  private func arityMessage(_ name: String, expected: [Int], got: Int) -> String {
    let counts = expected.map(String.init).joined(separator: " or ")
    let plural = expected == [1] ? "" : "s"
    return "'\(name)' takes \(counts) argument\(plural), but \(got) \(got == 1 ? "was" : "were") given"
  }

  private mutating func checkCall(_ function: String, target: Expr?, args: [Expr], span: Span) -> IR {
    if let target {
      if let dotted = dottedName(target), let (unit, _) = splitImport(dotted + "." + function),
        !scope.contains(where: { $0.name == dotted.split(separator: ".").first.map(String.init) })
      {
        return importedLet(unit: unit, name: function, args: args.map { check($0) }, span: span)
      }
      let receiver = check(target)
      let checkedArgs = args.map { check($0) }
      if Builtin.byName[function] == nil, let macro = Macro.named(function) {
        return unresolved("'\(function)' is called as \(macro.usage)", span)
      }
      guard let candidates = Builtin.byName[function] else {
        let methods = Builtin.allCases.filter { !$0.methodArities.isEmpty }.map(\.name)
        return unresolved(
          "unknown method '\(function)'", span,
          help: Spelling.closest(function, in: methods).map { "did you mean '\($0)'?" })
      }
      if let builtin = candidates.first(where: { $0.methodArities.contains(args.count) }) {
        checkPattern(builtin, checkedArgs.first)
        let all = [receiver] + checkedArgs
        return IR(
          kind: .builtin(builtin, all, receiverStyle: true), span: span,
          type: builtinType(builtin, all, receiverStyle: true, span: span))
      }
      let arities = candidates.flatMap(\.methodArities)
      if arities.isEmpty {
        error("'\(function)' is a function, not a method; call it as \(function)(x)", span)
      } else {
        error(arityMessage(function, expected: arities, got: args.count), span)
      }
      return IR(kind: .null, span: span)
    }
    let checkedArgs = args.map { check($0) }
    if let index = letIndex[function] {
      let definition = lets[index]
      if definition.parameters.count != args.count {
        error(arityMessage(function, expected: [definition.parameters.count], got: args.count), span)
      }
      usedLets.insert(LetKey(unit: 0, index: index))
      return IR(
        kind: .callLet(LetKey(unit: 0, index: index), checkedArgs), span: span,
        type: letCallType(index, checkedArgs, span: span))
    }
    if let imported = openImportedLet(function, args: checkedArgs, span: span) { return imported }
    if let index = hostIndex[function] {
      let signature = hostSignatures[index]
      let declared =
        signature.line == 0
        ? "registered by the host as \(signature.declaration)"
        : "declared as host \(signature.declaration) at \(signature.position)"
      if signature.arity != args.count {
        error(arityMessage(function, expected: [signature.arity], got: args.count), span, notes: [declared])
      } else {
        for (offset, (argument, expected)) in zip(checkedArgs, signature.parameters).enumerated()
        where !argument.type.fits(StaticType(expected)) {
          typeError(
            "argument \(offset + 1) of '\(function)' is \(argument.type.noun), but the host function takes "
              + Checker.article(expected.rawValue), argument.span, notes: [declared])
        }
      }
      usedHosts.insert(function)
      return IR(kind: .callHost(index, checkedArgs), span: span, type: StaticType(signature.result))
    }
    if let candidates = Builtin.byName[function] {
      if let builtin = candidates.first(where: { $0.globalArities.contains(args.count) }) {
        checkPattern(builtin, checkedArgs.last)
        return IR(
          kind: .builtin(builtin, checkedArgs, receiverStyle: false), span: span,
          type: builtinType(builtin, checkedArgs, receiverStyle: false, span: span))
      }
      let arities = candidates.flatMap(\.globalArities)
      if arities.isEmpty {
        error("'\(function)' is a method; call it on a value, as x.\(function)(…)", span)
      } else {
        error(arityMessage(function, expected: arities, got: args.count), span)
      }
      return IR(kind: .null, span: span)
    }
    let known =
      letIndex.keys.sorted() + hostIndex.keys.sorted()
      + Builtin.allCases.filter { !$0.globalArities.isEmpty }.map(\.name)
    return unresolved(
      "unknown function '\(function)'", span,
      help: Spelling.closest(function, in: known).map { "did you mean '\($0)'?" })
  }

  /// A type's name as a noun: `an int`, `a string`, `bytes`, `null`.
  static func article(_ type: String) -> String {
    switch type {
    case "bytes": "bytes"
    case "null_type": "null"
    case "dyn": "any value"
    case "uint": "a uint"
    default: ("aeiou".contains(type.first ?? "x") ? "an " : "a ") + type
    }
  }

  /// A constant pattern given to `matches` must compile; one built at run time fails then.
  private mutating func checkPattern(_ builtin: Builtin, _ pattern: IR?) {
    guard builtin == .matches, let pattern, case .string(let text) = pattern.kind else { return }
    do {
      _ = try Regex(text)
    } catch {
      self.error(
        "invalid regular expression: \(error.message) (at byte \(error.offset) of the pattern)", pattern.span,
        help: "patterns use RE2 syntax")
    }
  }

  // MARK: Rulesets

  /// Checks a parsed ruleset whose imports have already been checked.
  static func checkRuleset(
    _ syntax: RulesetSyntax, source: SourceFile, imports: [CheckedRuleset], openImports: Bool = false
  ) -> (CheckedRuleset?, [Diagnostic]) {
    var checker = Checker(source: source)
    checker.openImports = openImports
    let checked = checker.ruleset(syntax, imports: imports)
    return (checker.diagnostics.isEmpty ? checked : nil, checker.sortedDiagnostics)
  }

  private mutating func ruleset(_ syntax: RulesetSyntax, imports: [CheckedRuleset]) -> CheckedRuleset {
    self.imports = imports
    letsInSource = true
    checkName(syntax.name)
    if let problem = VersionSyntax.versionProblem(syntax.version.value) {
      error(
        problem.message, subspan(syntax.version.span, problem),
        help: "versions are semantic: MAJOR.MINOR.PATCH, such as 1.0.0")
    }
    for item in syntax.imports {
      if let problem = VersionSyntax.rangeProblem(item.range.value) {
        error(problem.message, subspan(item.range.span, problem), help: "for example: ^1.0, ~1.2, >=1.0 <2.0, 1.2.3")
      }
      if item.name.value == syntax.name.value {
        error("a ruleset cannot import itself", item.name.span)
      }
    }
    var seenImports: [String: Span] = [:]
    for item in syntax.imports {
      if let first = seenImports[item.name.value] {
        error("'\(item.name.value)' is imported twice", item.name.span, notes: ["first imported at \(position(first))"])
      }
      if seenImports[item.name.value] == nil { seenImports[item.name.value] = item.name.span }
    }

    for (index, host) in syntax.hosts.enumerated() {
      let signature = hostSignature(host)
      hostSignatures.append(signature)
      if let first = hostIndex[host.name.value] {
        error(
          "host function '\(host.name.value)' is declared twice", host.name.span,
          notes: ["first declared at \(position(syntax.hosts[first].name.span))"])
        continue
      }
      if Builtin.byName[host.name.value] != nil {
        error("host function '\(host.name.value)' has the name of a built-in function", host.name.span)
      }
      if signature.arity > HostSignature.maximumParameters {
        error(
          "host function '\(host.name.value)' has \(signature.arity) parameters, over the limit of "
            + "\(HostSignature.maximumParameters)", host.name.span)
      }
      hostIndex[host.name.value] = index
    }

    lets = syntax.lets
    for (index, definition) in syntax.lets.enumerated() {
      if let first = letIndex[definition.name.value] {
        error(
          "'\(definition.name.value)' is defined twice", definition.name.span,
          notes: ["first defined at \(position(syntax.lets[first].name.span))"])
        continue
      }
      if Builtin.byName[definition.name.value] != nil || Checker.typeNames[definition.name.value] != nil {
        error("'\(definition.name.value)' is the name of a built-in; choose another name", definition.name.span)
      }
      if hostIndex[definition.name.value] != nil {
        error("'\(definition.name.value)' is already declared as a host function", definition.name.span)
      }
      checkDistinct(definition.parameters, what: "parameter")
      letIndex[definition.name.value] = index
    }

    // Lets are checked callees first, so a call's type is the type of the let's result.
    letTypes = Array(repeating: .dyn, count: syntax.lets.count)
    var checkedLets: [CheckedFunction?] = Array(repeating: nil, count: syntax.lets.count)
    var letEdges: [[Int]] = Array(repeating: [], count: syntax.lets.count)
    var letHosts: [Set<String>] = Array(repeating: [], count: syntax.lets.count)
    for index in Checker.calleesFirst(syntax.lets, letIndex: letIndex) {
      let definition = syntax.lets[index]
      let body = beginFunction(parameters: definition.parameters.map(\.value)) { $0.check(definition.body) }
      checkedLets[index] = CheckedFunction(
        name: definition.name.value, parameterCount: definition.parameters.count, localCount: localCount, body: body)
      if letIndex[definition.name.value] == index { letTypes[index] = body.type }
      letEdges[index] = usedLets.filter { $0.unit == 0 }.map(\.index)
      letHosts[index] = usedHosts
    }
    let order = reportRecursion(syntax.lets, edges: letEdges)
    let hostClosure = Checker.closeHosts(letHosts, edges: letEdges, order: order)

    var rules: [CheckedRule] = []
    var ruleIDs: [String: Span] = [:]
    for rule in syntax.rules {
      if let first = ruleIDs[rule.id.value] {
        error(
          "duplicate rule id '\(rule.id.value)'", rule.id.span,
          notes: ["first used at \(position(first))"],
          help: "rule ids are how users suppress and baseline findings; each must be unique")
      }
      if ruleIDs[rule.id.value] == nil { ruleIDs[rule.id.value] = rule.id.span }
      if let checked = self.rule(rule, hostClosure: hostClosure, letEdges: letEdges, lets: checkedLets.map { $0! }) {
        rules.append(checked)
      }
    }

    return CheckedRuleset(
      name: syntax.name.value, version: syntax.version.value, source: source, syntax: syntax,
      lets: checkedLets.map { $0! }, letHosts: hostClosure, imports: imports, openImports: openImports,
      hosts: hostSignatures, rules: rules)
  }

  /// A host declaration's types: a parameter written as a type's name (`string`) or with one
  /// (`name: string`) has that type, one written as a bare name (`foreground`) is `dyn`, as is
  /// a result that is not written.
  private mutating func hostSignature(_ host: HostSyntax) -> HostSignature {
    func type(_ written: Located<String>) -> HostFunction.ValueType {
      if let type = HostFunction.ValueType(rawValue: written.value) { return type }
      let names = HostFunction.ValueType.allCases.map(\.rawValue)
      error(
        "unknown type '\(written.value)' in the declaration of host function '\(host.name.value)'", written.span,
        help: Spelling.closest(written.value, in: names).map { "did you mean '\($0)'?" }
          ?? "the types are " + names.joined(separator: ", "))
      return .dyn
    }
    var names: [Located<String>] = []
    let parameters = host.parameters.map { parameter in
      if let written = parameter.type {
        names.append(parameter.first)
        return type(written)
      }
      if let type = HostFunction.ValueType(rawValue: parameter.first.value) { return type }
      names.append(parameter.first)
      return .dyn
    }
    checkDistinct(names, what: "parameter")
    // A host's result is a `Value`, which carries nodes but not their arguments, modifiers or
    // properties: such a result type could never be met.
    if let result = host.result,
      [.argument, .modifier, .property].contains(HostFunction.ValueType(rawValue: result.value))
    {
      error(
        "a host function cannot return \(Checker.article(result.value)): a host's result can be a node, "
          + "but not an argument, modifier or property", result.span)
    }
    let location = source.location(of: host.name.span.start)
    return HostSignature(
      name: host.name.value, parameters: parameters, result: host.result.map(type) ?? .dyn, file: source.name,
      line: location.line, column: location.column)
  }

  private func position(_ span: Span) -> String {
    source.position(of: span.start)
  }

  private func subspan(_ span: Span, _ problem: VersionSyntax.Problem) -> Span {
    let start = min(span.end, span.start + problem.offset)
    return Span(start, min(span.end, start + max(1, problem.length)))
  }

  private mutating func checkName(_ name: Located<String>) {
    if let problem = PackMetadata.nameProblem(name.value) {
      error("invalid ruleset name '\(name.value)': \(problem)", name.span)
    }
  }

  private mutating func checkDistinct(_ names: [Located<String>], what: String) {
    var seen: Set<String> = []
    for name in names where !seen.insert(name.value).inserted {
      error("\(what) '\(name.value)' is declared twice", name.span)
    }
  }

  /// Reports every cycle of lets that call each other, once, at its first member, and returns
  /// the lets in an order where each comes after the lets it calls (cycles aside). The walk
  /// keeps its own stack: a chain of thousands of lets must not exhaust the thread's.
  private mutating func reportRecursion(_ definitions: [LetSyntax], edges: [[Int]]) -> [Int] {
    var state = [UInt8](repeating: 0, count: definitions.count)  // 0 new, 1 on the path, 2 done
    var order: [Int] = []
    var path: [(node: Int, successors: [Int], next: Int)] = []
    for root in definitions.indices where state[root] == 0 {
      state[root] = 1
      path.append((root, edges[root].sorted(), 0))
      while let top = path.last {
        guard top.next < top.successors.count else {
          state[top.node] = 2
          order.append(top.node)
          path.removeLast()
          continue
        }
        let next = top.successors[top.next]
        path[path.count - 1].next += 1
        if state[next] == 1 {
          let start = path.lastIndex { $0.node == next }!
          let cycle = path[start...].map { definitions[$0.node].name.value } + [definitions[next].name.value]
          let message =
            cycle.count == 2
            ? "'\(cycle[0])' refers to itself; lets cannot be recursive"
            : "lets cannot be recursive: \(cycle.joined(separator: " → "))"
          error(
            message, definitions[next].name.span,
            help: "rules must always terminate, so definitions may not call themselves, directly or through others")
        } else if state[next] == 0 {
          state[next] = 1
          path.append((next, edges[next].sorted(), 0))
        }
      }
    }
    return order
  }

  /// The order to check lets in: each after the lets its body names (read from the syntax, so
  /// a parameter that shadows a let only orders more cautiously), cycles broken anywhere. The
  /// walk keeps its own stack, as `reportRecursion` does.
  private static func calleesFirst(_ definitions: [LetSyntax], letIndex: [String: Int]) -> [Int] {
    func names(_ expr: Expr, into found: inout Set<Int>) {
      switch expr.kind {
      case .null, .bool, .int, .uint, .double, .string, .bytes: break
      case .identifier(let name, _): if let index = letIndex[name] { found.insert(index) }
      case .select(let operand, _, _): names(operand, into: &found)
      case .call(let function, let target, let args):
        if target == nil, let index = letIndex[function] { found.insert(index) }
        if let target { names(target, into: &found) }
        for arg in args { names(arg, into: &found) }
      case .index(let a, let b), .binary(_, let a, let b):
        names(a, into: &found)
        names(b, into: &found)
      case .unary(_, let a): names(a, into: &found)
      case .conditional(let a, let b, let c):
        for part in [a, b, c] { names(part, into: &found) }
      case .list(let elements): for element in elements { names(element, into: &found) }
      case .map(let entries):
        for entry in entries {
          names(entry.key, into: &found)
          names(entry.value, into: &found)
        }
      case .comprehension(_, let target, _, let args):
        names(target, into: &found)
        for arg in args { names(arg, into: &found) }
      }
    }
    let edges = definitions.map { definition in
      var found: Set<Int> = []
      names(definition.body, into: &found)
      return found.sorted()
    }
    var state = [UInt8](repeating: 0, count: definitions.count)  // 0 new, 1 on the path, 2 done
    var order: [Int] = []
    var path: [(node: Int, next: Int)] = []
    for root in definitions.indices where state[root] == 0 {
      state[root] = 1
      path.append((root, 0))
      while let top = path.last {
        guard top.next < edges[top.node].count else {
          state[top.node] = 2
          order.append(top.node)
          path.removeLast()
          continue
        }
        let next = edges[top.node][top.next]
        path[path.count - 1].next += 1
        if state[next] == 0 {
          state[next] = 1
          path.append((next, 0))
        }
      }
    }
    return order
  }

  /// The host functions each let needs, including through the lets it calls, visiting the lets
  /// in `order` (callees first) so each is finished before its callers read it.
  private static func closeHosts(_ direct: [Set<String>], edges: [[Int]], order: [Int]) -> [Set<String>] {
    var result = direct
    for node in order {
      for next in edges[node] { result[node].formUnion(result[next]) }
    }
    return result
  }

  private static func wcagPattern(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }
  }

  private mutating func rule(
    _ rule: RuleSyntax, hostClosure: [Set<String>], letEdges: [[Int]], lets checkedLets: [CheckedFunction]
  ) -> CheckedRule? {
    let what = rule.kind.rawValue
    var severity: Severity = rule.kind == .review ? .info : .error
    if let written = rule.severity {
      if let parsed = Severity(rawValue: written.value) {
        severity = parsed
      } else {
        error(
          "unknown severity '\(written.value)'", written.span,
          help: "use error, warning or info"
            + (Spelling.closest(written.value, in: Severity.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" }
              ?? ""))
      }
    } else if rule.kind == .rule {
      error(
        "rule '\(rule.id.value)' has no severity", rule.id.span,
        help: "add 'severity error', 'severity warning' or 'severity info'")
    }
    for reference in rule.wcag {
      if !Checker.wcagPattern(reference.value) {
        error(
          "malformed WCAG reference '\(reference.value)'; expected a success criterion such as \"4.1.2\"",
          reference.span)
      } else if WCAG.criterion(reference.value) == nil {
        // Only a criterion of the same guideline is a likely meant one (1.4.14 → 1.4.1).
        let guideline = reference.value.split(separator: ".").prefix(2).joined(separator: ".") + "."
        let numbers = WCAG.all.map(\.number).filter { $0.hasPrefix(guideline) && reference.value != "4.1.1" }
        let suggestion = Spelling.closest(reference.value, in: numbers).flatMap(WCAG.criterion).map {
          " (did you mean \($0.number) \($0.name)?)"
        }
        error(
          WCAG.unknownReason(reference.value), reference.span,
          help: "cite a WCAG 2.2 success criterion\(suggestion ?? ""); the list is at https://www.w3.org/TR/WCAG22/")
      }
    }
    guard let selector = rule.selector else {
      error(
        "\(what) '\(rule.id.value)' has no 'on' selector", rule.id.span,
        help: "say which nodes it applies to, e.g. 'on Menu as m'")
      return nil
    }
    switch rule.kind {
    case .rule:
      if rule.requirements.isEmpty {
        error("rule '\(rule.id.value)' has no 'require' or 'forbid' clause", rule.id.span)
      }
      if !rule.checks.isEmpty || rule.category != nil {
        error(
          "'check' and 'category' belong in a review item, not a rule", rule.id.span,
          help: "write 'review \(rule.id.value) { … }'")
      }
    case .review:
      if rule.checks.isEmpty {
        error("review item '\(rule.id.value)' has no 'check' clause saying what a person verifies", rule.id.span)
      }
      if !rule.requirements.isEmpty {
        error(
          "a review item is never passed or failed automatically; it cannot have 'require' or 'forbid'",
          rule.requirements[0].span)
      }
      if let template = rule.message ?? rule.fix {
        error("a review item reports what its 'check' says; 'message' and 'fix' belong in a rule", template.span)
      }
    }

    // The selector's names become the parameters of every clause.
    var bindings = [selector.target.binding?.value ?? "node"]
    for ancestor in selector.ancestors { bindings.append(ancestor.binding?.value ?? "") }
    var seen: Set<String> = []
    for (step, binding) in zip([selector.target] + selector.ancestors, bindings) where !binding.isEmpty {
      if !seen.insert(binding).inserted, let span = step.binding?.span {
        error("'\(binding)' is bound twice in this selector", span)
      }
    }

    var hosts: Set<String> = []
    func typesText(_ step: SelectorStep) -> String { step.types.map(\.value).joined(separator: " | ") }
    let unnamedHelp: (@Sendable (String) -> String)? =
      if selector.target.binding == nil {
        { [target = typesText(selector.target)] name in
          "the node 'on \(target)' selects is named 'node'; write 'on \(target) as \(name)' to name it '\(name)'"
        }
      } else if let ancestor = selector.ancestors.first(where: { $0.binding == nil }) {
        { [ancestor = typesText(ancestor)] name in
          "write 'inside \(ancestor) as \(name)' to name that ancestor '\(name)'"
        }
      } else {
        nil
      }
    func clause(_ checker: inout Checker, _ name: String, _ body: (inout Checker) -> IR) -> CheckedFunction {
      checker.nodeBindings = bindings.count
      checker.unnamedSteps = unnamedHelp
      defer {
        checker.nodeBindings = 0
        checker.unnamedSteps = nil
      }
      let ir = checker.beginFunction(
        parameters: bindings, types: Array(repeating: .node, count: bindings.count), body)
      hosts.formUnion(checker.usedHosts)
      for key in checker.usedLets where key.unit == 0 { hosts.formUnion(hostClosure[key.index]) }
      return CheckedFunction(name: name, parameterCount: bindings.count, localCount: checker.localCount, body: ir)
    }
    let id = rule.id.value
    func condition(_ expr: Expr, _ what: String) -> (inout Checker) -> IR {
      { checker in
        let ir = checker.check(expr)
        checker.requireBool(ir, what)
        return ir
      }
    }
    let when = rule.when.map { expr in clause(&self, "\(id).when", condition(expr, "'when'")) }
    var requirements: [CheckedRequirement] = []
    for (index, requirement) in rule.requirements.enumerated() {
      let function = clause(
        &self, "\(id).\(requirement.kind.rawValue)#\(index + 1)",
        condition(requirement.expr, "'\(requirement.kind.rawValue)'"))
      requirements.append(
        CheckedRequirement(
          kind: requirement.kind, function: function, text: oneLine(source.text(requirement.expr.span.range)),
          span: requirement.span))
    }
    let message = rule.message.map { template in clause(&self, "\(id).message", { $0.check(template) }) }
    let fix = rule.fix.map { template in
      clause(&self, "\(id).fix", { rule.fixEdit == nil ? $0.check(template) : $0.checkEdit(template) })
    }
    var fixEdit: FixEditSpec?
    if let edit = rule.fixEdit, let template = rule.fix, let fix {
      fixEdit = checkFixEdit(edit, template, fix.body, lets: checkedLets)
    }
    let checks = rule.checks.map { template in clause(&self, "\(id).check", { $0.check(template) }) }

    return CheckedRule(
      kind: rule.kind, id: id, span: rule.span, severity: severity, wcag: rule.wcag.map(\.value),
      title: rule.title?.value, help: rule.help?.value, card: rule.card.map { ($0.section, $0.text.value) },
      category: rule.category?.value,
      selector: CheckedSelector(
        target: selector.target.types.map(\.value), ancestors: selector.ancestors.map { $0.types.map(\.value) },
        text: source.text(selector.span.range)),
      bindings: bindings, when: when, requirements: requirements, message: message,
      messageText: rule.message?.plainText, fix: fix, fixEdit: fixEdit, checks: checks, hosts: hosts.sorted())
  }

  /// A structured fix inserts Swift source: each `{…}` hole must give text (a string, a number
  /// or a bool), not a node or a list.
  private mutating func checkEdit(_ template: Template) -> IR {
    let ir = check(template)
    if case .template(let parts) = ir.kind {
      for part in parts {
        switch part.type {
        case .dyn, .free, .string, .int, .uint, .double, .bool: continue
        default:
          error(
            "a fix edit inserts Swift source, but this hole is \(Checker.article(part.type.description)), not text",
            part.span, help: "insert one of its texts, e.g. {b.text()} or {b.arg('role').value}")
        }
      }
    }
    return ir
  }

  /// Checks what a structured fix inserts and whether it is marked `needs words` exactly when
  /// it can leave an Xcode placeholder; returns the edit as compiled.
  private mutating func checkFixEdit(
    _ edit: FixEditSyntax, _ template: Template, _ body: IR, lets checkedLets: [CheckedFunction]
  ) -> FixEditSpec {
    if edit.kind.value != .setArgument, case .text(let text)? = template.parts.first {
      let bytes = Array(text.utf8)
      if bytes.count < 2 || bytes[0] != UInt8(ascii: ".")
        || !(bytes[1] == UInt8(ascii: "_") || bytes[1] >= 0x80
          || (bytes[1] | 0x20 >= UInt8(ascii: "a") && bytes[1] | 0x20 <= UInt8(ascii: "z")))
      {
        error(
          "'fix \(edit.kind.value.rawValue)' inserts a modifier call as written in Swift, starting with '.'",
          template.span,
          help: "for example: fix \(edit.kind.value.rawValue) \(edit.name.map { "\($0.value) with " } ?? "")"
            + "\".accessibilityLabel(\\\"Delete\\\")\"")
      }
    }
    let placeholder = placeholderLiteral(body, lets: checkedLets)
    if let placeholder, edit.needsWords == nil {
      error(
        "this fix can insert the Xcode placeholder '\(placeholder.text)' (\(placeholder.position)), which a person "
          + "must replace with words: mark it 'needs words'", template.span,
        help: "write: fix \(edit.kind.value.rawValue) … needs words; precept lint --fix applies it only with "
          + "--fix-placeholders")
    } else if placeholder == nil, let marked = edit.needsWords {
      error(
        "'needs words' marks a fix that can leave an Xcode placeholder (<#…#>), and this one cannot", marked,
        help: "remove 'needs words': precept lint --fix applies the fix as it is")
    }
    return FixEditSpec(kind: edit.kind.value, name: edit.name?.value, needsWords: edit.needsWords != nil)
  }

  /// The first string literal holding an Xcode placeholder (`<#…#>`) that `ir` can produce,
  /// looking into the lets it calls (imported ones too), and where it is written.
  private func placeholderLiteral(_ ir: IR, lets checkedLets: [CheckedFunction]) -> (
    text: String, position: String
  )? {
    struct Unit {
      var lets: [CheckedFunction]
      var imports: [CheckedRuleset]
      var source: SourceFile
    }
    var visited: Set<String> = []
    var pending: [(IR, Unit)] = [(ir, Unit(lets: checkedLets, imports: imports, source: source))]
    while let (next, unit) = pending.popLast() {
      var found: (String, String)?
      next.visit { node in
        guard found == nil else { return }
        switch node.kind {
        case .string(let text) where FixEdit.hasPlaceholder(text):
          found = (text, unit.source.position(of: node.span.start))
        case .callLet(let key, _):
          let target =
            key.unit == 0
            ? unit
            : Unit(
              lets: unit.imports[key.unit - 1].lets, imports: unit.imports[key.unit - 1].imports,
              source: unit.imports[key.unit - 1].source)
          guard key.index < target.lets.count, visited.insert("\(target.source.name)#\(key.index)").inserted else {
            return
          }
          pending.append((target.lets[key.index].body, target))
        default: break
        }
      }
      if let found { return found }
    }
    return nil
  }

  private mutating func check(_ template: Template) -> IR {
    var parts: [IR] = []
    for part in template.parts {
      switch part {
      case .text(let text): parts.append(IR(kind: .string(text), span: template.span))
      case .expression(let expr): parts.append(check(expr))
      }
    }
    return IR(kind: .template(parts), span: template.span, type: .string)
  }
}

// MARK: - Checked rulesets

/// A host function as a ruleset declares it, and where.
struct HostSignature: Sendable, Hashable {
  /// The most parameters a host function may declare: a pack names each one's type, so its
  /// count must be bounded before anything is allocated for it.
  static let maximumParameters = 1_000

  var name: String
  var parameters: [HostFunction.ValueType]
  var result: HostFunction.ValueType
  /// Where the declaration is (its name): file, line and column; line 0 when not known.
  var file: String
  var line: Int
  var column: Int

  var arity: Int { parameters.count }

  init(
    name: String, parameters: [HostFunction.ValueType], result: HostFunction.ValueType, file: String, line: Int,
    column: Int
  ) {
    self.name = name
    self.parameters = parameters
    self.result = result
    self.file = file
    self.line = line
    self.column = column
  }

  /// Host functions registered for an expression, by name, and the declarations they make; one
  /// named like a built-in function is an error, as it is in a ruleset.
  static func registered(_ hosts: [HostFunction], file: String) throws(DiagnosticError) -> (
    [String: HostFunction], [HostSignature]
  ) {
    var registered: [String: HostFunction] = [:]
    for host in hosts {
      guard Builtin.byName[host.name] == nil else {
        throw DiagnosticError(
          Diagnostic(
            .error, "host function '\(host.name)' has the name of a built-in function", file: file,
            location: SourceLocation(line: 1, column: 1)))
      }
      registered[host.name] = host
    }
    return (registered, registered.values.sorted { $0.name < $1.name }.map(HostSignature.init(registered:)))
  }

  /// The declaration a host function registered for an expression makes (it has no place).
  init(registered host: HostFunction) {
    self.init(
      name: host.name, parameters: host.parameterTypes, result: host.resultType, file: "<host>", line: 0, column: 0)
  }

  /// `file:line:column` of the declaration.
  var position: String { "\(file):\(line):\(column)" }

  /// `contrastRatio(string, string) -> double`.
  var declaration: String { name + HostSignature.text(parameters, result) }

  /// How `registered` differs from this declaration, or nil when it can be called as declared.
  /// A `dyn` on either side matches any type: an untyped declaration keeps working with a
  /// host that now registers types, and a host that takes any value suits any declaration.
  func mismatch(with registered: HostFunction) -> String? {
    let registeredText = "the host registered \(name)\(registered.signatureText)"
    guard registered.parameterCount == arity else {
      return "host function '\(name)' is declared with \(arity) parameter\(arity == 1 ? "" : "s"), "
        + "but \(registeredText), with \(registered.parameterCount)"
    }
    func differ(_ a: HostFunction.ValueType, _ b: HostFunction.ValueType) -> Bool { a != .dyn && b != .dyn && a != b }
    for (index, (declared, actual)) in zip(parameters, registered.parameterTypes).enumerated()
    where differ(declared, actual) {
      return "host function '\(name)' is declared to take \(Checker.article(declared.rawValue)) as parameter "
        + "\(index + 1), but \(registeredText), which takes \(Checker.article(actual.rawValue))"
    }
    if differ(result, registered.resultType) {
      return "host function '\(name)' is declared to return \(Checker.article(result.rawValue)), but "
        + "\(registeredText), which returns \(Checker.article(registered.resultType.rawValue))"
    }
    return nil
  }

  /// `(string, string) -> double`.
  static func text(_ parameters: [HostFunction.ValueType], _ result: HostFunction.ValueType) -> String {
    "(" + parameters.map(\.rawValue).joined(separator: ", ") + ") -> " + result.rawValue
  }
}

/// A ruleset after checking: its lets and rules as checked functions, ready to compile.
struct CheckedRuleset: Sendable {
  var name: String
  var version: String
  var source: SourceFile
  var syntax: RulesetSyntax
  var lets: [CheckedFunction]
  /// The host functions each let needs, transitively.
  var letHosts: [Set<String>]
  /// Unit k of a `LetKey` is `imports[k - 1]`.
  var imports: [CheckedRuleset]
  /// Whether unqualified names also reach the lets of imports (see `Ruleset.init(source:resolver:openImports:)`).
  var openImports: Bool
  var hosts: [HostSignature]
  var rules: [CheckedRule]
}

struct CheckedSelector: Sendable {
  var target: [String]
  var ancestors: [[String]]
  /// The selector as written, for reports and `:rules`.
  var text: String
}

struct CheckedRequirement: Sendable {
  var kind: RequirementSyntax.Kind
  var function: CheckedFunction
  var text: String
  var span: Span
}

struct CheckedRule: Sendable {
  var kind: RuleKind
  var id: String
  var span: Span
  var severity: Severity
  var wcag: [String]
  var title: String?
  var help: String?
  var card: [(CardSentence.Section, String)]
  var category: String?
  var selector: CheckedSelector
  var bindings: [String]
  var when: CheckedFunction?
  var requirements: [CheckedRequirement]
  var message: CheckedFunction?
  var messageText: String?
  var fix: CheckedFunction?
  /// Set when the fix is an edit of the source; `fix` is then the text it inserts.
  var fixEdit: FixEditSpec?
  var checks: [CheckedFunction]
  /// Host functions the rule needs; if the host has not registered one, the rule is not run.
  var hosts: [String]
}

/// Source text on one line, for reports: a line break and the indentation around it become one
/// space, so a clause written over several lines reads as it would written on one.
func oneLine(_ text: String) -> String {
  // Bytes rather than characters: explanations join helper bodies of hundreds of characters.
  let bytes = Array(text.utf8)
  /// The length of the line break at `index` (`\n`, `\r`, VT, FF, U+0085, U+2028, U+2029), or 0.
  func lineBreak(at index: Int) -> Int {
    switch bytes[index] {
    case 0x0A...0x0D: return 1
    case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return 2
    case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (0xA8...0xA9).contains(bytes[index + 2]):
      return 3
    default: return 0
    }
  }
  guard bytes.indices.contains(where: { lineBreak(at: $0) > 0 }) else { return text }
  var out: [UInt8] = []
  out.reserveCapacity(bytes.count)
  var pendingBreak = false
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    let length = lineBreak(at: index)
    if length > 0 {
      pendingBreak = true
      while out.last == 0x20 || out.last == 0x09 { out.removeLast() }
      index += length
      continue
    }
    if !(pendingBreak && (byte == 0x20 || byte == 0x09)) {
      if pendingBreak { out.append(0x20) }
      pendingBreak = false
      out.append(byte)
    }
    index += 1
  }
  return String(decoding: out, as: UTF8.self)
}
