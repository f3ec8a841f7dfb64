import Foundation
import Testing

/// Scripted sessions of `precept repl` through pipes, checked against golden transcripts in
/// Transcripts/: each file starts with the command line, run in the repository's root, and the
/// entries in it are piped in again. `PRECEPT_UPDATE_GOLDENS=1` rewrites the files.
@Suite struct TranscriptTests {
  @Test(arguments: ["expressions", "rules"])
  func sessionPrintsItsTranscript(_ name: String) throws {
    let path = "Tests/PreceptToolTests/REPL/Transcripts/\(name).txt"
    let text = try String(contentsOfFile: Transcript.root + "/" + path, encoding: .utf8)
    let command = String(text.prefix { $0 != "\n" })
    #expect(command.hasPrefix("$ precept repl --echo"))
    let arguments = command.dropFirst("$ precept ".count).split(separator: " ").map(String.init)
    let run = try Transcript.run(arguments, input: Transcript(text: text).script)
    Transcript.expect(command + "\n" + run.output, matchesFile: path)
    // A scripted session fails when an entry reported an error.
    #expect(run.status == (run.output.contains("error:") ? 1 : 0))
  }
}

/// What a scripted session prints besides transcripts: results only, and the exit status.
@Suite struct ScriptedSessionTests {
  @Test func pipedEntriesPrintOnlyTheirResults() throws {
    let run = try Transcript.run(["repl"], input: "1 + 1\nlet x = [\n  2]\nx[0] * 3\n")
    #expect(run.output == "2\nx = [2]\n6\n")
    #expect(run.status == 0)
  }

  @Test func errorsKeepTheSessionGoingAndFailIt() throws {
    let run = try Transcript.run(
      ["repl", "--model", "no/such.swift"], input: "nodes.size()\n1 / 0\n:model also/missing.json\n\"done\"\n")
    #expect(
      run.output == """
        no/such.swift:1:1: error: no such file
        0
        error: division by zero
        also/missing.json:1:1: error: no such file
        "done"

        """)
    #expect(run.status == 1)
  }

  @Test func anEntryLeftOpenAtTheEndIsReported() throws {
    let run = try Transcript.run(["repl"], input: "[1,\n2")
    #expect(run.output.hasPrefix("<repl 1>:2:2: error: expected ',' or ']' in list, found end of file"))
    #expect(run.status == 1)
  }

  @Test func positionalArgumentsAreAUsageError() throws {
    let run = try Transcript.run(["repl", "Playground/MapScreen.swift"], input: "")
    #expect(run.output.hasPrefix("error: unexpected argument 'Playground/MapScreen.swift'; give a model with --model"))
    #expect(run.status == 2)
  }
}
