import Precept

extension Command {
  static let disasmCommand = Command(
    name: "disasm",
    summary: "print the bytecode of a ruleset or an expression",
    usage: "precept disasm FILE | precept disasm --expr EXPR [--var NAME]…",
    details: """
      Compiles a ruleset file (or one expression with --expr) and prints its bytecode: the
      constant pool, then each function with one instruction a line. The instruction set is
      documented in Sources/Precept/Compiler/Opcode.swift. A ruleset's imports are found
      among the standard rulesets; FILE may be - for standard input. An expression may use the
      variables named with --var (bound at evaluation time, as `precept eval --let` does).
      """,
    options: [
      OptionSpec(name: "--expr", short: "-e", value: "EXPR", help: "disassemble an expression instead of a file"),
      OptionSpec(name: "--var", value: "NAME", help: "a variable the expression may use (repeatable)"),
    ],
    run: { arguments, console in
      if let text = arguments.value("--expr") {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "give either FILE or --expr, not both") }
        console.write(try CompiledExpression(text, variables: arguments.values("--var")).disassembly)
        return 0
      }
      guard arguments.values("--var").isEmpty else { throw UsageError(message: "--var is for --expr") }
      guard arguments.positionals.count == 1 else {
        throw UsageError(message: arguments.positionals.isEmpty ? "missing ruleset file" : "expected one ruleset file")
      }
      // Imports resolve against the standard rulesets, as they do for `lint --ruleset FILE`.
      let library = RulesetLibrary()
      try library.add(try readInput(arguments.positionals[0], console))
      let entry = library.entries[0]
      for standard in StandardRulesets.library().entries
      where standard.name != entry.name || standard.version != entry.version {
        try library.add(standard.source)
      }
      console.write(try library.ruleset(entry).disassembly)
      return 0
    })
}
