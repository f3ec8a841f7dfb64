// The HTML report: one self-contained page (no script, no network, no external asset) to
// share a lint run with people who will not read a terminal. It is an accessibility tool's
// report, so the page itself is built to be read with a keyboard and a screen reader:
// landmarks, one heading outline, tables with captions and header cells, severity in words
// (colour only repeats it), visible focus, and light and dark appearances with AA contrast.

extension ReportRenderer {
  /// The report as a complete HTML document. `title` names what was linted.
  public func html(_ report: Report, title: String = "Accessibility report") -> String {
    var page = HTMLPage()
    let summary = report.summary
    page.raw(
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="\(HTMLPage.escaped(toolName)) \(HTMLPage.escaped(toolVersion))">
      <title>\(HTMLPage.escaped(title)) — \(HTMLPage.escaped(toolName))</title>
      <style>\(HTMLPage.style)</style>
      </head>
      <body>
      <a class="skip" href="#main">Skip to the findings</a>
      <header>
      <h1>\(HTMLPage.escaped(title))</h1>
      <p class="summary" id="summary">\(HTMLPage.escaped(summaryLine(report)))</p>
      </header>
      <nav aria-label="Contents"><ul>
      <li><a href="#overview">Overview</a></li>
      <li><a href="#wcag">By WCAG criterion</a></li>
      <li><a href="#files">Findings by file</a></li>
      <li><a href="#review">Needs review</a></li>
      </ul></nav>
      <main id="main">

      """)

    // Overview: the counts, as a table so each number has its label.
    page.raw("<section aria-labelledby=\"overview\">\n<h2 id=\"overview\">Overview</h2>\n")
    page.raw("<table class=\"counts\"><caption>What was checked and what was found</caption><tbody>\n")
    let counts: [(String, Int)] = [
      ("Errors", summary.errors), ("Warnings", summary.warnings), ("Infos", summary.infos),
      ("Checks that need review", summary.needsReview), ("Rules that could not run", summary.notRun),
      ("Files that could not be read", inputErrors.count), ("Findings suppressed", summary.suppressed),
      ("Files", summary.files), ("Nodes", summary.nodes), ("Rules", summary.rules),
    ]
    for (label, count) in counts {
      page.raw("<tr><th scope=\"row\">\(label)</th><td>\(count)</td></tr>\n")
    }
    page.raw("</tbody></table>\n")
    if !inputErrors.isEmpty || !report.notRun.isEmpty {
      page.raw("<h3 id=\"problems\">What could not be checked</h3>\n<ul class=\"problems\">\n")
      for error in inputErrors {
        page.raw(
          "<li><span class=\"tag error\">input error</span> <code>\(location(error.file, error.location.line, error.location.column))</code> "
            + "\(HTMLPage.escaped(error.message))</li>\n")
      }
      for item in report.notRun {
        page.raw(
          "<li><span class=\"tag error\">not run</span> <code>\(location(item.file, item.line, item.column))</code> "
            + "\(HTMLPage.escaped("\(item.rule) on \(item.nodeType): \(item.reason.rawValue): \(item.message)"))</li>\n"
        )
      }
      page.raw("</ul>\n")
    }
    page.raw("</section>\n")

    // By WCAG criterion: failed (findings), needs review and passed, from the rules' references.
    page.raw("<section aria-labelledby=\"wcag\">\n<h2 id=\"wcag\">By WCAG criterion</h2>\n")
    let criteria = wcagRows(report)
    if criteria.isEmpty {
      page.raw("<p>No rule that was evaluated names a WCAG success criterion.</p>\n")
    } else {
      page.raw(
        "<table><caption>Success criteria the rules check: findings, checks that need a person, and passes</caption>\n"
          + "<thead><tr><th scope=\"col\">Criterion</th><th scope=\"col\">Findings</th>"
          + "<th scope=\"col\">Needs review</th><th scope=\"col\">Passed</th><th scope=\"col\">Rules</th></tr></thead><tbody>\n"
      )
      for row in criteria {
        let status = row.failed > 0 ? " <span class=\"tag error\">fails</span>" : ""
        page.raw(
          "<tr><th scope=\"row\">\(HTMLPage.escaped(row.title))\(status)</th><td>\(row.failed)</td>"
            + "<td>\(row.needsReview)</td><td>\(row.passed)</td><td>"
            + row.rules.map { "<code>\(HTMLPage.escaped($0))</code>" }.joined(separator: ", ") + "</td></tr>\n")
      }
      page.raw("</tbody></table>\n")
    }
    page.raw("</section>\n")

    // Findings, grouped by file.
    page.raw("<section aria-labelledby=\"files\">\n<h2 id=\"files\">Findings by file</h2>\n")
    if report.findings.isEmpty {
      page.raw("<p>No findings.</p>\n")
    }
    var files: [String] = []
    var byFile: [String: [Finding]] = [:]
    for finding in report.findings {
      if byFile[finding.file] == nil { files.append(finding.file) }
      byFile[finding.file, default: []].append(finding)
    }
    for (fileIndex, file) in files.enumerated() {
      let findings = byFile[file] ?? []
      page.raw(
        "<section class=\"file\" aria-labelledby=\"file-\(fileIndex)\">\n<h3 id=\"file-\(fileIndex)\"><code>\(HTMLPage.escaped(file))</code> "
          + "<span class=\"count\">(\(findings.count) finding\(findings.count == 1 ? "" : "s"))</span></h3>\n<ol class=\"findings\">\n"
      )
      for finding in findings { page.raw(findingHTML(finding)) }
      page.raw("</ol>\n</section>\n")
    }
    page.raw("</section>\n")

    // The checklist for a person.
    page.raw("<section aria-labelledby=\"review\">\n<h2 id=\"review\">Needs review</h2>\n")
    if report.needsReview.isEmpty {
      page.raw("<p>No check needs a person.</p>\n")
    } else {
      page.raw(
        "<p>Checks the source cannot settle: try each in the running app, with VoiceOver, a keyboard and large text.</p>\n"
      )
      var categories: [String] = []
      var byCategory: [String: [ReviewItem]] = [:]
      for item in report.needsReview {
        let category = item.category ?? "Other"
        if byCategory[category] == nil { categories.append(category) }
        byCategory[category, default: []].append(item)
      }
      for category in categories {
        page.raw("<h3>\(HTMLPage.escaped(category))</h3>\n<ul class=\"checklist\">\n")
        for item in byCategory[category] ?? [] {
          page.raw(
            "<li><code>\(location(item.file, item.line, item.column))</code> \(HTMLPage.escaped(item.message)) "
              + "<span class=\"rule\">\(HTMLPage.escaped(item.rule))</span></li>\n")
        }
        page.raw("</ul>\n")
      }
    }
    page.raw("</section>\n</main>\n</body>\n</html>\n")
    return page.text
  }

  private func location(_ file: String, _ line: Int, _ column: Int) -> String {
    HTMLPage.escaped("\(file):\(line):\(column)")
  }

  private func findingHTML(_ finding: Finding) -> String {
    let severity = finding.severity.rawValue
    var out = "<li class=\"finding\">\n<p class=\"headline\"><span class=\"tag \(severity)\">\(severity)</span> "
    out += "<code>\(location(finding.file, finding.line, finding.column))</code> "
    out += "\(HTMLPage.escaped(finding.message)) <span class=\"rule\">\(HTMLPage.escaped(finding.rule))</span></p>\n"
    if let excerpt = excerpt(finding) {
      out += "<pre aria-label=\"Source line \(finding.line)\"><code>\(HTMLPage.escaped(excerpt))</code></pre>\n"
    }
    out += "<dl>\n"
    out += "<dt>Why</dt><dd>\(whyHTML(finding.explanation))</dd>\n"
    if !finding.wcag.isEmpty {
      out += "<dt>WCAG</dt><dd>\(HTMLPage.escaped(finding.wcag.joined(separator: ", ")))</dd>\n"
    }
    if let help = finding.help { out += "<dt>Help</dt><dd>\(HTMLPage.escaped(help))</dd>\n" }
    if let fix = finding.fix { out += "<dt>Fix</dt><dd><code>\(HTMLPage.escaped(fix))</code></dd>\n" }
    out += "</dl>\n</li>\n"
    return out
  }

  /// The deciding clause and its operands' values, then what decided inside each helper it
  /// calls, one nested list per level.
  private func whyHTML(_ explanation: Explanation) -> String {
    func line(_ step: Explanation, prefix: String) -> String {
      var out = HTMLPage.escaped("\(prefix)\(step.text) was \(step.value)")
      if !step.operands.isEmpty {
        out += " because " + step.operands.map { HTMLPage.escaped("\($0.text) is \($0.value)") }.joined(separator: ", ")
      }
      return out
    }
    var out = line(explanation, prefix: "\(explanation.clause) ")
    for helper in explanation.helpers {
      let place = helper.place.map { " <span class=\"rule\">\(location($0.file, $0.line, $0.column))</span>" } ?? ""
      out += "<ul><li>in <code>\(HTMLPage.escaped(helper.clause))</code>\(place): \(line(helper, prefix: ""))"
    }
    out += String(repeating: "</li></ul>", count: explanation.helpers.count)
    return out
  }

  /// The finding's source line, from the same excerpt the text report quotes.
  private func excerpt(_ finding: Finding) -> String? {
    if let sourceExcerpt, let excerpt = sourceExcerpt(finding.file, finding.line, finding.column) {
      return (excerpt.startColumn > 1 ? "…" : "") + excerpt.text + (excerpt.reachesEnd ? "" : "…")
    }
    return sourceLine(finding.file, finding.line)
  }
}

/// Text of an HTML page, with escaping for text and attribute values.
struct HTMLPage {
  private(set) var text = ""

  mutating func raw(_ html: String) { text += html }

  /// Text made safe inside elements and quoted attributes; control characters are shown, not
  /// passed through.
  static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// The page's only style sheet. Contrast is at least 4.5:1 for text in both appearances.
  static let style = """
    :root { color-scheme: light dark; --text: #1b1b1f; --muted: #4a4a55; --bg: #ffffff; --panel: #f3f3f6;
      --line: #c9c9d3; --error: #a4161a; --warning: #7a4a00; --info: #1d4f91; --focus: #1d4f91; }
    @media (prefers-color-scheme: dark) { :root { --text: #ececf1; --muted: #b9b9c6; --bg: #16161a;
      --panel: #222229; --line: #44444f; --error: #ff8a8d; --warning: #f5c26b; --info: #9cc3ff; --focus: #9cc3ff; } }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 3rem; font: 1rem/1.5 system-ui, sans-serif;
      color: var(--text); background: var(--bg); }
    a { color: var(--info); }
    a:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .skip { position: absolute; left: -10000px; }
    .skip:focus { position: static; display: inline-block; padding: .5rem; }
    nav ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; }
    h1 { font-size: 1.75rem; margin-bottom: .25rem; }
    h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); }
    .summary { color: var(--muted); }
    table { border-collapse: collapse; margin: 1rem 0; }
    caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
    th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }
    thead th { background: var(--panel); }
    .tag { display: inline-block; border: 1px solid currentColor; border-radius: .25rem; padding: 0 .35rem;
      font-size: .85rem; font-weight: 600; text-transform: uppercase; }
    .tag.error { color: var(--error); } .tag.warning { color: var(--warning); } .tag.info { color: var(--info); }
    .rule { color: var(--muted); font-family: ui-monospace, monospace; font-size: .9rem; }
    ol.findings { padding-left: 1.5rem; }
    .finding { margin-bottom: 1.5rem; }
    .headline { margin-bottom: .25rem; }
    pre { background: var(--panel); padding: .5rem .75rem; overflow-x: auto; border-radius: .25rem; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .5rem 0; }
    dt { font-weight: 600; } dd { margin: 0; }
    code { font-family: ui-monospace, monospace; }
    """
}
