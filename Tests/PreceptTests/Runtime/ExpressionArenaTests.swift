import Testing

@testable import Precept

/// How the view model stores argument values' structure: a compact record per expression, the
/// fields few have in a side table, links found from the preorder, texts end to end. Each test
/// reads back what went in.
@Suite struct ExpressionArenaTests {
  /// Every expression of `document`'s arguments, in the preorder the arena stores them.
  static func preorder(_ document: ViewDocument) -> [ViewExpression] {
    var result: [ViewExpression] = []
    func add(_ expression: ViewExpression) {
      result.append(expression)
      for link in ViewExpression.Link.allCases { if let value = expression[link] { add(value) } }
      arguments(expression.args)
      for list in [expression.statements, expression.parts, expression.elements] { list.forEach(add) }
    }
    func arguments(_ args: [ViewArgument]) {
      for argument in args {
        if let expression = argument.expression ?? ViewExpression.literal(argument.kind, argument.value) {
          add(expression)
        }
      }
    }
    func visit(_ node: ViewNode) {
      arguments(node.args)
      node.children.forEach(visit)
      for slot in node.slots { slot.nodes.forEach(visit) }
      for modifier in node.modifiers {
        modifier.children.forEach(visit)
        for slot in modifier.slots { slot.nodes.forEach(visit) }
      }
      for modifier in node.modifiers { arguments(modifier.args) }
    }
    document.nodes.forEach(visit)
    return result
  }

  /// One expression with every field, links and lists all present: nothing of it lost.
  static let everyField = """
    {"viewmodel": 1, "file": "E.swift", "nodes": [{"type": "Text", "args": [
      {"label": null, "kind": "expr", "value": "x", "expr":
        {"form": "number", "text": "odd", "name": "n", "operator": "+", "value": "v", "number": 2.5,
         "asset": "A", "textStyle": "body", "relativeTo": "title", "pointSize": 11, "scales": false,
         "components": [0.25, 0.5],
         "base": {"form": "identifier", "text": "b", "name": "b"},
         "condition": {"form": "call", "text": "c(1)", "name": "c", "args": [{"label": null, "kind": "number", "value": 1}]},
         "then": {"form": "identifier", "text": "t", "name": "t"},
         "else": {"form": "identifier", "text": "e", "name": "e"},
         "target": {"form": "identifier", "text": "g", "name": "g"},
         "rhs": {"form": "identifier", "text": "r", "name": "r"},
         "args": [{"label": "k", "kind": "string", "value": "s"}],
         "statements": [{"form": "identifier", "text": "s1", "name": "s1"}],
         "parts": [{"form": "string", "text": "\\"p\\"", "value": "p"}],
         "elements": [{"form": "identifier", "text": "el", "name": "el"}, {"form": "nil", "text": "nil"}]}}]}]}
    """

