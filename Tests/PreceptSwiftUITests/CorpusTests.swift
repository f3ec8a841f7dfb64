import Foundation
import Precept
import PreceptSwiftUI
import Testing

/// Real SwiftUI apps checked out under `/work/corpus` (or `PRECEPT_SWIFT_CORPUS`): every file
/// reads without an error, and every `Menu` written in code is a `Menu` node. Skipped when the
/// directory is absent; nothing fetched from elsewhere is committed.
@Suite struct CorpusTests {
  static let directory = ProcessInfo.processInfo.environment["PRECEPT_SWIFT_CORPUS"] ?? "/work/corpus"

  static func swiftFiles() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
  }

  /// `Menu(` or `Menu {` outside `//` comments, counted without the reader.
  static func menusWritten(in text: String) -> Int {
    let pattern = try! NSRegularExpression(pattern: #"\bMenu\s*[({]"#)
    return text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { count, line in
      let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
      return count + pattern.numberOfMatches(in: code, range: NSRange(code.startIndex..., in: code))
    }
  }

  @Test(.enabled(if: !swiftFiles().isEmpty, "no corpus at \(directory)"))
  func everyFileReadsAndEveryMenuIsANode() throws {
    var lines = 0
    var menus = 0
    var elapsed = 0.0
    let files = CorpusTests.swiftFiles()
    for path in files {
      let data = try Data(contentsOf: URL(fileURLWithPath: CorpusTests.directory).appendingPathComponent(path))
      let source = SourceFile(name: path, bytes: [UInt8](data))
      lines += source.lineStarts.count
      let start = Date()
      let document: ViewDocument
      do {
        document = try SwiftUIReader.read(source)
      } catch {
        Issue.record("\(error.rendered())")
        continue
      }
      elapsed += Date().timeIntervalSince(start)
      let found = allNodes(document.nodes).filter { $0.type == "Menu" }.count
      let written = CorpusTests.menusWritten(in: String(decoding: data, as: UTF8.self))
      #expect(found == written, "\(path): \(written) Menu written, \(found) Menu nodes")
      menus += found
    }
    print("corpus: \(files.count) files, \(lines) lines, \(menus) Menu nodes, read in \(elapsed) s")
  }
}
