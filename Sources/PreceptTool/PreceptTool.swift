import Foundation
import Precept
import PreceptDistribution

/// The `precept` command line. `main` returns the process exit status: 0 clean, 1 findings
/// (or an evaluation error), 2 a usage error or unreadable input.
package enum PreceptTool {
  /// The tool's version, printed by `precept --version`.
  package static let version = "0.1.0"

  /// Command-line arguments that are not valid UTF-8 (a file name on Linux can be any bytes),
  /// by the name they are shown as (`InputPath.displayName`): `main.swift` fills it from
  /// `argv` before `main` runs, so such a file named directly is opened by its bytes.
  nonisolated(unsafe) package static var rawArguments: [String: [UInt8]] = [:]

  /// `argv` as `main` takes it: arguments that are not UTF-8 are shown with `\x{E9}` for each
  /// invalid byte (and remembered in `rawArguments`).
  package static func arguments(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
    (1..<Int(argc)).map { index in
      let bytes = Array(UnsafeBufferPointer(start: argv[index]!, count: strlen(argv[index]!))).map {
        UInt8(bitPattern: $0)
      }
      let name = InputPath.displayName(bytes)
      if String(validating: bytes, as: UTF8.self) == nil { rawArguments[name] = bytes }
      return name
    }
  }

  package static func main(arguments: [String], console: Console = .standard()) -> Int32 {
    guard let first = arguments.first else {
      console.printError(generalHelp)
      return 2
    }
    switch first {
    case "--help", "-h":
      console.print(generalHelp)
      return 0
    case "--version", "-V":
      console.print("precept \(version)")
      return 0
    case "help":
      guard arguments.count > 1 else {
        console.print(generalHelp)
        return 0
      }
      guard let command = command(named: arguments[1]) else { return unknownCommand(arguments[1], console) }
      console.print(command.help)
      return 0
    default:
      guard let command = command(named: first) else { return unknownCommand(first, console) }
      let rest = Array(arguments.dropFirst())
      if rest.contains("--help") || rest.contains("-h") {
        console.print(command.help)
        return 0
      }
      do {
        let parsed = try ParsedArguments(rest, options: command.options)
        return try command.run(parsed, console)
      } catch let error as UsageError {
        console.fail(error.message)
        console.printError("usage: \(command.usage)\nRun 'precept help \(command.name)' for more.")
        return 2
      } catch let error as DiagnosticError {
        console.report(error.diagnostics)
        return 2
      } catch let error as InputError {
        console.fail(error.message)
        return 2
      } catch DistributionError.invalidDocument(let error) {
        // Already `file:line:column: error: …`: printed as a diagnostic, not after another
        // `error:` prefix.
        console.report(error.diagnostics)
        return 2
      } catch {
        console.fail("\(error)")
        return 2
      }
    }
  }

  static func command(named name: String) -> Command? {
    Command.all.first { $0.name == name }
  }

  private static func unknownCommand(_ name: String, _ console: Console) -> Int32 {
    let suggestion = Spelling.closest(name, in: Command.all.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
    console.fail("unknown command '\(name)'\(suggestion)")
    console.printError("Run 'precept --help' for the list of commands.")
    return 2
  }

  static var generalHelp: String {
    let width = Command.all.map(\.name.count).max() ?? 0
    let commands = Command.all.map {
      "  \($0.name)" + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary
    }
    return """
      precept — accessibility rules for SwiftUI components, as data

      usage: precept COMMAND [ARGUMENTS…]

      commands:
      \(commands.joined(separator: "\n"))

      options:
        -h, --help     show help (also: precept help COMMAND)
        -V, --version  print the version

      Exit status: 0 clean, 1 findings at or above the failing severity (or an evaluation
      error for eval), 2 a usage error or unreadable input.
      """
  }
}

/// A problem with the user's input that is not a diagnostic in a source file (a missing file,
/// an unreadable folder): printed as `error: …`, exit status 2.
struct InputError: Error {
  var message: String
}

/// One subcommand: its options and help are declared once and drive parsing and `--help`.
struct Command: Sendable {
  var name: String
  var summary: String
  /// The usage line after `usage: `.
  var usage: String
  /// What the command does, in a paragraph or two.
  var details: String
  var options: [OptionSpec]
  var run: @Sendable (ParsedArguments, Console) throws -> Int32

  var help: String {
    var text = "usage: \(usage)\n\n\(details)"
    if !options.isEmpty {
      let labels = options.map { option in
        (option.short.map { "\($0), " } ?? "    ") + option.name
          + (option.value.map { option.optionalValue ? "[=\($0)]" : " \($0)" } ?? "")
      }
      let width = labels.map(\.count).max() ?? 0
      text += "\n\noptions:\n"
      text += zip(labels, options).map { label, option in
        "  " + label + String(repeating: " ", count: width - label.count + 2) + option.help
      }.joined(separator: "\n")
    }
    return text
  }

  static let all: [Command] = [
    lintCommand, checkCommand, dumpModelCommand, evalCommand, replCommand, disasmCommand, packCommand, publishCommand,
    addCommand, installCommand, testCommand, describeCommand, rulesCommand, mcpCommand, lspCommand,
    playgroundCommand,
  ]
}

/// Reads a whole file, or standard input for `-`, as bytes.
func readInput(_ path: String, _ console: Console) throws(InputError) -> SourceFile {
  if path == "-" { return try console.standardInput() }
  switch SourceFile.readBytes(path) {
  case .success(let bytes): return SourceFile(name: path, bytes: bytes)
  case .failure(let failure): throw InputError(message: "\(path): \(failure.reason)")
  }
}
