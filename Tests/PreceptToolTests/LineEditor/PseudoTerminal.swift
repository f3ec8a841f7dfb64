import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `line-editor-demo` executable (or another one, such as `precept repl`) running on a
/// pseudo-terminal that the test opened: the test types at the terminal's master side and
/// watches the screen through `ScreenModel`.
///
/// Every wait has a deadline, so a misbehaving editor fails the test instead of hanging it;
/// the child is killed when the session ends.
final class PseudoTerminal {
  let pid: pid_t
  private let master: Int32
  /// Kept open by the test so the terminal's modes can be read after the child exits.
  private let slave: Int32
  private(set) var screen: ScreenModel
  /// Every byte the child wrote, escape sequences included.
  private(set) var output: [UInt8] = []
  private var waitStatus: Int32?

  /// The demo executable, built beside the test bundle.
  static var demoPath: String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (executable as NSString).deletingLastPathComponent + "/line-editor-demo"
  }

  /// Starts the demo (or `executable`) with `arguments` on a new `columns`×`rows` terminal.
  init(
    _ arguments: [String] = [], executable: String = PseudoTerminal.demoPath, columns: Int = 40, rows: Int = 12,
    environment: [String] = ["TERM=xterm-256color"]
  ) throws {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw PseudoTerminalError("openpty: \(String(cString: strerror(errno)))")
    }
    self.master = master
    self.slave = slave
    // Only the child's copies on 0, 1 and 2 (made by dup2) survive exec.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    screen = ScreenModel(width: columns, height: rows)

    let path = executable
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw PseudoTerminalError("no executable at \(path)")
    }
    // Darwin declares these as opaque pointers, Glibc as structs.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group, whose parent (the test) is in the same session: not orphaned,
    // so Ctrl-Z really stops it. Default signal handling and no blocked signals, whatever
    // the test runner has.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE] {
      sigaddset(&signals, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &signals)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
    guard result == 0 else { throw PseudoTerminalError("posix_spawn: \(String(cString: strerror(result)))") }
    pid = child
  }

  deinit {
    if waitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  /// Types text and control sequences.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads the terminal until `condition` holds for the screen; records an issue and returns
  /// false if it does not within `timeout` seconds (a guard against a hang, generous enough
  /// for a loaded machine: nothing here measures time).
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (ScreenModel) -> Bool
  ) -> Bool {
    let hang = HangGuard(seconds: timeout)
    while true {
      drain()
      if condition(screen) { return true }
      guard !hang.expired else {
        Issue.record("timed out waiting for \(what); screen:\n\(screen.transcript)", sourceLocation: sourceLocation)
        return false
      }
      var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
      _ = poll(&fds, 1, 50)
    }
  }

  /// Waits until the screen, trailing empty rows aside, ends with `suffix`.
  @discardableResult
  func waitForScreen(endingWith suffix: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    waitFor("the screen to end with \(String(reflecting: suffix))", sourceLocation: sourceLocation) {
      ($0.scrolledOff + [$0.text]).joined(separator: "\n").hasSuffix(suffix)
    }
  }

  /// Waits for the child to exit; returns its wait status, or nil (recording an issue) on timeout.
  func waitForExit(timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
    let hang = HangGuard(seconds: timeout)
    while !hang.expired {
      drain()
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        waitStatus = status
        drain()
        return status
      }
      usleep(10_000)
    }
    Issue.record(
      "timed out waiting for the editor to exit; screen:\n\(screen.transcript)", sourceLocation: sourceLocation)
    return nil
  }

  /// The terminal's current modes.
  var modes: termios {
    var modes = termios()
    tcgetattr(slave, &modes)
    return modes
  }

  /// Whether the terminal is in the editor's raw mode (no line buffering, no echo).
  var isRaw: Bool { modes.c_lflag & tcflag_t(ICANON | ECHO) == 0 }

  /// Changes the window size and tells the child, as a terminal emulator does.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(pid, SIGWINCH)
  }

  /// The child's scheduling state from /proc: "S" sleeping, "T" stopped, …
  var processState: String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(end, offsetBy: 2)...].split(separator: " ").first.map(String.init)
  }

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      output += buffer[..<count]
      screen.feed(buffer[..<count])
    }
  }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
