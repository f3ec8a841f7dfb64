import Foundation
import Testing

@testable import Precept

/// What the REPL asks of the engine: expressions in a ruleset's scope and against a model,
/// rules explained part by part, one rule's bytecode, and how far input gets with the lexer.
@Suite struct InspectionTests {
  let base = try! Ruleset(
    text: """
      ruleset base 1.0.0
      let iconOnly(m) = m.slot("label").size() > 0 && m.slot("label").all(n, n.type == "Image")
      let label(m) = m.modifier("accessibilityLabel").text()
      """)
  let other = try! Ruleset(
    text: """
      ruleset other 1.0.0
      let label(m) = m.text()
      let answer = 42
      """)

  func scratch(_ body: String = "", imports: [Ruleset]? = nil) throws -> Ruleset {
    let imported = imports ?? [base, other]
    let header = "ruleset repl 0.0.0\n" + imported.map { "import \($0.name) =\($0.version)\n" }.joined()
    return try Ruleset(
      source: SourceFile(name: "<repl>", text: header + body),
      resolver: { name, _ in imported.first { $0.name == name } }, openImports: true)
  }

  // MARK: Expressions in a scope and against a model

  @Test func expressionsSeeTheLetsOfTheirScope() throws {
    let model = try model(menuNodes)
    let scope = try scratch("let twice(x) = x * 2\n")
    func value(_ text: String, _ bindings: [String: Value] = [:]) throws -> Value {
      try CompiledExpression(text, variables: Array(bindings.keys), in: scope).evaluate(bindings, model: model).get()
    }
    let menu = Value.node(model.node(1))
    #expect(try value("twice(21)") == .int(42))
    #expect(try value("iconOnly(m)", ["m": menu]) == .bool(true))
    #expect(try value("base.iconOnly(m)", ["m": menu]) == .bool(true))
    #expect(try value("answer + 1") == .int(43))
    #expect(try value("other.label(m)", ["m": .node(model.node(5))]) == .string("Actions"))
    // A variable shadows a let of the same name.
    #expect(try value("answer", ["answer": .int(1)]) == .int(1))
  }

