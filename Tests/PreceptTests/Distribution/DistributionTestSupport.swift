import Foundation

@testable import Precept

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("precept-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { FileAccess.join(path, name) }

  /// Writes a file (creating folders) and returns its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let target = URL(fileURLWithPath: file(name))
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: target)
    return target.path
  }

  func read(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name))))
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// `python3 -m http.server` serving a folder on 127.0.0.1 at a port the system picks, for
/// tests of the HTTP registry. Tests that need it are skipped only when python3 is missing.
final class LocalHTTPServer {
  /// The python3 executable on PATH, if any.
  static let python: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/python3"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  static var isAvailable: Bool { python != nil }

  let process = Process()
  let baseURL: String

  init(serving folder: String) throws {
    guard let python = LocalHTTPServer.python else { throw ServerError("python3 is not on PATH") }
    process.executableURL = URL(fileURLWithPath: python)
    // Port 0: the system picks a free one, which the server prints on its first line.
    process.arguments = ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let firstLine = LocalHTTPServer.readLine(from: output.fileHandleForReading, timeout: 120)
    // "Serving HTTP on 127.0.0.1 port 43215 (http://127.0.0.1:43215/) ..."
    guard let line = firstLine, let portRange = line.range(of: #"port (\d+)"#, options: .regularExpression) else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw ServerError("python3 -m http.server did not report its port (got \(firstLine ?? "nothing"))")
    }
    let port = line[portRange].split(separator: " ")[1]
    baseURL = "http://127.0.0.1:\(port)"
  }

  /// Reads up to the first newline, giving up after `timeout` seconds so a silent server
  /// cannot hang the test run.
  private static func readLine(from handle: FileHandle, timeout: TimeInterval) -> String? {
    final class Box: @unchecked Sendable {
      var text = ""
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var data = Data()
      while !data.contains(UInt8(ascii: "\n")) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
      }
      box.text = String(decoding: data, as: UTF8.self)
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.text
  }

  /// Kills the server. SIGKILL, because a child started from one of libdispatch's worker
  /// threads inherits their blocked signal mask, SIGTERM included.
  func stop() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
