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
  private var imports: [CheckedRuleset] = []
  private var hostIndex: [String: Int] = [:]
  private var hostSignatures: [HostSignature] = []

  // The function being checked.
  private var scope: [(name: String, slot: Int)] = []
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
    diagnostics.appendWithinLimit { Diagnostic(.error, message, in: source, span: span, notes: notes, help: help) }
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

  private mutating func beginFunction(parameters: [String], _ body: (inout Checker) -> IR) -> IR {
    scope = parameters.enumerated().map { ($0.element, $0.offset) }
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
    case .null: return IR(kind: .null, span: span)
    case .bool(let value): return IR(kind: .bool(value), span: span)
    case .int(let value): return IR(kind: .int(value), span: span)
    case .uint(let value): return IR(kind: .uint(value), span: span)
    case .double(let value): return IR(kind: .double(value), span: span)
    case .string(let value):
      checkLiteralSize(value.utf8.count, of: "string", span)
      return IR(kind: .string(value), span: span)
    case .bytes(let value):
      checkLiteralSize(value.count, of: "bytes", span)
      return IR(kind: .bytes(value), span: span)
    case .identifier(let name, let absolute):
      return resolveName(name, absolute: absolute, span: span)
    case .select(let operand, let field, let testOnly):
      if !testOnly, let resolved = resolveQualified(expr) { return resolved }
      let checked = check(operand)
      // A rule's bindings are nodes, so a misspelt field on one is caught here, not at run time.
      if !testOnly, case .local(let slot) = checked.kind, slot < nodeBindings, !NodeField.nodeFields.contains(field) {
        error(
          "a node has no field '\(field)'", Span(operand.span.end, span.end),
          help: Spelling.closest(field, in: NodeField.nodeFields.sorted()).map { "did you mean '\($0)'?" }
            ?? "node fields: " + NodeField.nodeFields.sorted().joined(separator: ", "))
      }
      return IR(
        kind: .select(checked, field: field, nodeField: NodeField.byName[field], testOnly: testOnly), span: span)
    case .call(let function, let target, let args):
      return checkCall(function, target: target, args: args, span: span)
    case .index(let operand, let index):
      return IR(kind: .index(check(operand), check(index)), span: span)
    case .unary(let op, let operand):
      return IR(kind: .unary(op, check(operand)), span: span)
    case .binary(let op, let left, let right):
      return IR(kind: .binary(op, check(left), check(right)), span: span)
    case .conditional(let condition, let whenTrue, let whenFalse):
      return IR(kind: .conditional(check(condition), check(whenTrue), check(whenFalse)), span: span)
    case .list(let elements):
      checkLiteralSize(elements.count, of: "list", span)
      return IR(kind: .list(elements.map { check($0) }), span: span)
    case .map(let entries):
      checkLiteralSize(entries.count, of: "map", span)
      return IR(kind: .map(entries.map { (check($0.key), check($0.value)) }), span: span)
    case .comprehension(let macro, let target, let variables, let args):
      let checkedTarget = check(target)
      var slots: [Int] = []
      for variable in variables {
        slots.append(localCount)
        scope.append((variable.value, localCount))
        localCount += 1
      }
      if variables.count == 2, variables[0].value == variables[1].value {
        error("the two variables of '\(macro.rawValue)' must have different names", variables[1].span)
      }
      let checkedArgs = args.map { check($0) }
      scope.removeLast(variables.count)
      return IR(kind: .comprehension(macro, target: checkedTarget, variables: slots, args: checkedArgs), span: span)
    }
  }

  static let typeNames: [String: TypeTag] = [
    "int": .int, "uint": .uint, "double": .double, "bool": .bool, "string": .string, "bytes": .bytes,
    "list": .list, "map": .map, "null_type": .nullType, "type": .type,
  ]

  private mutating func resolveName(_ name: String, absolute: Bool, span: Span) -> IR {
    if !absolute, let local = scope.last(where: { $0.name == name }) {
      return IR(kind: .local(local.slot), span: span)
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
      return IR(kind: .callLet(LetKey(unit: 0, index: index), []), span: span)
    }
    if let imported = openImportedLet(name, args: [], span: span) { return imported }
    if let type = Checker.typeNames[name] {
      return IR(kind: .type(type), span: span)
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
    return IR(kind: .callLet(LetKey(unit: unit, index: index), args), span: span)
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
        return IR(kind: .builtin(builtin, [receiver] + checkedArgs, receiverStyle: true), span: span)
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
      return IR(kind: .callLet(LetKey(unit: 0, index: index), checkedArgs), span: span)
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
        for (offset, (argument, expected)) in zip(checkedArgs, signature.parameters).enumerated() {
          guard let tag = Checker.literalType(argument), !expected.accepts(tag) else { continue }
          error(
            "argument \(offset + 1) of '\(function)' is \(Checker.article(tag.name)), but the host function takes "
              + Checker.article(expected.rawValue), argument.span, notes: [declared])
        }
      }
      usedHosts.insert(function)
      return IR(kind: .callHost(index, checkedArgs), span: span)
    }
    if let candidates = Builtin.byName[function] {
      if let builtin = candidates.first(where: { $0.globalArities.contains(args.count) }) {
        checkPattern(builtin, checkedArgs.last)
        return IR(kind: .builtin(builtin, checkedArgs, receiverStyle: false), span: span)
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

  /// The type of a literal argument (the checker knows no other expression's type yet).
  private static func literalType(_ ir: IR) -> TypeTag? {
    switch ir.kind {
    case .null: .nullType
    case .bool: .bool
    case .int: .int
    case .uint: .uint
    case .double: .double
    case .string, .template: .string
    case .bytes: .bytes
    case .type: .type
    case .list: .list
    case .map: .map
    default: nil
    }
  }

  /// A type's name as a noun: `an int`, `a string`, `bytes`, `null`.
  static func article(_ type: String) -> String {
    switch type {
    case "bytes": "bytes"
    case "null_type": "null"
    case "dyn": "any value"
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

    var checkedLets: [CheckedFunction] = []
    var letEdges: [[Int]] = []
    var letHosts: [Set<String>] = []
    for definition in syntax.lets {
      let body = beginFunction(parameters: definition.parameters.map(\.value)) { $0.check(definition.body) }
      checkedLets.append(
        CheckedFunction(
          name: definition.name.value, parameterCount: definition.parameters.count, localCount: localCount, body: body))
      letEdges.append(usedLets.filter { $0.unit == 0 }.map(\.index))
      letHosts.append(usedHosts)
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
      if let checked = self.rule(rule, hostClosure: hostClosure, letEdges: letEdges) { rules.append(checked) }
    }

    return CheckedRuleset(
      name: syntax.name.value, version: syntax.version.value, source: source, syntax: syntax,
      lets: checkedLets, letHosts: hostClosure, imports: imports, openImports: openImports,
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

  private mutating func rule(_ rule: RuleSyntax, hostClosure: [Set<String>], letEdges: [[Int]]) -> CheckedRule? {
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
    for reference in rule.wcag where !Checker.wcagPattern(reference.value) {
      error(
        "malformed WCAG reference '\(reference.value)'; expected a success criterion such as \"4.1.2\"", reference.span)
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
      let ir = checker.beginFunction(parameters: bindings, body)
      hosts.formUnion(checker.usedHosts)
      for key in checker.usedLets where key.unit == 0 { hosts.formUnion(hostClosure[key.index]) }
      return CheckedFunction(name: name, parameterCount: bindings.count, localCount: checker.localCount, body: ir)
    }
    let id = rule.id.value
    let when = rule.when.map { expr in clause(&self, "\(id).when", { $0.check(expr) }) }
    var requirements: [CheckedRequirement] = []
    for (index, requirement) in rule.requirements.enumerated() {
      let function = clause(&self, "\(id).\(requirement.kind.rawValue)#\(index + 1)", { $0.check(requirement.expr) })
      requirements.append(
        CheckedRequirement(
          kind: requirement.kind, function: function, text: oneLine(source.text(requirement.expr.span.range)),
          span: requirement.span))
    }
    let message = rule.message.map { template in clause(&self, "\(id).message", { $0.check(template) }) }
    let fix = rule.fix.map { template in clause(&self, "\(id).fix", { $0.check(template) }) }
    let checks = rule.checks.map { template in clause(&self, "\(id).check", { $0.check(template) }) }

    return CheckedRule(
      kind: rule.kind, id: id, span: rule.span, severity: severity, wcag: rule.wcag.map(\.value),
      title: rule.title?.value, help: rule.help?.value, card: rule.card.map { ($0.section, $0.text.value) },
      category: rule.category?.value,
      selector: CheckedSelector(
        target: selector.target.types.map(\.value), ancestors: selector.ancestors.map { $0.types.map(\.value) },
        text: source.text(selector.span.range)),
      bindings: bindings, when: when, requirements: requirements, message: message,
      messageText: rule.message?.plainText, fix: fix, checks: checks, hosts: hosts.sorted())
  }

  private mutating func check(_ template: Template) -> IR {
    var parts: [IR] = []
    for part in template.parts {
      switch part {
      case .text(let text): parts.append(IR(kind: .string(text), span: template.span))
      case .expression(let expr): parts.append(check(expr))
      }
    }
    return IR(kind: .template(parts), span: template.span)
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
