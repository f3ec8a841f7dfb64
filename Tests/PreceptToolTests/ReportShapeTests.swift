import Foundation
import Precept
import Testing

/// The JSON report's shape is documented once, in Grammar/report.md; a report that gains,
/// loses or reorders a top-level or summary key without the document fails here.
@Suite struct ReportShapeTests {
  static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Grammar/report.md")

  @Test func theReportHasTheDocumentedKeysInOrderAndItsVersion() throws {
    let text = try String(contentsOf: Self.document, encoding: .utf8)
    // The first table's rows: | `key` | type | what |
    let documented = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
      String($0.dropFirst(3).prefix { $0 != "`" })
    }
    let summary = try #require(text.range(of: "**Summary**:")).upperBound
    let summaryKeys = text[summary...].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }

    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "A.swift", "struct S: View { var body: some View { Menu { } label: { Image(systemName: \"x\") } } }\n")
    let run = try Products.run("precept", ["lint", "--format", "json", "A.swift"], directory: folder.path)
    let report = try JSON.parse(run.output)
    guard case .object(let members) = report.kind, case .object(let counts)? = report["summary"]?.kind else {
      Issue.record("not a report: \(run.output)")
      return
    }
    #expect(members.map(\.key) == documented)
    #expect(counts.map(\.key) == summaryKeys)
    #expect(report["preceptReport"]?.integerValue == Int64(ReportRenderer.jsonReportVersion))
    #expect(text.hasPrefix("# The JSON report (`preceptReport` \(ReportRenderer.jsonReportVersion))"))
  }
}
