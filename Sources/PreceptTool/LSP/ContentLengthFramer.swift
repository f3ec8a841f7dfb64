import Foundation

/// Splits a byte stream into the messages of the Language Server Protocol's base protocol: a
/// header of `Name: value` lines ended by an empty line (`Content-Length` is required), then
/// that many bytes of JSON.
///
/// Memory stays bounded whatever arrives: a header may be at most `maximumHeaderSize` bytes,
/// and of a body over `limit` bytes only the first `keptPrefix` are kept (to find its id). A
/// header without a usable `Content-Length` leaves the body's length unknown, so the bytes
/// after it are skipped up to the next `Content-Length:` (clients send messages back to back,
/// so it need not start a line).
struct ContentLengthFramer {
  /// The most bytes one message's body may have.
  let limit: Int
  static let maximumHeaderSize = 8 * 1024
  /// How much of an oversized or rejected body is kept to find its id and document.
  static let keptPrefix = 64 * 1024

  init(limit: Int) { self.limit = limit }

  /// What the stream held.
  enum Frame: Equatable {
    /// A body to decode as JSON-RPC.
    case message([UInt8])
    /// A body over the limit: its first bytes, and its length.
    case oversized(prefix: [UInt8], length: Int)
    /// A body whose header was wrong in a way that still gave its length (an unknown charset,
    /// a line that is not `Name: value`): why, and the body's first bytes.
    case rejected(reason: String, prefix: [UInt8])
    /// A header that gave no length; the stream is searched for the next header.
    case badHeader(String)
  }

  private enum State {
    case header
    case body(length: Int, problem: String?)
    case resync
  }

  private var state = State.header
  /// The header read so far, or the body (only its prefix when it is oversized or rejected).
  private var buffer: [UInt8] = []
  private var bodyRead = 0
  /// In `resync`: how many bytes of the marker the last bytes matched.
  private var matched = 0
  private static let marker = Array("content-length:".utf8)

  /// Takes the next chunk of input and returns the frames it completes.
  mutating func feed(_ chunk: some Collection<UInt8>) -> [Frame] {
    var frames: [Frame] = []
    var rest = Array(chunk)[...]
    while !rest.isEmpty {
      switch state {
      case .header:
        let byte = rest.removeFirst()
        // Line breaks between messages are tolerated.
        if buffer.isEmpty && (byte == 0x0A || byte == 0x0D) { continue }
        buffer.append(byte)
        if buffer.count > ContentLengthFramer.maximumHeaderSize {
          buffer = []
          matched = 0
          state = .resync
          frames.append(
            .badHeader("a message header is over \(ContentLengthFramer.maximumHeaderSize) bytes without an empty line"))
        } else if byte == 0x0A, buffer.count >= 2,
          buffer[buffer.count - 2] == 0x0A
            || (buffer.count >= 4 && buffer[(buffer.count - 4)...] == [0x0D, 0x0A, 0x0D, 0x0A])
        {
          frames += endHeader()
        }
      case .body(let length, let problem):
        let wanted = length - bodyRead
        let taken = rest.prefix(wanted)
        rest = rest.dropFirst(taken.count)
        bodyRead += taken.count
        let keep = length > limit || problem != nil
        if keep {
          if buffer.count < ContentLengthFramer.keptPrefix {
            buffer += taken.prefix(ContentLengthFramer.keptPrefix - buffer.count)
          }
        } else {
          buffer += taken
        }
        if bodyRead == length {
          if let problem {
            frames.append(.rejected(reason: problem, prefix: buffer))
          } else if length > limit {
            frames.append(.oversized(prefix: buffer, length: length))
          } else {
            frames.append(.message(buffer))
          }
          buffer = []
          bodyRead = 0
          state = .header
        }
      case .resync:
        // The marker's first letter appears in it only once, so after a mismatch a match can
        // only start again at this byte.
        let byte = rest.removeFirst()
        let lowered: UInt8 = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        if lowered == ContentLengthFramer.marker[matched] {
          matched += 1
        } else {
          matched = lowered == ContentLengthFramer.marker[0] ? 1 : 0
        }
        if matched == ContentLengthFramer.marker.count {
          buffer = Array("Content-Length:".utf8)
          matched = 0
          state = .header
        }
      }
    }
    return frames
  }

  /// At end of input: why the last message is incomplete, if it is.
  func finish() -> String? {
    switch state {
    case .header: buffer.isEmpty ? nil : "the input ended inside a message header"
    case .body(let length, _): "the input ended after \(bodyRead) of the \(length) bytes of a message"
    case .resync: nil
    }
  }

  private mutating func endHeader() -> [Frame] {
    let text = String(decoding: buffer, as: UTF8.self)
    buffer = []
    var length: Int?
    var problem: String?
    for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
      if line.isEmpty { continue }
      guard let colon = line.firstIndex(of: ":") else {
        problem = problem ?? "the header line '\(line.prefix(80))' is not 'Name: value'"
        continue
      }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch name {
      case "content-length":
        guard !value.isEmpty, value.count <= 15, value.allSatisfy(\.isASCIIDigitCharacter), let number = Int(value)
        else {
          matched = 0
          state = .resync
          return [.badHeader("Content-Length must be a number of bytes, not '\(value.prefix(40))'")]
        }
        if let length, length != number {
          matched = 0
          state = .resync
          return [.badHeader("the header gives two different Content-Length values, \(length) and \(number)")]
        }
        length = number
      case "content-type":
        let charset = value.lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
          .first { $0.hasPrefix("charset=") }?.dropFirst("charset=".count)
        if let charset, !["utf-8", "utf8", "\"utf-8\""].contains(charset) {
          problem = "the message's charset is \(charset); the server reads utf-8 only"
        }
      default:
        break  // other headers are allowed and mean nothing here
      }
    }
    guard let length else {
      matched = 0
      state = .resync
      return [.badHeader("a message header has no Content-Length")]
    }
    state = .body(length: length, problem: problem)
    // An empty body is complete at once.
    if length == 0 {
      state = .header
      return [problem.map { .rejected(reason: $0, prefix: []) } ?? .message([])]
    }
    return []
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
