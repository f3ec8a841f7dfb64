import Foundation
import Testing

@testable import PreceptTool

/// What one run of the command line printed and returned.
private struct Run {
  var status: Int32
  var out: String
  var error: String
}

private final class Capture: @unchecked Sendable {
  private let lock = NSLock()
  private var out = ""
  private var error = ""

  func appendOut(_ text: String) { lock.withLock { out += text } }
  func appendError(_ text: String) { lock.withLock { error += text } }
  var texts: (String, String) { lock.withLock { (out, error) } }
}

/// Runs `precept ARGUMENTS…` through the tool's entry point with a capturing console.
private func precept(_ arguments: String...) -> Run {
  let capture = Capture()
  let console = Console(out: { capture.appendOut($0) }, error: { capture.appendError($0) })
  let status = PreceptTool.main(arguments: arguments, console: console)
  let (out, error) = capture.texts
  return Run(status: status, out: out, error: error)
}

/// A file in a fresh temporary folder, removed when the test's scope ends.
private func temporaryFile(_ name: String, _ contents: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("precept-eval-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent(name)
  try contents.write(to: url, atomically: true, encoding: .utf8)
  return url
}

@Suite struct EvalCommandTests {
  @Test func printsTheValueAsALiteral() {
    let cases: [(String, String)] = [
      ("1 + 2", "3"),
      ("1u", "1u"),
      ("1.0", "1.0"),
      ("2.5e10", "25000000000.0"),
      (#"double("NaN")"#, #"double("NaN")"#),
      ("-1.0 / 0.0", #"double("-Infinity")"#),
      (#""a\n""#, #""a\n""#),
      (#"b"\x00a""#, #"b"\x00a""#),
      ("[1, [2]]", "[1, [2]]"),
      (#"{"k": 1}"#, #"{"k": 1}"#),
      ("null", "null"),
      ("true", "true"),
      ("type(1)", "int"),
      ("type([])", "list"),
      ("type(null)", "null_type"),
      ("type(int)", "type"),
      (#"size("héllo")"#, "5"),
      ("-1", "-1"),
    ]
    for (expression, printed) in cases {
      let run = precept("eval", expression)
      #expect((run.status, run.out, run.error) == (0, printed + "\n", ""), "\(expression)")
    }
  }

  @Test func anEvaluationErrorExitsWithOne() {
    let run = precept("eval", "1 / 0")
    #expect((run.status, run.out, run.error) == (1, "", "error: division by zero\n"))
  }

  @Test func aSyntaxOrCheckErrorExitsWithTwo() {
    let syntax = precept("eval", "1 +")
    #expect(syntax.status == 2)
    #expect(
      syntax.error == "<expression>:1:4: error: expected an expression, found end of file\n  |\n1 | 1 +\n  |    ^\n")
    let check = precept("eval", "sise('a')")
    #expect(check.status == 2)
    #expect(
      check.error.contains("error: unknown function 'sise'") && check.error.contains("help: did you mean 'size'?"))
  }

  @Test func usageErrorsExitWithTwo() {
    #expect(precept("eval").status == 2)
    #expect(precept("eval").error.hasPrefix("error: missing expression\nusage: precept eval EXPR"))
    #expect(precept("eval", "1", "2").error.hasPrefix("error: expected one expression; quote it"))
    #expect(
      precept("eval", "--let", "x", "x").error.hasPrefix("error: --let expects NAME=EXPR or NAME=@FILE.json, got 'x'"))
    #expect(
      precept("eval", "--lett", "x=1", "x").error.hasPrefix("error: unknown option '--lett'; did you mean '--let'?"))
    #expect(precept("eval", "--let").status == 2)
  }

  @Test func letBindsExpressions() {
    #expect(precept("eval", "--let", "x=1 + 1", "x * 3").out == "6\n")
    // Earlier names are visible to later ones; the inline form works too.
    #expect(precept("eval", "--let", "x=2", "--let=y=x * 10", "[x, y]").out == "[2, 20]\n")
    // A name bound twice takes the last value.
    #expect(precept("eval", "--let", "x=1", "--let", "x=x + 1", "x").out == "2\n")
    let failing = precept("eval", "--let", "x=1 / 0", "x")
    #expect((failing.status, failing.error) == (1, "error: --let x: division by zero\n"))
    let badSyntax = precept("eval", "--let", "x=(", "x")
    #expect(badSyntax.status == 2)
    #expect(badSyntax.error.hasPrefix("--let x:1:2: error: expected an expression, found end of file"))
    #expect(precept("eval", "--let", "x=1", "y").error.contains("unknown name 'y'"))
  }

  @Test func letBindsJSONFiles() throws {
    let file = try temporaryFile("model.json", #"{"a": [1, 2.5, true, null, "s"], "b": {"c": -3}}"#)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let run = precept("eval", "--let", "m=@" + file.path, "[m.a, m.b.c, type(m.a[0]), type(m.a[1]), m.a.size()]")
    #expect((run.status, run.out) == (0, #"[[1, 2.5, true, null, "s"], -3, int, double, 5]"# + "\n"))
  }

  @Test func unreadableOrInvalidJSONExitsWithTwo() throws {
    let missing = precept("eval", "--let", "m=@/nonexistent/precept/model.json", "m")
    #expect((missing.status, missing.error) == (2, "error: /nonexistent/precept/model.json: no such file\n"))
    let file = try temporaryFile("bad.json", "{\"a\": [1, }")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let invalid = precept("eval", "--let", "m=@" + file.path, "m")
    #expect(invalid.status == 2)
    #expect(invalid.error.hasPrefix(file.path + ":1:"))
    let folder = precept("eval", "--let", "m=@" + file.deletingLastPathComponent().path, "m")
    #expect(folder.status == 2)
    #expect(folder.error.hasSuffix(": is a folder, not a file\n"))
  }

  @Test func helpExitsWithZero() {
    let run = precept("eval", "--help")
    #expect(run.status == 0)
    #expect(run.out.hasPrefix("usage: precept eval EXPR"))
  }
}
