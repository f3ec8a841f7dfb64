import Foundation
import Testing

@testable import PreceptTool

/// `precept lint --changed` against real git repositories made in a temporary folder, and the
/// two line-per-problem formats for CI logs and Xcode.
@Suite struct ChangedLinesTests {
  static let iconMenu = """
    struct S: View {
      var body: some View {
        Menu { Button("A") {}; Button("B") {} } label: { Image(systemName: "ellipsis") }
      }
    }

    """

  /// Runs git in `folder`, failing the test on an error.
  func git(_ arguments: [String], in folder: TemporaryFolder) throws {
    let run = try Products.runTool(
      "/usr/bin/env", ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments,
      directory: folder.path)
    #expect(run.status == 0, "git \(arguments): \(run.error)")
  }

  /// A repository with one commit on main holding Sources/Old.swift (a finding on line 3).
  func repository() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try git(["init", "-q", "-b", "main"], in: folder)
    try folder.write("Sources/Old.swift", Self.iconMenu)
    try git(["add", "."], in: folder)
    try git(["commit", "-q", "-m", "first"], in: folder)
    return folder
  }

  func lint(_ arguments: [String], in folder: TemporaryFolder) throws -> Products.Run {
    try Products.run(
      "precept", ["lint", "--format", "json"] + arguments, directory: folder.path, environment: ["NO_COLOR": "1"])
  }

  func findings(_ run: Products.Run) throws -> [String] {
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let findings = try #require(json?["findings"] as? [[String: Any]], "\(run.output)\(run.error)")
    return findings.map { "\($0["file"] ?? ""):\($0["line"] ?? 0)" }
  }

  @Test func onlyLinesChangedOnTheBranchAreReported() throws {
    let folder = try repository()
    defer { folder.remove() }
    try git(["checkout", "-q", "-b", "feature"], in: folder)
    // A committed new file, an uncommitted edit of line 3 of another, and an untracked file.
    try folder.write("Sources/New.swift", Self.iconMenu)
    try git(["add", "."], in: folder)
    try git(["commit", "-q", "-m", "new"], in: folder)
    try folder.write(
      "Sources/Old.swift",
      Self.iconMenu
        + "struct T: View { var body: some View { Menu { Button(\"A\") {}; Button(\"B\") {} } label: { Image(systemName: \"gear\") } } }\n"
    )
    try folder.write("Sources/Untracked.swift", Self.iconMenu)

    let all = try lint([], in: folder)
    #expect(
      try findings(all) == [
        "Sources/New.swift:3", "Sources/Old.swift:3", "Sources/Old.swift:6", "Sources/Untracked.swift:3",
      ])
    let changed = try lint(["--changed"], in: folder)
    #expect(changed.status == 1, "\(changed.error)")
    // Old.swift's line 3 is as it was on main: left out.
    #expect(
      try findings(changed) == ["Sources/New.swift:3", "Sources/Old.swift:6", "Sources/Untracked.swift:3"])
    #expect(
      changed.error.contains("3 of 4 findings are on lines changed since the merge base with main"), "\(changed.error)")
  }

  @Test func anExplicitBaseAndTheDefaultBranchItself() throws {
    let folder = try repository()
    defer { folder.remove() }
    // On main with nothing uncommitted: nothing changed, nothing reported, exit 0.
    let clean = try lint(["--changed"], in: folder)
    #expect(clean.status == 0, "\(clean.output)\(clean.error)")
    #expect(try findings(clean) == [])
    // Against the empty tree every line is new.
    let everything = try lint(["--changed=4b825dc642cb6eb9a060e54bf8d69288fbee4904"], in: folder)
    #expect(try findings(everything) == ["Sources/Old.swift:3"], "\(everything.error)")
  }

  @Test func aBaseThatIsNotARevisionOrAFolderThatIsNotARepositoryIsAnError() throws {
    let folder = try repository()
    defer { folder.remove() }
    let unknown = try lint(["--changed=no-such-branch"], in: folder)
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("--changed: cannot find the revision 'no-such-branch'"), "\(unknown.error)")
    let option = try lint(["--changed=--output=x"], in: folder)
    #expect(option.status == 2)
    #expect(option.error.contains("is not a git revision"), "\(option.error)")

    let plain = try TemporaryFolder()
    defer { plain.remove() }
    try plain.write("A.swift", Self.iconMenu)
    let outside = try Products.run(
      "precept", ["lint", "--changed"], directory: plain.path,
      environment: ["GIT_CEILING_DIRECTORIES": plain.path + "/.."])
    #expect(outside.status == 2)
    #expect(outside.error.contains("--changed: cannot find the git repository"), "\(outside.error)")
  }

  @Test func reviewItemsOnUnchangedLinesAreNotCounted() throws {
    let folder = try repository()
    defer { folder.remove() }
    let report = try lint(["--changed"], in: folder)
    let json = try JSONSerialization.jsonObject(with: Data(report.output.utf8)) as? [String: Any]
    let summary = try #require(json?["summary"] as? [String: Any])
    #expect(summary["needsReview"] as? Int == 0)
    #expect((json?["needsReview"] as? [Any])?.isEmpty == true)
  }

  @Test func hunkHeadersAndQuotedPaths() {
    #expect(ChangedLines.hunkTarget("@@ -3 +3 @@")! == (3, 1))
    #expect(ChangedLines.hunkTarget("@@ -10,2 +12,5 @@ func x()")! == (12, 5))
    #expect(ChangedLines.hunkTarget("@@ -4,1 +3,0 @@")! == (3, 0))
    #expect(ChangedLines.hunkTarget("@@ nonsense @@") == nil)
    #expect(ChangedLines.unquote("plain.swift") == "plain.swift")
    #expect(ChangedLines.unquote(#""tab\there.swift""#) == "tab\there.swift")
    #expect(ChangedLines.unquote(#""caf\303\251.swift""#) == "café.swift")
  }
}

