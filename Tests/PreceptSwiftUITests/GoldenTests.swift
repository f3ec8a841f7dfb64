import Foundation
import Precept
import PreceptSwiftUI
import Testing

/// Each fixture `X.swift` reads into the view model stored in `X.json`.
/// `PRECEPT_UPDATE_GOLDENS=1 swift test` rewrites the expected files (and says so).
@Suite struct GoldenTests {
  static let updating = ProcessInfo.processInfo.environment["PRECEPT_UPDATE_GOLDENS"] == "1"

  @Test(arguments: fixtureNames())
  func fixtureMatchesGolden(_ name: String) throws {
    let document = try SwiftUIReader.read(try fixtureSource(name))
    #expect(document.file == name)
    let actual = document.json.serialized() + "\n"
    let golden = fixturesDirectory.appendingPathComponent(String(name.dropLast(".swift".count)) + ".json")
    if GoldenTests.updating {
      try actual.write(to: golden, atomically: true, encoding: .utf8)
      print("updated golden \(golden.lastPathComponent)")
      return
    }
    guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
      Issue.record("missing \(golden.lastPathComponent); run with PRECEPT_UPDATE_GOLDENS=1 to create it")
      return
    }
    #expect(actual == expected, "\(name) no longer reads as \(golden.lastPathComponent)")
  }

  @Test func everyFixtureHasAGolden() {
    let names = fixtureNames()
    #expect(names.count >= 16)
    for name in names {
      let golden = fixturesDirectory.appendingPathComponent(String(name.dropLast(".swift".count)) + ".json")
      #expect(FileManager.default.fileExists(atPath: golden.path), "\(name) has no golden")
    }
  }

  /// The reader's output is a valid view-model document: read back, it writes the same JSON.
  @Test(arguments: fixtureNames())
  func outputReadsBackAsAViewModel(_ name: String) throws {
    let document = try SwiftUIReader.read(try fixtureSource(name))
    let text = document.json.serialized()
    let reparsed = try ViewDocument.read(SourceFile(name: "golden.json", text: text))
    #expect(reparsed.json.serialized() == text)
  }
}
