import Foundation
import Precept

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Blocking HTTP(S) GET for registry files, with the limits untrusted servers call for: a
/// size cap enforced while the body streams in, an idle and a total timeout, no content
/// decoding, and nothing stored on disk.
enum HTTPClient {
  /// The largest body accepted (index or pack): the most any file precept reads may hold.
  static let maximumBytes = SourceFile.maximumFileSize

  /// How long a download may wait for data and take in all.
  struct Timeouts: Sendable, Equatable {
    /// Seconds without a byte arriving before a request fails.
    var idle: TimeInterval = 30
    /// Seconds a whole transfer may take, however steadily the bytes trickle in.
    var total: TimeInterval = 600

    /// The defaults, or `PRECEPT_DOWNLOAD_IDLE_TIMEOUT` and `PRECEPT_DOWNLOAD_TIMEOUT` (seconds,
    /// positive numbers) when set; anything else in them is ignored.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Timeouts {
      var timeouts = Timeouts()
      if let value = environment["PRECEPT_DOWNLOAD_IDLE_TIMEOUT"].flatMap(TimeInterval.init), value > 0 {
        timeouts.idle = value
      }
      if let value = environment["PRECEPT_DOWNLOAD_TIMEOUT"].flatMap(TimeInterval.init), value > 0 {
        timeouts.total = value
      }
      return timeouts
    }
  }

  /// The body of a `200 OK` response to a GET of `url`, at most `limit` bytes. Blocks the
  /// calling thread.
  ///
  /// The request asks for `Accept-Encoding: identity` and a response with any other
  /// `Content-Encoding` is refused as soon as its headers arrive: URLSession decodes gzip and
  /// deflate bodies on its own threads faster than a size check on the delivered data can
  /// cancel, so a small compressed body could grow to gigabytes in memory (a decompression
  /// bomb). Registries serve packs and indexes as they are; both are small.
  ///
  /// Credentials come from `authorization(for:environment:)`; the URL itself is sent and
  /// shown without any user or password.
  static func get(
    _ url: URL, limit: Int = maximumBytes, timeouts: Timeouts = .standard(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DistributionError) -> [UInt8] {
    RegistryCredentials.register(url)
    let shown = RegistryCredentials.redacted(url.absoluteString)
    // Ephemeral, and with every store removed: no URL cache, no cookies, no credential store.
    let configuration = baseConfiguration.copy() as? URLSessionConfiguration ?? baseConfiguration
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.urlCredentialStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeouts.idle
    configuration.timeoutIntervalForResource = timeouts.total
    var request = URLRequest(url: RegistryCredentials.stripped(url))
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    if let authorization = authorization(for: url, environment: environment) {
      request.setValue(authorization, forHTTPHeaderField: "Authorization")
    }
    let download = Download(limit: limit, url: url)
    let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
    let task = session.dataTask(with: request)
    task.resume()
    // URLSession's resource timeout is not enforced everywhere (a server sending a byte a
    // second kept a download going past it), so the total is enforced here.
    if download.finished.wait(timeout: .now() + timeouts.total) == .timedOut {
      download.fail(
        "timed out after \(seconds(timeouts.total)) s downloading \(shown) (the limit for a whole download)")
      task.cancel()
      _ = download.finished.wait(timeout: .now() + 10)
    }
    // The session holds its delegate strongly until it is invalidated.
    session.invalidateAndCancel()
    let outcome = download.outcome
    if let problem = outcome.problem {
      throw .unavailable(location: shown, reason: problem)
    }
    if let error = outcome.error {
      if error.domain == NSURLErrorDomain, error.code == NSURLErrorTimedOut {
        throw .unavailable(
          location: shown,
          reason: "timed out after \(seconds(timeouts.idle)) s downloading \(shown) (no data arrived for that long)")
      }
      throw .unavailable(location: shown, reason: error.localizedDescription)
    }
    guard outcome.status == 200 else {
      if (300..<400).contains(outcome.status) {
        throw .unavailable(
          location: shown,
          reason:
            "HTTP \(outcome.status) redirect \(outcome.location.map { "to \($0) that was not followed" } ?? "without a Location header") from \(shown)"
        )
      }
      if outcome.status == 0 {
        throw .unavailable(location: shown, reason: "the server closed the connection without an HTTP response")
      }
      let phrase = HTTPURLResponse.localizedString(forStatusCode: outcome.status)
      throw .unavailable(location: shown, reason: "HTTP \(outcome.status) (\(phrase))")
    }
    return outcome.body
  }

  /// The configuration every request copies, made once per process.
  ///
  /// On Linux, FoundationNetworking's URL caches and cookie store make their folders
  /// (`~/.cache/org.swift.foundation.URLCache/NAME`, `~/.local/share/NAME`) whenever a
  /// session configuration is created, whatever the configuration then says. They are made
  /// inside precept's own cache instead (`foundation/` beside `packs/`): the XDG variables
  /// they follow point there while the one configuration is created, and are restored at
  /// once. Nothing is ever stored in them (requests use no cache and no cookie store).
  nonisolated(unsafe) private static let baseConfiguration: URLSessionConfiguration = {
    #if canImport(FoundationNetworking) && canImport(Glibc)
      let root = (PackCache.standard().directory as NSString).deletingLastPathComponent
      let folder = FileAccess.join(root, "foundation")
      let names = ["XDG_CACHE_HOME", "XDG_DATA_HOME"]
      let saved = names.map { name in getenv(name).map { String(cString: $0) } }
      for name in names { setenv(name, folder, 1) }
      defer {
        for (name, value) in zip(names, saved) {
          if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
      }
      _ = URLCache.shared
      _ = HTTPCookieStorage.shared
    #endif
    return URLSessionConfiguration.ephemeral
  }()

  /// The `Authorization` header for a request to `url`: Basic with the user and password a
  /// registry URL of the same origin carried (`RegistryCredentials`), or Bearer with
  /// `PRECEPT_REGISTRY_TOKEN`. The token is sent only over HTTPS or
  /// to a loopback host (127.0.0.1, ::1, localhost), so it never crosses a network in clear.
  static func authorization(for url: URL, environment: [String: String]) -> String? {
    if let registered = RegistryCredentials.registeredAuthorization(for: url) { return registered }
    guard let token = environment["PRECEPT_REGISTRY_TOKEN"], !token.isEmpty,
      !token.contains(where: { $0.isNewline })
    else { return nil }
    let secure = url.scheme?.lowercased() == "https"
    let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(url.host?.lowercased() ?? "")
    return secure || loopback ? "Bearer \(token)" : nil
  }

  private static func seconds(_ interval: TimeInterval) -> String {
    interval == interval.rounded() && interval < 1e15 ? String(Int(interval)) : String(interval)
  }
}

/// Collects one response body. URLSession calls it on its own queue; the lock guards the
/// state the blocked caller reads once `finished` is signalled.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct Outcome {
    var status = 0
    var body: [UInt8] = []
    /// A limit this client enforces (size, encoding, total time).
    var problem: String?
    /// The transport's own error, when there is no `problem`.
    var error: NSError?
    /// The `Location` of a redirect that was not followed.
    var location: String?
  }

  let finished = DispatchSemaphore(value: 0)
  private let limit: Int
  private let url: URL
  private let lock = NSLock()
  private var state = Outcome()

  init(limit: Int, url: URL) {
    self.limit = limit
    self.url = url
  }

  var outcome: Outcome {
    lock.lock()
    defer { lock.unlock() }
    return state
  }

  /// Records a problem unless one is already recorded.
  func fail(_ problem: String) {
    lock.lock()
    if state.problem == nil { state.problem = problem }
    lock.unlock()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let status = http?.statusCode ?? 0
    let encoding = (http?.value(forHTTPHeaderField: "Content-Encoding") ?? "identity")
      .trimmingCharacters(in: .whitespaces).lowercased()
    lock.lock()
    state.status = status
    state.location = http?.value(forHTTPHeaderField: "Location")
    var refuse = false
    if status == 200, !encoding.isEmpty, encoding != "identity" {
      state.problem =
        "the server sent a '\(encoding)'-encoded body though precept asks for an unencoded one "
        + "(Accept-Encoding: identity); encoded bodies are refused because their decoded size cannot be bounded"
      refuse = true
    } else if response.expectedContentLength > Int64(limit) {
      state.problem = "the response is larger than the limit of \(limit) bytes"
      refuse = true
    }
    lock.unlock()
    completionHandler(refuse ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    if state.problem != nil {
      lock.unlock()
      return
    }
    if state.body.count + data.count > limit {
      state.problem = "the response is larger than the limit of \(limit) bytes"
      lock.unlock()
      dataTask.cancel()
      return
    }
    state.body.append(contentsOf: data)
    lock.unlock()
  }

  /// A redirect is followed only to the same scheme, host and port, and keeps the
  /// `Authorization` header only then; any other redirect ends the download, reported with
  /// where it pointed.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let target = request.url, target.scheme == url.scheme, target.host == url.host, target.port == url.port
    else {
      lock.lock()
      state.status = response.statusCode
      state.location = request.url.map { RegistryCredentials.redacted($0.absoluteString) }
      lock.unlock()
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    if let error, state.problem == nil { state.error = error as NSError }
    // A redirect URLSession could not follow (no Location) is never passed to
    // `didReceive response`; the task still has it.
    if state.status == 0, let response = task.response as? HTTPURLResponse {
      state.status = response.statusCode
      state.location = response.value(forHTTPHeaderField: "Location")
    }
    lock.unlock()
    finished.signal()
  }
}
