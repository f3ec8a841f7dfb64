import Foundation
import Testing

/// A REPL session written down as `precept repl --echo` prints it: each entry after "> " (its
/// further lines after "| "), then what it printed, results and errors in the order they came.
/// The entries are the script; the whole text is what running the script must print again.
struct Transcript {
  var text: String

  /// The entries' lines, as a script to pipe into the REPL.
  var script: String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("> ") || $0.hasPrefix("| ") || $0 == ">" || $0 == "|" }
      .map { $0.dropFirst(2) + "\n" }.joined()
  }

  /// The repository's root folder.
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }  // REPL, PreceptToolTests, Tests, the file
    return url.path
  }()

  struct Run {
    var status: Int32
    /// Standard output and standard error, interleaved as written.
    var output: String
  }

  /// Runs `precept ARGUMENTS` in `directory` with `input` on standard input; standard output
  /// and standard error share one pipe, so their order is kept.
  static func run(
    _ arguments: [String], input: String, directory: String = root, environment: [String: String] = [:]
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path("precept"))
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    process.environment = variables.merging(environment) { $1 }
    let stdin = Pipe()
    let output = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // Write the input while reading the output, so neither pipe can fill up and block.
    DispatchQueue.global().async {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  /// Compares `actual` with the golden file at `path` (relative to the repository), or writes
  /// the file when `PRECEPT_UPDATE_GOLDENS=1`.
  static func expect(_ actual: String, matchesFile path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = root + "/" + path
    if ProcessInfo.processInfo.environment["PRECEPT_UPDATE_GOLDENS"] == "1" {
      try? Data(actual.utf8).write(to: URL(fileURLWithPath: file))
      return
    }
    guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
      Issue.record(
        "no golden file \(path); run with PRECEPT_UPDATE_GOLDENS=1 to write it", sourceLocation: sourceLocation)
      return
    }
    expectSame(actual, expected, what: path, sourceLocation: sourceLocation)
  }

  /// Records the first differing line, with context, when two texts differ.
  static func expectSame(_ actual: String, _ expected: String, what: String, sourceLocation: SourceLocation) {
    guard actual != expected else { return }
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(actualLines.count, expectedLines.count)
    let first = (0..<common).first { actualLines[$0] != expectedLines[$0] } ?? common
    let context = actualLines[max(0, first - 3)..<min(actualLines.count, first + 3)].joined(separator: "\n")
    Issue.record(
      """
      \(what) differs at line \(first + 1):
        expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
        actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
      actual output around it:
      \(context)
      """, sourceLocation: sourceLocation)
  }
}
