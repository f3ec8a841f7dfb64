// The view-model JSON format (Grammar/viewmodel.schema.json): reading with
// schema errors at line:column, and writing in a stable, compact-but-readable shape.

extension ViewDocument {
  /// Reads a view-model document. Malformed JSON and schema violations are reported with the
  /// file, line and column of the offending value.
  public static func read(_ source: SourceFile) throws(DiagnosticError) -> ViewDocument {
    let json = try JSON.parse(source)
    return try ViewDocumentDecoder(source: source).document(json)
  }

  /// The document as JSON. Empty lists and unknown positions are left out.
  public var json: JSON {
    var members = [
      JSON.Member("viewmodel", .integer(ViewDocument.formatVersion)),
      JSON.Member("file", .string(file)),
    ]
    if let platforms { members.append(JSON.Member("platforms", platformsJSON(platforms))) }
    members.append(JSON.Member("nodes", .array(nodes.map(\.json))))
    return .object(members)
  }
}

extension ViewNode {
  public var json: JSON {
    var members = [JSON.Member("type", .string(type))]
    if let name { members.append(JSON.Member("name", .string(name))) }
    appendPosition(line, column, to: &members)
    if let platforms { members.append(JSON.Member("platforms", platformsJSON(platforms))) }
    if !properties.isEmpty { members.append(JSON.Member("properties", .array(properties.map(\.json)))) }
    if !args.isEmpty { members.append(JSON.Member("args", .array(args.map(\.json)))) }
    if !modifiers.isEmpty { members.append(JSON.Member("modifiers", .array(modifiers.map(\.json)))) }
    if !children.isEmpty { members.append(JSON.Member("children", .array(children.map(\.json)))) }
    if !slots.isEmpty { members.append(JSON.Member("slots", slotsJSON(slots))) }
    if let accessibility { members.append(JSON.Member("accessibility", accessibility.json)) }
    return .object(members)
  }
}

extension AccessibilityFields {
  /// The fields given, in a fixed order; an explicit null stays null.
  var json: JSON {
    var members: [JSON.Member] = []
    func add(_ key: String, _ value: String??) {
      if let value { members.append(JSON.Member(key, value.map { .string($0) } ?? .null)) }
    }
    if let isElement { members.append(JSON.Member("isElement", .bool(isElement))) }
    if let role { members.append(JSON.Member("role", .string(role))) }
    add("accessibleName", accessibleName)
    if let nameSource { members.append(JSON.Member("nameSource", .string(nameSource))) }
    add("visibleText", visibleText)
    add("accessibleValue", accessibleValue)
    add("hint", hint)
    if let traits { members.append(JSON.Member("traits", .array(traits.map { .string($0) }))) }
    if let hidden { members.append(JSON.Member("hidden", .bool(hidden))) }
    add("childBehavior", childBehavior)
    if let interactions { members.append(JSON.Member("interactions", .array(interactions.map { .string($0) }))) }
    if let scalesText { members.append(JSON.Member("scalesText", scalesText.map { .bool($0) } ?? .null)) }
    add("foreground", foreground)
    add("background", background)
    return .object(members)
  }
}

extension ViewModifier {
  public var json: JSON {
    var members = [JSON.Member("name", .string(name))]
    appendPosition(line, column, to: &members)
    if !args.isEmpty { members.append(JSON.Member("args", .array(args.map(\.json)))) }
    if !children.isEmpty { members.append(JSON.Member("children", .array(children.map(\.json)))) }
    if !slots.isEmpty { members.append(JSON.Member("slots", slotsJSON(slots))) }
    return .object(members)
  }
}

