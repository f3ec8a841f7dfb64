import Testing

@testable import Precept

/// Every limit that bounds untrusted input exists, is enforced, and names itself in its error
/// (Tests/Fuzz/README.md lists them). The Swift reader's and the tool's limits are tested beside
/// their code.
@Suite struct LimitTests {
  func failure(_ source: String, _ bindings: [String: Value] = [:], limits: EvaluationLimits = .standard) throws
    -> String?
  {
    let expression = try CompiledExpression(source, variables: bindings.keys.sorted())
    guard case .failure(let error) = expression.evaluate(bindings, limits: limits) else { return nil }
    return error.message
  }

  // MARK: Cost budget

  @Test func costBudgetStopsAnEvaluation() throws {
    let limits = EvaluationLimits(costBudget: 50)
    let message = try failure("[1, 2, 3, 4, 5, 6, 7, 8].map(x, [1, 2, 3].map(y, x * y))", limits: limits)
    #expect(message?.hasPrefix("evaluation cost budget of 50 exceeded") == true)
    #expect(try failure("[1, 2, 3].map(x, x * 2)", limits: limits) == nil)
  }

  @Test func costBudgetMakesARuleNotRun() throws {
    let source = """
      ruleset costly 1.0.0
      rule r {
        severity error
        on Button
        require [1, 2, 3, 4, 5, 6, 7, 8].all(x, [1, 2, 3, 4].all(y, x * y > 0))
      }
      """
    let engine = Engine(rulesets: [try Ruleset(text: source)], limits: EvaluationLimits(costBudget: 40))
    let model = try ViewModel(json: SourceFile(name: "m.json", text: #"{"viewmodel":1,"nodes":[{"type":"Button"}]}"#))
    let notRun = try #require(engine.evaluate(model).notRun.first)
    #expect(notRun.reason == .costBudgetExceeded)
    #expect(notRun.message.hasPrefix("evaluation cost budget of 40 exceeded"))
  }

  // MARK: Strings and collections an expression makes

  @Test(arguments: [
    "s + s", "[s, s].join()", "[s, 'x'].join(s)", "s.replace('a', 'aa')", "(b + b).size()", "[s, s].join('')",
  ])
  func stringsAreLimited(source: String) throws {
    let limits = EvaluationLimits(maximumStringLength: 100)
    let bindings: [String: Value] = [
      "s": .string(String(repeating: "a", count: 60)), "b": .bytes(Array(repeating: 1, count: 60)),
    ]
    let message = try #require(try failure(source, bindings, limits: limits))
    #expect(message.hasPrefix("a string would be "))
    #expect(message.hasSuffix(" bytes, over the limit of 100"))
  }

  @Test func templatesAreLimited() throws {
    let source = """
      ruleset long 1.0.0
      rule r {
        severity error
        on Button
        require false
        message "{node.type}{node.type}{node.type}{node.type}"
      }
      """
    let engine = Engine(rulesets: [try Ruleset(text: source)], limits: EvaluationLimits(maximumStringLength: 20))
    let model = try ViewModel(json: SourceFile(name: "m.json", text: #"{"viewmodel":1,"nodes":[{"type":"Button"}]}"#))
    let finding = try #require(engine.evaluate(model).findings.first)
    #expect(finding.message == "<error: a string would be 24 bytes, over the limit of 20>")
  }

  @Test(arguments: [
    "l + l", "l.map(x, x)", "l.filter(x, true)", "l.map(x, true, x)", "l.transformMap(i, v, v)", "s.split('')",
    "l.map(x, [x, x]).size()",
  ])
  func collectionsAreLimited(source: String) throws {
    let limits = EvaluationLimits(maximumCollectionSize: 10)
    let bindings: [String: Value] = [
      "l": .list((1...11).map { .int($0) }), "s": .string(String(repeating: "a", count: 11)),
    ]
    let message = try failure(source, bindings, limits: limits)
    if source == "l.map(x, [x, x]).size()" {
      #expect(message?.hasPrefix("a list or map would exceed the limit of 10 elements") == true)
    } else {
      #expect(message == "a list or map would exceed the limit of 10 elements")
    }
  }

  @Test func collectionsWithinTheLimitAreMade() throws {
    let limits = EvaluationLimits(maximumCollectionSize: 10)
    let expression = try CompiledExpression("l.map(x, x * 2).size()", variables: ["l"])
    #expect(expression.evaluate(["l": .list((1...10).map { .int($0) })], limits: limits) == .success(.int(10)))
  }

  // MARK: Literals

  func compileError(_ source: String) -> Diagnostic? {
    do {
      _ = try CompiledExpression(source)
      return nil
    } catch {
      return error.diagnostics.first
    }
  }

  /// Found by attack: a 2 MiB string literal, or a list literal of 200,000 elements, compiled
  /// and ran, past the limits every value an expression builds is held to.
  @Test func literalsOverTheLimitsAreCompileErrors() throws {
    let string = compileError("size(\"" + String(repeating: "a", count: 2 << 20) + "\")")
    #expect(
      string?.message.contains("over the limit of 1048576 bytes (1 MiB)") == true, "\(String(describing: string))")
    #expect(string?.location.line == 1 && string?.location.column == 6)
    let bytes = compileError("size(b\"" + String(repeating: "a", count: (1 << 20) + 1) + "\")")
    #expect(bytes?.message.contains("bytes literal") == true)
    let list = compileError("[\n" + String(repeating: "1, ", count: 200_000) + "1].size()")
    #expect(list?.message.contains("over the limit of 100000 elements") == true, "\(String(describing: list))")
    #expect(list?.location.line == 1 && list?.location.column == 1)
    let map = compileError("{" + (0...100_000).map { "\($0): 1" }.joined(separator: ", ") + "}.size()")
    #expect(map?.message.contains("map literal has 100001 elements") == true)
    // At the limit, they compile.
    #expect(compileError("size(\"" + String(repeating: "a", count: 1 << 20) + "\")") == nil)
    #expect(compileError("[" + String(repeating: "1, ", count: 99_999) + "1].size()") == nil)
  }

  /// A pack's constant pool is held to the same limits by the verifier.
  @Test func packConstantsOverTheLimitsAreRejected() throws {
    let program = try CompiledExpression("\"a\" + \"b\"").program
    for (constant, expected) in [
      (Constant.string(String(repeating: "a", count: (1 << 20) + 1)), "1048577 bytes, over the limit of 1048576 bytes"),
      (.list(Array(repeating: .int(1), count: 100_001)), "100001 elements, over the limit of 100000 elements"),
      (.list([.list([.bytes(Array(repeating: 0, count: (1 << 20) + 1))])]), "over the limit of 1048576 bytes"),
    ] {
      let altered = Program(
        name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
        code: program.code, functions: program.functions, constants: program.constants + [constant],
        hosts: program.hosts, globals: program.globals, compiledRules: program.compiledRules,
        sourceText: program.sourceText)
      #expect(throws: Verifier.Failure.self) { try Verifier.verify(altered) }
      do {
        try Verifier.verify(altered)
      } catch {
        #expect(error.message.contains(expected), "\(error.message)")
      }
    }
  }

  // MARK: Nesting

  /// A level is one step of the parser's descent: a bracket pair is two (the bracket and the
  /// expression inside), an operator, selection or call one.
  @Test func rulesetExpressionsNestAtMost200Levels() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "(", count: depth) + "true" + String(repeating: ")", count: depth)
    }
    _ = try CompiledExpression(nested(99))
    _ = try CompiledExpression(String(repeating: "!", count: 199) + "true")
    #expect(throws: DiagnosticError.self) { try CompiledExpression(String(repeating: "!", count: 200) + "true") }
    #expect {
      try CompiledExpression(nested(100))
    } throws: { error in
      (error as? DiagnosticError)?.diagnostics.map(\.message) == [
        "expression is nested more deeply than the limit of 200 levels"
      ]
    }
  }

  @Test func jsonNestsAtMost512Levels() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }
    _ = try JSON.parse(nested(512))
    #expect {
      try JSON.parse(nested(513))
    } throws: { error in
      let diagnostic = (error as? DiagnosticError)?.diagnostics.first
      return diagnostic?.message == "JSON nesting is deeper than the limit of 512 levels"
        && diagnostic?.location == Precept.SourceLocation(line: 1, column: 513)
    }
  }

  /// View models nest through JSON, so the JSON limit bounds them: 255 levels of children.
  @Test func viewModelsNestAsDeepAsTheirJSON() throws {
    func document(_ depth: Int) -> String {
      var node = #"{"type": "Leaf"}"#
      for _ in 1..<depth { node = #"{"type": "VStack", "children": ["# + node + "]}" }
      return #"{"viewmodel": 1, "nodes": ["# + node + "]}"
    }
    let model = try ViewModel(json: SourceFile(name: "m.json", text: document(255)))
    #expect(model.nodeCount == 255)
    #expect(throws: DiagnosticError.self) { try ViewModel(json: SourceFile(name: "m.json", text: document(256))) }
  }
}
