/// The names the language knows on its own, for the REPL's completion and `:help`.
package enum Vocabulary {
  /// Functions called as `f(x)`: the global builtins and the `has` macro.
  package static var functions: [String] {
    unique(Builtin.allCases.filter { !$0.globalArities.isEmpty }.map(\.name) + ["has"])
  }

  /// Functions called on a value as `x.f(…)`: the receiver-style builtins and the macros.
  package static var methods: [String] {
    unique(
      Builtin.allCases.filter { !$0.methodArities.isEmpty }.map(\.name) + Macro.allCases.map(\.rawValue) + ["existsOne"]
    )
  }

  /// Fields of nodes, arguments, modifiers and properties (`n.type`, `a.label`).
  package static var nodeFields: [String] { NodeField.allCases.map(\.name) }

  /// Type names usable as values (`type(x) == int`).
  package static var typeNames: [String] { Checker.typeNames.keys.sorted() }

  /// Words with a meaning of their own in expressions.
  package static let keywords = ["true", "false", "null", "in"]

  /// One line per builtin: its forms and what it returns.
  package static var signatures: [String] { Builtin.allCases.map(\.signature) }

  /// What an editor shows for a name under the cursor: the forms of the builtin or macro of
  /// that name, and the types of the field of that name on nodes, arguments, modifiers and
  /// properties. Empty when the language does not know the name.
  package static func documentation(of name: String) -> [String] {
    var lines = Builtin.allCases.filter { $0.name == name }.map(\.signature)
    if let macro = Macro.named(name) { lines.append(macro.usage) }
    if name == "has" { lines.append("has(x.field) → bool: whether the map or node-like value has the field") }
    let kinds: [(String, [String: StaticType])] = [
      ("node", NodeFieldTypes.node), ("argument", NodeFieldTypes.argument), ("modifier", NodeFieldTypes.modifier),
      ("property", NodeFieldTypes.property),
    ]
    let owners = kinds.compactMap { kind, fields in fields[name].map { "\(kind).\(name): \($0)" } }
    if !owners.isEmpty { lines.append("field " + owners.joined(separator: ", ")) }
    return lines
  }

  private static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}
