import Foundation
import Precept
import Testing

@testable import PreceptSwiftUI

/// The parser's incremental positions equal `SourceFile.location(of:)` in any order of asking.
@Suite struct LocatorTests {
  @Test func matchesSourceFileLocations() throws {
    var random = SplitMix64(seed: 4)
    var texts = try fixtureNames().map { try Data(contentsOf: fixturesDirectory.appendingPathComponent($0)) }.map {
      [UInt8]($0)
    }
    texts.append(Array("é😀\r\nab\rc\n\n🇫🇷x".utf8))
    for bytes in texts {
      let source = SourceFile(name: "t", bytes: bytes)
      let state = ParseState()
      bytes.withUnsafeBufferPointer { text in
        for step in 0..<2_000 {
          // Mostly forward, sometimes back, sometimes anywhere, sometimes out of range.
          let offset =
            step % 7 == 0
            ? Int.random(in: -2...(bytes.count + 2), using: &random)
            : min(bytes.count, step * max(1, bytes.count / 1_500))
          #expect(state.locate(offset, in: source, text) == source.location(of: offset), "offset \(offset)")
        }
      }
    }
  }
}
