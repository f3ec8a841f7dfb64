import Testing

@testable import Precept

/// A view model read from JSON whose arguments carry `expr` structure, as the SwiftUI reader
/// writes it: every expression form and field, for rules to read as `a.expr`.
enum Structured {
  static let json = """
    {"viewmodel": 1, "file": "S.swift", "nodes": [
      {"type": "Button", "line": 1, "column": 1, "args": [
        {"label": "action", "kind": "expr", "value": "{ isOpen.toggle(); self.count += 1 }", "expr":
          {"form": "closure", "text": "{ isOpen.toggle(); self.count += 1 }", "statements": [
            {"form": "call", "text": "isOpen.toggle()", "name": "toggle",
             "base": {"form": "identifier", "text": "isOpen", "name": "isOpen"}},
            {"form": "assignment", "text": "self.count += 1", "operator": "+=",
             "target": {"form": "member", "text": "self.count", "name": "count",
                        "base": {"form": "identifier", "text": "self", "name": "self"}},
             "rhs": {"form": "number", "text": "1", "number": 1}}]}}],
       "modifiers": [
        {"name": "foregroundStyle", "args": [{"label": null, "kind": "expr", "value": "ok ? .green : Color(red: 1, green: 0, blue: 0)", "expr":
          {"form": "ternary", "text": "ok ? .green : Color(red: 1, green: 0, blue: 0)",
           "condition": {"form": "identifier", "text": "ok", "name": "ok"},
           "then": {"form": "color", "text": ".green", "name": "green"},
           "else": {"form": "color", "text": "Color(red: 1, green: 0, blue: 0)", "components": [1, 0, 0]}}}]},
        {"name": "font", "args": [{"label": null, "kind": "expr", "value": ".custom(\\"Inter\\", size: 17, relativeTo: .body)", "expr":
          {"form": "font", "text": ".custom(\\"Inter\\", size: 17, relativeTo: .body)", "name": "Inter", "pointSize": 17,
           "relativeTo": "body", "scales": true}}]},
        {"name": "tint", "args": [{"label": null, "kind": "member", "value": ".red"}]},
        {"name": "accessibilityLabel", "args": [{"label": null, "kind": "string", "value": "Hi \\\\(name)", "expr":
          {"form": "interpolation", "text": "\\"Hi \\\\(name)\\"", "parts": [
            {"form": "string", "text": "\\"Hi \\"", "value": "Hi "},
            {"form": "identifier", "text": "name", "name": "name"}]}}]},
        {"name": "background", "args": [{"label": null, "kind": "expr", "value": "Color(\\"Brand\\")", "expr":
          {"form": "color", "text": "Color(\\"Brand\\")", "asset": "Brand"}}]},
        {"name": "frame", "args": [{"label": "width", "kind": "expr", "value": "2 * 22", "expr":
          {"form": "number", "text": "2 * 22", "number": 44}}]},
        {"name": "accessibilityAddTraits", "args": [{"label": null, "kind": "expr", "value": "[.isHeader, .isButton]", "expr":
          {"form": "array", "text": "[.isHeader, .isButton]", "elements": [
            {"form": "member", "text": ".isHeader", "name": "isHeader"},
            {"form": "member", "text": ".isButton", "name": "isButton"}]}}]},
        {"name": "help", "args": [{"label": null, "kind": "expr", "value": "String(localized: \\"Save\\")", "expr":
          {"form": "localized", "text": "String(localized: \\"Save\\")", "name": "String", "value": "Save",
           "args": [{"label": "localized", "kind": "string", "value": "Save"}]}}]},
        {"name": "disabled", "args": [{"label": null, "kind": "expr", "value": "!ok && busy", "expr":
          {"form": "binary", "text": "!ok && busy", "operator": "&&",
           "base": {"form": "prefix", "text": "!ok", "operator": "!", "base": {"form": "identifier", "text": "ok", "name": "ok"}},
           "rhs": {"form": "identifier", "text": "busy", "name": "busy"}}}]},
        {"name": "accessibilityHidden", "args": [{"label": null, "kind": "bool", "value": true}]},
        {"name": "opacity", "args": [{"label": null, "kind": "expr", "value": "fade"}]}
      ]},
      {"type": "Toggle", "args": [{"label": "isOn", "kind": "expr", "value": "$isOn", "expr":
        {"form": "binding", "text": "$isOn", "target": {"form": "identifier", "text": "isOn", "name": "isOn"}}}]}
    ]}
    """

  static let model: ViewModel = try! ViewModel(json: SourceFile(name: "S.json", text: json))

