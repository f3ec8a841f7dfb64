/// Compiles checked functions to bytecode. Short-circuit operators, conditionals and macros
/// become jumps and loops in the same code array; there are no callbacks.
struct CodeGen {
  private var code: [Instruction] = []
  private var functions: [FunctionInfo] = []
  private var constants: [Constant] = []
  private var constantIndex: [Constant: Int32] = [:]
  private var hosts: [HostSignature] = []
  /// Host functions an expression's embedder registered, numbered after its scope's.
  private var expressionHosts: [HostSignature] = []

  /// Functions of lets, by the ruleset that defines them (name@version) and let index.
  private var letFunctions: [String: [Int32]] = [:]
  private var pendingLets: [(unit: CheckedRuleset, index: Int, function: Int32)] = []

  /// The ruleset being compiled; lets of its imports are named `import.let`.
  private var rootName: String?
  // The function being compiled.
  private var unit: CheckedRuleset?
  private var slotMap: [Int: Int32] = [:]
  private var nextSlot: Int32 = 0
  private var maxSlot: Int32 = 0

  /// Where the code came from: the map being built, the source the current function's spans
  /// are offsets in, its file's index, and the expression being emitted.
  private var sourceMap = SourceMap()
  private var source: SourceFile?
  private var file: Int32 = 0
  private var currentNode: Int32 = -1
  /// The last place a node's location was worked out, so the next one (code is emitted mostly
  /// in source order) is found by reading forward along the line instead of searching.
  private var cursor: (offset: Int, location: SourceLocation)?

  // MARK: Entry points

  /// Compiles a checked expression into a program whose function 0 is the expression, followed
  /// by the lets it calls (of `scope`, the ruleset it was checked in, and of its imports).
  static func compileExpression(
    _ function: CheckedFunction, globals: [String], source: String, scope: CheckedRuleset? = nil,
    hosts: [HostSignature] = []
  ) -> Program {
    var generator = CodeGen()
    if let scope {
      generator.unit = scope
      generator.rootName = scope.name
      generator.hosts = scope.hosts
    }
    generator.expressionHosts = hosts.filter { host in !(scope?.hosts.contains { $0.name == host.name } ?? false) }
    generator.enter(SourceFile(name: "<expression>", text: source), ruleset: "expression")
    _ = generator.compile(function)
    generator.drainLets()
    return generator.program(
      name: "expression", version: "0.0.0", sourceName: "<expression>", globals: globals, rules: [],
      metadata: RulesetMetadata(
        title: nil, summary: nil, help: nil, useWhen: [], avoidWhen: [], allow: [], golden: [], imports: []),
      sourceText: source)
  }

  /// Compiles a checked ruleset, its lets and the lets of its imports.
  static func compileRuleset(_ ruleset: CheckedRuleset) -> Program {
    var generator = CodeGen()
    generator.unit = ruleset
    generator.rootName = ruleset.name
    generator.hosts = ruleset.hosts
    generator.enter(ruleset.source, ruleset: ruleset.name)
    var rules: [CompiledRule] = []
    for rule in ruleset.rules {
      rules.append(generator.compile(rule, in: ruleset))
    }
    generator.drainLets()
    let syntax = ruleset.syntax
    let metadata = RulesetMetadata(
      title: syntax.title?.value, summary: syntax.summary?.value, help: syntax.help?.value,
      useWhen: syntax.useWhen.map(\.value), avoidWhen: syntax.avoidWhen.map { ($0.text.value, $0.instead?.value) },
      allow: syntax.allow.map(\.value), golden: syntax.golden.map(\.value),
      imports: syntax.imports.map { ($0.name.value, $0.range.value) }, isLibrary: syntax.isLibrary,
      definitionImports: syntax.imports.filter(\.definitionsOnly).map(\.name.value),
      extensions: syntax.extensions.map { item in
        RuleExtension(
          rule: item.ruleID, types: item.types.map(\.value),
          card: item.card.map { RuleInfo.CardEntry(section: $0.section.rawValue, text: $0.text.value) },
          line: ruleset.source.location(of: item.span.start).line)
      })
    return generator.program(
      name: ruleset.name, version: ruleset.version, sourceName: ruleset.source.name, globals: [], rules: rules,
      metadata: metadata, sourceText: String(decoding: ruleset.source.bytes, as: UTF8.self))
  }

