import Foundation
import Precept
import PreceptSwiftUI
import PreceptTool

/// The lint figures (issue 4) and the pack figure (issue 7): lines of Swift per second per core
/// for the SwiftUI reader alone and for the whole lint, beside `swiftc -frontend -parse` over
/// the same files; and loading the standard rulesets from packs beside compiling them.
struct LintFigures {
  let files: [(name: String, text: String)]
  let runs: Int

  init(fileCount: Int = 400, runs: Int) {
    files = SyntheticSwift.files(count: fileCount)
    self.runs = runs
  }

  var lineCount: Int { files.reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count } }

  /// Reader lines/s on one core, lint lines/s on one core, lint lines/s on every core (wall
  /// clock), swiftc's lines/s on one core (nil when swiftc is not found), and the findings.
  func measure(_ rulesets: [Ruleset]) -> (
    reader: Double, lint: Double, allCores: Double, swiftc: Double?, findings: Int
  ) {
    let sources = files.map { SourceFile(name: $0.name, text: $0.text) }
    let engine = Engine(rulesets: rulesets)
    let lines = Double(lineCount)
    var findings = 0
    func read() { for source in sources { _ = try? SwiftUIReader.read(source) } }
    func lint() {
      var found = 0
      for source in sources {
        guard let document = try? SwiftUIReader.read(source) else { continue }
        found += engine.evaluate(ViewModel(document)).findings.count
      }
      findings = found
    }
    read()
    lint()
    let reader = (0..<runs).map { _ in Timing.seconds(read) }
    let whole = (0..<runs).map { _ in Timing.seconds(lint) }
    // Every core: files in parallel, as `precept lint` reads them; wall-clock time.
    let parallel = (0..<runs).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: sources.count) { index in
        if let document = try? SwiftUIReader.read(sources[index]) { _ = engine.evaluate(ViewModel(document)) }
      }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    return (
      lines / Timing.median(reader), lines / Timing.median(whole), lines / Timing.median(parallel), swiftcSpeed(),
      findings
    )
  }

  /// `swiftc -frontend -parse` over the same files (written to a temporary folder), lines per
  /// CPU second of the child process: the yardstick for the reader.
  private func swiftcSpeed() -> Double? {
    let candidates =
      ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
    guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let folder = NSTemporaryDirectory() + "precept-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var paths: [String] = []
    for file in files {
      let path = folder + "/" + file.name
      guard (try? Data(file.text.utf8).write(to: URL(fileURLWithPath: path))) != nil else { return nil }
      paths.append(path)
    }
    var times: [Double] = []
    for _ in 0..<max(1, runs) {
      var usage = rusage()
      let before = childTime(&usage)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: swiftc)
      process.arguments = ["-frontend", "-parse"] + paths
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return nil }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      times.append(childTime(&usage) - before)
    }
    return Double(lineCount) / Timing.median(times)
  }

  private func childTime(_ usage: inout rusage) -> Double {
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// Seconds to compile the standard rulesets from source, and to load them from packs
  /// (digest, bytecode decoding and verification included).
  func packs() throws -> (source: Double, packs: Double) {
    func compileAll() throws -> [Ruleset] {
      let library = StandardRulesets.library()
      var rulesets: [Ruleset] = []
      for entry in library.entries { rulesets.append(try library.ruleset(entry)) }
      return rulesets
    }
    let packed = try compileAll().map { Pack($0).bytes }
    func loadAll() throws {
      let library = RulesetLibrary()
      for (index, bytes) in packed.enumerated() {
        let pack = try Pack(bytes: bytes, name: "pack \(index)")
        try library.add(pack, path: pack.fileName)
      }
      for entry in library.entries { _ = try library.ruleset(entry) }
    }
    try loadAll()
    _ = try compileAll()
    var sourceTimes: [Double] = []
    var packTimes: [Double] = []
    for _ in 0..<runs {
      sourceTimes.append(Timing.seconds { _ = try? compileAll() })
      packTimes.append(Timing.seconds { try? loadAll() })
    }
    return (Timing.median(sourceTimes), Timing.median(packTimes))
  }
}
