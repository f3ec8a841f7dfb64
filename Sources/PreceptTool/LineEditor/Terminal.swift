#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal side of the line editor: raw mode, window size, the signals that must not
/// leave the terminal raw, and plain descriptor I/O.
///
/// Raw mode is process-wide state (one terminal, one set of signal handlers), so only one
/// `Terminal` may be raw at a time.
struct Terminal {
  let input: Int32
  let output: Int32

  /// Whether both descriptors are terminals.
  var isInteractive: Bool { isatty(input) == 1 && isatty(output) == 1 }

  /// The width in columns, or 80 if the terminal does not say.
  func width() -> Int {
    for fd in [output, input] {
      var size = winsize()
      if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    }
    return 80
  }

  /// Switches the input terminal to raw mode and installs the signal handlers that restore it.
  /// Returns false (changing nothing) if the terminal's modes cannot be read or set.
  func enterRawMode(notifying pipe: Int32) -> Bool {
    var original = termios()
    guard tcgetattr(input, &original) == 0 else { return false }
    var raw = original
    // No echo, no line buffering, no signals from Ctrl-C/Ctrl-Z/Ctrl-\, no Ctrl-S/Ctrl-Q
    // flow control, no CR→NL translation, no output processing: every key reaches the editor,
    // which writes "\r\n" itself.
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // Handlers first: a signal arriving just after the switch must find them in place.
    installSignalHandlers(fd: input, original: original, raw: raw, pipe: pipe)
    guard tcsetattr(input, TCSADRAIN, &raw) == 0 else {
      removeSignalHandlers()
      return false
    }
    return true
  }

  /// Restores the modes `enterRawMode` found and the signal handlers it replaced.
  func leaveRawMode() {
    tcsetattr(input, TCSADRAIN, &signalState.pointee.original)
    removeSignalHandlers()
  }

  /// Whether Ctrl-Z can suspend the process: SIGTSTP is not ignored.
  var canSuspend: Bool { installedSignals[Int(SIGTSTP)] }

  /// Stops the process as Ctrl-Z does in a shell. The SIGTSTP handler restores the terminal
  /// first and, once the process continues, makes it raw again and notifies the pipe.
  func suspend() {
    kill(getpid(), SIGTSTP)
  }

  /// Writes all of `bytes`, retrying after interruptions; false on an error.
  @discardableResult
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return false
      }
      offset += count
    }
    return true
  }
}

// MARK: - Signals

/// Bytes the signal handlers write to the editor's pipe.
enum SignalNotice: UInt8 {
  /// The window size changed.
  case resized = 0x77
  /// The process survived a signal that took the terminal out of raw mode (it was stopped
  /// and continued, or the caller's own handler returned): the screen needs a fresh prompt.
  case resumed = 0x63
}

/// Signals whose default action ends or stops the process, which must therefore restore
/// the terminal first.
private let restoringSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

/// What the signal handlers read. It lives in memory allocated once, written only while the
/// handlers are not installed, and reached through pointers: handlers may make only
/// async-signal-safe calls, and must not meet Swift's exclusivity checks or copy-on-write.
private struct SignalState {
  var fd: Int32 = -1
  var original = termios()
  var raw = termios()
  var pipe: Int32 = -1
}

private let signalSlots = 65  // signal numbers 1...64

nonisolated(unsafe) private let signalState: UnsafeMutablePointer<SignalState> = {
  let state = UnsafeMutablePointer<SignalState>.allocate(capacity: 1)
  state.initialize(to: SignalState())
  return state
}()

/// The action each signal had before the editor replaced it.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
  actions.initialize(repeating: sigaction(), count: signalSlots)
  return actions
}()

/// Which signals have the editor's handler installed.
nonisolated(unsafe) private let installedSignals: UnsafeMutablePointer<Bool> = {
  let installed = UnsafeMutablePointer<Bool>.allocate(capacity: signalSlots)
  installed.initialize(repeating: false, count: signalSlots)
  return installed
}()

private func installSignalHandlers(fd: Int32, original: termios, raw: termios, pipe: Int32) {
  signalState.pointee = SignalState(fd: fd, original: original, raw: raw, pipe: pipe)
  for signal in restoringSignals {
    sigaction(signal, nil, previousActions + Int(signal))
    // An ignored signal cannot hurt the terminal; leave it ignored.
    let previous = handler(of: previousActions[Int(signal)])
    if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
    var action = handlerAction(restoreTerminalAndRaise)
    sigaction(signal, &action, nil)
    installedSignals[Int(signal)] = true
  }
  var action = handlerAction(notifyResize)
  sigaction(SIGWINCH, &action, previousActions + Int(SIGWINCH))
  installedSignals[Int(SIGWINCH)] = true
}

private func removeSignalHandlers() {
  for signal in restoringSignals + [SIGWINCH] where installedSignals[Int(signal)] {
    sigaction(signal, previousActions + Int(signal), nil)
    installedSignals[Int(signal)] = false
  }
}

/// The handler of `action`: the C library names the union that holds it differently.
private func handler(of action: sigaction) -> (@convention(c) (Int32) -> Void)? {
  #if canImport(Darwin)
    action.__sigaction_u.__sa_handler
  #else
    action.__sigaction_handler.sa_handler
  #endif
}

private func handlerAction(_ handler: @convention(c) (Int32) -> Void) -> sigaction {
  var action = sigaction()
  #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
  #else
    action.__sigaction_handler.sa_handler = handler
  #endif
  sigemptyset(&action.sa_mask)
  action.sa_flags = SA_RESTART
  return action
}

/// Restores the terminal, lets the signal do what it would have done without the editor
/// (end or stop the process, or run the caller's handler), and if the process is still
/// running afterwards, makes the terminal raw again and asks the editor to redraw.
private func restoreTerminalAndRaise(_ signal: Int32) {
  let savedErrno = errno
  tcsetattr(signalState.pointee.fd, TCSANOW, &signalState.pointee.original)
  sigaction(signal, previousActions + Int(signal), nil)
  var unblocked = sigset_t()
  sigemptyset(&unblocked)
  sigaddset(&unblocked, signal)
  pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  raise(signal)
  var action = handlerAction(restoreTerminalAndRaise)
  sigaction(signal, &action, nil)
  tcsetattr(signalState.pointee.fd, TCSANOW, &signalState.pointee.raw)
  var notice = SignalNotice.resumed.rawValue
  write(signalState.pointee.pipe, &notice, 1)
  errno = savedErrno
}

private func notifyResize(_ signal: Int32) {
  let savedErrno = errno
  var notice = SignalNotice.resized.rawValue
  write(signalState.pointee.pipe, &notice, 1)
  errno = savedErrno
}