  /// The value of `expression` on the Button (or `selector`), as a literal.
  static func value(_ expression: String, on selector: String = "Button as b") -> String {
    let text = """
      ruleset probe 1.0.0
      rule value { severity error on \(selector) require false message \"\"\"{[\(expression)]}\"\"\" }
      """
    do {
      let report = Engine(rulesets: [try Ruleset(text: text)]).evaluate(model)
      let messages = report.findings.map(\.message)
      guard messages.count == 1 else { return "\(messages.count) values: \(messages)" }
      return String(messages[0].dropFirst().dropLast())
    } catch {
      return "diagnostic: " + error.diagnostics.map(\.message).joined(separator: "; ")
    }
  }
}

@Suite struct ExpressionFieldTests {
  static let cases: [(String, String)] = [
    // A closure's statements: a call on a name, a compound assignment through self.
    (#"b.arg("action").expr.form"#, #""closure""#),
    (#"b.arg("action").expr.statements.map(s, s.form)"#, #"["call", "assignment"]"#),
    (#"b.arg("action").expr.statements[0].name"#, #""toggle""#),
    (#"b.arg("action").expr.statements[0].base.name"#, #""isOpen""#),
    (#"b.arg("action").expr.statements[1].operator"#, #""+=""#),
    (#"b.arg("action").expr.statements[1].target.base.name"#, #""self""#),
    (#"b.arg("action").expr.statements[1].rhs.value"#, "1.0"),
    (#"b.arg("action").expr.descendants.size()"#, "6"),
    (#"b.arg("action").expr.descendants.filter(e, e.form == "identifier").map(e, e.text)"#, #"["isOpen", "self"]"#),
    (#"b.arg("action").expr.text"#, #""{ isOpen.toggle(); self.count += 1 }""#),
    (#"b.arg("action").expr.parent == b"#, "true"),
    (#"b.arg("action").expr.file"#, #""S.swift""#),
    // A ternary of colours.
    (#"b.modifier("foregroundStyle").arg(0).expr.condition.text"#, #""ok""#),
    (#"b.modifier("foregroundStyle").arg(0).expr.then.name"#, #""green""#),
    (#"b.modifier("foregroundStyle").arg(0).expr.else.components"#, "[1.0, 0.0, 0.0]"),
    (#"b.modifier("foregroundStyle").arg(0).expr.else.name"#, "null"),
    (#"b.modifier("background").arg(0).expr.asset"#, #""Brand""#),
    // A literal member without structure gets its own: `.red` is a colour.
    (#"[b.modifier("tint").arg(0).expr.form, b.modifier("tint").arg(0).expr.name]"#, #"["color", "red"]"#),
    // A font.
    (#"b.modifier("font").arg(0).expr.pointSize"#, "17.0"),
    (#"b.modifier("font").arg(0).expr.relativeTo"#, #""body""#),
    (#"b.modifier("font").arg(0).expr.scales"#, "true"),
    (#"b.modifier("font").arg(0).expr.name"#, #""Inter""#),
    (#"b.modifier("font").arg(0).expr.textStyle"#, "null"),
    // Interpolations, arrays, numbers, localized strings, operators.
    (#"b.modifier("accessibilityLabel").arg(0).expr.parts.map(p, p.form)"#, #"["string", "identifier"]"#),
    (#"b.modifier("accessibilityLabel").arg(0).expr.parts[0].value"#, #""Hi ""#),
    (#"b.modifier("accessibilityAddTraits").arg(0).expr.elements.map(e, e.name)"#, #"["isHeader", "isButton"]"#),
    (#"b.modifier("frame").arg("width").expr.number"#, "44.0"),
    (#"b.modifier("help").arg(0).expr.value"#, #""Save""#),
    (#"b.modifier("help").arg(0).expr.args[0].label"#, #""localized""#),
    (#"b.modifier("disabled").arg(0).expr.base.operator"#, #""!""#),
    (#"b.modifier("disabled").arg(0).expr.rhs.name"#, #""busy""#),
    (#"b.modifier("accessibilityHidden").arg(0).expr.value"#, "true"),
    (#"b.modifier("accessibilityHidden").arg(0).expr.number"#, "null"),
    // Forms no rule names print all the same; texts compare as strings.
    (
      #"b.arg("action").expr.descendants.map(e, e.form)"#,
      #"["call", "identifier", "assignment", "member", "identifier", "number"]"#
    ),
    (#"b.arg("action").expr.statements[0].base.text == "isOpen""#, "true"),
    // An `expr` argument whose producer gave no structure.
    (#"b.modifier("opacity").arg(0).expr"#, "null"),
    (#"b.modifier("opacity").arg(0).expr.form"#, "null"),
    // Fields a form does not fill are null, lists empty.
    (#"b.arg("action").expr.condition"#, "null"),
    (#"b.arg("action").expr.parts"#, "[]"),
  ]

  @Test(arguments: cases)
  func field(_ row: (String, String)) {
    #expect(Structured.value(row.0) == row.1, "\(row.0)")
  }

  @Test func bindingTargets() {
    #expect(Structured.value(#"t.arg("isOn").expr.form"#, on: "Toggle as t") == #""binding""#)
    #expect(Structured.value(#"t.arg("isOn").expr.target.name"#, on: "Toggle as t") == #""isOn""#)
  }

  /// Reading fields and walking descendants makes list records only: no Swift allocation per
  /// element, so a big closure costs what its records do.
  @Test func expressionsSitInTheArenaInPreorder() {
    let model = Structured.model
    let action = model.arguments[Int(model.nodes[0].argumentStart)]
    #expect(action.expression == 0)
    let closure = model.expressions[0]
    #expect(closure.form == .closure)
    #expect(closure.subtreeEnd == 7)
    for index in 1..<Int(closure.subtreeEnd) { #expect(model.expressions[index].subtreeEnd <= closure.subtreeEnd) }
  }

  @Test func aMisspeltExpressionFieldIsACompileError() {
    let text = """
      ruleset r 1.0.0
      rule s { severity error on Button as b require b.args.all(a, a.expr == null || a.expr.fomr != "other") }
      """
    do {
      _ = try Ruleset(text: text, name: "r.precept")
      Issue.record("compiled")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["an expression has no field 'fomr'"])
      #expect(error.diagnostics.first?.help == "did you mean 'form'?")
    }
  }

  @Test func expressionFieldsHaveTheirTypes() {
    let text = """
      ruleset r 1.0.0
      rule s { severity error on Button as b require b.args.all(a, a.expr == null || a.expr.number + 1) }
      """
    do {
      _ = try Ruleset(text: text, name: "r.precept")
      Issue.record("compiled")
    } catch {
      #expect(error.diagnostics.first?.message.contains("double") == true)
    }
  }
}

@Suite struct ExpressionJSONTests {
  /// Written and read back, a document with structure is the same document.
  @Test func structureSurvivesARoundTrip() throws {
    let document = try ViewDocument.read(SourceFile(name: "S.json", text: Structured.json))
    let written = document.json.serialized()
    let reread = try ViewDocument.read(SourceFile(name: "again.json", text: written))
    #expect(reread == document)
    #expect(reread.json.serialized() == written)
    #expect(written.contains(#""form": "ternary""#))
    // A literal's structure follows from its kind and value, so it is not written.
    #expect(!written.contains(#""text": ".red""#))
  }

  /// JSON from a producer that knows nothing of `expr` still loads: literals get their
  /// structure from kind and value, other values have none.
  @Test func oldJSONWithoutStructureLoads() throws {
    let old = """
      {"viewmodel": 1, "file": "O.swift", "nodes": [{"type": "Text", "args": [
        {"label": null, "kind": "string", "value": "Hello"},
        {"label": null, "kind": "number", "value": 12},
        {"label": null, "kind": "expr", "value": "title"}]}]}
      """
    let document = try ViewDocument.read(SourceFile(name: "old.json", text: old))
    let args = document.nodes[0].args
    #expect(args[0].expression?.form == .string)
    #expect(args[0].expression?.string == "Hello")
    #expect(args[1].expression?.number == 12)
    #expect(args[2].expression == nil)
    #expect(!document.json.serialized().contains("\"expr\":"))
  }

  static let malformed: [(String, String)] = [
    (#"{"form": "circle", "text": "x"}"#, "unknown expression form 'circle'"),
    (#"{"text": "x"}"#, "an expression is missing the required field 'form'"),
    (#"{"form": "other"}"#, "an expression is missing the required field 'text'"),
    (
      #"{"form": "color", "text": "x", "components": ["1"]}"#,
      "an element of 'components' must be a number, found a string"
    ),
    (#"{"form": "ternary", "text": "x", "then": 3}"#, "an expression must be an object, found a number"),
    (#"{"form": "font", "text": "x", "scales": "yes"}"#, "'scales' must be true or false, found a string"),
    (#"{"form": "closure", "text": "x", "statements": {}}"#, "'statements' must be an array, found an object"),
    (#"{"form": "call", "text": "x", "args": [{"kind": "nope", "value": "1"}]}"#, "unknown argument kind 'nope'"),
  ]

  /// Malformed structure is an error at the offending value.
  @Test(arguments: malformed)
  func malformedStructureIsAnErrorAtItsPosition(_ row: (String, String)) {
    let text =
      "{\"viewmodel\": 1, \"nodes\": [{\"type\": \"Text\", \"args\": [\n{\"kind\": \"expr\", \"value\": \"x\", \"expr\": "
      + row.0 + "}]}]}"
    do {
      _ = try ViewDocument.read(SourceFile(name: "bad.json", text: text))
      Issue.record("read \(row.0)")
    } catch {
      let diagnostic = error.diagnostics.first
      #expect(diagnostic?.message.hasPrefix(row.1) == true, "\(diagnostic?.message ?? "")")
      #expect(diagnostic?.location.line == 2)
      #expect((diagnostic?.location.column ?? 0) >= 40)
    }
  }
}
