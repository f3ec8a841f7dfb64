import Foundation
import Precept

/// The `cel-conformance` command line. `run` returns the exit status: 0, or 1 when
/// `--min-pass` is not reached, or 2 for a usage error or an unreadable or malformed test file.
struct ConformanceCommand {
  /// The files the project's conformance target is measured on: those that need no protobuf
  /// messages, timestamps or durations for most of their cases.
  static let defaultFiles = [
    "basic", "comparisons", "conversions", "fields", "fp_math", "integer_math", "lists", "logic", "macros",
    "macros2", "parse", "string",
  ]

  static let usage = """
    usage: cel-conformance SPEC_DIR [--file NAME]... [--failures] [--verbose] [--min-pass PERCENT]

    Runs google/cel-spec's simple conformance tests through Precept's CompiledExpression API.
    SPEC_DIR is a checkout of google/cel-spec or its tests/simple/testdata folder.

      --file NAME         run NAME.textproto only (repeatable); default: \(defaultFiles.joined(separator: ", "))
      --failures          list every failing case
      --verbose           list every failing case and every excluded case with its reason
      --min-pass PERCENT  exit 1 if fewer than PERCENT % of the applicable cases pass
    """

  var directory = ""
  var files: [String] = []
  var showFailures = false
  var showExclusions = false
  var minimumPassRate: Double?

  /// Parses the arguments (without the program name).
  init(arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    func value(for option: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--file":
        let name = try value(for: argument)
        files.append(name.hasSuffix(".textproto") ? String(name.dropLast(".textproto".count)) : name)
      case "--failures":
        showFailures = true
      case "--verbose":
        showFailures = true
        showExclusions = true
      case "--min-pass":
        let text = try value(for: argument)
        guard let rate = Double(text), rate >= 0, rate <= 100 else {
          throw UsageError("--min-pass expects a percentage from 0 to 100, not '\(text)'")
        }
        minimumPassRate = rate
      case "-h", "--help":
        throw UsageError(nil)
      default:
        guard !argument.hasPrefix("-") else { throw UsageError("unknown option '\(argument)'") }
        guard directory.isEmpty else { throw UsageError("unexpected argument '\(argument)'") }
        directory = argument
      }
    }
    guard !directory.isEmpty else { throw UsageError("missing SPEC_DIR") }
    if files.isEmpty { files = Self.defaultFiles }
  }

  /// Runs the suite, writing the report with `write` and problems with `warn`.
  func run(
    with runner: ConformanceRunner = .precept, write: (String) -> Void, warn: (String) -> Void
  ) -> Int32 {
    guard let testdata = Self.testdata(in: directory) else {
      warn("cel-conformance: no test files at '\(directory)' (expected tests/simple/testdata/*.textproto)")
      return 2
    }
    var results: [FileResult] = []
    var unreadable = false
    for name in files {
      let path = testdata + "/" + name + ".textproto"
      guard let data = FileManager.default.contents(atPath: path) else {
        warn("cel-conformance: cannot read '\(path)'")
        unreadable = true
        continue
      }
      do {
        let file = try SuiteReader.read(SourceFile(name: path, bytes: Array(data)), name: name)
        results.append(runner.run(file))
      } catch {
        warn(error.rendered())
        unreadable = true
      }
    }

    let report = SuiteReport(files: results)
    write("CEL conformance: google/cel-spec simple tests in \(testdata)")
    for (shown, listing) in [(showFailures, report.failures), (showExclusions, report.exclusions)] where shown {
      let text = listing()
      if !text.isEmpty { write("\n" + text) }
    }
    write("\n" + report.summary())
    if unreadable { return 2 }
    if let minimumPassRate, Double(report.passed) * 100 < minimumPassRate * Double(report.applicable) {
      warn(
        "cel-conformance: pass rate \(SuiteReport.percent(report.passed, of: report.applicable)) is below \(minimumPassRate)%"
      )
      return 1
    }
    return 0
  }

  /// The folder holding the `.textproto` files: `directory` itself or its `tests/simple/testdata`.
  static func testdata(in directory: String) -> String? {
    let nested = directory + "/tests/simple/testdata"
    for candidate in [nested, directory] where FileManager.default.fileExists(atPath: candidate + "/basic.textproto") {
      return candidate
    }
    return nil
  }
}

/// A bad command line; a nil message asks for the usage text alone (`--help`).
struct UsageError: Error {
  var message: String?
  init(_ message: String?) { self.message = message }
}