  /// Each record's fields, the side table's included, and its text are the expression's.
  @Test(arguments: [Structured.json, everyField])
  func fieldsRoundTrip(_ json: String) throws {
    let document = try ViewDocument.read(SourceFile(name: "E.json", text: json))
    let model = ViewModel(document)
    let expressions = Self.preorder(document)
    #expect(expressions.count == model.expressions.count)
    func string(_ id: Int32) -> String? { id >= 0 ? model.string(id) : nil }
    func number(_ value: Double) -> Double? { value.isNaN ? nil : value }
    for (offset, expression) in expressions.enumerated() {
      let index = Int32(offset)
      let record = model.expressions[offset]
      let extra = record.extra >= 0 ? model.expressionExtras[Int(record.extra)] : .none
      #expect(record.form == expression.form)
      #expect(String(decoding: model.expressionText(index), as: UTF8.self) == expression.text)
      #expect(string(record.name) == expression.name)
      #expect(string(record.string) == expression.string)
      #expect(string(extra.operatorName) == expression.operatorName)
      #expect(string(extra.asset) == expression.asset)
      #expect(string(extra.textStyle) == expression.textStyle)
      #expect(string(extra.relativeTo) == expression.relativeTo)
      #expect(number(extra.pointSize) == expression.pointSize)
      #expect(record.scales == (expression.scales.map { $0 ? 1 : 0 } ?? -1))
      if expression.form != .bool { #expect(number(record.number) == expression.number) }
      let components = model.doubles[Int(extra.componentStart)..<Int(extra.componentStart + extra.componentCount)]
      #expect(Array(components) == expression.components)
      #expect(Int(extra.argumentCount) == expression.args.count)
      for (position, argument) in expression.args.enumerated() {
        #expect(string(model.arguments[Int(extra.argumentStart) + position].label) == argument.label)
      }
      let lists = [
        (extra.statementStart, extra.statementCount, expression.statements),
        (extra.partStart, extra.partCount, expression.parts),
        (extra.elementStart, extra.elementCount, expression.elements),
      ]
      for (start, count, items) in lists {
        #expect(Int(count) == items.count)
        for (position, item) in items.enumerated() {
          let member = Int(model.expressionMembers[Int(start) + position])
          #expect(expressions[member] == item)
        }
      }
      // A link is found past the subtrees of the links before it.
      for link in ViewExpression.Link.allCases {
        let position = ExpressionRecord.link(ExpressionRecord.bit(link), of: index, in: model.expressions)
        #expect((position >= 0 ? expressions[Int(position)] : nil) == expression[link], "\(link) of \(expression.text)")
      }
    }
  }

  /// Literal arguments, most of a model's, need no side-table entry but a font's (its text
  /// style), and a string literal's text is not stored: it is its value in quotes. A text that
  /// only looks so is kept as it is.
  @Test func literalsTakeOnlyTheirRecord() {
    var text = ViewNode(type: "Text")
    text.args = [
      ViewArgument(label: nil, kind: .string, value: "Hello"), ViewArgument(label: "size", kind: .number, value: "12"),
      ViewArgument(label: nil, kind: .bool, value: "true"), ViewArgument(label: nil, kind: .member, value: ".red"),
      ViewArgument(label: nil, kind: .member, value: ".body"), ViewArgument(label: nil, kind: .string, value: "a\"b"),
    ]
    let model = ViewModel(ViewDocument(file: "L.swift", nodes: [text]))
    #expect(model.expressions.map(\.form) == [.string, .number, .bool, .color, .font, .string])
    #expect(model.expressions.map(\.extra) == [-1, -1, -1, -1, 0, -1])
    #expect(model.expressionExtras.count == 1 && model.string(model.expressionExtras[0].textStyle) == "body")
    let quoted = model.expressions.map { $0.flags & ExpressionRecord.quotedText != 0 }
    #expect(quoted == [true, false, false, false, false, false])
    #expect(model.storedTextBytes(0).isEmpty)
    let texts = (0..<Int32(model.expressions.count)).map { String(decoding: model.expressionText($0), as: UTF8.self) }
    #expect(texts == [#""Hello""#, "12", "true", ".red", ".body", #""a\"b""#])
    #expect(MemoryLayout<ExpressionEntry>.stride == 24)
  }

  /// `e.text` and the links read through the VM as the document has them.
  @Test func rulesReadDerivedFields() {
    #expect(Structured.value(#"b.modifier("accessibilityLabel").arg(0).expr.parts[0].text == '"Hi "'"#) == "true")
    #expect(Structured.value(#"b.modifier("disabled").arg(0).expr.rhs.name"#) == #""busy""#)
    #expect(Structured.value(#"b.modifier("disabled").arg(0).expr.base.base.name"#) == #""ok""#)
    #expect(Structured.value(#"b.modifier("foregroundStyle").arg(0).expr.else.form"#) == #""color""#)
    #expect(Structured.value(#"b.modifier("foregroundStyle").arg(0).expr.then.target"#) == "null")
  }

  /// The footprint is the sum of its parts, and the parts count what the arena allocated:
  /// layers, texts and the side table included.
  @Test func footprintCountsEveryPart() throws {
    let model = Structured.model
    let parts = Dictionary(uniqueKeysWithValues: model.footprintParts.map { ($0.name, $0.bytes) })
    #expect(model.footprint == parts.values.reduce(0, +))
    #expect(parts["expressions"] == model.expressions.count * MemoryLayout<ExpressionEntry>.stride)
    #expect(parts["expression extras"] == model.expressionExtras.count * MemoryLayout<ExpressionExtra>.stride)
    #expect(parts["layers"] == model.nodeCount * MemoryLayout<LayerEntry>.stride)
    #expect(parts["nodes"] == model.nodeCount * MemoryLayout<NodeEntry>.stride)
    for name in ["arguments", "modifiers", "expression texts", "strings", "type index"] {
      #expect(parts[name, default: 0] > 0)
    }
  }
}
