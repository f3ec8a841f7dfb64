import Foundation

// `swift run cel-conformance /path/to/cel-spec [options]`: see ConformanceCommand.usage.

let status: Int32
do {
  let command = try ConformanceCommand(arguments: Array(CommandLine.arguments.dropFirst()))
  status = command.run(write: { print($0) }, warn: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
} catch {
  if let message = error.message {
    FileHandle.standardError.write(Data("cel-conformance: \(message)\n\n\(ConformanceCommand.usage)\n".utf8))
    status = 2
  } else {
    print(ConformanceCommand.usage)
    status = 0
  }
}
exit(status)
