import Foundation
import Precept
import Testing

@testable import PreceptTool

/// Files the tool reads as view models or Swift are at most `Evaluation.maximumFileSize` bytes.
@Suite struct InputLimitTests {
  @Test func filesOverTheLimitAreInputErrors() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("precept-limit-\(UUID().uuidString).json")
      .path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: path) }
    // A sparse file: its size is over the limit without writing 64 MB.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(Evaluation.maximumFileSize + 1))
    try handle.close()
    guard case .failure(let error) = Evaluation.read(path, stdin: nil) else {
      Issue.record("a file over the limit must not be read")
      return
    }
    #expect(error.diagnostics.map(\.message) == ["file is 67108865 bytes, over the limit of 67108864 bytes"])
  }
}
