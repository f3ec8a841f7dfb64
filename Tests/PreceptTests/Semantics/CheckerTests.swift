import Foundation
import Testing

@testable import Precept

/// The checker's golden tests: each `Golden/checker/*.precept` is compiled with `Ruleset`
/// (imports come from `Golden/checker/lib/NAME.precept`, or are an empty ruleset of that name)
/// and each `*.cel` with `CompiledExpression`; the rendered diagnostics must equal the `.diagnostics`
/// file beside it.
@Suite struct CheckerGoldenTests {
  static let inputs = Golden.inputs("checker", ["cel", "precept"])

  @Test func goldenFolderIsNotEmpty() {
    #expect(Self.inputs.count >= 8)
  }

  @Test(arguments: inputs)
  func golden(_ name: String) {
    let source = SourceFile(name: name, bytes: Golden.bytes("checker", name))
    Golden.verify(
      Self.diagnostics(source, isRuleset: name.hasSuffix(".precept")), "checker", Golden.sibling(name, "diagnostics"))
  }

  static let resolver: Ruleset.Resolver = { name, _ in
    let library = Golden.url("checker/lib", name + ".precept")
    if let data = try? Data(contentsOf: library) {
      return try Ruleset(source: SourceFile(name: "lib/\(name).precept", bytes: Array(data)))
    }
    return try Ruleset(text: "ruleset \(name) 1.0.0", name: "lib/\(name).precept")
  }

  static func diagnostics(_ source: SourceFile, isRuleset: Bool) -> String {
    do {
      if isRuleset {
        _ = try Ruleset(source: source, resolver: resolver)
      } else {
        _ = try CompiledExpression(String(decoding: source.bytes, as: UTF8.self), name: source.name)
      }
      return "no diagnostics\n"
    } catch {
      return error.rendered() + "\n"
    }
  }
}

/// The messages of the diagnostics compiling `text` as a ruleset gives, none when it compiles.
private func diagnosticMessages(_ text: String) -> [String] {
  do {
    _ = try Ruleset(text: text, name: "r.precept")
    return []
  } catch {
    return error.diagnostics.map(\.message)
  }
}

@Suite struct CheckerTests {
  func messages(_ text: String) -> [String] { diagnosticMessages(text) }

  @Test func aCleanRulesetHasNoDiagnostics() {
    let text = """
      ruleset ok 1.0.0
      let named(n) = n.text() != null
      rule r { severity error wcag "4.1.2" on Button as b inside Menu as m when named(b) require m.type == "Menu" }
      review v { on Menu check "listen to {node.type}" }
      """
    #expect(messages(text) == [])
  }

  @Test func didYouMeanIsStableAcrossEqualCandidates() {
    // 'ab' and 'ba' are both one edit from 'aa'; the first in sorted order wins every run.
    let text = "ruleset r 1.0.0\nlet ba = 1\nlet ab = 2\nlet x = aa"
    for _ in 0..<5 {
      #expect(throws: DiagnosticError.self) { try Ruleset(text: text) }
      do {
        _ = try Ruleset(text: text)
      } catch {
        #expect(error.diagnostics.map(\.help) == ["did you mean 'ab'?"])
      }
    }
  }

  @Test func localsShadowLetsAndQualifiedNames() throws {
    let text = """
      ruleset r 1.0.0
      let x = 1
      rule a { severity info on T require [2].all(x, x == 2) }
      """
    #expect(messages(text) == [])
  }

  @Test func bindingsDefaultToNode() {
    #expect(messages("ruleset r 1.0.0\nrule a { severity info on T require node.type == 'T' }") == [])
    #expect(
      messages("ruleset r 1.0.0\nrule a { severity info on T as t require node.type == 'T' }") == [
        "unknown name 'node'"
      ])
  }

  @Test func uncheckedExpressionsDeferUnknownNamesToEvaluation() throws {
    let expression = try CompiledExpression("true || nope(1) || missing", checked: false)
    #expect(expression.evaluate() == .success(.bool(true)))
    let failing = try CompiledExpression("missing + 1", checked: false)
    #expect(failing.evaluate() == .failure(EvaluationError("unknown name 'missing'")))
    #expect(throws: DiagnosticError.self) { try CompiledExpression("missing + 1") }
  }
}

