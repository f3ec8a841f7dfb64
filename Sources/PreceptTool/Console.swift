import Foundation
import Precept

/// Where a command writes. The real console writes to the process's streams; tests capture.
package final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void
  /// Styling for standard output and for standard error (colour only on terminals).
  package let outStyle: TerminalStyle
  package let errorStyle: TerminalStyle
  /// Standard input, for commands that read `-`.
  package var readInput: () -> [UInt8] {
    { [readBoundedInput] in (try? readBoundedInput().get()) ?? [] }
  }
  /// Standard input, at most `SourceFile.maximumFileSize` bytes of it (read in chunks: more
  /// is not read but an error).
  let readBoundedInput: () -> Result<[UInt8], SourceFile.ReadFailure>

  package init(
    out: @escaping (String) -> Void, error: @escaping (String) -> Void,
    outStyle: TerminalStyle = TerminalStyle(enabled: false),
    errorStyle: TerminalStyle = TerminalStyle(enabled: false), readInput: @escaping () -> [UInt8] = { [] }
  ) {
    self.writeOut = out
    self.writeError = error
    self.outStyle = outStyle
    self.errorStyle = errorStyle
    self.readBoundedInput = {
      let bytes = readInput()
      return bytes.count > SourceFile.maximumFileSize ? .failure(Console.overLimit) : .success(bytes)
    }
  }

  private init(
    out: @escaping (String) -> Void, error: @escaping (String) -> Void, outStyle: TerminalStyle,
    errorStyle: TerminalStyle, readBoundedInput: @escaping () -> Result<[UInt8], SourceFile.ReadFailure>
  ) {
    self.writeOut = out
    self.writeError = error
    self.outStyle = outStyle
    self.errorStyle = errorStyle
    self.readBoundedInput = readBoundedInput
  }

  static let overLimit = SourceFile.ReadFailure(
    reason: "standard input is over the limit of \(SourceFile.maximumFileSize) bytes")

  /// The process's standard streams.
  package static func standard() -> Console {
    Console(
      out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      error: { text in FileHandle.standardError.write(Data(text.utf8)) },
      outStyle: .forStream(fileDescriptor: 1), errorStyle: .forStream(fileDescriptor: 2),
      readBoundedInput: {
        switch SourceFile.readBounded(0, limit: SourceFile.maximumFileSize) {
        case .success(let bytes): return .success(bytes)
        case .failure(.overLimit): return .failure(Console.overLimit)
        case .failure(.readError(let code)):
          return .failure(
            SourceFile.ReadFailure(reason: "cannot read standard input (\(String(cString: strerror(code))))"))
        }
      })
  }

  /// Standard input as a source file named `<stdin>`, or an input error (over the limit).
  func standardInput() throws(InputError) -> SourceFile {
    switch readBoundedInput() {
    case .success(let bytes): return SourceFile(name: "<stdin>", bytes: bytes)
    case .failure(let failure): throw InputError(message: failure.reason)
    }
  }

  package func print(_ text: String = "") { writeOut(text + "\n") }
  package func write(_ text: String) { writeOut(text) }
  package func printError(_ text: String) { writeError(text + "\n") }

  /// Prints diagnostics to standard error the way the Swift compiler does (escaped, as
  /// `Diagnostic.rendered` escapes).
  package func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { printError(diagnostic.rendered(color: errorStyle.enabled)) }
  }

  /// `error: message` on standard error. The message is escaped (it quotes file names,
  /// registry strings, pack names), so it cannot drive the terminal. Its own line breaks (a
  /// resolution error lists the requirements) are kept, but every line after the first is
  /// indented, so that no text in it can pass for a line of precept's own (`error: …`).
  package func fail(_ message: String) {
    let lines = TerminalStyle.escaped(message, keepingNewlines: true).split(
      separator: "\n", omittingEmptySubsequences: false)
    let text = ([lines[0]] + lines.dropFirst().map { $0.hasPrefix(" ") ? $0 : "  " + $0 }).joined(separator: "\n")
    printError(errorStyle.bold(errorStyle.paint("error:", .red)) + " " + text)
  }
}