extension ViewArgument {
  public var json: JSON {
    let valueJSON: JSON
    switch kind {
    case .bool:
      valueJSON = value == "true" ? .bool(true) : value == "false" ? .bool(false) : .string(value)
    case .number:
      valueJSON = ViewArgument.numberJSON(value) ?? .string(value)
    case .string, .member, .expr:
      valueJSON = .string(value)
    }
    var members = [
      JSON.Member("label", label.map { .string($0) } ?? .null),
      JSON.Member("kind", .string(kind.rawValue)),
      JSON.Member("value", valueJSON),
    ]
    appendPosition(line, column, to: &members)
    // A literal's structure follows from its kind and value; only other structure is written.
    if let expression, expression != ViewExpression.literal(kind, value) {
      members.append(JSON.Member("expr", expression.json))
    }
    return .object(members)
  }

  /// A number literal's JSON form: an integer when it is one, else a double; nil for forms JSON
  /// cannot hold (hexadecimal floats, out of range), which stay strings.
  static func numberJSON(_ text: String) -> JSON? {
    let plain = String(text.filter { $0 != "_" })
    if let value = Int64(plain) { return .integer(value) }
    if plain.hasPrefix("0x"), let value = Int64(plain.dropFirst(2), radix: 16) { return .integer(value) }
    if plain.hasPrefix("0o"), let value = Int64(plain.dropFirst(2), radix: 8) { return .integer(value) }
    if plain.hasPrefix("0b"), let value = Int64(plain.dropFirst(2), radix: 2) { return .integer(value) }
    if let value = Double(plain), value.isFinite { return .double(value) }
    return nil
  }
}

extension ViewExpression {
  /// The expression as JSON: `form` and `text`, and the fields its form fills.
  package var json: JSON {
    var members = [JSON.Member("form", .string(form.rawValue)), JSON.Member("text", .string(text))]
    func add(_ key: String, _ value: String?) { if let value { members.append(JSON.Member(key, .string(value))) } }
    func add(_ key: String, _ value: Double?) {
      if let value { members.append(JSON.Member(key, ViewExpression.json(value))) }
    }
    add("name", name)
    add("operator", operatorName)
    add("value", string)
    add("number", number)
    add("asset", asset)
    add("textStyle", textStyle)
    add("pointSize", pointSize)
    add("relativeTo", relativeTo)
    if let scales { members.append(JSON.Member("scales", .bool(scales))) }
    if !components.isEmpty { members.append(JSON.Member("components", .array(components.map(ViewExpression.json)))) }
    for link in Link.allCases { if let value = self[link] { members.append(JSON.Member(link.rawValue, value.json)) } }
    if !args.isEmpty { members.append(JSON.Member("args", .array(args.map(\.json)))) }
    if !statements.isEmpty { members.append(JSON.Member("statements", .array(statements.map(\.json)))) }
    if !parts.isEmpty { members.append(JSON.Member("parts", .array(parts.map(\.json)))) }
    if !elements.isEmpty { members.append(JSON.Member("elements", .array(elements.map(\.json)))) }
    return .object(members)
  }

  /// A number as JSON: an integer when it is one, so `44` does not print as `44.0`.
  static func json(_ value: Double) -> JSON {
    if value.rounded() == value, abs(value) < 1e15 { return .integer(Int64(value)) }
    return value.isFinite ? .double(value) : .null
  }

  /// The deepest JSON nesting the expression's object holds (1 for an object of scalars), for
  /// the reader's check that its output stays within `JSON.maximumDepth`.
  package var jsonDepth: Int {
    var deepest = 0
    var pending = [(self, 1)]
    while let (next, level) = pending.popLast() {
      deepest = max(deepest, level + (next.components.isEmpty ? 0 : 1))
      for link in Link.allCases { if let value = next[link] { pending.append((value, level + 1)) } }
      for argument in next.args {
        deepest = max(deepest, level + 2)
        if let value = argument.expression { pending.append((value, level + 3)) }
      }
      for value in next.statements + next.parts + next.elements { pending.append((value, level + 2)) }
    }
    return deepest
  }
}

extension ViewProperty {
  public var json: JSON {
    var members = [JSON.Member("name", .string(name))]
    if let wrapper { members.append(JSON.Member("wrapper", .string(wrapper))) }
    if let type { members.append(JSON.Member("type", .string(type))) }
    if let value { members.append(JSON.Member("value", .string(value))) }
    appendPosition(line, column, to: &members)
    return .object(members)
  }
}

