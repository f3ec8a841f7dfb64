import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on the loopback interface, for `precept playground`.
///
/// It listens on 127.0.0.1 only and answers one request per connection (`Connection: close`),
/// each connection on its own thread, at most `Limits.connections` at once. Every read is
/// bounded in size and time, so a client that sends too much, too slowly or nothing at all
/// gets an error answer or is dropped; it never holds the server.
final class LocalHTTPServer: @unchecked Sendable {
  struct Request: Sendable {
    var method: String
    /// The path without the query (`/api/evaluate`).
    var path: String
    /// Header names in lower case.
    var headers: [String: String]
    var body: [UInt8]
  }

  struct Response: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []

    init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
      self.status = status
      self.contentType = contentType
      self.body = body
      self.headers = headers
    }

    init(status: Int, text: String) {
      self.init(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }
  }

  struct Limits: Sendable {
    /// The request line and headers together.
    var headerBytes = 16 * 1024
    var bodyBytes = 4 * 1024 * 1024
    /// The whole request must arrive within this time.
    var requestMilliseconds = 10_000
    var connections = 16
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The port the server listens on (the one the OS chose when asked for port 0).
  let port: UInt16
  let limits: Limits
  private let listener: Int32
  private let lock = NSLock()
  private var open = 0
  private var stopping = false

  /// Binds 127.0.0.1:`port` (0 lets the OS choose).
  init(port: UInt16, limits: Limits = Limits()) throws(Failure) {
    self.limits = limits
    let socketFD = socket(AF_INET, LocalHTTPServer.streamType, 0)
    guard socketFD >= 0 else { throw Failure(description: "cannot create a socket: \(LocalHTTPServer.errorText())") }
    var yes: Int32 = 1
    setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socketFD, 32) == 0 else {
      let reason = LocalHTTPServer.errorText()
      close(socketFD)
      throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
    }
    self.port = UInt16(bigEndian: actual.sin_port)
    self.listener = socketFD
  }

  deinit { close(listener) }

  /// Accepts connections until `stop()`; `handle` answers each well-formed request.
  func serve(_ handle: @escaping @Sendable (Request) -> Response) {
    while !isStopping {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 200) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      LocalHTTPServer.preventSIGPIPE(connection)
      guard reserveConnection() else {
        send(connection, Response(status: 503, text: "too many connections; try again"))
        close(connection)
        continue
      }
      let thread = Thread { [self] in
        answer(connection, handle)
        close(connection)
        releaseConnection()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Makes `serve` return within a poll interval.
  func stop() {
    lock.lock()
    stopping = true
    lock.unlock()
  }

  private var isStopping: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping
  }

  private func reserveConnection() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard open < limits.connections else { return false }
    open += 1
    return true
  }

  private func releaseConnection() {
    lock.lock()
    open -= 1
    lock.unlock()
  }

  // MARK: One connection

  private func answer(_ connection: Int32, _ handle: (Request) -> Response) {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limits.requestMilliseconds) * 1_000_000
    var reader = ConnectionReader(fd: connection, deadline: deadline)
    switch read(&reader) {
    case .success(let request): send(connection, handle(request))
    case .failure(.closed): return
    case .failure(.answer(let response)): send(connection, response)
    }
  }

  private enum ReadError: Error {
    /// The client went away or timed out before saying anything useful.
    case closed
    case answer(Response)
  }

  private func read(_ reader: inout ConnectionReader) -> Result<Request, ReadError> {
    // The head: up to the blank line, within the header limit.
    var head: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      guard head.count <= limits.headerBytes else {
        return .failure(.answer(Response(status: 431, text: "request headers over \(limits.headerBytes) bytes")))
      }
      switch reader.next(&head) {
      case .data: headEnd = LocalHTTPServer.blankLine(in: head)
      case .end: return .failure(head.isEmpty ? .closed : .answer(Response(status: 400, text: "incomplete request")))
      case .timeout:
        return .failure(head.isEmpty ? .closed : .answer(Response(status: 408, text: "the request took too long")))
      }
    }
    guard let end = headEnd, end <= limits.headerBytes else {
      return .failure(.answer(Response(status: 431, text: "request headers over \(limits.headerBytes) bytes")))
    }
    guard let text = String(validating: head[..<end], as: UTF8.self) else {
      return .failure(.answer(Response(status: 400, text: "the request head is not UTF-8")))
    }
    var lines = text.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), requestLine[1].hasPrefix("/") else {
      return .failure(.answer(Response(status: 400, text: "malformed request line")))
    }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        return .failure(.answer(Response(status: 400, text: "malformed header line")))
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      guard headers[name] == nil || name != "content-length" else {
        return .failure(.answer(Response(status: 400, text: "more than one Content-Length")))
      }
      headers[name] = value
    }
    if headers["transfer-encoding"] != nil {
      return .failure(.answer(Response(status: 501, text: "chunked requests are not supported; send Content-Length")))
    }
    var length = 0
    if let given = headers["content-length"] {
      guard let number = Int(given), number >= 0 else {
        return .failure(.answer(Response(status: 400, text: "Content-Length is not a number")))
      }
      guard number <= limits.bodyBytes else {
        return .failure(.answer(Response(status: 413, text: "the request body is over \(limits.bodyBytes) bytes")))
      }
      length = number
    }
    var body = Array(head[(end + 4)...])
    while body.count < length {
      switch reader.next(&body) {
      case .data: continue
      case .end: return .failure(.answer(Response(status: 400, text: "the body is shorter than its Content-Length")))
      case .timeout: return .failure(.answer(Response(status: 408, text: "the request took too long")))
      }
    }
    guard body.count == length else {
      return .failure(.answer(Response(status: 400, text: "the body is longer than its Content-Length")))
    }
    let target = requestLine[1]
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return .success(Request(method: String(requestLine[0]), path: String(path), headers: headers, body: body))
  }

  private static func blankLine(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }

  private func send(_ connection: Int32, _ response: Response) {
    var head = "HTTP/1.1 \(response.status) \(LocalHTTPServer.reason(response.status))\r\n"
    head += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
    head += "Connection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
    head += "Referrer-Policy: no-referrer\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    let bytes = Array(head.utf8) + response.body
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        LocalHTTPServer.sendBytes(connection, raw.baseAddress! + sent, raw.count - sent)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      sent += count
    }
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 421: "Misdirected Request"
    case 431: "Request Header Fields Too Large"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }

  // MARK: Platform

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif

  private static func errorText() -> String { String(cString: strerror(errno)) }

  /// A write to a client that has gone must fail with EPIPE, not end the process.
  private static func preventSIGPIPE(_ fd: Int32) {
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func sendBytes(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      return Darwin.send(fd, pointer, count, 0)
    #else
      #if canImport(Glibc)
        return Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
      #else
        return Musl.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
      #endif
    #endif
  }
}

/// Reads a connection in chunks, each read waiting at most until the request's deadline.
private struct ConnectionReader {
  enum Outcome { case data, end, timeout }

  let fd: Int32
  let deadline: UInt64

  func next(_ into: inout [UInt8]) -> Outcome {
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { return .timeout }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min((deadline - now) / 1_000_000 + 1, 1000)))
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 { return .end }
      if ready == 0 { continue }
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return .end }
      into += buffer[..<count]
      return .data
    }
  }
}
