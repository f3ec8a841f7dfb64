import Foundation
import Testing

@testable import Precept

/// The source map and the VM's explain mode: what a finding's explanation, `:explain` and a
/// *not run* outcome read, and how packs keep the map.
@Suite struct TraceTests {
  static let helpers = """
    ruleset demo.helpers 1.0.0
    let hasLabel(m) = m.hasModifier("accessibilityLabel") || named(m)
    let named(m) = m.text() != "" && m.text().size() < 40
    let unlabelled(m) = !hasLabel(m)

    rule labelled {
      severity error
      on Menu as m
      require hasLabel(m)
    }
    rule plain {
      severity warning
      on Menu as m
      forbid m.children.size() > 1 && m.slot("label").size() > 0
    }
    rule chained {
      severity info
      on Menu as m
      forbid unlabelled(m)
    }
    """

  /// Every run-time error a clause can meet, one rule each.
  static let failing = """
    ruleset demo.failing 1.0.0
    host config(string) -> dyn
    host label(string) -> string
    let pattern(b) = "(" + b.text()

    rule regex {
      severity error
      on Button as b
      require b.text().matches(pattern(b))
    }
    rule overflow {
      severity error
      on Button as b
      require 9223372036854775807 + b.text().size() > 0
    }
    rule missing-key {
      severity error
      on Button as b
      when b.text() != ""
      require config(b.text()).size > 0
    }
    rule wrong-result {
      severity error
      on Button as b
      require label(b.text()) != ""
    }
    rule not-bool {
      severity error
      on Button as b
      require dyn(b.text())
    }
    """

  static let hosts = [
    HostFunction("config", parameters: [.string], result: .dyn) { _ in
      .map([Value.MapEntry(.string("width"), .int(1))])
    },
    HostFunction("label", parameters: [.string], result: .string) { _ in .int(7) },
  ]

  func rendered(_ engine: Engine, _ report: Report) -> (text: String, json: String, sarif: String) {
    let renderer = ReportRenderer(rules: engine.rules)
    return (renderer.render(report, as: .text), renderer.render(report, as: .json), renderer.render(report, as: .sarif))
  }

  @Test func aHelperCallRequireIsExplainedFromInsideTheHelper() throws {
    let engine = Engine(rulesets: [try Ruleset(text: Self.helpers, name: "demo.helpers.precept")])
    let report = engine.evaluate(try model(menuNodes))
    let finding = try #require(report.findings.first { $0.rule == "demo.helpers/labelled" })
    // hasLabel's body, with what decided it; `named(m)` is one of its operands, not the
    // whole body, so the explanation does not go further down.
    #expect(finding.explanation.helpers.map(\.clause) == ["hasLabel(m)"])
    #expect(
      finding.explanation.helpers.first?.operands.map(\.text) == [#"m.hasModifier("accessibilityLabel")"#, "named(m)"])
    #expect(finding.explanation.helpers.first?.place?.line == 2)
    // A helper whose body is one call of another is followed down to the one that decided.
    let chained = try #require(report.findings.first { $0.rule == "demo.helpers/chained" })
    #expect(chained.explanation.helpers.map(\.clause) == ["unlabelled(m)", "hasLabel(m)"])
    let output = rendered(engine, report)
    Golden.verify(output.text, "reports", "helper-call.txt")
    Golden.verify(output.json, "reports", "helper-call.json")
  }

  @Test func runTimeErrorsNameTheSubExpressionAndQuoteTheClause() throws {
    let engine = Engine(
      rulesets: [try Ruleset(text: Self.failing, name: "demo.failing.precept")], hostFunctions: Self.hosts)
    try engine.validate()
    let report = engine.evaluate(try model(menuNodes))
    let places = report.notRun.filter { $0.line == 4 }.map {
      "\($0.rule) \($0.place.map { "\($0.file):\($0.line):\($0.column)" } ?? "-") \($0.clause ?? "-")"
    }
    #expect(
      places == [
        "demo.failing/missing-key demo.failing.precept:20:11 require config(b.text()).size > 0",
        "demo.failing/not-bool demo.failing.precept:30:11 require dyn(b.text())",
        "demo.failing/overflow demo.failing.precept:14:11 require 9223372036854775807 + b.text().size() > 0",
        "demo.failing/regex demo.failing.precept:9:11 require b.text().matches(pattern(b))",
        "demo.failing/wrong-result demo.failing.precept:25:11 require label(b.text()) != \"\"",
      ])
    let output = rendered(engine, report)
    Golden.verify(output.text, "reports", "run-time-errors.txt")
    Golden.verify(output.json, "reports", "run-time-errors.json")
    Golden.verify(output.sarif, "reports", "run-time-errors.sarif")
  }

