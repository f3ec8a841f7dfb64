import Foundation
import Testing

@testable import Precept

/// The node fields `platforms`, `tapWidth` and `tapHeight`, as rules see them.
@Suite struct PlatformAndTapAreaTests {
  /// The messages of a rule `on * as n when <when>` over `nodes`, one per node it fails on.
  func messages(_ when: String, _ message: String, _ nodes: String, platforms: String? = nil) throws -> [String] {
    let ruleset = """
      ruleset demo 1.0.0
      let show(v) = v == null ? "null" : string(v)
      rule probe {
        severity info
        on * as n
        when \(when)
        require false
        message "\(message)"
      }
      """
    let head = platforms.map { #""platforms": \#($0), "# } ?? ""
    let model = try ViewModel(
      json: SourceFile(name: "t.json", text: #"{"viewmodel": 1, "file": "S.swift", \#(head)"nodes": \#(nodes)}"#))
    let engine = Engine(rulesets: [try Ruleset(text: ruleset)])
    return engine.evaluate(model).findings.map(\.message)
  }

  @Test func nodesAreBuiltForTheirOwnTheirAncestorsAndTheDocumentsPlatforms() throws {
    let nodes = """
      [{"type": "VStack", "line": 1, "column": 1, "children": [
        {"type": "Button", "line": 2, "column": 1, "platforms": ["iOS", "macOS", "tvOS"], "children": [
          {"type": "Image", "line": 3, "column": 1, "platforms": ["macOS", "tvOS"]}]}]}]
      """
    #expect(
      try messages("true", "{n.type} {n.platforms.join(',')}", nodes, platforms: #"["iOS", "tvOS", "visionOS"]"#) == [
        "VStack iOS,tvOS,visionOS", "Button iOS,tvOS", "Image tvOS",
      ])
    // A document that does not say is an iOS one.
    #expect(try messages("true", "{n.type} {n.platforms.join(',')}", nodes) == ["VStack iOS", "Button iOS", "Image "])
  }

  @Test func unknownPlatformNamesAreAnErrorAtTheirPosition() {
    let text = #"{"viewmodel": 1, "file": "S.swift", "nodes": [{"type": "A", "platforms": ["iOS", "Linux"]}]}"#
    #expect(throws: DiagnosticError.self) { try ViewDocument.read(SourceFile(name: "m.json", text: text)) }
    do {
      _ = try ViewDocument.read(SourceFile(name: "m.json", text: text))
    } catch {
      #expect(error.diagnostics[0].message.hasPrefix("unknown platform 'Linux'; expected one of iOS, iPadOS"))
      #expect(error.diagnostics[0].location.column == 82)
    }
  }

  @Test func platformsRoundTripThroughJSON() throws {
    var document = ViewDocument(file: "S.swift", nodes: [ViewNode(type: "Text")])
    document.platforms = [.macOS, .macCatalyst]
    document.nodes[0].platforms = [.macCatalyst]
    let text = document.json.serialized()
    #expect(text.contains(#""platforms": ["macOS", "Mac Catalyst"]"#))
    #expect(try ViewDocument.read(SourceFile(name: "m.json", text: text)) == document)
  }

  /// A view of `type` with `modifiers`, and a label slot holding an image with `label`'s
  /// modifiers. Sizes outside a control (a Button, anything with a label) work differently, so
  /// the order of modifiers is shown on a plain view.
  static func node(_ modifiers: String, label: String? = nil, type: String = "ZStack") -> String {
    let slot = label.map { #", "slots": {"label": [{"type": "Image", "modifiers": \#($0)}]}"# } ?? ""
    return #"[{"type": "\#(type)", "modifiers": \#(modifiers)\#(slot)}]"#
  }

  static func frame(_ args: String) -> String {
    #"{"name": "frame", "args": [\#(args)]}"#
  }

  static func number(_ label: String?, _ value: Double) -> String {
    #"{"label": \#(label.map { "\"\($0)\"" } ?? "null"), "kind": "number", "value": \#(value)}"#
  }

  static func padding(_ args: String) -> String { #"{"name": "padding", "args": [\#(args)]}"# }

  func area(_ nodes: String) throws -> String {
    try messages(#"n.parent == null"#, "{show(n.tapWidth)} {show(n.tapHeight)}", nodes)[0]
  }

  @Test func aPaddingAfterASmallFrameAddsItsConstantLength() throws {
    let sized = Self.frame(Self.number("width", 24) + ", " + Self.number("height", 24))
    #expect(try area(Self.node("[\(sized), \(Self.padding(Self.number(nil, 4)))]")) == "32 32")
    // On a control's label.
    let padded = "[\(sized), \(Self.padding(Self.number(nil, 2)))]"
    #expect(try area(Self.node("[]", label: padded, type: "Button")) == "28 28")
    // Edges: horizontal only, one side only.
    let horizontal = Self.padding(
      #"{"label": null, "kind": "member", "value": ".horizontal"}, "# + Self.number(nil, 10))
    #expect(try area(Self.node("[\(sized), \(horizontal)]")) == "44 24")
    let leading = Self.padding(#"{"label": null, "kind": "member", "value": ".leading"}, "# + Self.number(nil, 10))
    #expect(try area(Self.node("[\(sized), \(leading)]")) == "34 24")
    let list = Self.padding(#"{"label": null, "kind": "expr", "value": "[.top, .bottom]"}, "# + Self.number(nil, 10))
    #expect(try area(Self.node("[\(sized), \(list)]")) == "24 44")
    let insets = Self.padding(
      #"{"label": null, "kind": "expr", "value": "EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)"}"#)
    #expect(try area(Self.node("[\(sized), \(insets)]")) == "30 28")
  }

  /// Only a control's label is tapped: padding and minimum frames outside it lay it out, and a
  /// fixed or largest frame outside it bounds the label.
  @Test func nothingOutsideAControlGrowsItsTapArea() throws {
    let sized = Self.frame(Self.number("width", 24) + ", " + Self.number("height", 24))
    let padding = Self.padding(Self.number(nil, 10))
    let minimum = Self.frame(Self.number("minWidth", 44) + ", " + Self.number("minHeight", 44))
    for type in ["Button", "Menu", "Link", "ShareLink", "NavigationLink"] {
      #expect(try area(Self.node("[\(padding), \(minimum)]", label: "[\(sized)]", type: type)) == "24 24")
    }
    let bounded = Self.frame(Self.number("width", 20) + ", " + Self.number("maxHeight", 40))
    #expect(try area(Self.node("[\(bounded)]", label: "[\(sized)]", type: "Button")) == "20 24")
    // A title rather than a label: a fixed frame outside is all that is known.
    #expect(try area(Self.node("[\(Self.frame(Self.number("height", 30))), \(padding)]", type: "Button")) == "null 30")
  }

  @Test func sizesTheCodeDoesNotFixAreUnknown() throws {
    let sized = Self.frame(Self.number("width", 24) + ", " + Self.number("height", 24))
    // No frame, the default padding, a computed padding, an app constant, `.infinity`.
    #expect(try area(Self.node("[]")) == "null null")
    #expect(try area(Self.node(#"[\#(sized), {"name": "padding"}]"#)) == "null null")
    let computed = Self.padding(#"{"label": null, "kind": "expr", "value": "spacing"}"#)
    #expect(try area(Self.node("[\(sized), \(computed)]")) == "null null")
    let named = Self.padding(#"{"label": null, "kind": "member", "value": ".small"}"#)
    #expect(try area(Self.node("[\(sized), \(named)]")) == "null null")
    let infinite = Self.frame(#"{"label": "maxWidth", "kind": "member", "value": ".infinity"}"#)
    #expect(try area(Self.node("[\(sized), \(infinite)]")) == "null 24")
  }

  @Test func laterFramesReplaceRaiseOrCapTheSize() throws {
    let sized = Self.frame(Self.number("width", 24) + ", " + Self.number("height", 24))
    let minimum = Self.frame(Self.number("minWidth", 44) + ", " + Self.number("minHeight", 30))
    #expect(try area(Self.node("[\(sized), \(minimum)]")) == "44 30")
    let fixed = Self.frame(Self.number("height", 50))
    #expect(try area(Self.node("[\(sized), \(fixed)]")) == "24 50")
    let capped = Self.frame(Self.number("maxWidth", 30))
    #expect(try area(Self.node("[\(capped)]")) == "30 null")
    let scaled = #"{"name": "scaleEffect", "args": [\#(Self.number(nil, 2))]}"#
    #expect(try area(Self.node("[\(sized), \(scaled)]")) == "48 48")
  }
}
