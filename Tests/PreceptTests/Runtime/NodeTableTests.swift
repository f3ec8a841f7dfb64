import Testing

@testable import Precept

/// The arena's compact node storage (`NodeEntry`, `LayerEntry`, and the side table of the fields
/// few nodes have): nodes with those fields set and unset read back as the document says, from
/// JSON and through the rules' fields.
@Suite struct NodeTableTests {
  /// 150 nodes under one root, every seventh (21 of them) with a slot, a property, a fixed frame and the
  /// rarely set accessibility fields, so the side table's bitmap spans three words.
  static let document: ViewDocument = {
    var root = ViewNode(type: "VStack")
    for position in 0..<150 {
      var node = ViewNode(type: position % 7 == 3 ? "Button" : "Text")
      node.line = position + 2
      node.column = 5
      node.args = [ViewArgument(label: nil, kind: .string, value: "item \(position)")]
      if position % 7 == 3 {
        node.slots = [ViewSlot(name: "label", nodes: [ViewNode(type: "Image")])]
        node.properties = [ViewProperty(name: "count\(position)", wrapper: "State", type: "Int", value: "0")]
        node.modifiers = [
          ViewModifier(
            name: "frame",
            args: [
              ViewArgument(label: "width", kind: .number, value: "\(position)"),
              ViewArgument(label: "height", kind: .number, value: "20"),
            ])
        ]
        var fields = AccessibilityFields()
        fields.accessibleValue = .some("value \(position)")
        fields.hint = .some("hint \(position)")
        fields.childBehavior = .some("combine")
        fields.foreground = .some("red")
        fields.background = .some("blue")
        node.accessibility = fields
      }
      root.children.append(node)
    }
    return ViewDocument(file: "T.swift", nodes: [root])
  }()

  /// The document after a round trip through its JSON, as `precept check` reads it.
  static func model() throws -> ViewModel {
    try ViewModel(json: SourceFile(name: "t.json", text: document.json.serialized()))
  }