@Suite struct CheckerLimitTests {
  /// Recursion detection walks the graph of lets; a long chain must not exhaust the stack.
  @Test func longChainsOfLets() throws {
    let count = 50_000
    var text = "ruleset chain 1.0.0\n"
    for index in 0..<count { text += "let l\(index) = l\(index + 1) + 1\n" }
    text += "host h(x)\nlet l\(count) = h(0)\n"
    text += "rule r { severity info on T require l0 == \(count) }\n"
    // The rule needs the host function the end of the chain calls.
    #expect(try Ruleset(text: text).program.rules.first?.hostFunctions == ["h"])
    text += "let l\(count + 1) = l0\nlet x = l\(count + 1)\n"
    text = text.replacingOccurrences(of: "let l\(count) = h(0)", with: "let l\(count) = l\(count + 1)")
    #expect(throws: DiagnosticError.self) { try Ruleset(text: text) }
  }
}

/// Imports resolved by a `RulesetLibrary`, as the command line resolves them: each
/// `Golden/library/*.precept` is compiled against a library holding `Golden/library/lib/`, and its
/// diagnostics are compared with `NAME.diagnostics`. A misspelt import is suggested a ruleset
/// the library holds.
@Suite struct LibraryImportGoldenTests {
  static let inputs = Golden.inputs("library", ["precept"])

  @Test func goldenFolderIsNotEmpty() {
    #expect(!Self.inputs.isEmpty)
  }

  @Test(arguments: inputs)
  func golden(_ name: String) throws {
    let library = RulesetLibrary()
    try library.add(path: Golden.url("library", "lib").path)
    let source = SourceFile(name: name, bytes: Golden.bytes("library", name))
    try library.add(source)
    let entry = try #require(library.entries.first { $0.source.name == name })
    var output = "no diagnostics\n"
    do {
      _ = try library.ruleset(entry)
    } catch {
      output = error.rendered() + "\n"
    }
    // The library's paths are absolute: keep the golden file independent of the checkout.
    Golden.verify(
      output.replacingOccurrences(of: Golden.directory.path + "/", with: ""), "library",
      Golden.sibling(name, "diagnostics"))
  }
}

/// The static types: a correct program compiles, a type error is reported where it is written,
/// and a `dyn` value (a variable bound from JSON, a let's parameter, an untyped host result)
/// is checked when the expression runs.
@Suite struct TypeCheckerTests {
  /// A field the VM answers to but the checker has no type for is "unknown" to every ruleset:
  /// adding a node field means typing it here too.
  @Test func everyFieldTheVMKnowsHasAStaticType() {
    let typed = [
      NodeFieldTypes.node, NodeFieldTypes.argument, NodeFieldTypes.modifier, NodeFieldTypes.property,
      NodeFieldTypes.expression,
    ]
    for field in NodeField.allCases {
      #expect(typed.contains { $0[field.name] != nil }, "no static type for the field '\(field.name)'")
    }
    #expect(NodeFieldTypes.node["platforms"] == .list(.string))
    #expect(NodeFieldTypes.node["tapWidth"] == .double)
  }

  func messages(_ text: String) -> [String] { diagnosticMessages(text) }

