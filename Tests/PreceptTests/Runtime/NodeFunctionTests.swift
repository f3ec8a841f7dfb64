import Testing

@testable import Precept

/// A small view model built in Swift, shaped like the design's example:
///
/// ```
/// struct MapScreen (1:1)                       properties: focused, isOpen
///   VStack (5:5)
///     Menu("Actions") (6:9)                    .accessibilityLabel("Map options") .overlay { Badge } .accessibilityHint(hint)
///       Button("Duplicate") (7:13)
///       Button("Delete", role: .destructive) (8:13)
///       label: Image(systemName: "ellipsis") (10:13)
///       (overlay) Badge (13:20)
///     Text(1_000, 2.5, bold: true, x + 1) (16:9)
///     if isOpen (17:9)
///       Text("Open") (18:13)
///       else: Text("Closed") (20:13)
/// ```
enum MapScreen {
  static let document = ViewDocument(
    file: "MapScreen.swift",
    nodes: [
      ViewNode(
        type: "struct", name: "MapScreen", line: 1, column: 1,
        children: [
          ViewNode(
            type: "VStack", line: 5, column: 5,
            children: [
              ViewNode(
                type: "Menu", line: 6, column: 9,
                args: [ViewArgument(label: nil, kind: .string, value: "Actions", line: 6, column: 14)],
                modifiers: [
                  ViewModifier(
                    name: "accessibilityLabel", line: 12, column: 10,
                    args: [ViewArgument(label: nil, kind: .string, value: "Map options", line: 12, column: 29)]),
                  ViewModifier(
                    name: "overlay", line: 13, column: 10, children: [ViewNode(type: "Badge", line: 13, column: 20)]),
                  ViewModifier(
                    name: "accessibilityHint", line: 14, column: 10,
                    args: [ViewArgument(label: nil, kind: .expr, value: "hint", line: 14, column: 28)]),
                ],
                children: [
                  ViewNode(
                    type: "Button", line: 7, column: 13,
                    args: [ViewArgument(label: nil, kind: .string, value: "Duplicate", line: 7, column: 20)]),
                  ViewNode(
                    type: "Button", line: 8, column: 13,
                    args: [
                      ViewArgument(label: nil, kind: .string, value: "Delete", line: 8, column: 20),
                      ViewArgument(label: "role", kind: .member, value: ".destructive", line: 8, column: 36),
                    ]),
                ],
                slots: [
                  ViewSlot(
                    name: "label",
                    nodes: [
                      ViewNode(
                        type: "Image", line: 10, column: 13,
                        args: [
                          ViewArgument(label: "systemName", kind: .string, value: "ellipsis", line: 10, column: 19)
                        ])
                    ])
                ]),
              ViewNode(
                type: "Text", line: 16, column: 9,
                args: [
                  ViewArgument(label: nil, kind: .number, value: "1_000", line: 16, column: 14),
                  ViewArgument(label: nil, kind: .number, value: "2.5", line: 16, column: 21),
                  ViewArgument(label: "bold", kind: .bool, value: "true", line: 16, column: 26),
                  ViewArgument(label: nil, kind: .expr, value: "x + 1", line: 16, column: 38),
                ]),
              ViewNode(
                type: "if", line: 17, column: 9,
                args: [ViewArgument(label: nil, kind: .expr, value: "isOpen", line: 17, column: 12)],
                children: [
                  ViewNode(
                    type: "Text", line: 18, column: 13,
                    args: [ViewArgument(label: nil, kind: .string, value: "Open", line: 18, column: 18)])
                ],
                slots: [
                  ViewSlot(
                    name: "else",
                    nodes: [
                      ViewNode(
                        type: "Text", line: 20, column: 13,
                        args: [ViewArgument(label: nil, kind: .string, value: "Closed", line: 20, column: 18)])
                    ])
                ]),
            ])
        ],
        properties: [
          ViewProperty(name: "focused", wrapper: "AccessibilityFocusState", type: "Bool", line: 2, column: 5),
          ViewProperty(name: "isOpen", wrapper: "State", value: "false", line: 3, column: 5),
        ])
    ])

  static let model = ViewModel(document)

  /// The value of `expression` for every node the selector `on` visits, in source order, as a
  /// literal (`<error: …>` for an error): each is a rule's failure message.
  static func values(_ expression: String, on selector: String = "Menu as n") -> [String] {
    let text = """
      ruleset probe 1.0.0
      rule value { severity error on \(selector) require false message \"\"\"{[\(expression)]}\"\"\" }
      """
    do {
      let report = Engine(rulesets: [try Ruleset(text: text)]).evaluate(model)
      return report.findings.map { finding in
        let message = finding.message
        // A list literal around the value prints it as a literal; drop the brackets.
        return message.hasPrefix("[") ? String(message.dropFirst().dropLast()) : message
      }
    } catch {
      return ["diagnostic: " + error.diagnostics.map(\.message).joined(separator: "; ")]
    }
  }

