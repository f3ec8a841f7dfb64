import Foundation
import Testing

/// Golden files: expected outputs kept beside the tests, compared byte for byte.
///
/// Run the tests with `PRECEPT_UPDATE_GOLDENS=1` to rewrite them from the current output;
/// without it a missing or different golden file fails the test.
enum Golden {
  /// `Tests/PreceptTests/Golden`.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static var updating: Bool { ProcessInfo.processInfo.environment["PRECEPT_UPDATE_GOLDENS"] == "1" }

  /// The names of the files in `folder` whose extension is one of `extensions`, sorted.
  static func inputs(_ folder: String, _ extensions: Set<String>) -> [String] {
    let url = directory.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { extensions.contains(($0 as NSString).pathExtension) }.sorted()
  }

  static func url(_ folder: String, _ name: String) -> URL {
    directory.appendingPathComponent(folder).appendingPathComponent(name)
  }

  /// The bytes of an input file.
  static func bytes(_ folder: String, _ name: String) -> [UInt8] {
    (try? Data(contentsOf: url(folder, name))).map { Array($0) } ?? []
  }

  /// `name` with its extension replaced.
  static func sibling(_ name: String, _ newExtension: String) -> String {
    ((name as NSString).deletingPathExtension as NSString).appendingPathExtension(newExtension)!
  }

  /// Compares `actual` with the golden file `folder/name`, or rewrites it when updating.
  static func verify(
    _ actual: String, _ folder: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let file = url(folder, name)
    if updating {
      let current = try? String(contentsOf: file, encoding: .utf8)
      if current != actual {
        do {
          try actual.write(to: file, atomically: true, encoding: .utf8)
        } catch {
          Issue.record("cannot write golden file \(folder)/\(name): \(error)", sourceLocation: sourceLocation)
        }
      }
      return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "missing golden file \(folder)/\(name); run the tests with PRECEPT_UPDATE_GOLDENS=1 to create it",
        sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var line = 0
    while line < min(expectedLines.count, actualLines.count), expectedLines[line] == actualLines[line] { line += 1 }
    let shownExpected = line < expectedLines.count ? String(expectedLines[line]) : "<end of file>"
    let shownActual = line < actualLines.count ? String(actualLines[line]) : "<end of file>"
    Issue.record(
      """
      output differs from golden file \(folder)/\(name) at line \(line + 1):
        expected: \(shownExpected)
        actual:   \(shownActual)
      (PRECEPT_UPDATE_GOLDENS=1 rewrites the golden files; review the diff before committing)
      """, sourceLocation: sourceLocation)
  }
}
