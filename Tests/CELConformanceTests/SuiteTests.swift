import Foundation
import Precept
import Testing

@testable import cel_conformance

/// A checkout of google/cel-spec: env `CEL_SPEC_DIR`, else /work/corpus/cel-spec when present.
private let specDirectory: String? = {
  let candidate = ProcessInfo.processInfo.environment["CEL_SPEC_DIR"] ?? "/work/corpus/cel-spec"
  return ConformanceCommand.testdata(in: candidate)
}()

/// The whole suite through Precept's engine. Skipped when no checkout of cel-spec is around.
@Suite(.enabled(if: specDirectory != nil, "no cel-spec checkout (set CEL_SPEC_DIR)"))
struct SuiteTests {
  private func files() throws -> [(text: String, file: SuiteFile)] {
    try ConformanceCommand.defaultFiles.map { name in
      let path = specDirectory! + "/" + name + ".textproto"
      let data = try #require(FileManager.default.contents(atPath: path))
      return (
        String(decoding: data, as: UTF8.self),
        try SuiteReader.read(SourceFile(name: path, bytes: Array(data)), name: name)
      )
    }
  }

  @Test func readsEveryCase() throws {
    for (text, file) in try files() {
      // Count `test {` / `test:` lines independently of the reader, so a case it dropped shows.
      let written = text.split(separator: "\n").count { line in
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.hasPrefix("test")
          && trimmed.dropFirst(4).drop { $0 == " " }.first.map { "{:".contains($0) } == true
      }
      let read = file.sections.reduce(0) { $0 + $1.cases.count }
      #expect(read == written, "\(file.name): read \(read) cases, the file has \(written)")
      #expect(file.sections.allSatisfy { !$0.name.isEmpty })
    }
  }

  @Test func runsThroughPrecept() throws {
    let report = SuiteReport(files: try files().map { ConformanceRunner.precept.run($0.file) })
    #expect(report.applicable + report.excluded == report.files.reduce(0) { $0 + $1.cases.count })
    #expect(report.applicable > 0)
    // The project's target. Until the compiler and VM are complete it cannot hold, so it is
    // enforced only on request (PRECEPT_CONFORMANCE_ENFORCE=1).
    if ProcessInfo.processInfo.environment["PRECEPT_CONFORMANCE_ENFORCE"] == "1" {
      #expect(
        report.passRate >= 95,
        "pass rate \(SuiteReport.percent(report.passed, of: report.applicable)); run cel-conformance with --failures")
    }
  }
}