  @Test func wellTypedRulesetsCompile() {
    let text = """
      ruleset typed 1.0.0
      host contrastRatio(string, string) -> double
      host legacy(a, b)
      let generic = ["OK", "Click here"]
      let words(b) = [b.text()] + b.descendants.filter(d, d.type in ["Text", "Label"]).map(d, d.text())
      let title(b) = words(b).size() > 0 ? words(b)[0] : ""
      let spoken(n) = n.modifiers("accessibilityLabel").exists(l, l.arg(0) != null && l.arg(0).kind == "string")
      rule r {
        severity error
        on Button as b inside Menu as m
        when b.parent != null && m.slot("label").all(n, n.type == "Image")
        require title(b).trim() != "" && !(title(b) in generic) || spoken(b)
        require b.arg("minHeight").value >= 44 || b.arg(0).value == "x" || b.line > 0
        require contrastRatio(b.type, "white") >= 4.5 && legacy(b, 1) == true
        require type(b) == type(m) && b.owner.property("focused").wrapper != "State"
        require {"a": 1}.a + b.modifiers.size() > 0 && [b.line, b.column].all(x, x >= 0)
        require b.args.map(a, a.label).exists(l, l == null) || has(b.name) || b.ancestors.exists_one(a, a == m)
        require (b.parent == null ? m : b.parent).children.size() >= 0
        message "{b.type} at {b.line}: {words(b)}"
      }
      """
    #expect(messages(text) == [])
  }

  @Test func operatorsAreNamedAsWritten() {
    let messages = messages("ruleset r 1.0.0\nrule r { severity error on T as n require n.line + n.type == 1 }")
    #expect(messages == ["'+' cannot be applied to an int and a string"])
  }

