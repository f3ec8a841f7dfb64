import Foundation
import Testing

/// `precept lint --format html`: one self-contained page, checked as text and, rendered by
/// headless Chromium, through the DOM the browser built; a screenshot is kept for people.
@Suite struct HTMLReportTests {
  /// A ruleset whose message tries to break out of the page, beside the standard ones.
  static let hostile = """
    ruleset hostile 1.0.0
    rule markup {
      severity warning
      wcag "1.3.1"
      on Menu as m
      require false
      message "</code><script>alert('x')</script><img src=https://example.com/x.png>"
      help "Help & more"
      fix ".accessibilityLabel(\\"<b>\\")"
    }
    """

  static let screen = """
    struct Screen: View {
      var body: some View {
        Menu { Button("Rename") {}; Button("Delete") {} } label: { Image(systemName: "ellipsis") }
        Button { } label: { Image(systemName: "trash") }
      }
    }

    """

  /// Lints a folder holding `Screen.swift` with the standard rulesets and `hostile`.
  func report() throws -> (html: String, folder: TemporaryFolder) {
    let folder = try TemporaryFolder()
    try folder.write("Sources/Screen.swift", Self.screen)
    try folder.write("rules/hostile.precept", Self.hostile)
    let rules = StandardRulesetTests.rulesets
    let run = try Products.run(
      "precept",
      ["lint", "Sources", "--ruleset", rules, "--ruleset", "rules", "--format", "html", "-o", "report.html"],
      directory: folder.path)
    #expect(run.status == 1, "\(run.error)")
    return (try String(contentsOfFile: folder.path + "/report.html", encoding: .utf8), folder)
  }

  @Test func thePageIsSelfContainedAndEscapesWhatItQuotes() throws {
    let (html, folder) = try report()
    defer { folder.remove() }
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    // Nothing is loaded: no script, no element that fetches, no external reference in the
    // style sheet or a link. (The hostile message's own text is still shown, escaped.)
    for forbidden in ["<script", "<img", "<link", "<iframe", "<object", "src=\"", "@import", "url(", "href=\"http"] {
      #expect(!html.contains(forbidden), "the page contains \(forbidden)")
    }
    #expect(html.contains("&lt;/code&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
    #expect(html.contains("Help &amp; more"))
    // The structure a screen reader navigates by.
    for landmark in ["<main id=\"main\">", "<nav aria-label=\"Contents\">", "<a class=\"skip\" href=\"#main\">"] {
      #expect(html.contains(landmark), "missing \(landmark)")
    }
    #expect(html.contains("<caption>"))
    #expect(html.contains("<th scope=\"col\">Criterion</th>"))
    // Findings by file and by criterion, with what explains and fixes each.
    #expect(
      html.contains(
        "<h3 id=\"file-0\"><code>Sources/Screen.swift</code> <span class=\"count\">(4 findings)</span></h3>"))
    #expect(
      html.contains(
        "<tr><th scope=\"row\">4.1.2 Name, Role, Value (A) <span class=\"tag error\">fails</span></th><td>3</td>"))
    #expect(
      html.contains("<dt>Why</dt><dd>require common.hasLabel(m) was false<ul><li>in <code>common.hasLabel(m)</code>"))
    #expect(html.contains("was false because n.nameSource is &quot;none&quot;</li></ul></dd>"))
    #expect(html.contains("<dt>Fix</dt><dd><code>.accessibilityLabel(&quot;&lt;b&gt;&quot;)</code></dd>"))
    #expect(html.contains("<pre aria-label=\"Source line 3\"><code>    Menu { Button(&quot;Rename&quot;)"))
    #expect(html.contains("<h2 id=\"review\">Needs review</h2>"))
    #expect(html.contains("<h3>VoiceOver</h3>"))
  }

  /// The browser: `chromium` (Debian's package, which `.ci/run` installs), `chromium-browser` or
  /// `google-chrome` on the PATH.
  static var browser: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }

  @Test func headlessChromiumRendersTheReport() throws {
    guard let browser = Self.browser else {
      // `.ci/run` installs Chromium and sets PRECEPT_REQUIRE_BROWSER, so there this fails.
      let required = ProcessInfo.processInfo.environment["PRECEPT_REQUIRE_BROWSER"] == "1"
      Issue.record(
        "no chromium on the PATH: the HTML report was not rendered (apt-get install chromium)",
        severity: required ? .error : .warning)
      return
    }
    let (_, folder) = try report()
    defer { folder.remove() }
    let page = "file://" + folder.path + "/report.html"
    let flags = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(folder.path)/profile",
    ]
    let dom = try Products.runTool(browser, flags + ["--dump-dom", page], timeout: 120)
    #expect(dom.status == 0, "\(dom.error)")
    // The DOM the browser built: the title, every finding as a list item, the headings in order.
    #expect(dom.output.contains("<title>Accessibility report: Sources — precept</title>"))
    #expect(dom.output.components(separatedBy: "<li class=\"finding\">").count - 1 == 4)
    let headings = ["<h1>", "<h2 id=\"overview\">", "<h2 id=\"wcag\">", "<h2 id=\"files\">", "<h2 id=\"review\">"]
    let offsets = headings.compactMap { dom.output.range(of: $0)?.lowerBound }
    #expect(offsets.count == headings.count && offsets == offsets.sorted(), "headings missing or out of order")
    // The hostile message stayed text: the browser made no script or image element of it.
    #expect(!dom.output.contains("<script"))
    #expect(!dom.output.contains("<img"))

    // A screenshot for people to look at, kept under the package's .build folder.
    let artifacts = URL(fileURLWithPath: Products.directory).appending(path: "test-artifacts").path
    try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let screenshot = artifacts + "/html-report.png"
    try? FileManager.default.removeItem(atPath: screenshot)
    let shot = try Products.runTool(
      browser, flags + ["--hide-scrollbars", "--window-size=1280,1600", "--screenshot=\(screenshot)", page],
      timeout: 120)
    #expect(shot.status == 0, "\(shot.error)")
    let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
    #expect(png.count > 10_000, "the screenshot is nearly empty")
  }
}