  @Test func aNameTwoImportsDefineMustBeQualified() throws {
    let scope = try scratch()
    #expect {
      try CompiledExpression("label(m)", variables: ["m"], in: scope)
    } throws: { error in
      let diagnostic = (error as? DiagnosticError)?.diagnostics.first
      return diagnostic?.message == "'label' is defined in several rulesets"
        && diagnostic?.help == "write the one you mean: base.label or other.label"
    }
  }

  @Test func onlyOpenRulesetsReachImportedLetsUnqualified() throws {
    let rule = "rule r {\n  severity error\n  on Menu as m\n  require iconOnly(m)\n}\n"
    _ = try scratch(rule, imports: [base])
    #expect(throws: DiagnosticError.self) {
      try Ruleset(
        text: "ruleset closed 1.0.0\nimport base 1.0.0\n" + rule, resolver: { name, _ in name == "base" ? base : nil })
    }
  }

  @Test func nodeValuesBelongToTheModelTheyAreEvaluatedAgainst() throws {
    let model = try model(menuNodes)
    #expect(model.node(1) == NodeReference(type: "Menu", file: "Screen.swift", line: 3, column: 5, index: 1))
    #expect(model.parent(of: 0) == nil && model.parent(of: 4) == 1)
    #expect(model.name(of: 0) == "MapScreen" && model.name(of: 1) == nil)
    let children = try CompiledExpression("m.children.map(c, c.text())", variables: ["m"])
    #expect(
      try children.evaluate(["m": .node(model.node(1))], model: model).get()
        == .list([.string("Rename"), .string("Delete")]))
    let outside = NodeReference(type: "Menu", file: "Screen.swift", line: 3, column: 5, index: 99)
    #expect(throws: EvaluationError.self) { try children.evaluate(["m": .node(outside)], model: model).get() }
  }

  // MARK: Explanations

  let rules = """
    ruleset demo 1.0.0
    let iconOnly(m) = m.slot("label").size() > 0
    rule trigger-name {
      severity error
      on Menu as m
      when iconOnly(m)
      require m.hasModifier("accessibilityLabel") && m.modifier("accessibilityLabel").text() != ""
      forbid m.children.exists(c, c.text() == "") || m.children.size() > 9
    }
    rule destructive {
      severity warning
      on Button as b inside Menu as m
      require b.text() == "Delete" ? b.arg("role").value == ".destructive" : true
    }
    """

  @Test func explanationsGiveEveryClauseAndPart() throws {
    let engine = Engine(rulesets: [try Ruleset(text: rules)])
    let model = try model(menuNodes)
    let explanations = try #require(engine.explain(rule: "demo/trigger-name", in: model))
    #expect(explanations.map(\.node.index) == [1, 5])
    let first = explanations[0]
    #expect(first.bindings.map(\.name) == ["m"] && first.bindings.first?.value == .node(model.node(1)))
    #expect(first.clauses.map(\.kind) == ["when", "require", "forbid"])
    func rendered(_ clause: RuleExplanation.Clause) -> [String] {
      clause.parts.map { part in
        let value: String
        switch part.value {
        case nil: value = "not evaluated"
        case .success(let result): value = Printer.literal(result)
        case .failure(let error): value = "error: \(error.message)"
        }
        return String(repeating: "  ", count: part.depth) + part.text + " = " + value
      }
    }
    // A clause that is one helper call shows the helper's body and its parts below it.
    #expect(
      rendered(first.clauses[0]) == [
        "iconOnly(m) = true",
        #"  in iconOnly(m): m.slot("label").size() > 0 = true"#,
        #"    m.slot("label").size() = 1"#,
        "      m.slot(\"label\") = [<Image Screen.swift:6:7>]",
      ])
    // `&&` is decided by its left side, so the right side is not evaluated.
    #expect(
      rendered(first.clauses[1]) == [
        #"m.hasModifier("accessibilityLabel") && m.modifier("accessibilityLabel").text() != "" = false"#,
        #"  m.hasModifier("accessibilityLabel") = false"#,
        #"  m.modifier("accessibilityLabel").text() != "" = not evaluated"#,
        #"    m.modifier("accessibilityLabel").text() = not evaluated"#,
        #"      m.modifier("accessibilityLabel") = not evaluated"#,
      ])
    // A macro is explained as a whole; its body reads the macro's variable and is left out.
    #expect(
      rendered(first.clauses[2]) == [
        #"m.children.exists(c, c.text() == "") || m.children.size() > 9 = false"#,
        #"  m.children.exists(c, c.text() == "") = false"#,
        "    m.children = [<Button Screen.swift:4:7>, <Button Screen.swift:5:7>]",
        "  m.children.size() > 9 = false",
        "    m.children.size() = 2",
        "      m.children = [<Button Screen.swift:4:7>, <Button Screen.swift:5:7>]",
      ])
    let second = explanations[1]
    #expect(
      rendered(second.clauses[0])[0...1] == [
        "iconOnly(m) = false", #"  in iconOnly(m): m.slot("label").size() > 0 = false"#,
      ])
    #expect(rendered(second.clauses[1])[3] == #"    m.modifier("accessibilityLabel").text() = "More""#)
  }

  @Test func explanationsFollowTheBranchAConditionalTakes() throws {
    let engine = Engine(rulesets: [try Ruleset(text: rules)])
    let model = try model(menuNodes)
    let explanations = try #require(engine.explain(rule: "demo/destructive", in: model, nodes: [2, 6]))
    #expect(explanations.map(\.node.index) == [2, 6])
    #expect(explanations[1].bindings.map(\.name) == ["b", "m"])
    #expect(explanations[1].bindings.last?.value == .node(model.node(5)))
    let rename = explanations[0].clauses[0].parts
    #expect(rename.map(\.depth) == [0, 1, 2, 1, 2, 3])
    #expect(rename[1].text == #"b.text() == "Delete""# && rename[1].value == .success(.bool(false)))
    #expect(rename[3].text == #"b.arg("role").value == ".destructive""# && rename[3].value == nil)
    let delete = explanations[1].clauses[0].parts
    #expect(delete[0].value == .success(.bool(false)))
    #expect(delete[5].text == #"b.arg("role")"# && delete[5].value == .success(.null))
    #expect(delete[4].text == #"b.arg("role").value"# && delete[4].value == .success(.null))
    #expect(engine.explain(rule: "demo/missing", in: model) == nil)
  }

  @Test func oneRulesBytecodeHasItsClausesAndTheLetsTheyCall() throws {
    let ruleset = try Ruleset(text: rules)
    let text = try #require(ruleset.disassembly(ofRule: "trigger-name"))
    #expect(text.contains("trigger-name.when") && text.contains("trigger-name.require#1"))
    #expect(text.contains(" iconOnly (params: 1"))
    #expect(!text.contains("destructive"))
    #expect(ruleset.disassembly(ofRule: "demo/destructive")?.contains("destructive.require#1") == true)
    #expect(ruleset.disassembly(ofRule: "nothing") == nil)
    #expect(ruleset.letSignatures == ["iconOnly(m)"])
  }

  // MARK: Input

  @Test(arguments: [
    ("1 + 2", true), ("", true), ("f(1,", false), ("[1, [2]]", true), ("{'a': (1", false), ("1 +", false),
    ("a &&\n b", true), ("x.", false), ("\"(\"", true), ("'unterminated", true), ("\"\"\"open\n(", false),
    ("r'''raw\\'''", true), ("1 // (", true), ("1 + // comment", false), ("rule x {\n  on Menu", false),
    ("rule x {\n}", true), ("(1))", true), ("`quoted(`", true),
    // The parser decides, so a declaration is unfinished until it has what it needs.
    ("rule x", false), ("let", false), ("let f(x)", false), ("host f(a,", false), ("rule", true),
    ("// only a comment", true), ("1 2", true),
  ])
  func completeness(_ text: String, _ complete: Bool) {
    #expect(InputState(text).isComplete == complete)
  }

  @Test func openStringsAreFoundForCompletion() {
    #expect(InputState(#"m.modifier("acc"#).openStringContent == 12)
    #expect(InputState(#"m.modifier(r'acc"#).openStringContent == 13)
    #expect(InputState(#"x == """Me"#).openStringContent == 8)
    #expect(InputState(#"m.modifier("acc")"#).openStringContent == nil)
  }
}
