import Foundation
import Precept

/// `precept-bench lint DIR`: whole-process `precept lint` over a real folder — every core, and
/// pinned to one core with `taskset` where there is one — beside `swiftc -frontend -parse` on
/// the same files, so the speed-up from a second core and the distance to the compiler's own
/// parser are measured on an app's real mix of file sizes, not on synthetic files.
struct FolderLint {
  static let usage = "precept-bench lint DIR [--runs N] [--views]"

  let folder: String
  let runs: Int
  /// Also lint with `--no-link-views`, interleaved, for what linking the project's views costs.
  let views: Bool

  init(arguments: [String]) throws(ExprCommand.UsageError) {
    var folder: String?
    var runs = 3
    var views = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--runs" {
        index += 1
        guard index < arguments.count, let value = Int(arguments[index]), value >= 1, value <= 100 else {
          throw ExprCommand.UsageError(message: "--runs needs a count from 1 to 100")
        }
        runs = value
      } else if argument == "--views" {
        views = true
      } else if argument.hasPrefix("-") {
        throw ExprCommand.UsageError(message: "unknown option '\(argument)' for lint")
      } else if folder == nil {
        folder = argument
      } else {
        throw ExprCommand.UsageError(message: "lint takes one folder")
      }
      index += 1
    }
    guard let folder else { throw ExprCommand.UsageError(message: "lint needs a folder: \(FolderLint.usage)") }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw ExprCommand.UsageError(message: "\(folder) is not a folder")
    }
    self.folder = folder
    self.runs = runs
    self.views = views
  }

  /// The Swift files `precept lint DIR` reads: `.swift` files, skipping hidden folders and
  /// `.build`, in sorted order.
  func swiftFiles() -> [String] {
    var files: [String] = []
    let base = URL(fileURLWithPath: folder)
    guard
      let walker = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
    else { return [] }
    for case let url as URL in walker {
      if url.lastPathComponent == ".build" {
        walker.skipDescendants()
        continue
      }
      if url.pathExtension == "swift", (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
        files.append(url.path)
      }
    }
    return files.sorted()
  }

  struct Run {
    var wall: Double
    var cpu: Double
    var status: Int32
    var output: Data
  }

  /// Runs a program to its end, with its output kept, and measures wall-clock and CPU time.
  static func measure(_ executable: String, _ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let cpuBefore = childCPU()
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return Run(wall: wall, cpu: childCPU() - cpuBefore, status: process.terminationStatus, output: data)
  }

  private static func childCPU() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
  }

  static func executable(_ name: String, beside: Bool = false) -> String? {
    if beside, let own = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent(name).path,
      FileManager.default.isExecutableFile(atPath: own)
    {
      return own
    }
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return (["/opt/swift/usr/bin", "/usr/bin"] + path.map(String.init)).map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  func run(print: (String) -> Void, fail: (String) -> Void) throws -> Int32 {
    guard let precept = FolderLint.executable("precept", beside: true) else {
      fail("no precept executable beside precept-bench: build it (swift build -c release --product precept)")
      return 2
    }
    let files = swiftFiles()
    guard !files.isEmpty else {
      fail("\(folder) holds no Swift files")
      return 2
    }
    var lines = 0
    var bytes = 0
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      bytes += data.count
      lines += data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }
    let lint = ["lint", folder, "--format", "json", "--accept-not-run"]
    // A warm-up run: the file cache and the findings the figures are for.
    let first = try FolderLint.measure(precept, lint)
    guard first.status == 0 || first.status == 1,
      let report = try? JSON.parse(String(decoding: first.output, as: UTF8.self))
    else {
      fail("precept lint \(folder) failed with exit status \(first.status)")
      return 2
    }
    let summary = report["summary"]
    func count(_ key: String) -> Int64 { summary?[key]?.integerValue ?? 0 }

    var every: [Run] = []
    var single: [Run] = []
    var unlinked: [Run] = []
    let taskset = FolderLint.executable("taskset")
    for _ in 0..<runs {
      // Interleaved, so a change in the machine's load touches both alike.
      every.append(try FolderLint.measure(precept, lint))
      if let taskset { single.append(try FolderLint.measure(taskset, ["-c", "0", precept] + lint)) }
      if views { unlinked.append(try FolderLint.measure(precept, lint + ["--no-link-views"])) }
    }
    if let failed = unlinked.first(where: { $0.status != 0 && $0.status != 1 }) {
      fail("precept lint \(folder) --no-link-views failed with exit status \(failed.status)")
      return 2
    }
    var swiftc: [Run] = []
    var swiftcNote = "swiftc not found"
    if let compiler = FolderLint.executable("swiftc") {
      for _ in 0..<runs { swiftc.append(try FolderLint.measure(compiler, ["-frontend", "-parse"] + files)) }
      if let failed = swiftc.first(where: { $0.status != 0 }) {
        swiftcNote = "swiftc -frontend -parse failed (exit status \(failed.status)) on these files"
        swiftc = []
      }
    }

    func median(_ runs: [Run], _ key: KeyPath<Run, Double>) -> Double { Timing.median(runs.map { $0[keyPath: key] }) }
    func rate(_ seconds: Double) -> String { "\(Int((Double(lines) / seconds).rounded()).formatted()) lines/s" }
    func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }
    func cell(_ text: String) -> String { text.padding(toLength: 44, withPad: " ", startingAt: 0) }

    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("precept-bench lint \(folder)")
    print("date      \(ISO8601DateFormatter().string(from: Date()))")
    #if DEBUG
      print("build     DEBUG BUILD: figures are not representative; use swift run -c release precept-bench")
    #else
      print("build     release build")
    #endif
    print(
      "files     \(files.count) Swift files (precept read \(count("files"))), \(lines.formatted()) lines, "
        + "\(bytes.formatted()) bytes")
    print(
      "findings  \(count("errors")) errors, \(count("warnings")) warnings, \(count("infos")) infos; "
        + "\(count("inputErrors")) input errors, \(count("notRun")) not run")
    print("method    whole process, median of \(runs) runs after a warm-up; runs interleaved")
    print("")
    let wall = median(every, \.wall)
    print(
      cell("lint, every core (\(cores))")
        + "\(seconds(wall)) wall   \(rate(wall))   CPU \(seconds(median(every, \.cpu)))")
    if !single.isEmpty {
      let one = median(single, \.wall)
      print(cell("lint, one core (taskset -c 0)") + "\(seconds(one)) wall   \(rate(one))")
      print(cell("  speed-up from every core") + String(format: "%.2f×", one / wall))
    } else {
      print(cell("lint, one core") + "not measured: no taskset on the PATH")
    }
    if views {
      // CPU time, not wall: what linking adds is work, however the cores share it.
      let alone = median(unlinked, \.cpu)
      let linked = median(every, \.cpu)
      print(
        cell("lint --no-link-views, every core") + "\(seconds(median(unlinked, \.wall))) wall   CPU \(seconds(alone))")
      print(
        cell("  linking views adds (CPU)")
          + "\(seconds(linked - alone))   \(String(format: "%+.1f %%", (linked - alone) / alone * 100))")
    }
    if !swiftc.isEmpty {
      let parse = median(swiftc, \.cpu)
      print(cell("swiftc -frontend -parse, same files") + "\(seconds(parse)) CPU   \(rate(parse))")
      print(cell("  lint CPU ÷ swiftc parse CPU") + String(format: "%.2f×", median(every, \.cpu) / parse))
    } else {
      print(cell("swiftc -frontend -parse") + swiftcNote)
    }
    return 0
  }
}
