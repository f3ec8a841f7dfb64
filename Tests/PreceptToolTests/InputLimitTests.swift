import Foundation
import Precept
import Testing

@testable import PreceptTool

/// A sparse file one byte over the input limit (its size is over the limit without writing
/// 64 MB), removed by the caller.
private func oversizedFile(_ suffix: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "precept-limit-\(UUID().uuidString)\(suffix)"
  )
  .path
  #expect(FileManager.default.createFile(atPath: path, contents: nil))
  let handle = try #require(FileHandle(forWritingAtPath: path))
  try handle.truncate(atOffset: UInt64(Evaluation.maximumFileSize + 1))
  try handle.close()
  return path
}

/// Every file the tool reads — view models, Swift, rulesets, packs, JSON bindings — is at most
/// `Evaluation.maximumFileSize` bytes.
@Suite struct InputLimitTests {
  @Test func filesOverTheLimitAreInputErrors() throws {
    let path = try oversizedFile(".json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard case .failure(let error) = Evaluation.read(path, stdin: nil) else {
      Issue.record("a file over the limit must not be read")
      return
    }
    #expect(error.diagnostics.map(\.message) == ["file is 67108865 bytes, over the limit of 67108864 bytes"])
  }

  @Test func rulesetFilesOverTheLimitAreNotRead() throws {
    let path = try oversizedFile(".precept")
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      try RulesetLibrary().add(path: path)
      Issue.record("a ruleset over the limit must not be read")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["file is 67108865 bytes, over the limit of 67108864 bytes"])
    }
  }

  @Test func commandInputsOverTheLimitAreNotRead() throws {
    let path = try oversizedFile(".json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      _ = try readInput(path, Console(out: { _ in }, error: { _ in }))
      Issue.record("an input over the limit must not be read")
    } catch {
      #expect(error.message == "\(path): file is 67108865 bytes, over the limit of 67108864 bytes")
    }
  }
}