@Suite struct AnnotationFormatTests {
  static let ruleset = """
    ruleset odd 1.0.0
    rule tricky {
      severity warning
      on Menu as m
      require false
      message "a, b: c\\n::error::forged %0A"
      fix "x"
    }
    """

  @Test func githubAnnotationsEscapeWhatCouldForgeACommand() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("odd.precept", Self.ruleset)
    try folder.write("Menu, odd:name.swift", ChangedLinesTests.iconMenu)
    let run = try Products.run(
      "precept", ["lint", "--ruleset", "odd.precept", "--format", "github", "Menu, odd:name.swift"],
      directory: folder.path)
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n")
    #expect(
      lines.first
        == "::warning file=Menu%2C odd%3Aname.swift,line=3,col=5,title=odd/tricky::a, b: c%0A::error::forged %250A%0Afix: x"
    )
    // One command per finding: nothing the message holds starts a line of its own.
    #expect(lines.filter { $0.hasPrefix("::") }.count == 1)
    #expect(lines.last?.hasPrefix("0 errors, 1 warning, 0 infos in 1 file") == true)
  }

  @Test func xcodeLinesHaveAbsolutePathsAndOneLineEach() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("odd.precept", Self.ruleset)
    try folder.write("Sources/View.swift", ChangedLinesTests.iconMenu)
    let run = try Products.run(
      "precept", ["lint", "--ruleset", "odd.precept", "--format", "xcode", "Sources"], directory: folder.path)
    let lines = run.output.split(separator: "\n").map(String.init)
    let expectedPath = URL(fileURLWithPath: folder.path + "/Sources/View.swift").standardizedFileURL.path
    #expect(lines.count == 2, "\(run.output)")
    #expect(lines.first == "\(expectedPath):3:5: warning: a, b: c\\u{A}::error::forged %0A [odd/tricky] (fix: x)")
    let stdin = try Products.run(
      "precept", ["lint", "--ruleset", "odd.precept", "--format", "xcode", "-"], input: ChangedLinesTests.iconMenu,
      directory: folder.path)
    #expect(stdin.output.hasPrefix("<stdin>:3:5: warning: "), "\(stdin.output)")
  }

  @Test func unknownFormatsListTheKnownOnes() throws {
    let run = try Products.run("precept", ["lint", "--format", "junit", "-"], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("expected text, json, sarif, github, xcode or html"), "\(run.error)")
  }
}
