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

  /// `precept lint -` fed more than the limit stops reading at the limit with an error. Standard
  /// input is a sparse file 1 MiB over the limit (no disk, no pipe to break).
  @Test func standardInputOverTheLimitIsAnInputError() throws {
    let path = try oversizedFile(".swift")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(Evaluation.maximumFileSize + (1 << 20)))
    try handle.close()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path("precept"))
    process.arguments = ["lint", "-"]
    process.standardInput = try #require(FileHandle(forReadingAtPath: path))
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(message == "error: standard input is over the limit of 67108864 bytes\n")
  }

  /// The read itself is bounded, whatever the size said: a device that never ends (as a file
  /// that grows after its size was checked) stops at the limit.
  @Test func aFileThatGrowsPastTheLimitIsNotReadWhole() {
    guard case .failure(let failure) = SourceFile.readBytes(path: Array("/dev/zero".utf8), limit: 4096) else {
      Issue.record("an endless file must not be read whole")
      return
    }
    #expect(failure.reason == "file is over the limit of 4096 bytes (it grew while being read)")
    let descriptor = open("/dev/zero", O_RDONLY)
    defer { close(descriptor) }
    guard case .failure(.overLimit) = SourceFile.readBounded(descriptor, limit: 100_000) else {
      Issue.record("readBounded must stop at the limit")
      return
    }
    // At most limit + 1 bytes were taken from it: the next read starts right after them.
    #expect(lseek(descriptor, 0, SEEK_CUR) <= 100_001)
  }

  @Test func aFileWithinTheLimitIsReadWhole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("small.txt", String(repeating: "a", count: 200_000))
    #expect(try SourceFile.readBytes(path).get().count == 200_000)
    #expect(SourceFile.readBytes(folder.path).failureReason?.reason == "is a folder, not a file")
  }
}

extension Result {
  fileprivate var failureReason: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