  private func program(
    name: String, version: String, sourceName: String, globals: [String], rules: [CompiledRule],
    metadata: RulesetMetadata, sourceText: String
  ) -> Program {
    Program(
      name: name, version: version, sourceName: sourceName, metadata: metadata, code: code, functions: functions,
      constants: constants, hosts: hosts, globals: globals, compiledRules: rules, sourceText: sourceText,
      sourceMap: sourceMap)
  }

  /// Makes `source` (of the ruleset named `ruleset`) the one the next spans are offsets in.
  private mutating func enter(_ source: SourceFile, ruleset: String) {
    self.source = source
    cursor = nil
    if let index = sourceMap.files.firstIndex(where: { $0.ruleset == ruleset }) {
      file = Int32(index)
      return
    }
    file = Int32(sourceMap.files.count)
    sourceMap.files.append(
      SourceMap.File(ruleset: ruleset, name: source.name, digest: SourceMap.digest(source.bytes)))
  }

  private mutating func compile(_ rule: CheckedRule, in ruleset: CheckedRuleset) -> CompiledRule {
    let location = ruleset.source.location(of: rule.span.start)
    let requirements = rule.requirements.map { requirement in
      CompiledRequirement(
        kind: requirement.kind, function: Int(compile(requirement.function)), text: requirement.text,
        line: ruleset.source.location(of: requirement.span.start).line)
    }
    let info = RuleInfo(
      id: "\(ruleset.name)/\(rule.id)", localID: rule.id, ruleset: ruleset.name, version: ruleset.version,
      kind: rule.kind == .rule ? .rule : .review, severity: rule.severity, wcag: rule.wcag, title: rule.title,
      help: rule.help, message: rule.messageText,
      fix: ruleset.syntax.rules.first { $0.id.value == rule.id }?.fix?.plainText.map { rule.fixEdit?.hint($0) ?? $0 },
      selector: rule.selector.text, card: rule.card.map { RuleInfo.CardEntry(section: $0.0.rawValue, text: $0.1) },
      category: rule.category,
      // A check without holes is its decoded text (escapes resolved); one with holes is shown
      // as written, `{expression}` and all.
      checks: ruleset.syntax.rules.first { $0.id.value == rule.id }?.checks.map {
        $0.plainText ?? ruleset.source.text(Literals.contents(ruleset.source, $0.span).range)
      } ?? [],
      hostFunctions: rule.hosts, line: location.line)
    return CompiledRule(
      info: info, targetTypes: rule.selector.target, ancestorTypes: rule.selector.ancestors, bindings: rule.bindings,
      when: rule.when.map { Int(compile($0)) }, requirements: requirements,
      message: rule.message.map { Int(compile($0)) }, fix: rule.fix.map { Int(compile($0)) }, fixEdit: rule.fixEdit,
      checks: rule.checks.map { Int(compile($0)) })
  }

  /// Compiles one function and returns its index.
  private mutating func compile(_ function: CheckedFunction) -> Int32 {
    let index = Int32(functions.count)
    functions.append(
      FunctionInfo(name: function.name, entry: code.count, parameterCount: function.parameterCount, localCount: 0))
    slotMap = [:]
    for slot in 0..<function.parameterCount { slotMap[slot] = Int32(slot) }
    nextSlot = Int32(function.parameterCount)
    maxSlot = nextSlot
    emitBody(function.body)
    functions[Int(index)].localCount = Int(maxSlot)
    return index
  }

  /// Compiles the lets that calls referred to, until none are left.
  private mutating func drainLets() {
    while let pending = pendingLets.popLast() {
      let saved = (unit, source, file)
      unit = pending.unit
      enter(pending.unit.source, ruleset: pending.unit.name)
      let function = pending.unit.lets[pending.index]
      let entry = code.count
      slotMap = [:]
      for slot in 0..<function.parameterCount { slotMap[slot] = Int32(slot) }
      nextSlot = Int32(function.parameterCount)
      maxSlot = nextSlot
      emitBody(function.body)
      let name = pending.unit.name == rootName ? function.name : "\(pending.unit.name).\(function.name)"
      functions[Int(pending.function)] = FunctionInfo(
        name: name, entry: entry, parameterCount: function.parameterCount, localCount: Int(maxSlot))
      (unit, source, file) = saved
    }
  }

