import Foundation

/// Timing by the CPU time of the calling thread, so that other processes sharing the machine
/// slow a measurement down only through the caches they share, not by taking the core away.
enum Timing {
  /// CPU seconds `body` takes on this thread.
  static func seconds(_ body: () -> Void) -> Double {
    let start = threadTime()
    body()
    return threadTime() - start
  }

  private static func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// How many calls of `body` take about `target` seconds, estimated from a short trial.
  static func iterations(toFill target: Double, _ body: () -> Void) -> Int {
    var count = 1
    while true {
      let elapsed = seconds { for _ in 0..<count { body() } }
      if elapsed > 0.05 || count >= 1 << 30 { return max(1, Int(Double(count) * target / max(elapsed, 1e-9))) }
      count *= 4
    }
  }
}

/// Hides a value from the optimizer, so a loop that computes the same result each time is
/// not folded into one computation.
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// The machine and build the figures were measured on.
enum MachineInfo {
  static var lines: [String] {
    let info = ProcessInfo.processInfo
    let memory = Double(info.physicalMemory) / Double(1 << 30)
    var system = info.operatingSystemVersionString
    var names = utsname()
    if uname(&names) == 0 {
      func field<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      }
      system = "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
    }
    let date = ISO8601DateFormatter().string(from: Date())
    return [
      "date      \(date)",
      "machine   \(cpuName), \(info.activeProcessorCount) cores available, \(String(format: "%.1f", memory)) GiB; \(system)",
      "build     \(buildConfiguration); one thread",
    ]
  }

  private static var cpuName: String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return "unknown CPU"
  }

  static var buildConfiguration: String {
    #if DEBUG
      "DEBUG build — these figures mean nothing; run `swift run -c release precept-bench`"
    #else
      "release build"
    #endif
  }
}

/// Number formatting for the report.
enum Format {
  /// `1234567` → `1,234,567`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  static func fixed(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

  /// A duration in the unit that suits it.
  static func duration(seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: "\(fixed(seconds * 1e9, 0)) ns"
    case ..<1e-3: "\(fixed(seconds * 1e6, 2)) µs"
    case ..<1: "\(fixed(seconds * 1e3, 2)) ms"
    default: "\(fixed(seconds, 2)) s"
    }
  }
}
