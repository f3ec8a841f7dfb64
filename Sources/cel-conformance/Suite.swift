import Precept

/// One test file of google/cel-spec's simple suite (a `SimpleTestFile`).
struct SuiteFile: Sendable {
  /// The file's name without `.textproto`: `basic`, `string`, …
  var name: String
  var sections: [SuiteSection]
}

/// A named group of cases in a file (a `SimpleTestSection`).
struct SuiteSection: Sendable {
  var name: String
  var cases: [SuiteCase]
}

/// One case (a `SimpleTest`): an expression, the environment it runs in and the result it
/// must produce.
struct SuiteCase: Sendable {
  var name: String
  var expression: String
  /// Where the case's `test {` starts in its file.
  var line: Int
  var disableMacros = false
  var disableCheck = false
  var checkOnly = false
  var container = ""
  var locale = ""
  var declarations: [Declaration] = []
  var bindings: [Binding] = []
  /// `simple.proto`: "An unspecified result defaults to a matcher for the true boolean value."
  var expectation = ExpectedResult.value(.value(.bool(true)))
  /// `typed_result.deduced_type`: the type CEL's checker gives the expression.
  var deducedType: DeclaredType?

  /// The names the expression may use freely: every declared variable and every binding.
  var variableNames: [String] {
    var names: [String] = []
    for declaration in declarations where declaration.type != nil {
      if !names.contains(declaration.name) { names.append(declaration.name) }
    }
    for binding in bindings where !names.contains(binding.name) {
      names.append(binding.name)
    }
    return names
  }
}

/// An entry of a case's `type_env` (a `cel.expr.Decl`).
struct Declaration: Sendable, Equatable {
  var name: String
  /// The variable's type; nil for a function declaration.
  var type: DeclaredType?
}

/// A type in a declaration (a `cel.expr.Type`), reduced to what the classifier needs.
indirect enum DeclaredType: Sendable, Equatable {
  /// The type as CEL writes it (`int`, `list(string)`, `map(string, int)`, `null_type`), the
  /// way Precept's checker names its static types; nil for a type Precept does not have.
  var celName: String? {
    switch self {
    case .standard(let name):
      let names = [
        "bool": "bool", "int64": "int", "uint64": "uint", "double": "double", "string": "string", "bytes": "bytes",
        "null": "null_type", "dyn": "dyn", "type": "type",
      ]
      return names[name]
    case .list(let element): return element.celName.map { "list(\($0))" }
    case .map(let key, let value):
      guard let key = key.celName, let value = value.celName else { return nil }
      return "map(\(key), \(value))"
    case .protobuf, .timeType, .other: return nil
    }
  }

  /// CEL's own types: `primitive`, `dyn`, `null`, `type`, and an unspecified type.
  case standard(String)
  case list(DeclaredType)
  case map(DeclaredType, DeclaredType)
  /// A protobuf message type by name, a protobuf wrapper (`wrapper: INT64`) or `well_known: ANY`.
  case protobuf(String)
  /// `well_known: TIMESTAMP` or `DURATION`.
  case timeType(String)
  /// A type parameter, abstract type, function type or error type.
  case other(String)
}

/// A variable's value for the evaluation (an entry of `bindings`, a `cel.expr.ExprValue`).
struct Binding: Sendable, Equatable {
  var name: String
  var value: BindingValue
}

enum BindingValue: Sendable, Equatable {
  case value(SuiteValue)
  /// The variable is bound to an error or to an unknown, which Precept's API cannot express.
  case errorOrUnknown(String)
}

/// A `cel.expr.Value`: a Precept value, or a protobuf value Precept has no counterpart for.
enum SuiteValue: Sendable, Equatable {
  case value(Value)
  /// `object_value` (a protobuf message, by type name) anywhere in the value.
  case object(String)
  /// `enum_value` anywhere in the value, by enum type name.
  case enumValue(String)
}