  /// The function index of a let, reserving it (to be compiled by `drainLets`) on first use.
  private mutating func letFunction(_ key: LetKey) -> Int32 {
    guard let current = unit else { preconditionFailure("a let was called outside a ruleset's scope") }
    let target = key.unit == 0 ? current : current.imports[key.unit - 1]
    let unitKey = "\(target.name)@\(target.version)"
    var table = letFunctions[unitKey] ?? [Int32](repeating: -1, count: target.lets.count)
    if table[key.index] >= 0 { return table[key.index] }
    let index = Int32(functions.count)
    functions.append(FunctionInfo(name: target.lets[key.index].name, entry: -1, parameterCount: 0, localCount: 0))
    table[key.index] = index
    letFunctions[unitKey] = table
    pendingLets.append((target, key.index, index))
    return index
  }

  // MARK: Emitting

  @discardableResult
  private mutating func emit(_ op: Opcode, _ a: Int32 = 0, _ b: Int32 = 0) -> Int {
    code.append(Instruction(op, a, b))
    sourceMap.instructions.append(currentNode)
    return code.count - 1
  }

  /// `source.location(of:)`, read forward from the last location asked for when `offset` is
  /// further along the same line (a compiled ruleset is valid UTF-8: a column is a lead byte).
  private mutating func location(of offset: Int, in source: SourceFile) -> SourceLocation {
    if let (last, location) = cursor, offset >= last, offset - last <= 256 {
      var column = location.column
      var sameLine = true
      source.bytes.withUnsafeBufferPointer { bytes in
        for index in last..<min(offset, bytes.count) {
          let byte = bytes[index]
          if byte == 0x0A || byte == 0x0D {
            sameLine = false
            break
          }
          if byte & 0xC0 != 0x80 { column += 1 }
        }
      }
      if sameLine {
        let found = SourceLocation(line: location.line, column: column)
        cursor = (offset, found)
        return found
      }
    }
    let found = source.location(of: offset)
    cursor = (offset, found)
    return found
  }

  /// A function's body and its `return`, which belongs to the body.
  private mutating func emitBody(_ body: IR) {
    let root = emit(body)
    currentNode = root
    emit(.return)
    currentNode = -1
  }

  /// Emits an expression as a node of the source map: its span, where it sits in the tree,
  /// and the instruction after its code.
  @discardableResult
  private mutating func emit(_ ir: IR) -> Int32 {
    guard let source else { preconditionFailure("code is emitted before its source is entered") }
    let node = Int32(sourceMap.nodes.count)
    let location = location(of: ir.span.start, in: source)
    sourceMap.nodes.append(
      SourceMap.Node(
        file: file, start: Int32(clamping: ir.span.start), end: Int32(clamping: ir.span.end),
        line: Int32(clamping: location.line), column: Int32(clamping: location.column), parent: currentNode, exit: 0,
        size: 1, kind: ir.explanationKind))
    let parent = currentNode
    currentNode = node
    emitCode(ir)
    currentNode = parent
    sourceMap.nodes[Int(node)].exit = here
    sourceMap.nodes[Int(node)].size = Int32(sourceMap.nodes.count) - node
    return node
  }

  private var here: Int32 { Int32(code.count) }

  /// The frame slot of a checked local: parameters and macro variables are all mapped before
  /// the checker lets an expression read them.
  private func frameSlot(_ slot: Int) -> Int32 {
    guard let frameSlot = slotMap[slot] else { preconditionFailure("local \(slot) is read outside its scope") }
    return frameSlot
  }

  private mutating func constant(_ value: Constant) -> Int32 {
    if let index = constantIndex[value] { return index }
    let index = Int32(constants.count)
    constants.append(value)
    constantIndex[value] = index
    return index
  }

  /// The program's index of a host function, added when a let of an import calls one the
  /// ruleset does not declare itself (it keeps the import's declaration, types and place).
  private mutating func hostIndex(_ signature: HostSignature) -> Int32 {
    if let index = hosts.firstIndex(where: { $0.name == signature.name }) { return Int32(index) }
    hosts.append(signature)
    return Int32(hosts.count - 1)
  }