  static func value(_ expression: String, on selector: String = "Menu as n") -> String {
    let all = values(expression, on: selector)
    return all.count == 1 ? all[0] : "\(all.count) values: \(all)"
  }
}

@Suite struct NodeFunctionTests {
  static let menuCases: [(String, String)] = [
    ("n.type", #""Menu""#),
    ("n.name", "null"),
    ("n.file", #""MapScreen.swift""#),
    ("n.line", "6"),
    ("n.column", "9"),
    ("n", "<Menu MapScreen.swift:6:9>"),
    ("type(n)", "node"),
    ("n == n", "true"),
    ("n.parent == n", "false"),
    // Arguments.
    ("n.args.size()", "1"),
    ("n.args[0]", "<argument _ MapScreen.swift:6:14>"),
    ("type(n.args[0])", "argument"),
    ("[n.args[0].label, n.args[0].kind, n.args[0].value]", #"[null, "string", "Actions"]"#),
    ("[n.args[0].line, n.args[0].column, n.args[0].parent == n, n.args[0].file]", #"[6, 14, true, "MapScreen.swift"]"#),
    ("n.arg(0).value", #""Actions""#),
    ("n.arg(1)", "null"),
    ("n.arg(-1)", "null"),
    (#"n.arg("role")"#, "null"),
    ("n.text()", #""Actions""#),
    ("n.args[0].text()", #""Actions""#),
    (#""plain".text()"#, #""plain""#),
    ("n.arg(dyn(1.5))", "<error: no matching overload for 'arg' applied to (double)>"),
    // Modifiers.
    ("n.modifiers.map(m, m.name)", #"["accessibilityLabel", "overlay", "accessibilityHint"]"#),
    ("n.modifiers[0]", "<modifier accessibilityLabel MapScreen.swift:12:10>"),
    ("type(n.modifiers[0])", "modifier"),
    (#"n.modifier("accessibilityLabel").text()"#, #""Map options""#),
    (#"n.modifier("accessibilityLabel").arg(0).value"#, #""Map options""#),
    (#"n.modifier("accessibilityHint").text()"#, #""""#),
    (#"n.modifier("accessibilityHint").args[0].kind"#, #""expr""#),
    (#"n.modifier("overlay").children.map(c, c.type)"#, #"["Badge"]"#),
    (#"n.modifier("overlay").parent == n"#, "true"),
    (#"[n.modifier("overlay").line, n.modifier("overlay").column]"#, "[13, 10]"),
    (#"n.modifier("overlay").slots"#, "[]"),
    (#"n.hasModifier("overlay")"#, "true"),
    (#"n.hasModifier("sheet")"#, "false"),
    (#"n.modifiers("overlay").size()"#, "1"),
    (#"n.modifiers("sheet")"#, "[]"),
    (#"n.modifier(dyn(1))"#, "<error: no matching overload for 'modifier' applied to (node, int)>"),
    // Absent things are null, and so is everything selected from them.
    (#"n.modifier("sheet")"#, "null"),
    (#"n.modifier("sheet").text()"#, #""""#),
    (#"n.modifier("sheet").name"#, "null"),
    (#"n.modifier("sheet").args"#, "null"),
    (#"has(n.modifier("sheet").name)"#, "false"),
    (#"dyn(n.modifier("sheet")).hasModifier("x")"#, "false"),
    (#"n.modifier("sheet").slot("x")"#, "[]"),
    (#"n.parent.parent.parent"#, "null"),
    (#"n.parent.parent.parent.type"#, "null"),
    // Children, slots and the tree.
    ("n.children.map(c, c.text())", #"["Duplicate", "Delete"]"#),
    (#"n.children[1].arg("role").value"#, #"".destructive""#),
    (#"n.children[1].arg("role").kind"#, #""member""#),
    (#"n.children[1].arg("role").label"#, #""role""#),
    (#"n.slot("label").map(c, c.type)"#, #"["Image"]"#),
    (#"n.slot("label")[0].arg("systemName").value"#, #""ellipsis""#),
    (#"n.slot("header")"#, "[]"),
    ("n.slots", #"["label"]"#),
    ("n.descendants.map(d, d.type)", #"["Button", "Button", "Image", "Badge"]"#),
    (#"n.descendants("Button").size()"#, "2"),
    (#"n.descendants("Text")"#, "[]"),
    ("n.parent.type", #""VStack""#),
    ("n.ancestors.map(a, a.type)", #"["VStack", "struct"]"#),
    ("n.children[0].parent == n", "true"),
    (#"n.slot("label")[0].parent == n"#, "true"),
    // The enclosing declaration and its properties.
    ("n.owner.name", #""MapScreen""#),
    ("n.owner.type", #""struct""#),
    ("n.owner.properties.map(p, p.name)", #"["focused", "isOpen"]"#),
    (#"n.property("focused").wrapper"#, #""AccessibilityFocusState""#),
    (#"n.property("focused").type"#, #""Bool""#),
    (#"n.property("focused").value"#, "null"),
    (#"n.property("isOpen").value"#, #""false""#),
    (#"n.property("isOpen").parent.name"#, #""MapScreen""#),
    (#"[n.property("isOpen").line, n.property("isOpen").column]"#, "[3, 5]"),
    (#"n.property("nope")"#, "null"),
    (#"type(n.property("isOpen"))"#, "property"),
    (#"n.property("isOpen")"#, "<property isOpen MapScreen.swift:3:5>"),
    // Fields a kind of value does not have are errors, not null: caught by the checker on
    // every typed value, at evaluation on a `dyn` one.
    ("n.kind", "diagnostic: a node has no field 'kind'"),
    ("n.args[0].type", "diagnostic: an argument has no field 'type'"),
    ("dyn(n.args[0]).type", "<error: argument has no field 'type'>"),
    ("n.modifiers[0].value", "diagnostic: a modifier has no field 'value'"),
    ("dyn(n.modifiers[0]).value", "<error: modifier has no field 'value'>"),
    (#"n.property("isOpen").args"#, "diagnostic: a property has no field 'args'"),
    (#"dyn(n.property("isOpen")).args"#, "<error: property has no field 'args'>"),
    ("n.nonsense", "diagnostic: a node has no field 'nonsense'"),
    ("has(n.nonsense)", "diagnostic: a node has no field 'nonsense'"),
    ("has(dyn(n).nonsense)", "false"),
    ("has(n.name)", "false"),
    ("has(n.type)", "true"),
    // Node values inside macros and templates.
    (
      #"n.children.exists(b, b.text().lowerAscii().startsWith("delete") => b.arg("role").value == ".destructive")"#,
      "true"
    ),
    (#"n.children.all(b, b.text().startsWith("D"))"#, "true"),
    (#"n.children.filter(b, has(b.arg("role").value)).size()"#, "1"),
  ]

  @Test(arguments: menuCases)
  func menu(_ row: (String, String)) {
    #expect(MapScreen.value(row.0) == row.1, "\(row.0)")
  }

  @Test func argumentValuesByKind() {
    // Numbers become int or double (underscores dropped), bools bool, the rest strings.
    // `inside` is any ancestor, so all three Text nodes are inside the VStack; the first is line 16.
    #expect(
      MapScreen.values("n.args.map(a, a.value)", on: "Text as n inside VStack").first == #"[1000, 2.5, true, "x + 1"]"#)
    #expect(
      MapScreen.values("n.args.map(a, a.kind)", on: "Text as n").first == #"["number", "number", "bool", "expr"]"#)
    #expect(
      MapScreen.values(#"n.arg("bold").value && n.text() == """#, on: "Text as n") == ["true", "false", "false"])
  }

  @Test func controlFlowNodesAndElseSlots() {
    #expect(
      MapScreen.value(#"[n.arg(0).value, n.children[0].text(), n.slot("else")[0].text()]"#, on: "if as n")
        == #"["isOpen", "Open", "Closed"]"#)
    #expect(MapScreen.values("n.text()", on: "Text as n") == [#""""#, #""Open""#, #""Closed""#])
  }

  @Test func selectorsVisitTheNodesTheyName() {
    #expect(MapScreen.values("n.line", on: "Button | Image as n") == ["7", "8", "10"])
    #expect(MapScreen.values("n.type", on: "* as n").count == 11)
    #expect(MapScreen.values(#"n.type"#, on: #""Badge" as n"#) == [#""Badge""#])
    #expect(MapScreen.values("n.type", on: "Nothing as n") == [])
  }

  /// `inside` binds, for each step, the nearest enclosing node of that type above the previous
  /// step; a node without such an ancestor is not visited.
  @Test func insideBindsTheNearestAncestors() {
    #expect(MapScreen.values("[b.line, m.line]", on: "Button as b inside Menu as m") == ["[7, 6]", "[8, 6]"])
    #expect(
      MapScreen.values("[t.line, s.name]", on: "Text as t inside if inside struct as s") == [
        #"[18, "MapScreen"]"#, #"[20, "MapScreen"]"#,
      ])
    #expect(MapScreen.values("[i.line, a.type]", on: "Image as i inside * as a") == [#"[10, "Menu"]"#])
    #expect(MapScreen.values("b.line", on: "Button as b inside Text") == [])
    // Without a name, the target is `node`.
    #expect(MapScreen.values("node.line", on: "Badge") == ["13"])
  }
}

/// What the engine reports for each (rule, node): failed, passed, inapplicable, needs review,
/// or not run.
@Suite struct OutcomeTests {
  static func report(_ rules: String, hosts: [HostFunction] = [], limits: EvaluationLimits = .standard) throws -> Report
  {
    let ruleset = try Ruleset(text: "ruleset outcomes 1.0.0\n" + rules)
    return Engine(rulesets: [ruleset], hostFunctions: hosts, limits: limits)
      .evaluate(MapScreen.model, options: EvaluationOptions(recordOutcomes: true))
  }

  @Test func everyOutcome() throws {
    let report = try Self.report(
      """
      host contrastRatio(a, b)
      rule destructive { severity error on Button as b require b.text() != "Delete" || b.arg("role").value == ".destructive" }
      rule labelled { severity warning on Button as b when b.text() == "Delete" forbid b.arg("role") == null message "{b.text()} has no role" }
      rule failing { severity info on Image as i require i.arg("systemName").value == "gear" message "icon {i.arg('systemName').value}" fix "use {{gear}}" }
      review focus { on Menu as m check "focus moves into the {m.type}" }
      rule needs-host { severity error on Menu require contrastRatio(1, 2) > 4.5 }
      rule broken { severity error on Menu as m require m.line / 0 > 1 }
      rule not-bool { severity error on Menu as m require dyn(m.line) }
      """)
    #expect(report.ruleCounts["outcomes/destructive"] == OutcomeCounts(passed: 2))
    #expect(report.ruleCounts["outcomes/labelled"] == OutcomeCounts(passed: 1, inapplicable: 1))
    #expect(report.ruleCounts["outcomes/failing"] == OutcomeCounts(failed: 1))
    #expect(report.ruleCounts["outcomes/focus"] == OutcomeCounts(needsReview: 1))
    #expect(report.ruleCounts["outcomes/needs-host"] == OutcomeCounts(notRun: 1))
    #expect(report.ruleCounts["outcomes/broken"] == OutcomeCounts(notRun: 1))
    #expect(report.ruleCounts["outcomes/not-bool"] == OutcomeCounts(notRun: 1))

    let finding = try #require(report.findings.first)
    #expect(finding.message == "icon ellipsis")
    #expect(finding.fix == "use {gear}")
    #expect(finding.severity == .info)
    #expect((finding.file, finding.line, finding.column, finding.nodeType) == ("MapScreen.swift", 10, 13, "Image"))
    #expect(
      finding.explanation.sentence
        == #"require i.arg("systemName").value == "gear" was false because i.arg("systemName").value is "ellipsis", i.arg("systemName") is <argument systemName MapScreen.swift:10:19>"#
    )

    #expect(report.needsReview.map(\.message) == ["focus moves into the Menu"])
    let reasons = Dictionary(
      uniqueKeysWithValues: report.notRun.map { ($0.rule, "\($0.reason.rawValue): \($0.message)") })
    #expect(
      reasons["outcomes/needs-host"]
        == "host function missing: host function 'contrastRatio' is not registered by the host")
    #expect(reasons["outcomes/broken"] == "evaluation error: division by zero")
    #expect(reasons["outcomes/not-bool"] == "evaluation error: the clause is int, not bool")
  }

  @Test func hostFunctionsRunWhenRegistered() throws {
    let contrast = HostFunction("contrastRatio", parameterCount: 2) { arguments in
      guard case .int(let a) = arguments[0], case .int(let b) = arguments[1] else { return .null }
      return .double(Double(a) / Double(b))
    }
    let failing = HostFunction("fails", parameterCount: 0) { _ in throw EvaluationError("no screen") }
    let report = try Self.report(
      """
      host contrastRatio(a, b)
      host fails()
      rule contrast { severity error on Menu require contrastRatio(9, 2) >= 4.5 }
      rule fails { severity error on Menu require fails() }
      """, hosts: [contrast, failing])
    #expect(report.ruleCounts["outcomes/contrast"] == OutcomeCounts(passed: 1))
    #expect(report.notRun.map(\.message) == ["host function 'fails' failed: no screen"])
  }

  @Test func theCostBudgetStopsARule() throws {
    let report = try Self.report(
      """
      rule heavy { severity error on Menu require [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(a, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(b, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(c, a + b + c > 0))) }
      rule light { severity error on Menu require true }
      """, limits: EvaluationLimits(costBudget: 500))
    #expect(report.notRun.map(\.reason) == [.costBudgetExceeded])
    #expect(report.ruleCounts["outcomes/light"] == OutcomeCounts(passed: 1))
  }
}

extension OutcomeCounts {
  init(failed: Int = 0, passed: Int = 0, inapplicable: Int = 0, needsReview: Int = 0, notRun: Int = 0) {
    self.init()
    self.failed = failed
    self.passed = passed
    self.inapplicable = inapplicable
    self.needsReview = needsReview
    self.notRun = notRun
  }
}
