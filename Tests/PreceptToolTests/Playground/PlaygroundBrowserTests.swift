import Foundation
import Testing

/// `precept playground` in headless Chromium, driven by Selenium (PyPI `selenium`, Debian's
/// `chromium` and `chromium-driver`; `.ci/run` installs them): the script beside this file
/// loads the page, edits the code and the ruleset, and saves a screenshot.
@Suite struct PlaygroundBrowserTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "playground_browser_session.py"
  ).path
  /// The repository's Playground folder, whose examples the page lists first.
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Playground").path

  @Test func editingTheCodeInChromiumShowsTheFinding() throws {
    let python = try #require(ServedFolder.python, "python3 is needed to drive the browser")
    let artifacts = URL(fileURLWithPath: Products.directory).appending(path: "test-artifacts").path
    try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let screenshot = artifacts + "/playground.png"
    try? FileManager.default.removeItem(atPath: screenshot)
    // Bounded: every wait in the script has its own timeout; this guards the whole run.
    let run = try Products.runTool(
      python, [Self.script, Products.path("precept"), Self.examples, screenshot], timeout: 300)
    if run.status == 3 {
      // `.ci/run` installs all three and sets PRECEPT_REQUIRE_BROWSER, so there this fails.
      let required = ProcessInfo.processInfo.environment["PRECEPT_REQUIRE_BROWSER"] == "1"
      Issue.record(
        "the playground was not tested in a browser: \(run.error) (pip install selenium; apt-get install chromium chromium-driver)",
        severity: required ? .error : .warning)
      return
    }
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for check in [
      "ok: the server names its address", "ok: the examples from Playground/ and the standard rulesets are listed",
      "ok: the first example shows its finding", "ok: the view model the rules see is shown",
      "ok: the ruleset's bytecode is shown", "ok: a named trigger has no finding",
      "ok: typing an icon-only Menu makes its finding appear at its line", "ok: the finding carries its explanation",
      "ok: a broken ruleset shows its diagnostics", "ok: choosing an example replaces both editors",
      "ok: the screenshot is saved", "ok: a request from another origin is refused with 403",
      "ok: an oversized request is refused", "ok: the server keeps serving",
      "ok: SIGTERM stops the server with status 143", "all checks passed",
    ] {
      #expect(run.output.contains(check), "missing \(check)\n\(run.output)\n\(run.error)")
    }
    let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
    #expect(png.count > 10_000, "the screenshot is nearly empty")
  }
}
