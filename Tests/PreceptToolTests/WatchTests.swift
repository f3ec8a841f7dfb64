import Foundation
import Testing

/// `precept lint --watch`, driven as a person would: start it, edit a file, read what it
/// prints, edit again, interrupt it. Waits are bounded by a hang guard, never by a timing
/// assertion.
@Suite struct WatchTests {
  /// A running `precept` whose standard output and error are collected as they arrive.
  final class Running: @unchecked Sendable {  // the process is only started and stopped by the test
    let process = Process()
    let output = Text()
    let errors = Text()

    /// Text appended by a pipe's reading handler and read by the test, under a lock.
    final class Text: @unchecked Sendable {
      private let lock = NSLock()
      private var text = ""
      func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
      var value: String { lock.withLock { text } }
    }

    init(_ arguments: [String], directory: String) throws {
      process.executableURL = URL(fileURLWithPath: Products.path("precept"))
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: directory)
      process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardOutput = stdout
      process.standardError = stderr
      process.standardInput = FileHandle.nullDevice
      // A thread per pipe reads what arrives until the pipe closes (when the process ends).
      for (pipe, sink) in [(stdout, output), (stderr, errors)] {
        let handle = pipe.fileHandleForReading
        Thread {
          while true {
            let data = handle.availableData
            if data.isEmpty { break }
            sink.append(data)
          }
        }.start()
      }
      try process.run()
    }

    /// Waits until `condition` holds for what was printed so far; false after two minutes.
    func wait(until condition: (_ output: String, _ errors: String) -> Bool) -> Bool {
      let guardrail = HangGuard(seconds: 120)
      while !guardrail.expired {
        if condition(output.value, errors.value) { return true }
        usleep(20_000)
      }
      return false
    }

    /// Ends the watch with SIGTERM (SIGINT may be ignored: a test runner can start its tests
    /// with it ignored, and children inherit that), then SIGKILL if it is still there.
    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      let guardrail = HangGuard(seconds: 60)
      while process.isRunning && !guardrail.expired { usleep(20_000) }
      stoppedByLock.withLock { stoppedByValue = process.isRunning ? "SIGKILL" : "SIGTERM" }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    private let stoppedByLock = NSLock()
    private nonisolated(unsafe) var stoppedByValue = ""
    var stoppedBy: String { stoppedByLock.withLock { stoppedByValue } }
  }

  static let clean = "struct S: View {\n  var body: some View {\n    Text(\"hi\")\n  }\n}\n"
  static let faulty =
    "struct S: View {\n  var body: some View {\n    Menu { Button(\"A\") {}; Button(\"B\") {} } label: { Image(systemName: \"ellipsis\") }\n  }\n}\n"

  @Test func printsTheFindingsThatAppearAndThoseThatAreGone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("Sources/A.swift", Self.clean)
    let running = try Running(["lint", "--watch", "Sources"], directory: folder.path)
    defer { running.stop() }
    #expect(
      running.wait { output, errors in output.contains("0 errors") && errors.contains("watching 1 Swift file") },
      "out [\(running.output.value)] err [\(running.errors.value)]")

    try folder.write("Sources/A.swift", Self.faulty)
    let appeared = "+ Sources/A.swift:3:5: error: Icon-only Menu trigger has no accessible name"
    #expect(running.wait { output, _ in output.contains(appeared) }, "\(running.output.value)")
    #expect(running.wait { output, _ in output.contains("1 problem in all") })

    // A new file is picked up, and a fixed one reports what is gone.
    try folder.write("Sources/B.swift", Self.faulty)
    #expect(
      running.wait { output, _ in
        output.contains("+ Sources/B.swift:3:5: error:") && output.contains("2 problems in all")
      })
    try folder.write("Sources/A.swift", Self.clean)
    #expect(
      running.wait { output, _ in
        output.contains("- Sources/A.swift:3:5: error:") && output.contains("1 problem in all")
      })
    // Removing the file takes its finding with it.
    try FileManager.default.removeItem(atPath: folder.path + "/Sources/B.swift")
    #expect(
      running.wait { output, _ in
        output.contains("- Sources/B.swift:3:5: error:") && output.contains("0 problems in all")
      })
    #expect(running.process.isRunning, "the watch ended by itself")
    // SIGTERM ends it at once with the shell's status for it, even though the test runner
    // starts children with signals blocked.
    running.stop()
    #expect(running.process.terminationReason == .exit)
    #expect(running.process.terminationStatus == 143)
    #expect(running.stoppedBy == "SIGTERM")
  }

  @Test func aChangedDeclarationReLinksItsUsesInOtherFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let icon = { (body: String) in "struct AppIcon: View {\n  var body: some View { \(body) }\n}\n" }
    try folder.write("Sources/Icon.swift", icon("Text(\"Close\")"))
    try folder.write(
      "Sources/Bar.swift",
      "struct Bar: View {\n  var body: some View {\n    Button { close() } label: { AppIcon() }\n  }\n}\n")
    let running = try Running(["lint", "--watch", "Sources"], directory: folder.path)
    defer { running.stop() }
    #expect(
      running.wait { output, errors in output.contains("0 errors") && errors.contains("watching 2 Swift files") },
      "out [\(running.output.value)] err [\(running.errors.value)]")

    // Only Icon.swift changes; the button in Bar.swift now shows a glyph alone.
    try folder.write("Sources/Icon.swift", icon("Image(systemName: \"xmark\")"))
    let appeared = "+ Sources/Bar.swift:3:5: error: Icon-only Button has no accessible name"
    #expect(
      running.wait { output, _ in output.contains(appeared) && output.contains("1 problem in all") },
      "\(running.output.value)")
    try folder.write("Sources/Icon.swift", icon("Text(\"Close\")"))
    #expect(
      running.wait { output, _ in
        output.contains("- Sources/Bar.swift:3:5: error:") && output.contains("0 problems in all")
      },
      "\(running.output.value)")
  }

  @Test func watchRefusesWhatItCannotWatch() throws {
    let stdin = try Products.run("precept", ["lint", "--watch", "-"], input: "")
    #expect(stdin.status == 2)
    #expect(stdin.error.contains("--watch cannot watch standard input"))
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("A.swift", Self.clean)
    let json = try Products.run("precept", ["lint", "--watch", "--format", "json", "A.swift"], directory: folder.path)
    #expect(json.status == 2)
    #expect(json.error.contains("--watch prints text to the terminal"), "\(json.error)")
  }
}
