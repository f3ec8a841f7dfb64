import Foundation
import Precept
import Testing

@testable import cel_conformance

@Suite struct CommandTests {
  @Test func parsesOptions() throws {
    let command = try ConformanceCommand(arguments: [
      "spec", "--file", "basic.textproto", "--file", "lists", "--verbose", "--min-pass", "95",
    ])
    #expect(command.directory == "spec")
    #expect(command.files == ["basic", "lists"])
    #expect(command.showFailures && command.showExclusions)
    #expect(command.minimumPassRate == 95)
    #expect(try ConformanceCommand(arguments: ["spec"]).files == ConformanceCommand.defaultFiles)
  }

  @Test func rejectsBadCommandLines() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try ConformanceCommand(arguments: arguments)
        return "accepted"
      } catch {
        return error.message
      }
    }
    #expect(message([]) == "missing SPEC_DIR")
    #expect(message(["a", "b"]) == "unexpected argument 'b'")
    #expect(message(["a", "--min-pass", "101"]) == "--min-pass expects a percentage from 0 to 100, not '101'")
    #expect(message(["a", "--file"]) == "--file needs a value")
    #expect(message(["a", "--fast"]) == "unknown option '--fast'")
    #expect(message(["--help"]) == nil)
  }

  /// A folder laid out like a cel-spec checkout, holding `files` under tests/simple/testdata.
  private func makeSpec(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cel-spec-\(UUID().uuidString)").path
    let testdata = root + "/tests/simple/testdata"
    try FileManager.default.createDirectory(atPath: testdata, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(toFile: testdata + "/" + name + ".textproto", atomically: true, encoding: .utf8)
    }
    return root
  }

  private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    var output: [String] = []
    var errors: [String] = []
    let status = try ConformanceCommand(arguments: arguments).run(
      with: ConformanceRunner { expression, _, _, _ in expression == "true" ? .value(.bool(true)) : .value(.int(0)) },
      write: { output.append($0) }, warn: { errors.append($0) })
    return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
  }

  private let basic = """
    name: "basic"
    section { name: "s" test { name: "yes" expr: "true" } test { name: "no" expr: "false" } }
    """

  @Test func runsTheFilesOfACheckoutOrOfItsTestdataFolder() throws {
    let root = try makeSpec(["basic": basic])
    defer { try? FileManager.default.removeItem(atPath: root) }
    for directory in [root, root + "/tests/simple/testdata"] {
      let (status, output, errors) = try run([directory, "--file", "basic", "--failures"])
      #expect(status == 0)
      #expect(errors.isEmpty)
      #expect(output.contains("basic                  1           2         0      50.0%"))
      #expect(output.contains("FAIL basic/s/no (basic.textproto:2)"))
    }
  }

  @Test func exitsOneBelowTheMinimumPassRate() throws {
    let root = try makeSpec(["basic": basic])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(try run([root, "--file", "basic", "--min-pass", "50"]).status == 0)
    let (status, _, errors) = try run([root, "--file", "basic", "--min-pass", "50.1"])
    #expect(status == 1)
    #expect(errors == "cel-conformance: pass rate 50.0% is below 50.1%")
  }

  @Test func reportsUnreadableFilesAndGoesOn() throws {
    let root = try makeSpec(["basic": basic, "broken": "section { test { expr: 'x' value { int64_value: 1.5 } } }"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let (status, output, errors) = try run([root, "--file", "broken", "--file", "missing", "--file", "basic"])
    #expect(status == 2)
    #expect(errors.contains("broken.textproto:1:36: error: 'int64_value' expects an integer"))
    #expect(errors.contains("cannot read '\(root)/tests/simple/testdata/missing.textproto'"))
    #expect(output.contains("basic                  1           2"))
    let (noSuite, _, message) = try run([root + "/nowhere"])
    #expect(noSuite == 2)
    #expect(message.contains("no test files at"))
  }
}