private func appendPosition(_ line: Int, _ column: Int, to members: inout [JSON.Member]) {
  if line > 0 {
    members.append(JSON.Member("line", .integer(line)))
    members.append(JSON.Member("column", .integer(column)))
  }
}

private func platformsJSON(_ platforms: PlatformSet) -> JSON { .array(platforms.names.map { .string($0) }) }

private func slotsJSON(_ slots: [ViewSlot]) -> JSON {
  .object(slots.map { JSON.Member($0.name, .array($0.nodes.map(\.json))) })
}

// MARK: - Decoding

/// Checks the schema while converting, so every error points at the value that broke it.
private struct ViewDocumentDecoder: JSONChecks {
  let source: SourceFile

  func fail(_ message: String, _ value: JSON) -> DiagnosticError {
    DiagnosticError(Diagnostic(.error, message, in: source, span: Span(value.offset, value.offset + 1)))
  }

  func position(_ value: JSON, _ what: String) throws(DiagnosticError) -> Int {
    guard let number = value.integerValue, number >= 0 else {
      throw fail("\(what) must be a non-negative integer, found \(value.kindName)", value)
    }
    guard number <= Int64(Int32.max) else { throw fail("\(what) is too large (max \(Int32.max))", value) }
    return Int(number)
  }

  func document(_ value: JSON) throws(DiagnosticError) -> ViewDocument {
    let members = try object(value, "a view-model document")
    let version = try required(members, "viewmodel", in: value, "the document")
    guard let number = version.integerValue else {
      throw fail("'viewmodel' must be the format version number, found \(version.kindName)", version)
    }
    guard number == Int64(ViewDocument.formatVersion) else {
      throw fail(
        "unsupported view-model format version \(number); this precept reads version \(ViewDocument.formatVersion)",
        version)
    }
    var file = ""
    var nodes: [ViewNode] = []
    var platforms: PlatformSet? = nil
    for member in members {
      switch member.key {
      case "file": file = try string(member.value, "'file'")
      case "platforms": platforms = try self.platforms(member.value)
      case "nodes":
        nodes = try array(member.value, "'nodes'").map { (node: JSON) throws(DiagnosticError) in try self.node(node) }
      default: break
      }
    }
    _ = try required(members, "nodes", in: value, "the document")
    var document = ViewDocument(file: file, nodes: nodes)
    document.platforms = platforms
    return document
  }

  /// A list of platform names (`["iOS", "macOS"]`).
  func platforms(_ value: JSON) throws(DiagnosticError) -> PlatformSet {
    var result: PlatformSet = []
    for element in try array(value, "'platforms'") {
      let name = try string(element, "an element of 'platforms'")
      guard let platform = PlatformSet(name: name) else {
        throw fail("unknown platform '\(name)'; expected one of \(PlatformSet.nameList)", element)
      }
      result.insert(platform)
    }
    return result
  }

  func nodeList(_ value: JSON, _ what: String) throws(DiagnosticError) -> [ViewNode] {
    var result: [ViewNode] = []
    for element in try array(value, what) { result.append(try node(element)) }
    return result
  }

  func slots(_ value: JSON) throws(DiagnosticError) -> [ViewSlot] {
    var result: [ViewSlot] = []
    for member in try object(value, "'slots'") {
      result.append(ViewSlot(name: member.key, nodes: try nodeList(member.value, "'slots.\(member.key)'")))
    }
    return result
  }

