import Foundation
import Precept
import Testing

@testable import PreceptTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates a file whose name is `bytes` (which need not be UTF-8) in `folder`.
private func createFile(in folder: String, named bytes: [UInt8], contents: String) throws {
  let path = Array(folder.utf8) + [0x2F] + bytes + [0]
  let descriptor = path.withUnsafeBufferPointer { pointer in
    pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
      open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
  }
  try #require(descriptor >= 0)
  let data = Array(contents.utf8)
  #expect(write(descriptor, data, data.count) == data.count)
  close(descriptor)
}

/// `lint` reports every `.swift` entry it cannot read instead of skipping it, and reads names
/// that are not UTF-8.
@Suite struct FileWalkerTests {
  @Test func aFileNamedInInvalidUTF8IsLintedAndADanglingLinkIsAnError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let ruleset = try folder.write("rules/demo.precept", demoMenuRuleset)
    try folder.write("app/Good.swift", "struct V: View { var body: some View { Menu {} } }\n")
    try createFile(
      in: folder.path + "/app", named: Array("Caf".utf8) + [0xE9] + Array(".swift".utf8),
      contents: "struct W: View { var body: some View { Menu {} } }\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/app/Gone.swift", withDestinationPath: folder.path + "/nowhere.swift")
    let run = ToolRun(["lint", folder.path + "/app", "-r", ruleset, "--format", "json"])
    #expect(run.status == 2)
    let json = try JSON.parse(run.output)
    #expect(json["summary"]?["files"]?.integerValue == 3)
    let files = json["findings"]?.arrayValue?.compactMap { $0["file"]?.stringValue } ?? []
    #expect(files == [folder.path + "/app/Caf\\x{E9}.swift", folder.path + "/app/Good.swift"])
    let errors = json["inputErrors"]?.arrayValue ?? []
    #expect(errors.map { $0["file"]?.stringValue } == [folder.path + "/app/Gone.swift"])
    #expect(errors.map { $0["message"]?.stringValue } == ["dangling symbolic link"])
  }

  @Test func aDanglingLinkNamedDirectlyIsNotMissing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let link = folder.path + "/Gone.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path + "/nowhere.swift")
    let run = ToolRun(["lint", link])
    #expect(run.status == 2)
    #expect(run.output.contains("\(link):1:1: error: dangling symbolic link"))
  }

  @Test func aNameThatIsNotUTF8NamedDirectlyIsOpenedByItsBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let name = Array("Caf".utf8) + [0xE9] + Array(".swift".utf8)
    try createFile(in: folder.path, named: name, contents: "struct W: View { var body: some View { Menu {} } }\n")
    // argv as the system passes it: bytes.
    let raw = Array(folder.path.utf8) + [0x2F] + name
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("precept"), nil]
    arguments[1] = raw.withUnsafeBufferPointer { pointer in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: raw.count + 1)
      for (index, byte) in pointer.enumerated() { copy[index] = CChar(bitPattern: byte) }
      copy[raw.count] = 0
      return copy
    }
    defer {
      free(arguments[0])
      arguments[1]?.deallocate()
    }
    let shown = arguments.withUnsafeMutableBufferPointer { PreceptTool.arguments(argc: 2, argv: $0.baseAddress!) }
    #expect(shown == [folder.path + "/Caf\\x{E9}.swift"])
    let (files, problems) = FileWalker(excludes: []).files(shown)
    #expect(problems.isEmpty)
    #expect(files.map(\.bytes) == [raw])
    #expect(try Evaluation.read(files[0], stdin: nil).get().bytes.count > 0)
  }

  /// A FIFO (or a link to a device) named *.swift in a folder is reported, not opened: reading
  /// it could wait forever.
  @Test func aFIFOInAFolderIsReportedNotRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fifo = folder.path + "/Pipe.swift"
    #expect(mkfifo(fifo, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/Zero.swift", withDestinationPath: "/dev/zero")
    let run = ToolRun(["lint", folder.path, "--format", "json"])
    #expect(run.status == 2)
    let errors = try JSON.parse(run.output)["inputErrors"]?.arrayValue ?? []
    #expect(errors.map { $0["file"]?.stringValue } == [fifo, folder.path + "/Zero.swift"])
    #expect(errors.allSatisfy { $0["message"]?.stringValue == "not a regular file (a FIFO, device or socket)" })
  }

  @Test func excludingEveryFileIsAnError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("A.swift", "struct V {}\n")
    let run = ToolRun(["lint", folder.path, "--exclude", "**"])
    #expect(run.status == 2)
    #expect(run.error == "error: no Swift files to lint: none in \(folder.path) (excluding **)\n")
    let empty = try TemporaryFolder()
    defer { empty.remove() }
    #expect(ToolRun(["lint", empty.path]).error == "error: no Swift files to lint: none in \(empty.path)\n")
  }
}
