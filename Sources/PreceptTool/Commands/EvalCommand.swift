import Precept

extension Command {
  static let evalCommand = Command(
    name: "eval",
    summary: "evaluate one expression and print its value",
    usage: "precept eval EXPR [--let NAME=EXPR]… [--let NAME=@FILE.json]…",
    details: """
      Evaluates EXPR and prints the value as a literal of the language: 1, 1u, 1.0, "a\\n",
      b"\\x00", [1, 2], {"k": 1}, null, true, int. A --let binds a name to the value of an
      expression (earlier --let names are visible to later ones) or, with @, to a JSON
      document: objects become maps, arrays lists, integers int, other numbers double.

      Exit status: 0 with a value, 1 when evaluation fails (the error is printed as
      "error: …"), 2 for a syntax or check error (printed as a diagnostic) or bad input.
      """,
    options: [
      OptionSpec(
        name: "--let", value: "NAME=VALUE", help: "bind NAME to an expression's value, or to JSON with @FILE.json")
    ],
    run: { arguments, console in
      guard arguments.positionals.count == 1 else {
        throw UsageError(
          message: arguments.positionals.isEmpty ? "missing expression" : "expected one expression; quote it")
      }
      var names: [String] = []
      var values: [String: Value] = [:]
      for binding in arguments.values("--let") {
        guard let equals = binding.firstIndex(of: "="), binding.startIndex != equals else {
          throw UsageError(message: "--let expects NAME=EXPR or NAME=@FILE.json, got '\(binding)'")
        }
        let name = String(binding[..<equals])
        let text = String(binding[binding.index(after: equals)...])
        let value: Value
        if text.hasPrefix("@") {
          value = Value(json: try JSON.parse(try readInput(String(text.dropFirst()), console)))
        } else {
          let expression = try CompiledExpression(text, variables: names, name: "--let \(name)")
          switch expression.evaluate(values) {
          case .success(let result): value = result
          case .failure(let error):
            console.fail("--let \(name): \(error.message)")
            return 1
          }
        }
        if !names.contains(name) { names.append(name) }
        values[name] = value
      }
      let expression = try CompiledExpression(arguments.positionals[0], variables: names)
      switch expression.evaluate(values) {
      case .success(let value):
        console.print(Printer.literal(value))
        return 0
      case .failure(let error):
        console.fail(error.message)
        return 1
      }
    })
}