  func node(_ value: JSON) throws(DiagnosticError) -> ViewNode {
    let members = try object(value, "a node")
    var node = ViewNode(type: try string(try required(members, "type", in: value, "a node"), "'type'"))
    for member in members {
      switch member.key {
      case "name": node.name = member.value.isNull ? nil : try string(member.value, "'name'")
      case "line": node.line = try position(member.value, "'line'")
      case "column": node.column = try position(member.value, "'column'")
      case "platforms": node.platforms = try platforms(member.value)
      case "args": node.args = try arguments(member.value)
      case "modifiers":
        node.modifiers = []
        for element in try array(member.value, "'modifiers'") { node.modifiers.append(try modifier(element)) }
      case "children": node.children = try nodeList(member.value, "'children'")
      case "slots": node.slots = try slots(member.value)
      case "properties":
        node.properties = []
        for element in try array(member.value, "'properties'") { node.properties.append(try property(element)) }
      case "accessibility": node.accessibility = try accessibility(member.value)
      default: break
      }
    }
    return node
  }

  /// A node's own accessibility fields; each is optional, and unknown keys are ignored as
  /// everywhere in the format.
  func accessibility(_ value: JSON) throws(DiagnosticError) -> AccessibilityFields {
    var fields = AccessibilityFields()
    func nullable(_ value: JSON, _ what: String) throws(DiagnosticError) -> String?? {
      value.isNull ? .some(nil) : .some(try string(value, "'\(what)'"))
    }
    let sources = ["text", "title", "label", "accessibilityLabel", "imageLabel", "runtime", "none"]
    for member in try object(value, "'accessibility'") {
      let value = member.value
      switch member.key {
      case "isElement": fields.isElement = try bool(value, "'isElement'")
      case "role": fields.role = try string(value, "'role'")
      case "accessibleName": fields.accessibleName = try nullable(value, "accessibleName")
      case "nameSource":
        let source = try string(value, "'nameSource'")
        guard sources.contains(source) else {
          throw fail("unknown name source '\(source)'; expected one of \(sources.joined(separator: ", "))", value)
        }
        fields.nameSource = source
      case "visibleText": fields.visibleText = try nullable(value, "visibleText")
      case "accessibleValue": fields.accessibleValue = try nullable(value, "accessibleValue")
      case "hint": fields.hint = try nullable(value, "hint")
      case "traits": fields.traits = try strings(value, "'traits'")
      case "hidden": fields.hidden = try bool(value, "'hidden'")
      case "childBehavior": fields.childBehavior = try nullable(value, "childBehavior")
      case "interactions": fields.interactions = try strings(value, "'interactions'")
      case "scalesText": fields.scalesText = value.isNull ? .some(nil) : .some(try bool(value, "'scalesText'"))
      case "foreground": fields.foreground = try nullable(value, "foreground")
      case "background": fields.background = try nullable(value, "background")
      default: break
      }
    }
    return fields
  }

  func arguments(_ value: JSON) throws(DiagnosticError) -> [ViewArgument] {
    var result: [ViewArgument] = []
    for element in try array(value, "'args'") { result.append(try argument(element)) }
    return result
  }

  func argument(_ value: JSON) throws(DiagnosticError) -> ViewArgument {
    let members = try object(value, "an argument")
    let kindValue = try required(members, "kind", in: value, "an argument")
    let kindName = try string(kindValue, "'kind'")
    guard let kind = ArgumentKind(rawValue: kindName) else {
      let allowed = ArgumentKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw fail("unknown argument kind '\(kindName)'; expected one of \(allowed)", kindValue)
    }
    let rawValue = try required(members, "value", in: value, "an argument")
    let text: String
    switch (kind, rawValue.kind) {
    case (_, .string(let string)): text = string
    case (.number, .integer(let number)): text = String(number)
    case (.number, .double(let number)): text = String(number)
    case (.bool, .bool(let flag)): text = flag ? "true" : "false"
    default:
      throw fail("the value of a '\(kindName)' argument cannot be \(rawValue.kindName)", rawValue)
    }
    var argument = ViewArgument(label: nil, kind: kind, value: text)
    for member in members {
      switch member.key {
      case "expr": argument.expression = member.value.isNull ? nil : try expression(member.value)
      case "label": argument.label = member.value.isNull ? nil : try string(member.value, "'label'")
      case "line": argument.line = try position(member.value, "'line'")
      case "column": argument.column = try position(member.value, "'column'")
      default: break
      }
    }
    // A literal without structure has the one its kind and value give (the writer leaves it out).
    if argument.expression == nil { argument.expression = ViewExpression.literal(kind, argument.value) }
    return argument
  }