/// What a case must produce (the `result_matcher` of a `SimpleTest`).
enum ExpectedResult: Sendable, Equatable {
  /// `value`, or `typed_result.result` (its `deduced_type`, if any, is `SuiteCase.deducedType`).
  case value(SuiteValue)
  /// `eval_error` or `any_eval_errors`: any evaluation error passes; messages are not compared.
  case error
  /// `unknown` or `any_unknowns`.
  case unknown
  /// A `typed_result` without a result: only the deduced type is tested.
  case deducedTypeOnly
}

/// Turns a textproto tree into suite files, checking field names and scalar types the way
/// a schema-aware protobuf parser would, so that a typo in a test file is reported rather than
/// silently dropping a case.
struct SuiteReader {
  let source: SourceFile

  /// Reads one `.textproto` file of the suite. `name` is the file's name without extension.
  static func read(_ source: SourceFile, name: String) throws(DiagnosticError) -> SuiteFile {
    let reader = SuiteReader(source: source)
    return try reader.file(TextprotoReader.read(source), name: name)
  }

  private func file(_ message: TextprotoMessage, name: String) throws(DiagnosticError) -> SuiteFile {
    try expectFields(of: message, in: "SimpleTestFile", ["name", "description", "section"])
    var sections: [SuiteSection] = []
    for field in message.fields(named: "section") {
      sections.append(try section(messageValue(field)))
    }
    return SuiteFile(name: name, sections: sections)
  }

  private func section(_ message: TextprotoMessage) throws(DiagnosticError) -> SuiteSection {
    try expectFields(of: message, in: "SimpleTestSection", ["name", "description", "test"])
    var cases: [SuiteCase] = []
    for field in message.fields(named: "test") {
      cases.append(try testCase(messageValue(field)))
    }
    return SuiteSection(name: try string("name", of: message) ?? "", cases: cases)
  }

  private static let resultFields = [
    "value", "typed_result", "eval_error", "any_eval_errors", "unknown", "any_unknowns",
  ]

  private func testCase(_ message: TextprotoMessage) throws(DiagnosticError) -> SuiteCase {
    try expectFields(
      of: message, in: "SimpleTest",
      [
        "name", "description", "expr", "disable_macros", "disable_check", "check_only", "type_env",
        "container", "locale", "bindings",
      ] + Self.resultFields)
    guard let expression = try string("expr", of: message) else {
      throw error("a test needs an 'expr'", at: message.offset)
    }
    var test = SuiteCase(
      name: try string("name", of: message) ?? "", expression: expression,
      line: source.location(of: message.offset).line)
    test.disableMacros = try bool("disable_macros", of: message) ?? false
    test.disableCheck = try bool("disable_check", of: message) ?? false
    test.checkOnly = try bool("check_only", of: message) ?? false
    test.container = try string("container", of: message) ?? ""
    test.locale = try string("locale", of: message) ?? ""
    for field in message.fields(named: "type_env") {
      test.declarations.append(try declaration(messageValue(field)))
    }
    for field in message.fields(named: "bindings") {
      test.bindings.append(try binding(messageValue(field)))
    }

    let results = message.fields.filter { Self.resultFields.contains($0.name) }
    if results.count > 1 {
      throw error(
        "a test has one result, but '\(results[1].name)' follows '\(results[0].name)' "
          + "(line \(source.location(of: results[0].offset).line))", at: results[1].offset)
    }
    if let result = results.first {
      let body = try messageValue(result)
      switch result.name {
      case "value":
        test.expectation = .value(try value(body))
      case "typed_result":
        try expectFields(of: body, in: "TypedResult", ["result", "deduced_type"])
        if let type = try singleMessage("deduced_type", of: body) { test.deducedType = try declaredType(type) }
        if let result = try singleMessage("result", of: body) {
          test.expectation = .value(try value(result))
        } else {
          test.expectation = .deducedTypeOnly
        }
      case "eval_error", "any_eval_errors":
        test.expectation = .error
      default:
        test.expectation = .unknown
      }
    }
    return test
  }