  @Test func rareFieldsReadBackSetAndUnset() throws {
    let model = try NodeTableTests.model()
    let nodes = model.nodes
    let layers = model.layers
    var withExtra = 0
    for index in 0..<model.nodeCount {
      let node = nodes[index]
      let layer = layers[index]
      let type = model.string(node.type)
      guard type == "Button" else {
        #expect(node.slotCount == 0 && node.propertyCount == 0 && node.tapWidth.isNaN && node.tapHeight.isNaN)
        #expect(layer.accessibleValue == -1 && layer.hint == -1 && layer.childBehavior == -1)
        #expect(layer.foreground == -1 && layer.background == -1)
        continue
      }
      withExtra += 1
      let position = Int(node.line) - 2
      #expect(node.slotCount == 1 && model.string(model.slots[Int(node.slotStart)].name) == "label")
      #expect(node.propertyCount == 1)
      #expect(model.string(model.properties[Int(node.propertyStart)].name) == "count\(position)")
      #expect(node.tapWidth == Float32(position) && node.tapHeight == 20)
      #expect(model.string(layer.accessibleValue) == "value \(position)")
      #expect(model.string(layer.hint) == "hint \(position)")
      #expect(model.string(layer.childBehavior) == "combine")
      #expect(model.string(layer.foreground) == "red" && model.string(layer.background) == "blue")
      // The common fields are read from the entry whatever the side table holds.
      #expect(node.column == 5 && node.parent == 0 && node.argumentCount == 1 && node.modifierCount == 1)
    }
    #expect(withExtra == 21)
    // An entry only for the nodes with a rare field: the 21 Buttons.
    let parts = Dictionary(uniqueKeysWithValues: model.footprintParts.map { ($0.name, $0.bytes) })
    let index = 3 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)
    #expect(parts["node extras"] == 21 * MemoryLayout<NodeExtra>.stride + index)
  }

  /// Rules see the same fields, set and unset, through the VM.
  @Test func rulesReadRareFields() throws {
    let ruleset = """
      ruleset demo 1.0.0
      let show(v) = v == null ? "null" : string(v)
      rule probe {
        severity info
        on * as n
        when n.type in ["Button", "Text"] && n.line < 13
        require false
        message "{n.type} {n.slots.join(',')} {n.properties.size()} {show(n.tapWidth)} {show(n.accessibleValue)} {show(n.hint)} {show(n.childBehavior)} {show(n.foreground)} {n.traits.join(',')}|{n.interactions.join(',')}"
      }
      """
    let engine = Engine(rulesets: [try Ruleset(text: ruleset)])
    let messages = engine.evaluate(try NodeTableTests.model()).findings.map(\.message)
    #expect(messages.count == 11)
    #expect(messages[0] == "Text  0 null null null null null isStaticText|")
    #expect(messages[3] == "Button label 1 3 value 3 hint 3 combine red isButton|tap")
    #expect(messages[10] == "Button label 1 10 value 10 hint 10 combine red isButton|tap")
  }

  /// Interactions follow traits in one run of the lists, with or without traits before them.
  @Test func traitsAndInteractionsShareARun() throws {
    var header = ViewNode(type: "Text")
    let trait = ViewArgument(label: nil, kind: .member, value: ".isHeader")
    header.modifiers = [ViewModifier(name: "accessibilityAddTraits", args: [trait])]
    var button = ViewNode(type: "Button")
    button.slots = [ViewSlot(name: "label", nodes: [ViewNode(type: "Text")])]
    let model = ViewModel(ViewDocument(file: "T.swift", nodes: [header, button]))
    let lists = model.layerLists
    func names(_ start: Int32, _ count: Int32) -> [String] {
      (Int(start)..<Int(start + count)).map { model.string(lists[$0]) }
    }
    for index in 0..<model.nodeCount {
      let layer = model.layers[index]
      #expect(layer.interactionStart == layer.traitStart + layer.traitCount)
    }
    #expect(names(model.layers[0].traitStart, model.layers[0].traitCount).contains("isHeader"))
    #expect(names(model.layers[1].interactionStart, model.layers[1].interactionCount) == ["tap"])
  }

  /// Modifiers with view closures keep their ranges in the side table; the rest read them as
  /// empty. 100 nodes of two modifiers each, every fifth one's second with content and a slot.
  @Test func modifierClosuresReadBackSetAndUnset() throws {
    var root = ViewNode(type: "List")
    for position in 0..<100 {
      var node = ViewNode(type: "Text")
      node.line = position + 1
      let alignment = ViewArgument(label: "alignment", kind: .member, value: ".top")
      var overlay = ViewModifier(name: "overlay", args: [alignment])
      if position % 5 == 0 {
        var circle = ViewNode(type: "Circle")
        circle.line = position + 1
        overlay.children = [circle]
        overlay.slots = [ViewSlot(name: "preview", nodes: [ViewNode(type: "Rectangle"), ViewNode(type: "Capsule")])]
      }
      node.modifiers = [ViewModifier(name: "padding"), overlay]
      root.children.append(node)
    }
    let document = ViewDocument(file: "M.swift", nodes: [root])
    let model = try ViewModel(json: SourceFile(name: "m.json", text: document.json.serialized()))
    let modifiers = model.modifiers
    #expect(modifiers.count == 200)
    var withClosures = 0
    for index in 0..<modifiers.count {
      let modifier = modifiers[index]
      let line = Int(model.nodes[Int(modifier.node)].line)
      #expect(modifier.argumentCount == (model.string(modifier.name) == "overlay" ? 1 : 0))
      guard model.string(modifier.name) == "overlay", (line - 1) % 5 == 0 else {
        #expect(modifier.childCount == 0 && modifier.slotCount == 0)
        continue
      }
      withClosures += 1
      #expect(modifier.childCount == 1 && modifier.slotCount == 1)
      let circle = model.nodes[Int(model.members[Int(modifier.childStart)])]
      #expect(model.string(circle.type) == "Circle" && Int(circle.line) == line)
      let slot = model.slots[Int(modifier.slotStart)]
      #expect(model.string(slot.name) == "preview" && slot.memberCount == 2)
      #expect(model.string(model.nodes[Int(model.members[Int(slot.memberStart) + 1])].type) == "Capsule")
    }
    #expect(withClosures == 20)
    let parts = Dictionary(uniqueKeysWithValues: model.footprintParts.map { ($0.name, $0.bytes) })
    #expect(parts["modifiers"] == 200 * MemoryLayout<ModifierEntry>.stride)
    let index = 4 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)
    #expect(parts["modifier extras"] == 20 * MemoryLayout<ModifierExtra>.stride + index)
    // Rules read the same through the VM.
    let ruleset = """
      ruleset demo 1.0.0
      rule probe {
        severity info
        on Text as n
        when n.line <= 6
        require false
        message "{n.modifiers.map(m, m.name + ':' + string(m.children.size()) + ':' + m.slots.join(',')).join(' ')}"
      }
      """
    let messages = Engine(rulesets: [try Ruleset(text: ruleset)]).evaluate(model).findings.map(\.message)
    let closures = "padding:0: overlay:1:preview"
    #expect(messages == [closures] + Array(repeating: "padding:0: overlay:0:", count: 4) + [closures])
  }

  /// A number shares its record's bytes with the name and string; one that comes with a name
  /// or string (a document may give both) is kept aside, and every field reads back.
  @Test func numbersReadBackBesideNamesAndStrings() throws {
    let json = #"""
      {"viewmodel": 1, "file": "N.swift", "nodes": [{"type": "Text", "args": [
        {"kind": "number", "value": "-0.5"},
        {"kind": "bool", "value": "false"},
        {"kind": "expr", "value": "x", "expr": {"form": "identifier", "text": "x", "name": "x", "number": 7}},
        {"kind": "expr", "value": "y", "expr": {"form": "identifier", "text": "y", "name": "y"}},
        {"kind": "expr", "value": "s", "expr": {"form": "string", "text": "\"s\"", "value": "s", "number": 1e300}},
        {"kind": "number", "value": "12"}]}]}
      """#
    let model = try ViewModel(json: SourceFile(name: "n.json", text: json))
    let expressions = model.expressions
    #expect(expressions.count == 6)
    #expect(expressions.map(\.number).map { $0.isNaN ? nil : $0 } == [-0.5, 0, 7, nil, 1e300, 12])
    #expect(expressions[0].number.sign == .minus)
    #expect(expressions.map(\.name).map { $0 < 0 ? nil : model.string($0) } == [nil, nil, "x", "y", nil, nil])
    #expect(expressions.map(\.string).map { $0 < 0 ? nil : model.string($0) } == [nil, nil, nil, nil, "s", nil])
    // Only the flags a record documents are visible.
    #expect(expressions.map(\.flags) == [0, 0, 0, 0, ExpressionRecord.quotedText, 0])
    let parts = Dictionary(uniqueKeysWithValues: model.footprintParts.map { ($0.name, $0.bytes) })
    #expect(parts["expression asides"] == 2 * MemoryLayout<AsideNumber>.stride)
    // Rules see the same values.
    let ruleset = """
      ruleset demo 1.0.0
      let show(v) = v == null ? "null" : string(v)
      rule probe {
        severity info
        on Text as n
        when true
        require false
        message "{n.args.map(a, show(a.expr.number) + '/' + show(a.expr.name) + '/' + show(a.expr.value)).join(' ')}"
      }
      """
    let messages = Engine(rulesets: [try Ruleset(text: ruleset)]).evaluate(model).findings.map(\.message)
    #expect(messages == ["-0.5/null/-0.5 null/null/false 7/x/null null/y/null 1e+300/null/s 12/null/12"])
  }

  @Test func entriesAreCompact() {
    #expect(MemoryLayout<NodeEntry>.stride == 56)
    #expect(MemoryLayout<LayerEntry>.stride == 28)
    #expect(MemoryLayout<ModifierEntry>.stride == 24)
    #expect(MemoryLayout<ExpressionEntry>.stride == 24)
  }

  /// No nodes: no bitmap words, and nothing to read.
  @Test func anEmptyModelHasNoEntries() {
    let model = ViewModel(ViewDocument(file: "E.swift", nodes: []))
    #expect(model.nodeCount == 0 && model.nodes.isEmpty && model.layers.isEmpty)
  }
}
