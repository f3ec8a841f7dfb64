import Precept

extension Command {
  static let disasmCommand = Command(
    name: "disasm",
    summary: "print the bytecode of a ruleset or an expression",
    usage: "precept disasm FILE | precept disasm --expr EXPR",
    details: """
      Compiles a ruleset file (or one expression with --expr) and prints its bytecode: the
      constant pool, then each function with one instruction a line. The instruction set is
      documented in Sources/Precept/Compiler/Opcode.swift.
      """,
    options: [
      OptionSpec(name: "--expr", short: "-e", value: "EXPR", help: "disassemble an expression instead of a file")
    ],
    run: { arguments, console in
      if let text = arguments.value("--expr") {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "give either FILE or --expr, not both") }
        console.write(try Expression(text).disassembly)
        return 0
      }
      guard arguments.positionals.count == 1 else {
        throw UsageError(message: arguments.positionals.isEmpty ? "missing ruleset file" : "expected one ruleset file")
      }
      let ruleset = try Ruleset(source: try readInput(arguments.positionals[0], console))
      console.write(ruleset.disassembly)
      return 0
    })
}