  @Test func aNodeComparedWithAStringSuggestsItsType() throws {
    do {
      _ = try Ruleset(text: "ruleset r 1.0.0\nrule r { severity error on Image as n require n == \"Image\" }")
      Issue.record("compiled")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["'==' cannot be applied to a node and a string"])
      #expect(error.diagnostics.map(\.help) == ["did you mean 'n.type'?"])
    }
  }

  @Test func macroVariablesHaveTheElementType() {
    let text = """
      ruleset r 1.0.0
      rule r { severity error on Menu as m require m.children.exists(c, c.tpye == "Button") }
      rule s { severity error on Menu as m require m.modifiers.all(x, x.args.all(a, a.lable != null)) }
      rule t { severity error on Menu as m require {"k": m}.all(k, k.size() > 0) && [m].all(i, v, i + v.line > 0) }
      """
    #expect(messages(text) == ["a node has no field 'tpye'", "an argument has no field 'lable'"])
  }

  /// What a let's body does with values it makes itself is typed already (`n.modifiers(…)` is
  /// a list of modifiers whatever `n` is).
  @Test func letBodiesAreTypedWhereTheirParametersDoNotMatter() {
    let text = "ruleset r 1.0.0\nlet hasLabel(n) = n.modifiers('a').exists(l, l.arg(0).knd == 'string')"
    #expect(messages(text) == ["an argument has no field 'knd'"])
  }

  /// A let's parameters are `dyn`; its body is checked again with each call's argument types,
  /// and the diagnostic says which call gave them.
  @Test func helperLetsAreCheckedWithTheirCallersTypes() {
    let text = """
      ruleset r 1.0.0
      let hasLabel(n) = n.modifiers("accessibilityLabel").size() > 0 || n.lable != null
      let named(n) = hasLabel(n) || n.text() != ""
      rule r { severity error on Button as b require named(b) }
      rule s { severity error on Button as b require named(dyn(b)) }
      """
    do {
      _ = try Ruleset(text: text, name: "r.precept")
      Issue.record("compiled")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["a node has no field 'lable'"])
      #expect(
        error.diagnostics.first?.notes == [
          "found checking named(n: node), called at r.precept:4:48 → hasLabel(n: node)"
        ])
      #expect(
        error.diagnostics.first?.help?.hasPrefix("node fields: accessibleName, accessibleValue, ancestors, args,")
          == true)
    }
    // Never called with a typed value, the same let compiles: its mistake waits for run time.
    #expect(
      messages(
        "ruleset r 1.0.0\nlet hasLabel(n) = n.tpye == \"a\"\nrule r { severity error on T require hasLabel(dyn(node)) }"
      ) == [])
  }

  @Test func aLetsResultTypeIsItsBodysType() {
    let text = """
      ruleset r 1.0.0
      let count(n) = n.modifiers("x").size()
      let labels = ["a"]
      rule r { severity error on T as n require count(n) > "1" || labels[0] + 1 == 2 }
      """
    #expect(
      messages(text) == [
        "'>' cannot be applied to an int and a string", "'+' cannot be applied to a string and an int",
      ])
  }

  @Test func everyBooleanClauseMustBeABool() {
    let text = """
      ruleset r 1.0.0
      rule r { severity error on T as n when n.line require n.name forbid n.children }
      """
    #expect(
      messages(text) == [
        "'when' must be a bool, but this is an int", "'require' must be a bool, but this is a string",
        "'forbid' must be a bool, but this is a list(node)",
      ])
  }

  /// JSON bindings are `dyn`: whatever the checker cannot know is checked when it runs.
  @Test func dynValuesAreCheckedWhenTheyRun() throws {
    let expression = try CompiledExpression("x + 1 > 2 && x.size() == 1", variables: ["x"])
    #expect(
      expression.evaluate(["x": .int(5)])
        == .failure(EvaluationError("no matching overload for 'size' applied to (int)")))
    #expect(
      expression.evaluate(["x": .string("a")])
        == .failure(EvaluationError("no matching overload for '_+_' applied to (string, int)")))
    let json = try CompiledExpression("j.items.exists(i, i.name == 'a')", variables: ["j"])
    let data = Value(json: .object(["items": .array([.object(["name": .string("a")])])]))
    #expect(json.evaluate(["j": data]) == .success(.bool(true)))
    #expect(throws: DiagnosticError.self) { try CompiledExpression("dyn(1) + 'a' + 1") }
  }

  @Test func uncheckedExpressionsDeferTypeErrorsToEvaluation() throws {
    let expression = try CompiledExpression("1 + 'a'", checked: false)
    #expect(
      expression.evaluate() == .failure(EvaluationError("no matching overload for '_+_' applied to (int, string)")))
    #expect(throws: DiagnosticError.self) { try CompiledExpression("1 + 'a'") }
  }

  @Test func expressionsInARulesetsScopeUseItsLetsTypes() throws {
    let ruleset = try Ruleset(text: "ruleset r 1.0.0\nlet names = ['a']\nlet count(n) = n.modifiers('x').size()")
    #expect(throws: DiagnosticError.self) { try CompiledExpression("names[0] - 1", in: ruleset) }
    #expect(throws: DiagnosticError.self) { try CompiledExpression("count(x) + 'a'", variables: ["x"], in: ruleset) }
    #expect(try CompiledExpression("names[0] + 'b'", in: ruleset).evaluate() == .success(.string("ab")))
  }

  @Test func hostArgumentsAreCheckedByType() {
    let text = """
      ruleset r 1.0.0
      host measure(node, string) -> double
      rule r { severity error on T as n require measure(n.parent, n.type) > 1.0 && measure(n.type, n) > 1.0 }
      """
    #expect(
      messages(text) == [
        "argument 1 of 'measure' is a string, but the host function takes a node",
        "argument 2 of 'measure' is a node, but the host function takes a string",
      ])
  }

  /// A let called with many different argument types is checked for a bounded number of them.
  @Test func checkingLetsWithTheirCallersTypesIsBounded() {
    var text = "ruleset r 1.0.0\nlet f(x) = x\n"
    let values = (0..<40).map {
      "[" + String(repeating: "[", count: $0) + "1" + String(repeating: "]", count: $0) + "]"
    }
    text += "rule r { severity error on T require " + values.map { "f(\($0)) != null" }.joined(separator: " && ") + " }"
    #expect(messages(text) == [])
  }
}

