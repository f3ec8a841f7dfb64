#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads entries from a terminal with line editing, history and completion, for the REPL.
///
/// When both descriptors are terminals, `readEntry()` puts the terminal in raw mode for the
/// time it reads one entry and edits it in place (see `EditSession` for the keys). With
/// `TERM=dumb` it prints the prompts and lets the terminal read plain lines. When either
/// descriptor is not a terminal (a script piped in), it prints no prompts, changes no modes
/// and reads lines. In every mode an entry continues over further lines while `isComplete`
/// says it is incomplete.
///
/// Interactive entries are kept in the history and, if a history file is given, appended
/// to it; a history file that cannot be read or written gets a warning on standard error
/// and the session goes on without it.
package final class LineEditor {
  /// Shown before the first line of an entry; may contain ANSI colour sequences.
  package var prompt: String
  /// Shown before each further line of an entry; may contain ANSI colour sequences.
  package var continuationPrompt: String
  /// Whether the text is a whole entry; while not, Enter starts another line.
  package var isComplete: (String) -> Bool = { _ in true }
  /// The completion for the text with the cursor at a UTF-8 offset.
  package var complete: (String, Int) -> Completion = { _, cursor in
    Completion(replacing: cursor..<cursor, candidates: [])
  }

  private enum Mode {
    /// Raw mode, in-place editing.
    case editing
    /// Prompts, but the terminal reads the lines (`TERM=dumb`, or raw mode unavailable).
    case promptedLines
    /// No prompts: input is a file or a pipe.
    case lines
  }

  private var mode: Mode
  private let terminal: Terminal
  private var history: History
  private var historyFile: HistoryFile?
  private var decoder = KeyDecoder()
  /// Keys read but not yet handled: typed ahead of the current entry.
  private var pendingKeys: [Key] = []
  /// Bytes read but not yet returned, in the line modes.
  private var pendingBytes: [UInt8] = []
  private var inputEnded = false
  /// The pipe the signal handlers write to, so `poll` wakes up for them.
  private let notices: (read: Int32, write: Int32)

  /// - Parameters:
  ///   - historyFile: where history persists across sessions; nil keeps it in memory only.
  ///   - historyLimit: how many entries the history keeps.
  ///   - input, output: the descriptors to read keys from and draw on.
  package init(
    prompt: String, continuationPrompt: String, historyFile: String?, historyLimit: Int = 1000,
    input: Int32 = 0, output: Int32 = 1
  ) {
    self.prompt = prompt
    self.continuationPrompt = continuationPrompt
    terminal = Terminal(input: input, output: output)
    let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
    mode = terminal.isInteractive ? (dumb ? .promptedLines : .editing) : .lines
    history = History(limit: historyLimit)
    var fds: [Int32] = [-1, -1]
    pipe(&fds)
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    notices = (fds[0], fds[1])
    if mode != .lines, let historyFile {
      var file = HistoryFile(path: historyFile, limit: historyLimit)
      do {
        history = try file.load()
        self.historyFile = file
      } catch {
        warn(error.message)
      }
    }
  }

  deinit {
    close(notices.read)
    close(notices.write)
  }

  /// The history, oldest entry first.
  package var historyEntries: [String] { history.entries }

  /// Reads one entry: its lines joined by "\n", without the final newline. Returns nil at the
  /// end of input (Ctrl-D on an empty entry, or end of file). At the end of a file in the
  /// middle of an incomplete entry, returns what there is, so the caller can report it.
  package func readEntry() -> String? {
    if mode == .editing {
      switch readEditing() {
      case .entry(let entry): return entry
      case .ended: return nil
      case .unavailable: mode = .promptedLines
      }
    }
    return readLines(prompted: mode == .promptedLines)
  }

  // MARK: Editing

  private enum EditingResult {
    case entry(String)
    case ended
    /// Raw mode could not be entered.
    case unavailable
  }

  private func readEditing() -> EditingResult {
    guard terminal.enterRawMode(notifying: notices.write) else { return .unavailable }
    defer { terminal.leaveRawMode() }
    discardNotices()
    var session = EditSession(
      prompt: prompt, continuationPrompt: continuationPrompt, width: terminal.width(), history: history,
      isComplete: isComplete, complete: complete)
    session.drawFresh()
    while true {
      let outcome = session.handle(&pendingKeys)
      switch outcome {
      case .submitted(let entry):
        send(&session)
        record(entry)
        return .entry(entry)
      case .endOfInput:
        send(&session)
        return .ended
      case .suspend:
        // The SIGTSTP handler restores the terminal; its notice brings the prompt back.
        if terminal.canSuspend {
          session.leaveEntry()
          send(&session)
          terminal.suspend()
        }
        continue
      case nil:
        send(&session)
      }
      guard waitForInput(&session) else {
        session.leaveEntry()
        send(&session)
        return .ended
      }
    }
  }

  /// Waits for keys or signal notices and handles the notices; false at the end of input.
  private func waitForInput(_ session: inout EditSession) -> Bool {
    var fds = [pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0)]
    fds.append(pollfd(fd: notices.read, events: Int16(POLLIN), revents: 0))
    // A lone ESC is the Escape key if nothing follows it quickly; otherwise wait for keys.
    let ready = poll(&fds, 2, decoder.hasPending ? 50 : -1)
    if ready < 0 { return errno == EINTR || errno == EAGAIN }
    if ready == 0 {
      pendingKeys += decoder.flush()
      return true
    }
    if fds[1].revents & Int16(POLLIN) != 0 {
      for notice in readAvailable(notices.read).compactMap(SignalNotice.init) {
        switch notice {
        case .resized: session.resize(width: terminal.width())
        case .resumed: session.drawFresh()
        }
      }
      send(&session)
    }
    if fds[0].revents != 0 {
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = bytes.withUnsafeMutableBytes { read(terminal.input, $0.baseAddress, $0.count) }
      if count > 0 {
        pendingKeys += decoder.decode(bytes[..<count])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        return false
      }
    }
    return true
  }

  private func send(_ session: inout EditSession) {
    Terminal.writeAll(terminal.output, session.takeOutput())
  }

  private func discardNotices() {
    _ = readAvailable(notices.read)
  }

  private func readAvailable(_ fd: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return count > 0 ? Array(bytes[..<count]) : []
  }

  private func record(_ entry: String) {
    guard history.add(entry), historyFile != nil else { return }
    do {
      try historyFile!.append(entry)
    } catch {
      warn(error.message + "; history will not be saved")
      historyFile = nil
    }
  }

  private func warn(_ message: String) {
    Terminal.writeAll(2, Array("warning: \(message)\n".utf8))
  }

  // MARK: Lines

  private func readLines(prompted: Bool) -> String? {
    var entry: String?
    while true {
      if prompted { Terminal.writeAll(terminal.output, Array((entry == nil ? prompt : continuationPrompt).utf8)) }
      guard let line = readLine() else {
        // End the prompt's line, as a terminal shows nothing for Ctrl-D.
        if prompted { Terminal.writeAll(terminal.output, [0x0A]) }
        return entry
      }
      let text = entry.map { $0 + "\n" + line } ?? line
      if isComplete(text) {
        if prompted { record(text) }
        return text
      }
      entry = text
    }
  }

  /// The next line without its line ending, or nil at the end of input.
  private func readLine() -> String? {
    while true {
      if let newline = pendingBytes.firstIndex(of: 0x0A) {
        var line = pendingBytes[..<newline]
        if line.last == 0x0D { line = line.dropLast() }
        defer { pendingBytes.removeFirst(newline + 1) }
        return String(decoding: line, as: UTF8.self)
      }
      if inputEnded {
        guard !pendingBytes.isEmpty else { return nil }
        defer { pendingBytes.removeAll() }
        return String(decoding: pendingBytes, as: UTF8.self)
      }
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = bytes.withUnsafeMutableBytes { read(terminal.input, $0.baseAddress, $0.count) }
      if count > 0 {
        pendingBytes += bytes[..<count]
      } else if count == 0 || errno != EINTR {
        inputEnded = true
      }
    }
  }
}
