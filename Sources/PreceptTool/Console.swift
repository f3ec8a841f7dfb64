import Foundation
import Precept

/// Where a command writes. The real console writes to the process's streams; tests capture.
public final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void
  /// Styling for standard output and for standard error (colour only on terminals).
  public let outStyle: TerminalStyle
  public let errorStyle: TerminalStyle
  /// Standard input, for commands that read `-`.
  public let readInput: () -> [UInt8]

  public init(
    out: @escaping (String) -> Void, error: @escaping (String) -> Void,
    outStyle: TerminalStyle = TerminalStyle(enabled: false),
    errorStyle: TerminalStyle = TerminalStyle(enabled: false), readInput: @escaping () -> [UInt8] = { [] }
  ) {
    self.writeOut = out
    self.writeError = error
    self.outStyle = outStyle
    self.errorStyle = errorStyle
    self.readInput = readInput
  }

  /// The process's standard streams.
  public static func standard() -> Console {
    Console(
      out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      error: { text in FileHandle.standardError.write(Data(text.utf8)) },
      outStyle: .forStream(fileDescriptor: 1), errorStyle: .forStream(fileDescriptor: 2),
      readInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) })
  }

  public func print(_ text: String = "") { writeOut(text + "\n") }
  public func write(_ text: String) { writeOut(text) }
  public func printError(_ text: String) { writeError(text + "\n") }

  /// Prints diagnostics to standard error the way the Swift compiler does.
  public func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { printError(diagnostic.rendered(color: errorStyle.enabled)) }
  }

  /// `error: message` on standard error.
  public func fail(_ message: String) {
    printError(errorStyle.bold(errorStyle.paint("error:", .red)) + " " + message)
  }
}
