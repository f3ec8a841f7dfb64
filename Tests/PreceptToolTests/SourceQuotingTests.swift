import Foundation
import Precept
import Testing

@testable import PreceptTool

/// A view model whose one Menu is said to be in `file` at line 1, column `column`.
private func model(naming file: String, column: Int = 1) -> String {
  #"{"viewmodel": 1, "file": "\#(file)", "nodes": [{"type": "Menu", "line": 1, "column": \#(column)}]}"#
}

/// `precept check` quotes source lines only from files under the paths the user named with
/// `--sources` (real paths), through the 64 MiB limit; `lint` only from the files it read.
@Suite struct SourceQuotingTests {
  @Test func aViewModelCannotMakeCheckQuoteAFileOutsideTheNamedPaths() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shadow = try folder.write("shadow", "SECRET-TOKEN-1234\n")
    let modelFile = try folder.write("app/m.json", model(naming: shadow))
    let ruleset = try folder.write("demo.precept", demoMenuRuleset)
    try folder.write("app/Source.swift", "Menu {}\n")

    // Not named at all: the finding is printed without an excerpt.
    let unnamed = ToolRun(["check", modelFile, "-r", ruleset])
    #expect(unnamed.status == 1)
    #expect(unnamed.output.contains("\(shadow):1:1: error: Menu has no accessible name [demo/trigger-name]\nnote:"))
    #expect(!unnamed.output.contains("SECRET"))
    // A named folder that does not hold it.
    let elsewhere = ToolRun(["check", modelFile, "-r", ruleset, "--sources", folder.path + "/app"])
    #expect(!elsewhere.output.contains("SECRET"))
    // A symbolic link inside the named folder that points out of it does not count.
    let link = folder.path + "/app/link.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shadow)
    let linked = ToolRun([
      "check", try folder.write("app/l.json", model(naming: link)), "-r", ruleset, "--sources", folder.path + "/app",
    ])
    #expect(linked.status == 1)
    #expect(!linked.output.contains("SECRET"))
    // Named: quoted.
    let named = ToolRun(["check", modelFile, "-r", ruleset, "--sources", shadow])
    #expect(named.output.contains("1 | SECRET-TOKEN-1234\n"))
  }

  @Test func aHugeSparseFileNamedByAViewModelIsNotRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = folder.path + "/Huge.swift"
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: huge))
    try handle.truncate(atOffset: 3 << 30)  // 3 GiB, sparse: costs no disk
    try handle.close()
    let sources = SourceLines(roots: [folder.path])
    var scanned = 0
    #expect(sources.excerpt(huge, 1, 1) == nil)
    #expect(sources.fingerprintText(huge, 1) == nil)
    scanned += sources.bytesScanned
    #expect(scanned == 0)
    // End to end: the finding is reported, without an excerpt.
    let modelFile = try folder.write("m.json", model(naming: huge))
    let ruleset = try folder.write("demo.precept", demoMenuRuleset)
    let run = ToolRun(["check", modelFile, "-r", ruleset, "--sources", folder.path])
    #expect(run.status == 1)
    #expect(run.output.contains("\(huge):1:1: error: Menu has no accessible name [demo/trigger-name]\nnote:"))
  }

  /// 2,000 findings on one 200 KB line: each excerpt is cut from where the previous one
  /// started, so the line is scanned about once, not once per finding.
  @Test func excerptsOfManyFindingsOnOneLongLineScanItOnce() {
    let line = String(repeating: "Menu { } ; ", count: 20_000)  // 220,000 bytes
    let sources = SourceLines()
    sources.add(SourceFile(name: "Long.swift", text: line + "\n"))
    let columns = Array(stride(from: 1, to: line.count, by: 110).prefix(2_000))
    for column in columns {
      let excerpt = try! #require(sources.excerpt("Long.swift", 1, column))
      #expect(excerpt.startColumn == max(1, column - Diagnostic.quotedWidth))
      #expect(excerpt.text.unicodeScalars.count <= 2 * Diagnostic.quotedWidth)
    }
    // Quadratic would be about 2,000 × 110,000 bytes; linear is the line plus a window each.
    #expect(sources.bytesScanned <= line.utf8.count + columns.count * 2 * Diagnostic.quotedWidth)
    for _ in columns { _ = sources.fingerprintText("Long.swift", 1) }
    #expect(sources.bytesScanned <= 2 * line.utf8.count + columns.count * 2 * Diagnostic.quotedWidth)
  }

  @Test func anExcerptOfALongLineQuotesAroundTheColumn() {
    let line = String(repeating: "x", count: 100_000) + "Menu {}" + String(repeating: "y", count: 100_000)
    var diagnostic = Diagnostic(
      .error, "m", file: "F.swift", location: SourceLocation(line: 1, column: 100_001), length: 4)
    let sources = SourceLines()
    sources.add(SourceFile(name: "F.swift", text: line))
    diagnostic.quote(sources.excerpt("F.swift", 1, 100_001))
    var whole = diagnostic
    whole.quote(nil)
    whole.lineText = line
    // The same rendering as quoting the whole line.
    #expect(diagnostic.rendered() == whole.rendered())
    #expect(diagnostic.rendered().contains("1 | …" + String(repeating: "x", count: 53) + "Menu {}"))
  }

  @Test func lintOfManyMenusOnOneLineReportsEachWithAnExcerpt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let body = String(repeating: "Menu { Button(\"a\") {} } label: { Image(systemName: \"x\") }; ", count: 500)
    let swift = try folder.write("One.swift", "struct V: View { var body: some View { VStack { \(body) } } }\n")
    let ruleset = try folder.write("demo.precept", demoMenuRuleset)
    let run = ToolRun(["lint", swift, "-r", ruleset])
    #expect(run.status == 1)
    #expect(run.output.components(separatedBy: "error: Menu has no accessible name").count == 501)
    // Each finding quotes at most a window of the line: the report grows linearly.
    #expect(run.output.utf8.count < 500 * 1_200)
    let baseline = folder.path + "/baseline.json"
    #expect(ToolRun(["lint", swift, "-r", ruleset, "--write-baseline", baseline]).status == 0)
    let again = ToolRun(["lint", swift, "-r", ruleset, "--baseline", baseline])
    #expect(again.status == 0)
    #expect(again.output.contains("0 errors"))
  }

  /// Baseline keys of ordinary lines are those earlier versions wrote: an existing baseline
  /// still applies.
  @Test func anExistingBaselineStillMatches() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let swift = try folder.write(
      "A.swift", "struct V: View {\n  var body: some View {\n    Menu { } label: { Image(systemName: \"x\") }\n  }\n}\n"
    )
    let ruleset = try folder.write("demo.precept", demoMenuRuleset)
    // The key as version 0.1.0 computed it: SHA-256 of node type, newline, trimmed line.
    let digest = SHA256.hex(SHA256.hash(Array("Menu\nMenu { } label: { Image(systemName: \"x\") }".utf8)))
    let baseline = try folder.write(
      "baseline.json",
      #"{"preceptBaseline": 1, "findings": [{"file": "\#(swift)", "rule": "demo/trigger-name", "fingerprint": "\#(digest.prefix(16))", "count": 1}]}"#
    )
    #expect(ToolRun(["lint", swift, "-r", ruleset]).status == 1)
    let run = ToolRun(["lint", swift, "-r", ruleset, "--baseline", baseline])
    #expect(run.status == 0)
    #expect(run.output.contains("0 errors"))
  }
}

@Suite struct DiagnosticExcerptTests {
  /// A diagnostic made from a source quotes an excerpt of a long line; assigning `lineText`
  /// afterwards (as the REPL does when it moves a diagnostic) quotes that whole line again.
  @Test func assigningALineAfterAnExcerptQuotesTheWholeLine() {
    let long = String(repeating: "a", count: 1_000) + "!"
    let source = SourceFile(name: "F", text: long)
    var diagnostic = Diagnostic(.error, "bang", in: source, span: Span(1_000, 1_001))
    #expect(diagnostic.lineTextStart == 1_001 - Diagnostic.quotedWidth)
    #expect(diagnostic.rendered().contains("1 | …" + String(repeating: "a", count: 159) + "!\n"))
    diagnostic.lineText = "short !"
    diagnostic.location.column = 7
    #expect(diagnostic.rendered().hasSuffix("1 | short !\n  |       ^"))
  }
}
