import Foundation

@testable import Precept
@testable import PreceptDistribution

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

  convenience init(serving folder: String) throws {
    // Port 0: the system picks a free one, which the server prints on its first line.
    try self.init(arguments: ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, "0"])
  }

  /// A server that misbehaves as a hostile registry would (`HostileServer.script`), written
  /// into `folder`; it stops by itself after a minute if a test forgets to.
  convenience init(hostileIn folder: String) throws {
    let script = FileAccess.join(folder, "hostile-server.py")
    try Data(HostileServer.script.utf8).write(to: URL(fileURLWithPath: script))
    try self.init(arguments: ["-u", script])
  }

  private init(arguments: [String]) throws {
    guard let python = LocalHTTPServer.python else { throw ServerError("python3 is not on PATH") }
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = arguments
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

/// The behaviours of the hostile registry, by path prefix:
/// - `/bomb/…`: a gzip body (`Content-Encoding: gzip`) that inflates to 2 MiB of zeros;
/// - `/trickle/…`: announces 1,000 bytes and sends one every 0.2 s;
/// - `/silent/…`: announces 1,000 bytes and sends nothing;
/// - `/noloc/…`: `301 Moved Permanently` without a `Location`;
/// - `/bearer/…`: the index only with `Authorization: Bearer s3cret`, else 401;
/// - `/basic/…`: the index and packs of `registry/` beside the script only with HTTP Basic
///   `u:pw`, else 401;
/// - `/headers`: the request's headers as the body.
enum HostileServer {
  static let script = #"""
    import gzip, io, os, sys, time, base64
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    HERE = os.path.dirname(os.path.abspath(__file__))

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def reply(self, status, body=b"", headers=()):
            self.send_response(status)
            for k, v in headers: self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            path = self.path
            if path.startswith("/bomb/"):
                out = io.BytesIO()
                with gzip.GzipFile(fileobj=out, mode="wb") as f:
                    f.write(b"\0" * (2 << 20))
                return self.reply(200, out.getvalue(), [("Content-Encoding", "gzip")])
            if path.startswith("/trickle/") or path.startswith("/silent/"):
                self.send_response(200)
                self.send_header("Content-Length", "1000")
                self.end_headers()
                self.wfile.flush()
                for _ in range(150):
                    if path.startswith("/trickle/"):
                        try:
                            self.wfile.write(b" "); self.wfile.flush()
                        except Exception:
                            return
                    time.sleep(0.2)
                return
            if path.startswith("/noloc/"):
                return self.reply(301)
            if path.startswith("/bearer/"):
                if self.headers.get("Authorization") != "Bearer s3cret": return self.reply(401)
                return self.reply(200, b'{"registry": 1, "packs": {}}')
            if path.startswith("/basic/"):
                expected = "Basic " + base64.b64encode(b"u:pw").decode()
                if self.headers.get("Authorization") != expected: return self.reply(401)
                name = os.path.normpath(path[len("/basic/"):]).lstrip("/")
                try:
                    with open(os.path.join(HERE, "registry", name), "rb") as f: return self.reply(200, f.read())
                except OSError:
                    return self.reply(404)
            if path.startswith("/headers"):
                return self.reply(200, str(self.headers).encode())
            return self.reply(404)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("Serving HTTP on 127.0.0.1 port %d" % server.server_address[1], flush=True)
    server.timeout = 0.5
    deadline = time.time() + 60
    while time.time() < deadline:
        server.handle_request()
    """#
}
