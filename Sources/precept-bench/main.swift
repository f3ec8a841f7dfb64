import Foundation
import Precept

// `precept-bench` prints the performance figures of the budgets (README.md); `precept-bench expr …` times one
// expression. See README.md and ExprCommand.usage.

func printError(_ message: String) {
  FileHandle.standardError.write(Data("precept-bench: \(message)\n".utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
var status: Int32 = 0
do {
  switch arguments.first {
  case nil:
    status = try Benchmarks(print: { print($0) }).run() ? 0 : 1
  case "lint":
    status = try FolderLint(arguments: Array(arguments.dropFirst())).run(print: { print($0) }, fail: printError)
  case "expr":
    status = try ExprCommand(arguments: Array(arguments.dropFirst())).run(print: { print($0) }, fail: printError)
  case "evaluate":
    status = try EvaluateCommand(arguments: Array(arguments.dropFirst())).run(print: { print($0) }, fail: printError)
  case "synthetic-lint":
    status = try SyntheticLintCommand(arguments: Array(arguments.dropFirst())).run(print: { print($0) })
  case "memory":
    status = try MemoryCommand(arguments: Array(arguments.dropFirst())).run(print: { print($0) })
  case "-h", "--help", "help":
    print(ExprCommand.usage)
    print("       \(EvaluateCommand.usage)")
    print("       \(SyntheticLintCommand.usage)")
    print("       \(MemoryCommand.usage)")
    print("       \(FolderLint.usage)")
    print("                                             whole-process lint of a folder on every core and on one,")
    print("                                             beside swiftc -frontend -parse on the same files")
  default:
    throw ExprCommand.UsageError(message: "unknown command '\(arguments[0])'")
  }
} catch let error as ExprCommand.UsageError {
  printError("\(error.message)\n\n\(ExprCommand.usage)")
  status = 2
} catch let error as DiagnosticError {
  FileHandle.standardError.write(Data((error.rendered() + "\n").utf8))
  status = 2
} catch {
  printError("\(error)")
  status = 2
}
exit(status)
