import Foundation
import Testing

@testable import Precept

/// The accessibility layer as data: the standard file, errors in a layer file, a layer of a
/// project's own, fields a producer supplies, and the fields as the checker knows them.
@Suite struct AccessibilityLayerTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The messages of a probe rule over a view-model JSON document's nodes of `type`.
  static func probe(
    _ message: String, _ nodes: String, type: String = "*", layer: AccessibilityLayer = .standard
  ) throws -> [String] {
    let ruleset = """
      ruleset demo 1.0.0
      let show(v) = v == null ? "null" : string(v)
      rule probe {
        severity info
        on \(type) as n
        require false
        message "\(message)"
      }
      """
    let document = try ViewDocument.read(
      SourceFile(name: "t.json", text: #"{"viewmodel": 1, "file": "S.swift", "nodes": \#(nodes)}"#))
    let engine = Engine(rulesets: [try Ruleset(text: ruleset)])
    return engine.evaluate(ViewModel(document, layer: layer)).findings.map(\.message)
  }

  static let summary = "{n.role} {show(n.accessibleName)} {n.nameSource}"

  @Test func theStandardLayerFileIsTheOneBuiltIn() throws {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("Rulesets/swiftui.layer.json"), encoding: .utf8)
    #expect(text + "\n" == StandardLayer.text || text == StandardLayer.text)
    let layer = try AccessibilityLayer(SourceFile(name: "swiftui.layer.json", text: text), base: nil)
    #expect(layer.views["Button"]?.role == "button")
    #expect(layer.modifiers["accessibilityLabel"]?.first?.field == .accessibleName)
  }

  /// Every view the standard layer names gets its role, element flag and traits, and every
  /// modifier it names sets the field its entry says, from the argument its entry says.
  @Test func everyViewAndModifierOfTheStandardLayerIsApplied() throws {
    let layer = AccessibilityLayer.standard
    for (type, view) in layer.views {
      let messages = try Self.probe(
        "{n.role} {n.isElement} {n.traits.join(',')}", #"[{"type": "\#(type)"}]"#)
      #expect(messages == ["\(view.role) \(view.element) \(view.traits.joined(separator: ","))"], "\(type)")
    }
    let fieldNames: [AccessibilityLayer.Field: String] = [
      .accessibleName: "show(n.accessibleName) + n.nameSource", .accessibleValue: "show(n.accessibleValue)",
      .hint: "show(n.hint)", .hidden: "show(n.hidden)", .traits: "n.traits.join(',')",
      .removedTraits: "n.traits.join(',')", .childBehavior: "show(n.childBehavior)",
      .interactions: "n.interactions.join(',')", .scalesText: "show(n.scalesText)",
      .foreground: "show(n.foreground)", .background: "show(n.background)",
    ]
    // A value each reader understands, for the argument an effect reads.
    let values: [AccessibilityLayer.Reader: String] = [
      .text: #""kind": "string", "value": "Words""#, .flag: #""kind": "bool", "value": true"#,
      .zero: #""kind": "number", "value": 0"#, .always: #""kind": "string", "value": "x""#,
      .traits: #""kind": "member", "value": ".isHeader""#, .member: #""kind": "member", "value": ".combine""#,
      .action: #""kind": "string", "value": "Delete""#, .gesture: #""kind": "expr", "value": "DragGesture()""#,
      .font: #""kind": "expr", "value": ".system(size: 12)""#, .color: #""kind": "member", "value": ".red""#,
    ]
    for (name, effects) in layer.modifiers {
      for effect in effects {
        let argument: String
        switch effect.from.first {
        case .label(let label)?: argument = #"{"label": "\#(label)", \#(values[effect.read]!)}"#
        case .position?: argument = #"{"label": null, \#(values[effect.read]!)}"#
        case nil: argument = ""
        }
        if effect.field == .content {
          // Content drawn with the view (an overlay) is part of what a button's label says;
          // content it presents (a sheet) is not.
          func label(_ modifier: String) throws -> [String] {
            let badge =
              #"{"name": "\#(modifier)", "children": [{"type": "Text", "args": [{"label": null, "kind": "string", "value": "3"}]}]}"#
            return try Self.probe(
              "{show(n.accessibleName)}",
              #"[{"type": "Button", "slots": {"label": [{"type": "Image", "modifiers": [\#(badge)]}]}}]"#,
              type: "Button")
          }
          #expect(try label("sheet") == ["null"])
          #expect(try label(name) == ["3"], "\(name) draws its content with the view")
          continue
        }
        let field = fieldNames[effect.field]!
        // Text says "Hi" and shows "isStaticText", so removing that trait shows.
        let plain = #"{"type": "Text", "args": [{"label": null, "kind": "string", "value": "Hi"}]"#
        var removed = argument
        if effect.field == .removedTraits {
          let label = if case .label(let label)? = effect.from.first { "\"\(label)\"" } else { "null" }
          removed = #"{"label": \#(label), "kind": "member", "value": ".isStaticText"}"#
        }
        let before = try Self.probe("{\(field)}", "[\(plain)}]", type: "Text")
        let after = try Self.probe(
          "{\(field)}", #"[\#(plain), "modifiers": [{"name": "\#(name)", "args": [\#(removed)]}]}]"#,
          type: "Text")
        #expect(before != after, "\(name) sets \(effect.field)")
      }
    }
  }

  @Test func aMalformedLayerFileIsAnErrorAtItsPosition() {
    let cases: [(String, String)] = [
      (
        #"{"layer": 1, "views": {"Button": {"role": 3}}}"#,
        "l.json:1:43: error: 'role' must be a string, found a number"
      ),
      (#"{"layer": 2}"#, "l.json:1:11: error: unsupported layer format version; this precept reads version 1"),
      (#"{"views": {}}"#, "l.json:1:1: error: a layer file is missing the required field 'layer'"),
      (
        #"{"layer": 1, "modifiers": {"bold": [{"field": "loudness", "read": "text", "from": 0}]}}"#,
        "l.json:1:47: error: unknown field 'loudness'; expected one of 'accessibleName'"
      ),
      (
        #"{"layer": 1, "modifiers": {"bold": [{"field": "hint", "read": "text"}]}}"#,
        "l.json:1:63: error: an effect that reads 'text' needs 'from'"
      ),
      (#"{"layer": 1, "views": {"X": {"rol": "button"}}}"#, "l.json:1:30: error: unknown key 'rol' in a view's entry"),
      (
        #"{"layer": 1, "views": {"X": {"name": [{"argument": [null], "source": "sign"}]}}}"#,
        "l.json:1:70: error: unknown name source 'sign'"
      ),
      (#"{"layer": 1, "localizationKey": "("}"#, "l.json:1:33: error: 'localizationKey' is not a valid pattern"),
      (#"{"layer": 1, "views": "#, "l.json:1:23: error:"),
    ]
    for (text, expected) in cases {
      do {
        _ = try AccessibilityLayer(SourceFile(name: "l.json", text: text))
        Issue.record("no error for \(text)")
      } catch {
        #expect(error.diagnostics.first?.description.hasPrefix(expected) == true, "\(error.diagnostics)")
      }
    }
  }

  /// A layer of a project's own extends the standard one: a view it adds gets a role, a
  /// modifier it adds sets a field, and everything else stays as before.
  @Test func aLayerOfItsOwnChangesFieldsWithoutRecompiling() throws {
    let layer = try AccessibilityLayer(
      SourceFile(
        name: "mine.layer.json",
        text: """
          {"layer": 1,
           "views": {"IconButton": {"role": "button", "element": true, "traits": ["isButton"],
             "name": [{"argument": ["title"], "source": "text"}]}},
           "modifiers": {"a11yName": [{"field": "accessibleName", "from": 0, "read": "text"}]}}
          """))
    let nodes = #"""
      [{"type": "IconButton", "args": [{"label": "title", "kind": "string", "value": "Close"}]},
       {"type": "Image", "modifiers": [{"name": "a11yName", "args": [{"label": null, "kind": "string", "value": "Logo"}]}]},
       {"type": "Text", "args": [{"label": null, "kind": "string", "value": "Hi"}]}]
      """#
    #expect(try Self.probe(Self.summary, nodes) == ["none null runtime", "image null none", "staticText Hi text"])
    #expect(
      try Self.probe(Self.summary, nodes, layer: layer) == [
        "button Close text", "image Logo accessibilityLabel", "staticText Hi text",
      ])
    let replacing = try AccessibilityLayer(
      SourceFile(name: "bare.layer.json", text: #"{"layer": 1, "base": "none", "views": {"Text": {"role": "label"}}}"#))
    #expect(
      try Self.probe(Self.summary, nodes, layer: replacing) == [
        "none null runtime", "none null runtime", "label null none",
      ])
  }

  /// A producer that knows better (a runtime snapshot) gives the fields itself; the rules read
  /// what it gives, and a document without them loads as before.
  @Test func fieldsTheDocumentSuppliesWin() throws {
    let nodes = #"""
      [{"type": "VStack", "accessibility": {"hidden": true}, "children": [
         {"type": "Button", "slots": {"label": [{"type": "Image", "args": [{"label": "systemName", "kind": "string", "value": "trash"}]}]},
          "accessibility": {"accessibleName": "Delete", "nameSource": "runtime", "traits": ["isButton", "isSelected"],
            "scalesText": null, "role": "button", "interactions": ["tap", "action:Archive"]}}]},
       {"type": "Text", "args": [{"label": null, "kind": "string", "value": "Hi"}], "accessibility": {"accessibleName": null, "nameSource": "none"}}]
      """#
    let fields =
      "{n.type} {show(n.accessibleName)} {n.nameSource} {n.hidden} {n.traits.join(',')} {show(n.scalesText)} {n.interactions.join(',')}"
    // The hidden stack's content says nothing.
    #expect(
      try Self.probe(fields, nodes) == [
        "VStack null none true  null ", "Button Delete runtime true isButton,isSelected null tap,action:Archive",
        "Image null none true isImage null ", "Text null none false isStaticText true ",
      ])
    // The fields round-trip through the JSON writer.
    let document = try ViewDocument.read(
      SourceFile(name: "t.json", text: #"{"viewmodel": 1, "file": "S.swift", "nodes": \#(nodes)}"#))
    #expect(try ViewDocument.read(SourceFile(name: "again.json", text: document.json.serialized())) == document)
    let wrong = #"{"viewmodel": 1, "nodes": [{"type": "A", "accessibility": {"hidden": "yes"}}]}"#
    #expect(throws: DiagnosticError.self) { try ViewDocument.read(SourceFile(name: "m.json", text: wrong)) }
  }

  @Test func aMisspeltLayerFieldIsACompileError() {
    let text = """
      ruleset r 1.0.0
      rule x {
        severity error
        on Button as b
        require b.accessibleNme != null
        message "m"
      }
      """
    do {
      _ = try Ruleset(text: text, name: "r.precept")
      Issue.record("compiled")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["a node has no field 'accessibleNme'"])
    }
    #expect((try? Ruleset(text: text.replacingOccurrences(of: "accessibleNme", with: "accessibleName"))) != nil)
  }

  /// Traits a modifier adds join those the role implies, and a rule reads them as a list.
  @Test func addedTraitsJoinTheRolesTraits() throws {
    let nodes =
      #"[{"type": "Button", "modifiers": [{"name": "accessibilityAddTraits", "args": [{"label": null, "kind": "expr", "value": "[.isHeader, .isSelected]"}]}]}]"#
    #expect(
      try Self.probe("{n.traits.join(',')} {'isSelected' in n.traits} {n.traits.size()}", nodes) == [
        "isButton,isHeader,isSelected true 3"
      ])
  }

  @Test func theGesturesAnArgumentMentionsAreFoundInAnyText() throws {
    // ASCII text is searched byte by byte, other text as Foundation searches it; both find
    // the same gestures.
    func interactions(_ value: String) throws -> [String] {
      let argument = #"{"label": null, "kind": "expr", "value": "\#(value)"}"#
      let nodes = #"[{"type": "Image", "modifiers": [{"name": "gesture", "args": [\#(argument)]}]}]"#
      return try Self.probe("{n.interactions.join(',')}", nodes)
    }
    #expect(try interactions("DragGesture().onEnded { _ in go() }") == ["drag"])
    #expect(try interactions("LongPressGesture().exclusively(before: TapGesture())") == ["tap,longPress"])
    #expect(try interactions("DragGesture().onEnded { _ in say(\\\"Café\\\") }") == ["drag"])
    #expect(try interactions("MagnifyGesture().onChanged { _ in zoom(\\\"ü\\\") }") == ["magnify"])
    #expect(try interactions("myGesture") == [""])
  }
}
