import Testing

@testable import PreceptTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An editor reading `input` from a pipe and writing to another pipe, as in a scripted session.
private final class PipedEditor {
  let editor: LineEditor
  private let inputRead: Int32
  private let outputRead: Int32
  private let outputWrite: Int32

  convenience init(_ input: String, historyFile: String? = nil) {
    self.init(bytes: Array(input.utf8), historyFile: historyFile)
  }

  init(bytes input: [UInt8], historyFile: String? = nil) {
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    pipe(&inputPipe)
    pipe(&outputPipe)
    // Small inputs fit in the pipe's buffer, so writing all of it before reading cannot block.
    Terminal.writeAll(inputPipe[1], input)
    close(inputPipe[1])
    inputRead = inputPipe[0]
    outputRead = outputPipe[0]
    outputWrite = outputPipe[1]
    _ = fcntl(outputRead, F_SETFL, fcntl(outputRead, F_GETFL) | O_NONBLOCK)
    editor = LineEditor(
      prompt: "> ", continuationPrompt: "... ", historyFile: historyFile, input: inputRead, output: outputWrite)
    editor.isComplete = { text in
      text.filter { $0 == "(" }.count <= text.filter { $0 == ")" }.count
    }
  }

  deinit {
    close(inputRead)
    close(outputRead)
    close(outputWrite)
  }

  /// All entries up to the end of input.
  func entries() -> [String] {
    var entries: [String] = []
    while let entry = editor.readEntry() { entries.append(entry) }
    return entries
  }

  /// What the editor wrote to its output.
  func output() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(outputRead, $0.baseAddress, $0.count) }
    return count > 0 ? Array(bytes[..<count]) : []
  }
}

@Suite struct LineModeTests {
  @Test func readsLinesWithoutPromptsOrEscapes() {
    let piped = PipedEditor("1 + 1\nsize(\"x\")\n\n")
    #expect(piped.entries() == ["1 + 1", "size(\"x\")", ""])
    #expect(piped.output() == [])
    #expect(piped.editor.readEntry() == nil)  // still the end
  }

  @Test func joinsLinesWhileTheEntryIsIncomplete() {
    let piped = PipedEditor("f(1,\n  g(2),\n  3)\nnext\n")
    #expect(piped.entries() == ["f(1,\n  g(2),\n  3)", "next"])
  }

  @Test func lastLineWithoutNewlineAndCarriageReturns() {
    let piped = PipedEditor("a\r\nb")
    #expect(piped.entries() == ["a", "b"])
  }

  @Test func incompleteEntryAtTheEndIsReturnedForTheCallerToReport() {
    let piped = PipedEditor("ok\nf(1,\n2")
    #expect(piped.entries() == ["ok", "f(1,\n2"])
  }

  @Test func emptyInputEndsAtOnce() {
    #expect(PipedEditor("").entries() == [])
  }

  @Test func scriptedSessionsLeaveTheHistoryAlone() {
    let directory = TemporaryDirectory()
    directory.write("history", "old\n")
    let piped = PipedEditor("new\n", historyFile: directory.file("history"))
    #expect(piped.entries() == ["new"])
    #expect(piped.editor.historyEntries == [])
    #expect(directory.read("history") == "old\n")
  }

  @Test func invalidUTF8IsReplacedNotFatal() {
    let piped = PipedEditor(bytes: [0x61, 0xFF, 0x62, 0x0A])
    #expect(piped.entries() == ["a\u{FFFD}b"])
  }
}