  // MARK: Declarations and bindings

  private func declaration(_ message: TextprotoMessage) throws(DiagnosticError) -> Declaration {
    try expectFields(of: message, in: "Decl", ["name", "ident", "function"])
    guard let name = try string("name", of: message) else {
      throw error("a declaration needs a 'name'", at: message.offset)
    }
    if try singleMessage("function", of: message) != nil {
      return Declaration(name: name, type: nil)
    }
    guard let ident = try singleMessage("ident", of: message) else {
      return Declaration(name: name, type: .standard("unspecified"))
    }
    try expectFields(of: ident, in: "IdentDecl", ["type", "value", "doc"])
    guard let type = try singleMessage("type", of: ident) else {
      return Declaration(name: name, type: .standard("unspecified"))
    }
    return Declaration(name: name, type: try declaredType(type))
  }

  private func declaredType(_ message: TextprotoMessage) throws(DiagnosticError) -> DeclaredType {
    try expectFields(
      of: message, in: "Type",
      [
        "dyn", "null", "primitive", "wrapper", "well_known", "list_type", "map_type", "function",
        "message_type", "type_param", "type", "error", "abstract_type",
      ])
    guard message.fields.count == 1, let field = message.fields.first else {
      throw error("a type has exactly one kind", at: message.offset)
    }
    switch field.name {
    case "dyn", "null":
      return .standard(field.name)
    case "primitive":
      return .standard(try identifier(field).lowercased())
    case "type":
      return .standard("type")
    case "list_type":
      let list = try messageValue(field)
      try expectFields(of: list, in: "ListType", ["elem_type"])
      guard let element = try singleMessage("elem_type", of: list) else {
        throw error("a list type needs an 'elem_type'", at: list.offset)
      }
      return .list(try declaredType(element))
    case "map_type":
      let map = try messageValue(field)
      try expectFields(of: map, in: "MapType", ["key_type", "value_type"])
      guard let key = try singleMessage("key_type", of: map), let value = try singleMessage("value_type", of: map)
      else {
        throw error("a map type needs a 'key_type' and a 'value_type'", at: map.offset)
      }
      return .map(try declaredType(key), try declaredType(value))
    case "message_type":
      return .protobuf(try stringValue(field))
    case "wrapper":
      return .protobuf("wrapper \(try identifier(field))")
    case "well_known":
      let name = try identifier(field)
      return name == "TIMESTAMP" || name == "DURATION" ? .timeType(name) : .protobuf(name)
    default:
      return .other(field.name)
    }
  }

  private func binding(_ message: TextprotoMessage) throws(DiagnosticError) -> Binding {
    try expectFields(of: message, in: "bindings entry", ["key", "value"])
    guard let name = try string("key", of: message) else {
      throw error("a binding needs a 'key'", at: message.offset)
    }
    guard let exprValue = try singleMessage("value", of: message) else {
      throw error("the binding '\(name)' needs a 'value'", at: message.offset)
    }
    try expectFields(of: exprValue, in: "ExprValue", ["value", "error", "unknown"])
    guard exprValue.fields.count == 1, let field = exprValue.fields.first else {
      throw error("the binding '\(name)' needs exactly one of 'value', 'error', 'unknown'", at: exprValue.offset)
    }
    if field.name == "value" {
      return Binding(name: name, value: .value(try value(messageValue(field))))
    }
    return Binding(name: name, value: .errorOrUnknown(field.name))
  }

  // MARK: Values

