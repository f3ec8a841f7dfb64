import Precept

/// A command's options, declared once: the parser, the usage line and `--help` all read them.
struct OptionSpec {
  var name: String
  /// A one-letter alias such as `-o`.
  var short: String?
  /// The placeholder for the option's value (`FILE`), or nil for a flag.
  var value: String?
  var help: String
  /// The value may be left out; it is then given only as `--name=VALUE` (a separate word is a
  /// positional), and `--name` alone is a flag.
  var optionalValue = false
}

/// Arguments after the command name, split into positionals, option values and flags.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func values(_ name: String) -> [String] { values[name] ?? [] }
  func value(_ name: String) -> String? { values[name]?.last }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake in how a command was called: printed with the usage line, exit status 2.
struct UsageError: Error {
  var message: String
}

extension ParsedArguments {
  /// Parses `--name value`, `--name=value`, `-o value`, flags, `--` and positionals (`-` is a
  /// positional: standard input).
  init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      // `-5` and `-x.size()` are expressions, not options: options are letters after the dash.
      let looksLikeOption =
        argument.hasPrefix("-") && argument.dropFirst().first.map { $0 == "-" || $0.isLetter } == true
      if onlyPositionals || !looksLikeOption {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = options.first(where: { $0.name == name || $0.short == name }) else {
        let known = options.map(\.name)
        let suggestion = Spelling.closest(name, in: known).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(message: "unknown option '\(name)'\(suggestion)")
      }
      if spec.optionalValue {
        if let inlineValue { values[spec.name, default: []].append(inlineValue) } else { flags.insert(spec.name) }
        continue
      }
      if spec.value == nil {
        if inlineValue != nil { throw UsageError(message: "option '\(spec.name)' takes no value") }
        flags.insert(spec.name)
        continue
      }
      if let inlineValue {
        values[spec.name, default: []].append(inlineValue)
      } else {
        guard index < arguments.count else {
          throw UsageError(message: "option '\(spec.name)' needs a value (\(spec.value!))")
        }
        values[spec.name, default: []].append(arguments[index])
        index += 1
      }
    }
  }
}
