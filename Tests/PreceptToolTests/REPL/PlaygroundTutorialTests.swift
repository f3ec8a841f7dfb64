import Foundation
import Testing

/// Playground/README.md is a tutorial; this runs it, so it cannot rot. In a copy of the
/// playground it writes the files the tutorial creates (`precept` blocks whose first line is
/// `// PATH`), pipes every REPL entry it shows (`text` blocks starting with "> ") into the
/// `swift run precept repl …` session it starts, and runs its `lint` command: each must print
/// exactly what the tutorial shows.
@Suite struct PlaygroundTutorialTests {
  struct Block {
    var info: String
    var text: String
  }

  /// The fenced code blocks of a Markdown text.
  static func blocks(_ markdown: String) -> [Block] {
    var blocks: [Block] = []
    var current: Block?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          current = Block(info: String(line.dropFirst(3)), text: "")
        }
      } else if current != nil {
        current!.text += line + "\n"
      }
    }
    return blocks
  }

  @Test func theTutorialRunsAsWritten() throws {
    let readme = try String(contentsOfFile: Transcript.root + "/Playground/README.md", encoding: .utf8)
    let blocks = Self.blocks(readme)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let playground = Transcript.root + "/Playground"
    for name in try FileManager.default.contentsOfDirectory(atPath: playground) {
      try folder.write("Playground/" + name, try String(contentsOfFile: playground + "/" + name, encoding: .utf8))
    }
    for block in blocks where block.info == "precept" && block.text.hasPrefix("// ") {
      let path = String(block.text.dropFirst(3).prefix { $0 != "\n" })
      #expect(!FileManager.default.fileExists(atPath: playground + "/" + path.dropFirst("Playground/".count)))
      try folder.write(path, block.text)
    }

    let commands = blocks.filter { $0.info == "sh" }.flatMap { $0.text.split(separator: "\n") }
      .filter { $0.hasPrefix("swift run precept ") }.map {
        $0.dropFirst("swift run precept ".count).split(separator: " ").map(String.init)
      }
    let repl = try #require(commands.first { $0.first == "repl" })
    let session = blocks.filter { $0.info == "text" && $0.text.hasPrefix("> ") }.map(\.text).joined()
    #expect(session.contains(":explain") && session.contains("rule destructive-role {"))
    let run = try Transcript.run(repl + ["--echo"], input: Transcript(text: session).script, directory: folder.path)
    Transcript.expectSame(run.output, session, what: "the tutorial's session", sourceLocation: #_sourceLocation)

    let lint = try #require(commands.first { $0.first == "lint" })
    let lintIndex = try #require(blocks.firstIndex { $0.info == "sh" && $0.text.contains("precept lint") })
    let expected = blocks[lintIndex + 1]
    #expect(expected.info == "text")
    let linted = try Transcript.run(lint, input: "", directory: folder.path)
    Transcript.expectSame(
      linted.output, expected.text, what: "the tutorial's lint output", sourceLocation: #_sourceLocation)
    #expect(linted.status == 1)
  }
}
