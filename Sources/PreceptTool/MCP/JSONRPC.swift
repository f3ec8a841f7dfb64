import Precept

/// JSON-RPC 2.0 as MCP's stdio transport carries it: one message per line, UTF-8, no
/// embedded newlines, no batches.
enum JSONRPC {
  /// The error codes of JSON-RPC 2.0 that the server answers with.
  enum Code: Int64 {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// The Language Server Protocol's: a request came before `initialize`.
    case serverNotInitialized = -32002
    /// The Language Server Protocol's: a valid request that could not be carried out.
    case requestFailed = -32803
  }

  /// A protocol error: answered as a JSON-RPC error response.
  struct Failure: Error {
    var code: Code
    var message: String
    var data: JSON?

    init(_ code: Code, _ message: String, data: JSON? = nil) {
      self.code = code
      self.message = message
      self.data = data
    }
  }

  /// A message that cannot be served, and the id to answer it with.
  struct Rejection: Error {
    var id: JSON
    var failure: Failure

    init(id: JSON, _ failure: Failure) {
      self.id = id
      self.failure = failure
    }
  }

  /// A message read from the client.
  enum Message {
    /// A request: it is answered with a result or an error carrying the same id.
    case request(id: JSON, method: String, params: JSON?)
    /// A notification: never answered.
    case notification(method: String, params: JSON?)
    /// A response to a request of ours (the server sends none): ignored.
    case response
  }

  /// Reads one line as a message, or the error response to send instead (its id when the
  /// request had a readable one, else null).
  /// `framing` says how to send several messages instead of a batch.
  static func decode(_ line: [UInt8], framing: String = "send one message per line") -> Result<Message, Rejection> {
    let document: JSON
    do {
      document = try JSON.parse(SourceFile(name: "<message>", bytes: line))
    } catch {
      let reason = error.diagnostics.first.map { "\($0.location.line):\($0.location.column): \($0.message)" } ?? ""
      return .failure(Rejection(id: .null, Failure(.parseError, "parse error: the message is not JSON (\(reason))")))
    }
    if document.arrayValue != nil {
      return .failure(
        Rejection(
          id: .null, Failure(.invalidRequest, "invalid request: batches are not supported; \(framing)")))
    }
    guard document.objectValue != nil else {
      return .failure(
        Rejection(
          id: .null, Failure(.invalidRequest, "invalid request: a message is a JSON object, not \(document.kindName)")))
    }
    let id = document["id"]
    let validID: JSON? = id.flatMap { value in
      switch value.kind {
      case .string, .integer: JSON(value.kind)
      default: nil
      }
    }
    func invalid(_ message: String) -> Result<Message, Rejection> {
      .failure(Rejection(id: validID ?? .null, Failure(.invalidRequest, "invalid request: \(message)")))
    }
    guard document["jsonrpc"]?.stringValue == "2.0" else { return invalid("\"jsonrpc\" must be \"2.0\"") }
    if id != nil && validID == nil { return invalid("\"id\" must be a string or an integer") }
    guard let methodValue = document["method"] else {
      if document["result"] != nil || document["error"] != nil { return .success(.response) }
      return invalid("missing \"method\"")
    }
    guard let method = methodValue.stringValue else { return invalid("\"method\" must be a string") }
    let params = document["params"]
    if let params, params.objectValue == nil {
      return .failure(
        Rejection(id: validID ?? .null, Failure(.invalidParams, "invalid params: \"params\" must be an object")))
    }
    if let validID { return .success(.request(id: validID, method: method, params: params)) }
    return .success(.notification(method: method, params: params))
  }