  /// Converts a `cel.expr.Value`.
  func value(_ message: TextprotoMessage) throws(DiagnosticError) -> SuiteValue {
    try expectFields(
      of: message, in: "Value",
      [
        "null_value", "bool_value", "int64_value", "uint64_value", "double_value", "string_value",
        "bytes_value", "enum_value", "object_value", "map_value", "list_value", "type_value",
      ])
    guard message.fields.count == 1, let field = message.fields.first else {
      if message.fields.isEmpty { throw error("a value needs one kind", at: message.offset) }
      throw error("a value has only one kind, but '\(message.fields[1].name)' follows", at: message.fields[1].offset)
    }
    switch field.name {
    case "null_value":
      switch field.value {
      case .identifier("NULL_VALUE"), .number("0"): return .value(.null)
      default: throw error("expected NULL_VALUE", at: field.offset)
      }
    case "bool_value":
      return .value(.bool(try boolValue(field)))
    case "int64_value":
      return .value(.int(try int64Value(field)))
    case "uint64_value":
      return .value(.uint(try uint64Value(field)))
    case "double_value":
      return .value(.double(try doubleValue(field)))
    case "string_value":
      return .value(.string(try stringValue(field)))
    case "bytes_value":
      return .value(.bytes(try bytesValue(field)))
    case "type_value":
      return .value(.type(try stringValue(field)))
    case "list_value":
      let list = try messageValue(field)
      try expectFields(of: list, in: "ListValue", ["values"])
      var elements: [Value] = []
      for element in list.fields {
        switch try value(messageValue(element)) {
        case .value(let value): elements.append(value)
        case let other: return other
        }
      }
      return .value(.list(elements))
    case "map_value":
      let map = try messageValue(field)
      try expectFields(of: map, in: "MapValue", ["entries"])
      var entries: [Value.MapEntry] = []
      for entryField in map.fields {
        let entry = try messageValue(entryField)
        try expectFields(of: entry, in: "MapValue.Entry", ["key", "value"])
        guard let keyMessage = try singleMessage("key", of: entry),
          let valueMessage = try singleMessage("value", of: entry)
        else {
          throw error("a map entry needs a 'key' and a 'value'", at: entry.offset)
        }
        let key = try value(keyMessage)
        guard case .value(let keyValue) = key else { return key }
        let value = try value(valueMessage)
        guard case .value(let valueValue) = value else { return value }
        entries.append(Value.MapEntry(keyValue, valueValue))
      }
      return .value(.map(entries))
    case "enum_value":
      let enumValue = try messageValue(field)
      try expectFields(of: enumValue, in: "EnumValue", ["type", "value"])
      return .enumValue(try string("type", of: enumValue) ?? "")
    default:  // object_value
      let any = try messageValue(field)
      if let expansion = any.fields.first(where: \.isBracketed) {
        // `[type.googleapis.com/pkg.Message] { … }`: the type is after the last slash.
        return .object(String(expansion.name.split(separator: "/").last ?? ""))
      }
      try expectFields(of: any, in: "Any", ["type_url", "value"])
      let url = try string("type_url", of: any) ?? ""
      return .object(String(url.split(separator: "/").last ?? ""))
    }
  }

  // MARK: Fields

  /// Rejects fields a message type does not have, and `[…]` expansions where none is allowed.
  private func expectFields(of message: TextprotoMessage, in type: String, _ names: [String])
    throws(DiagnosticError)
  {
    for field in message.fields where field.isBracketed || !names.contains(field.name) {
      let shown = field.isBracketed ? "[\(field.name)]" : field.name
      throw error("unknown field '\(shown)' in \(type)", at: field.offset)
    }
  }

  /// The only field named `name`, or nil; a singular field written twice is an error.
  private func single(_ name: String, of message: TextprotoMessage) throws(DiagnosticError) -> TextprotoField? {
    let fields = message.fields(named: name)
    if fields.count > 1 {
      throw error(
        "'\(name)' is not repeated but appears again (first at line \(source.location(of: fields[0].offset).line))",
        at: fields[1].offset)
    }
    return fields.first
  }

  private func singleMessage(_ name: String, of message: TextprotoMessage) throws(DiagnosticError)
    -> TextprotoMessage?
  {
    guard let field = try single(name, of: message) else { return nil }
    return try messageValue(field)
  }

  private func string(_ name: String, of message: TextprotoMessage) throws(DiagnosticError) -> String? {
    guard let field = try single(name, of: message) else { return nil }
    return try stringValue(field)
  }