  @Test func anErrorInsideAHelperNamesTheHelpersLine() throws {
    let engine = Engine(
      rulesets: [
        try Ruleset(
          text: """
            ruleset demo.inner 1.0.0
            let ratio(b) =
              b.text().size() / (b.args.size() - 1)
            rule r {
              severity error
              on Button as b
              require ratio(b) > 0
            }
            """, name: "demo.inner.precept")
      ])
    let report = engine.evaluate(try model(menuNodes))
    let notRun = try #require(report.notRun.first)
    #expect(notRun.message == "division by zero")
    #expect(notRun.place?.line == 3 && notRun.place?.column == 3)
    #expect(notRun.place?.expression == "b.text().size() / (b.args.size() - 1)")
    #expect(notRun.clause == "require ratio(b) > 0")
  }

  @Test func aMissingHostFunctionNamesItsCall() throws {
    // An engine that is not validated (as the REPL's) reports the rule as not run.
    let engine = Engine(rulesets: [try Ruleset(text: Self.failing, name: "demo.failing.precept")])
    let report = engine.evaluate(try model(menuNodes), options: EvaluationOptions(rules: ["demo.failing/wrong-result"]))
    let notRun = try #require(report.notRun.first)
    #expect(notRun.reason == .hostFunctionMissing)
    #expect(notRun.place?.line == 25 && notRun.place?.expression == "label(b.text())")
    #expect(notRun.clause == #"require label(b.text()) != """#)
  }

  @Test func aBudgetStopNamesWhereTheRunStopped() throws {
    let limits = EvaluationLimits(costBudget: 50)
    let engine = Engine(
      rulesets: [
        try Ruleset(
          text: """
            ruleset demo.budget 1.0.0
            rule r {
              severity error
              on Menu as m
              require [1, 2, 3, 4, 5, 6, 7, 8].all(i, [1, 2, 3, 4, 5, 6, 7, 8].all(j, i * j + m.children.size() > 0))
            }
            """, name: "demo.budget.precept")
      ], limits: limits)
    let report = engine.evaluate(try model(menuNodes))
    let notRun = try #require(report.notRun.first)
    #expect(notRun.reason == .costBudgetExceeded)
    #expect(notRun.place?.file == "demo.budget.precept" && notRun.place?.line == 5)
    // Explaining does not spend the file's budget a second time: two Menus, each stopped
    // just over the budget.
    #expect(report.notRun.count == 2 && report.cost < 2 * 60, "cost \(report.cost)")
  }

  @Test func explainModeSeesTheValuesTheNormalRunComputed() throws {
    let ruleset = try Ruleset(text: Self.helpers)
    let model = try model(menuNodes)
    let vm = VM(program: ruleset.program, model: model)
    let rule = try #require(ruleset.program.compiledRules.first)
    let function = rule.requirements[0].function
    let normal = vm.run(function, [.node(1)])
    let cost = vm.cost
    let (traced, trace) = vm.runTraced(function, [.node(1)])
    #expect(normal.isBool(false) && traced.isBool(false) && vm.cost == cost)
    // The body's value is recorded at its root; nothing is recorded without a trace.
    let root = ruleset.program.sourceMap.root(
      of: ruleset.program.sourceMap.node(at: ruleset.program.functions[function].entry))
    #expect(trace.values[root]?.isBool(false) == true)
  }