  private mutating func emitCode(_ ir: IR) {
    switch ir.kind {
    case .null: emit(.null)
    case .bool(let value): emit(value ? .true : .false)
    case .int(let value): emit(.constant, constant(.int(value)))
    case .uint(let value): emit(.constant, constant(.uint(value)))
    case .double(let value): emit(.constant, constant(.double(value.bitPattern)))
    case .string(let value): emit(.constant, constant(.string(value)))
    case .bytes(let value): emit(.constant, constant(.bytes(value)))
    case .type(let tag): emit(.constant, constant(.type(tag)))
    case .failure(let message): emit(.fail, constant(.string(message)))
    case .local(let slot): emit(.local, frameSlot(slot))
    case .global(let index): emit(.global, Int32(index))
    case .select(let operand, let field, let nodeField, let testOnly):
      // `x.field` on a local (a node binding, a macro variable) is the commonest selection.
      if !testOnly, case .local(let slot) = operand.kind {
        emit(.selectLocal, frameSlot(slot), constant(.string(field)))
        return
      }
      emit(operand)
      emit(testOnly ? .has : .select, constant(.string(field)), nodeField?.rawValue ?? -1)
    case .builtin(let builtin, let args, _):
      // A literal name or prefix (`hasModifier("…")`, `startsWith('…')`) is an operand.
      if args.count == 2, case .string(let text) = args[1].kind {
        emit(args[0])
        emit(.builtinConstant, builtin.rawValue, constant(.string(text)))
        return
      }
      for arg in args { emit(arg) }
      emit(.builtin, builtin.rawValue, Int32(args.count))
    case .callLet(let key, let args):
      for arg in args { emit(arg) }
      emit(.call, letFunction(key), Int32(args.count))
    case .callHost(let index, let args):
      for arg in args { emit(arg) }
      // Indices past the ruleset's declarations are an expression's registered host functions.
      let declared = unit?.hosts ?? []
      let signature = index < declared.count ? declared[index] : expressionHosts[index - declared.count]
      emit(.host, hostIndex(signature), Int32(args.count))
    case .index(let operand, let index):
      emit(operand)
      emit(index)
      emit(.index)
    case .unary(let op, let operand):
      emit(operand)
      emit(op == .not ? .not : .negate)
    case .binary(let op, let left, let right):
      emitBinary(op, left, right)
    case .conditional(let condition, let whenTrue, let whenFalse):
      emit(condition)
      let branch = emit(.branch)
      emit(whenTrue)
      let skip = emit(.jump)
      code[branch].a = here
      emit(whenFalse)
      code[branch].b = here
      code[skip].a = here
    case .list(let elements):
      if !elements.isEmpty, let constants = elements.map(scalarConstant) as? [Constant] {
        emit(.constant, constant(.list(constants)))
        return
      }
      for element in elements { emit(element) }
      emit(.list, Int32(elements.count))
    case .map(let entries):
      for (key, value) in entries {
        emit(key)
        emit(value)
      }
      // Distinct string-constant keys need no comparing at every evaluation.
      var keys: [String] = []
      for (key, _) in entries {
        guard case .string(let text)? = scalarConstant(key) else { break }
        keys.append(text)
      }
      let distinct = keys.count == entries.count && Set(keys.map { Array($0.utf8) }).count == keys.count
      emit(.map, Int32(entries.count), distinct ? 1 : 0)
    case .template(let parts):
      for part in parts { emit(part) }
      emit(.template, Int32(parts.count))
    case .comprehension(let macro, let target, let variables, let args):
      emitComprehension(macro, target: target, variables: variables, args: args)
    }
  }

  /// The constant a literal scalar is, or nil.
  private func scalarConstant(_ ir: IR) -> Constant? {
    switch ir.kind {
    case .int(let value): .int(value)
    case .uint(let value): .uint(value)
    case .double(let value): .double(value.bitPattern)
    case .string(let value): .string(value)
    case .bytes(let value): .bytes(value)
    case .type(let tag): .type(tag)
    default: nil
    }
  }

  /// The constant a literal is — a scalar, or a non-empty list of scalars — or nil.
  private func literalConstant(_ ir: IR) -> Constant? {
    if let scalar = scalarConstant(ir) { return scalar }
    if case .list(let elements) = ir.kind, !elements.isEmpty,
      let constants = elements.map(scalarConstant) as? [Constant]
    {
      return .list(constants)
    }
    return nil
  }

