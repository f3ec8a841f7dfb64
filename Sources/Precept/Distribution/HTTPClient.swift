import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Blocking HTTP(S) GET for registry files, with the limits untrusted servers call for: a
/// size cap enforced while the body streams in, and timeouts.
enum HTTPClient {
  /// The largest body accepted (index or pack): the most any file precept reads may hold.
  static let maximumBytes = SourceFile.maximumFileSize
  /// Seconds without progress before a request fails.
  static let idleTimeout: TimeInterval = 30
  /// Seconds a whole transfer may take.
  static let transferTimeout: TimeInterval = 600

  /// The body of a `200 OK` response to a GET of `url`, at most `limit` bytes. Blocks the
  /// calling thread.
  static func get(_ url: URL, limit: Int = maximumBytes) throws(DistributionError) -> [UInt8] {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = idleTimeout
    configuration.timeoutIntervalForResource = transferTimeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let download = Download(limit: limit)
    let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
    session.dataTask(with: url).resume()
    download.finished.wait()
    // The session holds its delegate strongly until it is invalidated.
    session.finishTasksAndInvalidate()
    let outcome = download.outcome
    if let problem = outcome.problem {
      throw .unavailable(location: url.absoluteString, reason: problem)
    }
    guard outcome.status == 200 else {
      let phrase = HTTPURLResponse.localizedString(forStatusCode: outcome.status)
      throw .unavailable(location: url.absoluteString, reason: "HTTP \(outcome.status) (\(phrase))")
    }
    return outcome.body
  }
}

/// Collects one response body. URLSession calls it on its own queue; the lock guards the
/// state the blocked caller reads once `finished` is signalled.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct Outcome {
    var status = 0
    var body: [UInt8] = []
    var problem: String?
  }

  let finished = DispatchSemaphore(value: 0)
  private let limit: Int
  private let lock = NSLock()
  private var state = Outcome()

  init(limit: Int) {
    self.limit = limit
  }

  var outcome: Outcome {
    lock.lock()
    defer { lock.unlock() }
    return state
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    lock.lock()
    state.status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let tooLarge = response.expectedContentLength > Int64(limit)
    if tooLarge { state.problem = "the response is larger than the limit of \(limit) bytes" }
    lock.unlock()
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    if state.body.count + data.count > limit {
      state.problem = "the response is larger than the limit of \(limit) bytes"
      lock.unlock()
      dataTask.cancel()
      return
    }
    state.body.append(contentsOf: data)
    lock.unlock()
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    if let error, state.problem == nil { state.problem = error.localizedDescription }
    lock.unlock()
    finished.signal()
  }
}