  private func bool(_ name: String, of message: TextprotoMessage) throws(DiagnosticError) -> Bool? {
    guard let field = try single(name, of: message) else { return nil }
    return try boolValue(field)
  }

  private func messageValue(_ field: TextprotoField) throws(DiagnosticError) -> TextprotoMessage {
    guard case .message(let message) = field.value else {
      throw error("'\(field.name)' is a message; expected '{'", at: field.offset)
    }
    return message
  }

  private func bytesValue(_ field: TextprotoField) throws(DiagnosticError) -> [UInt8] {
    guard case .string(let bytes) = field.value else {
      throw error("'\(field.name)' expects a string", at: field.offset)
    }
    return bytes
  }

  private func stringValue(_ field: TextprotoField) throws(DiagnosticError) -> String {
    let bytes = try bytesValue(field)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw error("'\(field.name)' is a string but holds invalid UTF-8", at: field.offset)
    }
    return text
  }

  private func identifier(_ field: TextprotoField) throws(DiagnosticError) -> String {
    guard case .identifier(let name) = field.value else {
      throw error("'\(field.name)' expects an enum constant name", at: field.offset)
    }
    return name
  }

  private func boolValue(_ field: TextprotoField) throws(DiagnosticError) -> Bool {
    switch field.value {
    case .identifier("true"), .identifier("True"), .identifier("t"), .number("1"): return true
    case .identifier("false"), .identifier("False"), .identifier("f"), .number("0"): return false
    default: throw error("'\(field.name)' expects true or false", at: field.offset)
    }
  }

  private func int64Value(_ field: TextprotoField) throws(DiagnosticError) -> Int64 {
    guard case .number(let text) = field.value, let (negative, magnitude) = Self.integer(text) else {
      throw error("'\(field.name)' expects an integer", at: field.offset)
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { throw error("integer below the int64 range", at: field.offset) }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { throw error("integer above the int64 range", at: field.offset) }
    return Int64(magnitude)
  }

  private func uint64Value(_ field: TextprotoField) throws(DiagnosticError) -> UInt64 {
    guard case .number(let text) = field.value, let (negative, magnitude) = Self.integer(text) else {
      throw error("'\(field.name)' expects an integer", at: field.offset)
    }
    guard !negative || magnitude == 0 else { throw error("negative value for a uint64", at: field.offset) }
    return magnitude
  }

  private func doubleValue(_ field: TextprotoField) throws(DiagnosticError) -> Double {
    switch field.value {
    case .identifier(let name):
      let negative = name.hasPrefix("-")
      switch name.drop(while: { $0 == "-" }).lowercased() {
      case "inf", "infinity": return negative ? -.infinity : .infinity
      case "nan": return .nan
      default: break
      }
    case .number(let text):
      if let (negative, magnitude) = Self.integer(text) {
        return negative ? -Double(magnitude) : Double(magnitude)
      }
      let trimmed = text.last == "f" || text.last == "F" ? String(text.dropLast()) : text
      if let double = Double(trimmed) { return double }
    default:
      break
    }
    throw error("'\(field.name)' expects a number", at: field.offset)
  }

  /// Sign and magnitude of an integer written in decimal, octal (`017`) or hex (`0x1F`); nil
  /// for a float or a number beyond 64 bits.
  static func integer(_ text: String) -> (negative: Bool, magnitude: UInt64)? {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    let radix: Int
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      digits = digits.dropFirst(2)
      radix = 16
    } else if digits.count > 1, digits.first == "0" {
      radix = 8
    } else {
      radix = 10
    }
    guard let magnitude = UInt64(digits, radix: radix) else { return nil }
    return (negative, magnitude)
  }

  private func error(_ message: String, at offset: Int) -> DiagnosticError {
    DiagnosticError(Diagnostic(.error, message, in: source, span: Span(offset, offset + 1)))
  }
}
