import Foundation
import Precept

@testable import PreceptTool

/// Executables built beside the test bundle, run as a user would run them.
enum Products {
  static var directory: String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (executable as NSString).deletingLastPathComponent
  }

  static func path(_ name: String) -> String { directory + "/" + name }

  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs a product to completion (killed after `timeout` seconds).
  static func run(
    _ name: String, _ arguments: [String], input: String = "", directory: String? = nil,
    environment: [String: String] = [:], timeout: TimeInterval = 60
  ) throws -> Run {
    try runTool(
      path(name), arguments, input: input, directory: directory, environment: environment, timeout: timeout)
  }

  /// Runs the program at `executable` (another tool a test needs, such as git) to completion.
  static func runTool(
    _ executable: String, _ arguments: [String], input: String = "", directory: String? = nil,
    environment: [String: String] = [:], timeout: TimeInterval = 60
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both pipes while the process runs, so a large output cannot block it.
    let outputData = Mutex(Data())
    let errorData = Mutex(Data())
    let group = DispatchGroup()
    for (pipe, sink) in [(stdout, outputData), (stderr, errorData)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        sink.withLock { $0 = data }
        group.leave()
      }
    }
    let hang = HangGuard(seconds: timeout)
    while process.isRunning && !hang.expired { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    group.wait()
    return Run(
      status: process.terminationStatus, output: String(decoding: outputData.withLock { $0 }, as: UTF8.self),
      error: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
  }
}

/// Runs the tool in-process with captured output.
struct ToolRun {
  var status: Int32
  var output: String
  var error: String

  init(_ arguments: [String], input: String = "") {
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, error: { text in err.withLock { $0 += text } },
      readInput: { Array(input.utf8) })
    status = PreceptTool.main(arguments: arguments, console: console)
    output = out.withLock { $0 }
    error = err.withLock { $0 }
  }
}

/// A fresh temporary folder, removed by the caller with `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "precept-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A guard against a hang: a subprocess or terminal that has not answered after this many
/// seconds is given up on. It never measures anything, so it is generous enough for a loaded
/// machine.
struct HangGuard {
  private let deadline: TimeInterval

  init(seconds: Double) { deadline = ProcessInfo.processInfo.systemUptime + seconds }

  /// Whether the time allowed is up.
  var expired: Bool { ProcessInfo.processInfo.systemUptime >= deadline }
}

/// A one-rule ruleset for command tests: a Menu without an accessibility label is an error.
let demoMenuRuleset = """
  ruleset demo 1.0.0
  rule trigger-name {
    severity error
    on Menu as m
    require m.modifier("accessibilityLabel").text() != ""
    message "Menu has no accessible name"
  }
  """