@Suite struct TypeCheckerMacroTests {
  @Test func hasIsABoolWhateverItTests() throws {
    let expression = try CompiledExpression("has(x.a) && has(null.a) && has({'a': 1}.a)", variables: ["x"])
    #expect(expression.resultType == "bool")
    #expect(try CompiledExpression("[[1], []].map(l, l.size())").resultType == "list(int)")
    #expect(
      try CompiledExpression("{'a': [n]}.transformMap(k, v, v.size())", variables: ["n"]).resultType
        == "map(string, int)")
    #expect(try CompiledExpression("[1, 'a', null]").resultType == "list(dyn)")
    #expect(try CompiledExpression("true ? 1 : null").resultType == "int")
    // An empty literal's elements take the type they meet, as CEL's unbound type parameter.
    #expect(try CompiledExpression("[[], [1]]").resultType == "list(list(int))")
    #expect(try CompiledExpression("[] + ['a']").resultType == "list(string)")
    #expect(try CompiledExpression("[].map(x, x)").resultType == "list(dyn)")
  }
}

/// The checker's types against what evaluation produces: for seeded random expressions over
/// literals, operators, macros and builtins, every one the checker accepts that evaluates to a
/// value has a value of its static type (`null` fits any type, `dyn` any value).
@Suite struct StaticTypeSoundnessTests {
  static let atoms = [
    "1", "2u", "1.5", "'a'", "b'x'", "null", "true", "[]", "{}", "[1]", "{'a': 1}", "x", "int", "dyn(1)",
    "[[], [1]]", "{1: 'a'}", "['a', 'b']", "[1.5]", "{'k': [1]}", "'a,b'",
  ]
  static let operators = ["+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||", "=>", "in"]
  static let methods = [
    "size()", "a", "k", "text()", "trim()", "split(',')", "join()", "join('-')", "lowerAscii()", "charAt(0)",
  ]

  static func expression(_ random: inout SplitMix64, depth: Int = 0) -> String {
    func sub() -> String { expression(&random, depth: depth + 1) }
    let roll = random.below(100)
    if depth > 4 || roll < 25 { return random.pick(atoms) }
    switch roll {
    case ..<45: return "(\(sub()) \(random.pick(operators)) \(sub()))"
    case ..<55: return "(\(sub()) ? \(sub()) : \(sub()))"
    case ..<62: return "[\(sub()), \(sub())]"
    case ..<67: return "{\(sub()): \(sub())}"
    case ..<80: return "\(sub()).\(random.pick(["all", "exists", "map", "filter", "exists_one"]))(v, \(sub()))"
    case ..<84:
      return
        "\(sub()).\(random.pick(["transformList", "transformMap", "all"]))(i, v, \(random.pick(["i", "v", "i + v", "[i]"])))"
    case ..<88: return "\(sub())[\(sub())]"
    case ..<94: return "\(sub()).\(random.pick(methods))"
    default:
      return "\(random.pick(["size", "int", "string", "type", "dyn", "double", "uint", "bool", "bytes"]))(\(sub()))"
    }
  }

  static func fits(_ value: Value, _ type: String) -> Bool {
    if type == "dyn" { return true }
    switch value {
    case .null: return true
    case .bool: return type == "bool"
    case .int: return type == "int"
    case .uint: return type == "uint"
    case .double: return type == "double"
    case .string: return type == "string"
    case .bytes: return type == "bytes"
    case .type: return type == "type"
    case .list(let elements):
      guard type.hasPrefix("list(") else { return false }
      let element = String(type.dropFirst(5).dropLast())
      return elements.allSatisfy { fits($0, element) }
    case .map: return type.hasPrefix("map(")
    default: return false
    }
  }

  @Test func acceptedExpressionsEvaluateToTheirStaticType() {
    var random = SplitMix64(seed: 13)
    var evaluated = 0
    for _ in 0..<4_000 {
      let text = Self.expression(&random)
      guard let expression = try? CompiledExpression(text, variables: ["x"]),
        case .success(let value) = expression.evaluate(["x": .int(1)])
      else { continue }
      evaluated += 1
      #expect(Self.fits(value, expression.resultType), "\(text): \(expression.resultType), but \(value)")
    }
    // Enough of them type-check and evaluate for the property to mean something.
    #expect(evaluated > 500)
  }
}
