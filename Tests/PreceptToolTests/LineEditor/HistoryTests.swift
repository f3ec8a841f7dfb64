import Foundation
import Testing

@testable import PreceptTool

/// A fresh directory for one test's files, removed afterwards.
final class TemporaryDirectory {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "precept-line-editor-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }

  func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

  func write(_ name: String, _ text: String) { try! text.write(toFile: file(name), atomically: false, encoding: .utf8) }
}

private func load(_ file: inout HistoryFile) throws -> [String] {
  try file.load().entries
}

@Suite struct HistoryTests {
  @Test func skipsBlankEntriesAndConsecutiveDuplicates() {
    var history = History(limit: 10)
    let added = ["a", "a", "", "  \n ", "b", "a"].map { history.add($0) }
    #expect(added == [true, false, false, false, true, true])
    #expect(history.entries == ["a", "b", "a"])
  }

  @Test func keepsTheNewestEntriesUpToTheLimit() {
    var history = History(limit: 3)
    for entry in ["1", "2", "3", "4", "5"] { history.add(entry) }
    #expect(history.entries == ["3", "4", "5"])
    #expect(History(limit: 2, entries: ["a", "a", "b", "b", "c"]).entries == ["b", "c"])
  }

  @Test(arguments: ["plain", "two\nlines", "back\\slash", "\\n literally", "trailing\\", "cr\r\nlf", "日本 😀", "\n"])
  func encodingRoundTrips(_ entry: String) {
    let line = HistoryFile.encode(entry)
    #expect(!line.contains("\n") && !line.contains("\r"))
    #expect(HistoryFile.decode(line) == entry)
  }

  @Test func missingFileIsAnEmptyHistory() throws {
    let directory = TemporaryDirectory()
    var file = HistoryFile(path: directory.file("history"), limit: 10)
    #expect(try load(&file) == [])
    #expect(directory.read("history") == nil)  // loading creates nothing
  }

  @Test func persistsAcrossSessions() throws {
    let directory = TemporaryDirectory()
    var first = HistoryFile(path: directory.file("history"), limit: 10)
    _ = try first.load()
    try first.append("1 + 1")
    try first.append("f(1,\n2)")
    var second = HistoryFile(path: directory.file("history"), limit: 10)
    #expect(try load(&second) == ["1 + 1", "f(1,\n2)"])
    #expect(directory.read("history") == "1 + 1\nf(1,\\n2)\n")
  }

  @Test func createsMissingDirectoriesPrivately() throws {
    let directory = TemporaryDirectory()
    var file = HistoryFile(path: directory.file("state/precept/history"), limit: 10)
    try file.append("x")
    #expect(directory.read("state/precept/history") == "x\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("state/precept/history"))
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func loadingBoundsTheFileAndDropsRepeats() throws {
    let directory = TemporaryDirectory()
    directory.write("history", "1\n2\n2\n3\n4\n5\n")
    var file = HistoryFile(path: directory.file("history"), limit: 3)
    #expect(try load(&file) == ["3", "4", "5"])
    #expect(directory.read("history") == "3\n4\n5\n")
  }

  @Test func fileWithinTheLimitIsNotRewritten() throws {
    let directory = TemporaryDirectory()
    directory.write("history", "1\n1\n2\n")
    var file = HistoryFile(path: directory.file("history"), limit: 5)
    #expect(try load(&file) == ["1", "2"])
    #expect(directory.read("history") == "1\n1\n2\n")
  }

  @Test func appendingRewritesTheFileOnceItHasDoubled() throws {
    let directory = TemporaryDirectory()
    var file = HistoryFile(path: directory.file("history"), limit: 3)
    _ = try file.load()
    for entry in ["1", "2", "3", "4", "5", "6"] { try file.append(entry) }
    #expect(directory.read("history") == "1\n2\n3\n4\n5\n6\n")
    try file.append("7")
    #expect(directory.read("history") == "5\n6\n7\n")
    #expect(FileManager.default.subpaths(atPath: directory.path) == ["history"])  // no temporary file left
  }

  @Test func sessionsAppendingSideBySideKeepEveryEntry() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("history")
    let sessions = 4
    let entriesPerSession = 200
    DispatchQueue.concurrentPerform(iterations: sessions) { session in
      var file = HistoryFile(path: path, limit: 10_000)
      for index in 0..<entriesPerSession {
        try! file.append("session \(session) entry \(index) " + String(repeating: "x", count: 100))
      }
    }
    let lines = try #require(directory.read("history")).split(separator: "\n")
    #expect(lines.count == sessions * entriesPerSession)
    #expect(lines.allSatisfy { $0.hasPrefix("session ") && $0.hasSuffix(String(repeating: "x", count: 100)) })
    #expect(Set(lines).count == sessions * entriesPerSession)
  }

  @Test func unreadableFileIsAFailureWithTheReason() {
    let directory = TemporaryDirectory()
    var file = HistoryFile(path: directory.path, limit: 10)  // a directory cannot be read as a file
    #expect(throws: HistoryFile.Failure(message: "cannot read history file '\(directory.path)': Is a directory")) {
      _ = try file.load()
    }
  }

  @Test func unwritableFileIsAFailureWithTheReason() {
    let directory = TemporaryDirectory()
    directory.write("file", "")
    var file = HistoryFile(path: directory.file("file/history"), limit: 10)  // under a plain file
    #expect(throws: HistoryFile.Failure.self) { try file.append("x") }
  }
}