  /// An argument value's structure (`expr`): every field checked against its form's type.
  func expression(_ value: JSON) throws(DiagnosticError) -> ViewExpression {
    let members = try object(value, "an expression")
    let formValue = try required(members, "form", in: value, "an expression")
    let formName = try string(formValue, "'form'")
    guard let form = ViewExpression.Form(rawValue: formName) else {
      let allowed = ViewExpression.Form.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw fail("unknown expression form '\(formName)'; expected one of \(allowed)", formValue)
    }
    let text = try string(try required(members, "text", in: value, "an expression"), "'text'")
    var expression = ViewExpression(form, text: text)
    func optionalString(_ value: JSON, _ key: String) throws(DiagnosticError) -> String? {
      value.isNull ? nil : try string(value, "'\(key)'")
    }
    for member in members {
      let key = member.key
      switch key {
      case "name": expression.name = try optionalString(member.value, key)
      case "operator": expression.operatorName = try optionalString(member.value, key)
      case "value": expression.string = try optionalString(member.value, key)
      case "asset": expression.asset = try optionalString(member.value, key)
      case "textStyle": expression.textStyle = try optionalString(member.value, key)
      case "relativeTo": expression.relativeTo = try optionalString(member.value, key)
      case "number": expression.number = member.value.isNull ? nil : try number(member.value, "'\(key)'")
      case "pointSize": expression.pointSize = member.value.isNull ? nil : try number(member.value, "'\(key)'")
      case "scales":
        expression.scales = member.value.isNull ? nil : try bool(member.value, "'scales'")
      case "components":
        expression.components = []
        for element in try array(member.value, "'\(key)'") {
          expression.components.append(try number(element, "an element of '\(key)'"))
        }
      case "args": expression.args = try arguments(member.value)
      case "statements", "parts", "elements":
        var list: [ViewExpression] = []
        for element in try array(member.value, "'\(key)'") { list.append(try self.expression(element)) }
        if key == "statements" { expression.statements = list }
        if key == "parts" { expression.parts = list }
        if key == "elements" { expression.elements = list }
      default:
        if let link = ViewExpression.Link(rawValue: key) {
          expression[link] = member.value.isNull ? nil : try self.expression(member.value)
        }
      }
    }
    return expression
  }

  func number(_ value: JSON, _ what: String) throws(DiagnosticError) -> Double {
    switch value.kind {
    case .integer(let number): return Double(number)
    case .double(let number): return number
    default: throw fail("\(what) must be a number, found \(value.kindName)", value)
    }
  }

  func modifier(_ value: JSON) throws(DiagnosticError) -> ViewModifier {
    let members = try object(value, "a modifier")
    var modifier = ViewModifier(name: try string(try required(members, "name", in: value, "a modifier"), "'name'"))
    for member in members {
      switch member.key {
      case "line": modifier.line = try position(member.value, "'line'")
      case "column": modifier.column = try position(member.value, "'column'")
      case "args": modifier.args = try arguments(member.value)
      case "children": modifier.children = try nodeList(member.value, "'children'")
      case "slots": modifier.slots = try slots(member.value)
      default: break
      }
    }
    return modifier
  }

  func property(_ value: JSON) throws(DiagnosticError) -> ViewProperty {
    let members = try object(value, "a property")
    var property = ViewProperty(name: try string(try required(members, "name", in: value, "a property"), "'name'"))
    for member in members {
      switch member.key {
      case "wrapper": property.wrapper = member.value.isNull ? nil : try string(member.value, "'wrapper'")
      case "type": property.type = member.value.isNull ? nil : try string(member.value, "'type'")
      case "value": property.value = member.value.isNull ? nil : try string(member.value, "'value'")
      case "line": property.line = try position(member.value, "'line'")
      case "column": property.column = try position(member.value, "'column'")
      default: break
      }
    }
    return property
  }
}