  @Test func everyNodesLineAndColumnAreItsSpansStart() throws {
    let text = """
      ruleset demo.places 1.0.0
      let wide(m) = m.text() == "é…é" ||
        m.children.exists(c, c.text() in ["…", "ü"] &&
                             c.type == "Button")
      rule r {
        severity error
        on Menu as m
        require wide(m) || m.text().size() > "ü…".size()
        message "«{m.text()}» is not wide"
      }
      """
    let ruleset = try Ruleset(text: text, name: "demo.places.precept")
    let source = SourceFile(name: "demo.places.precept", text: text)
    let map = ruleset.program.sourceMap
    #expect(map.nodes.count > 20 && map.instructions.count == ruleset.program.code.count)
    for node in map.nodes {
      #expect(source.location(of: Int(node.start)) == SourceLocation(line: Int(node.line), column: Int(node.column)))
    }
  }

  @Test func textsOverSeveralLinesReadAsOneLine() {
    #expect(oneLine("a &&\n    b") == "a && b")
    #expect(oneLine("x  \r\n\t  y\u{2028} z") == "x y z")
    #expect(oneLine("«é»\n") == "«é»")
    #expect(oneLine("one line") == "one line")
  }

  // MARK: Packs

  @Test func aPackKeepsTheSourceMap() throws {
    let ruleset = try Ruleset(text: Self.helpers, name: "demo.helpers.precept")
    let pack = Pack(ruleset)
    let loaded = try Pack(bytes: pack.bytes, name: pack.fileName).ruleset(resolver: nil)
    #expect(!ruleset.program.sourceMap.nodes.isEmpty)
    #expect(loaded.program.sourceMap == ruleset.program.sourceMap)
    #expect(loaded.program.compiledRules.map(\.bindings) == [["m"], ["m"], ["m"]])
    let report = Engine(rulesets: [loaded]).evaluate(try model(menuNodes))
    #expect(report.findings.first { $0.rule == "demo.helpers/chained" }?.explanation.helpers.count == 2)
  }

  /// A pack `precept pack` wrote before programs had source maps (its rules still list the
  /// operand functions explanations used to run one by one).
  @Test func aPackWithoutASourceMapLoadsAndNamesPlaces() throws {
    let bytes = Golden.bytes("packs", "legacy.nomap-1.0.0.preceptpack")
    let pack = try Pack(bytes: bytes, name: "legacy.nomap-1.0.0.preceptpack")
    let bytecode = String(decoding: pack.bytecode, as: UTF8.self)
    #expect(bytecode.contains(#""operands""#) && !bytecode.contains("sourceMap"))
    let ruleset = try pack.ruleset(resolver: nil)
    #expect(!ruleset.program.sourceMap.instructions.isEmpty)
    let report = Engine(rulesets: [ruleset]).evaluate(try model(menuNodes))
    #expect(report.notRun.first?.place?.line == 9)
    let explained = try #require(
      Engine(rulesets: [ruleset]).explain(rule: "legacy.nomap/labelled", in: model(menuNodes)))
    #expect(
      explained.first?.clauses.first?.parts.map(\.text).prefix(2) == [
        #"hasLabel(b) && b.text().size() < 100"#, "hasLabel(b)",
      ])
  }

  @Test func aSourceMapOutOfRangeIsRefused() throws {
    let ruleset = try Ruleset(text: Self.helpers)
    let program = ruleset.program
    var map = program.sourceMap
    map.instructions[0] = Int32(map.nodes.count)
    let altered = Program(
      name: program.name, version: program.version, sourceName: program.sourceName, metadata: program.metadata,
      code: program.code, functions: program.functions, constants: program.constants, hosts: program.hosts,
      globals: program.globals, compiledRules: program.compiledRules, sourceText: program.sourceText, sourceMap: map)
    #expect {
      try BytecodeFormat.decode(BytecodeFormat.encode(altered), sourceText: program.sourceText)
    } throws: { error in
      "\(error)".contains("source map: an instruction names node")
    }
  }
}

extension Word {
  fileprivate func isBool(_ value: Bool) -> Bool {
    if case .bool(value) = self { return true }
    return false
  }
}