  /// A result response, as one line.
  static func result(id: JSON, _ result: JSON) -> String {
    line(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
  }

  /// An error response, as one line.
  static func error(id: JSON, _ failure: Failure) -> String {
    var error: [JSON.Member] = [
      JSON.Member("code", .integer(failure.code.rawValue)), JSON.Member("message", .string(failure.message)),
    ]
    if let data = failure.data { error.append(JSON.Member("data", data)) }
    return line(.object(["jsonrpc": .string("2.0"), "id": id, "error": .object(error)]))
  }

  /// Compact JSON has no raw newline (strings escape theirs), so a message is one line.
  static func line(_ message: JSON) -> String { message.serialized(pretty: false) + "\n" }

  /// The id of a request too large to read, found in its first bytes without parsing the
  /// rest: the value of the top-level `"id"` member when it is a number or a string and comes
  /// within `prefix`. Lets the client match the error to its request instead of waiting.
  static func sniffID(_ prefix: ArraySlice<UInt8>) -> JSON {
    var depth = 0
    var index = prefix.startIndex
    var expectingKey = false
    func readString() -> String? {
      // At the opening quote; returns the raw text between the quotes (escapes kept).
      var end = index + 1
      while end < prefix.endIndex, prefix[end] != UInt8(ascii: "\"") {
        end += prefix[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard end < prefix.endIndex else { return nil }
      defer { index = end + 1 }
      return String(decoding: prefix[(index + 1)..<end], as: UTF8.self)
    }
    while index < prefix.endIndex {
      let byte = prefix[index]
      switch byte {
      case UInt8(ascii: "{"):
        depth += 1
        expectingKey = depth == 1
        index += 1
      case UInt8(ascii: "["):
        depth += 1
        expectingKey = false
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        index += 1
      case UInt8(ascii: ","):
        expectingKey = depth == 1
        index += 1
      case UInt8(ascii: "\""):
        let isKey = expectingKey
        guard let text = readString() else { return .null }
        expectingKey = false
        guard isKey, text == "id" else { continue }
        while index < prefix.endIndex, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(prefix[index]) {
          index += 1
        }
        guard index < prefix.endIndex else { return .null }
        if prefix[index] == UInt8(ascii: "\"") {
          guard let value = readString(), !value.contains("\\") else { return .null }
          return .string(value)
        }
        var end = index
        while end < prefix.endIndex, prefix[end] == UInt8(ascii: "-") || (0x30...0x39).contains(prefix[end]) {
          end += 1
        }
        return Int64(String(decoding: prefix[index..<end], as: UTF8.self)).map { .integer($0) } ?? .null
      default:
        index += 1
      }
    }
    return .null
  }
}

/// Splits a byte stream into lines of at most `limit` bytes. A longer line is not kept: its
/// first bytes are (to find the request's id), the rest is read and dropped up to its newline,
/// so memory stays bounded and the next message is read normally.
struct LineFramer {
  /// The most bytes one message may have, its newline not counted.
  let limit: Int
  /// How much of an oversized line is kept to find its id.
  static let keptPrefix = 64 * 1024

  private var buffer: [UInt8] = []
  private var oversized: (prefix: [UInt8], length: Int)?

  init(limit: Int) { self.limit = limit }

  /// A line read whole, or one over the limit.
  enum Line: Equatable {
    case message([UInt8])
    /// An oversized line: its first bytes and how long it was (so far, at end of input).
    case oversized(prefix: [UInt8], length: Int)
  }

  /// Takes the next chunk of input and returns the lines it completes.
  mutating func feed(_ chunk: some Collection<UInt8>) -> [Line] {
    var lines: [Line] = []
    var rest = chunk[...]
    while let newline = rest.firstIndex(of: 0x0A) {
      append(rest[..<newline])
      lines += finishLine()
      rest = rest[rest.index(after: newline)...]
    }
    append(rest)
    return lines
  }

  /// At end of input: the last line, if it has no newline.
  mutating func finish() -> [Line] {
    buffer.isEmpty && oversized == nil ? [] : finishLine()
  }

  private mutating func append(_ bytes: some Collection<UInt8>) {
    if var over = oversized {
      over.length += bytes.count
      if over.prefix.count < LineFramer.keptPrefix {
        over.prefix += bytes.prefix(LineFramer.keptPrefix - over.prefix.count)
      }
      oversized = over
      return
    }
    if buffer.count + bytes.count > limit {
      let all = buffer + bytes
      oversized = (Array(all.prefix(LineFramer.keptPrefix)), all.count)
      buffer = []
      return
    }
    buffer += bytes
  }

  private mutating func finishLine() -> [Line] {
    defer {
      buffer = []
      oversized = nil
    }
    if let over = oversized { return [.oversized(prefix: over.prefix, length: over.length)] }
    // A carriage return before the newline is tolerated; blank lines are not messages.
    var line = buffer
    if line.last == 0x0D { line.removeLast() }
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return [] }
    return [.message(line)]
  }
}