  private mutating func emitBinary(_ op: BinaryOperator, _ left: IR, _ right: IR) {
    let shortCircuit: (Opcode, Opcode)? =
      switch op {
      case .and: (.and, .andCombine)
      case .or: (.or, .orCombine)
      case .implies: (.implies, .impliesCombine)
      default: nil
      }
    if let (test, combine) = shortCircuit {
      emit(left)
      let jump = emit(test)
      emit(right)
      emit(combine)
      code[jump].a = here
      return
    }
    let opcode: Opcode =
      switch op {
      case .equal: .equal
      case .notEqual: .notEqual
      case .less: .less
      case .lessEqual: .lessEqual
      case .greater: .greater
      case .greaterEqual: .greaterEqual
      case .in: .in
      case .add: .add
      case .subtract: .subtract
      case .multiply: .multiply
      case .divide: .divide
      case .remainder: .remainder
      case .and, .or, .implies: preconditionFailure("short-circuit operators are emitted above")
      }
    // A comparison with a literal (`x == 'destructive'`, `size() > 0`, `x in ['a', 'b']`)
    // takes the literal as an operand.
    if Self.comparisons.contains(opcode), let literal = literalConstant(right) {
      emit(left)
      emit(.compareConstant, constant(literal), Int32(opcode.rawValue))
      return
    }
    emit(left)
    emit(right)
    emit(opcode)
  }

  /// The binary operators `compareConstant` can run with a literal operand.
  private static let comparisons: Set<Opcode> = [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in]

  private mutating func emitComprehension(_ macro: Macro, target: IR, variables: [Int], args: [IR]) {
    let base = nextSlot
    nextSlot += 5
    maxSlot = max(maxSlot, nextSlot)
    defer { nextSlot -= 5 }
    slotMap[variables[0]] = base + 2
    let twoVariables = variables.count == 2
    if twoVariables { slotMap[variables[1]] = base + 4 }
    let accumulator = base + 3

    emit(target)
    var exits: [Int] = [emit(.iterInit, base)]
    switch macro {
    case .all:
      emit(.true)
      emit(.setLocal, accumulator)
    case .exists:
      emit(.false)
      emit(.setLocal, accumulator)
    case .existsOne, .map, .filter, .transformList, .transformMap:
      break  // iterInit starts the accumulator at 0
    }
    let loop = here
    let next = emit(twoVariables ? .iterNextPair : .iterNext, base)
    switch macro {
    case .all, .exists, .existsOne, .filter:
      emit(args[0])
      let step: Opcode =
        switch macro {
        case .all: .allStep
        case .exists: .existsStep
        case .existsOne: .existsOneStep
        default: .filterStep
        }
      exits.append(emit(step, base))
      emit(.jump, loop)
    case .map, .transformList, .transformMap:
      // With a filter, `branch` skips elements whose predicate is false.
      var branch: Int?
      if args.count == 2 {
        emit(args[0])
        branch = emit(.branch, loop)
      }
      let entries = macro == .transformMap
      if entries { emit(.local, base + 2) }
      emit(args[args.count - 1])
      exits.append(emit(entries ? .entryStep : .mapStep, base))
      emit(.jump, loop)
      if let branch {
        code[branch].b = here
        emit(.unwind, base, entries ? 2 : 1)
        exits.append(emit(.jump))
      }
    }
    code[next].b = here
    switch macro {
    case .all, .exists: emit(.local, accumulator)
    case .existsOne: emit(.existsOneDone, base)
    case .map, .filter, .transformList: emit(.collect, base)
    case .transformMap: emit(.collectMap, base)
    }
    for exit in exits {
      if code[exit].op == .jump { code[exit].a = here } else { code[exit].b = here }
    }
  }
}

extension IR {
  /// What the source map records the expression as.
  fileprivate var explanationKind: SourceMap.Kind {
    switch kind {
    case .local, .global, .type: .name
    case .callLet: .call
    case .comprehension: .comprehension
    case .template: .template
    case .unary(.not, _): .not
    default: isLiteral ? .literal : .other
    }
  }
}
