/// Reports summarised by WCAG success criterion, the way a team reads conformance: which
/// criteria their code fails, which need a person to check, which the rules found met.
extension ReportRenderer {
  struct WCAGRow {
    var criterion: String
    var failed = 0
    var needsReview = 0
    var passed = 0
    var rules: [String] = []

    /// `4.1.2 Name, Role, Value (A)`, or the bare number for one WCAG 2.2 does not have (a
    /// pack compiled before the checker knew the list).
    var title: String { WCAG.criterion(criterion)?.title ?? criterion }

    /// `fails` (a finding), `needsReview` (no finding; a check a person makes), `noFindings`
    /// (only passes: what the rules can see meets it, which is not conformance), `notChecked`
    /// (no node the rules apply to).
    var status: String {
      failed > 0 ? "fails" : needsReview > 0 ? "needsReview" : passed > 0 ? "noFindings" : "notChecked"
    }
  }

  /// One row per success criterion a rule names, in criterion order (1.4.3 before 1.4.11).
  func wcagRows(_ report: Report) -> [WCAGRow] {
    var rows: [String: WCAGRow] = [:]
    for rule in rules {
      let counts = report.ruleCounts[rule.id] ?? OutcomeCounts()
      for criterion in rule.wcag {
        var row = rows[criterion] ?? WCAGRow(criterion: criterion)
        row.passed += counts.passed
        row.needsReview += counts.needsReview
        if !row.rules.contains(rule.id) { row.rules.append(rule.id) }
        rows[criterion] = row
      }
    }
    for finding in report.findings {
      for criterion in finding.wcag { rows[criterion, default: WCAGRow(criterion: criterion)].failed += 1 }
    }
    return rows.values.sorted { WCAG.precedes($0.criterion, $1.criterion) }
  }

  /// The text report's summary by criterion: one line per status that has criteria.
  func wcagText(_ report: Report) -> String? {
    let rows = wcagRows(report).filter { $0.status != "notChecked" }
    guard !rows.isEmpty else { return nil }
    var lines = ["WCAG 2.2 success criteria the rules checked:"]
    func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
    let groups: [(String, String, (WCAGRow) -> String)] = [
      ("fails", "fails", { "\($0.title): \(count($0.failed, "finding"))" }),
      ("needsReview", "needs review", { "\($0.title): \(count($0.needsReview, "check"))" }),
      ("noFindings", "no findings", { $0.title }),
    ]
    for (status, words, describe) in groups {
      let chosen = rows.filter { $0.status == status }
      guard !chosen.isEmpty else { continue }
      lines.append(
        "  \(words.padding(toLength: 13, withPad: " ", startingAt: 0)) \(chosen.map(describe).joined(separator: "; "))")
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON report's `wcag` member: every criterion a rule names, with its counts.
  func wcagJSON(_ report: Report) -> JSON {
    .array(
      wcagRows(report).map { row in
        let criterion = WCAG.criterion(row.criterion)
        return .object([
          "criterion": .string(row.criterion), "name": criterion.map { .string($0.name) } ?? .null,
          "level": criterion.map { .string($0.level) } ?? .null, "status": .string(row.status),
          "failed": .integer(row.failed), "needsReview": .integer(row.needsReview), "passed": .integer(row.passed),
          "rules": .array(row.rules.map { .string($0) }),
        ])
      })
  }

  /// SARIF's WCAG taxonomy: a taxon per criterion the rules name, with the run's counts.
  func wcagTaxonomy(_ report: Report) -> JSON {
    .object([
      "name": .string("WCAG"), "version": .string("2.2"), "organization": .string("W3C"),
      "informationUri": .string("https://www.w3.org/TR/WCAG22/"),
      "shortDescription": .object(["text": .string("Web Content Accessibility Guidelines 2.2")]),
      "taxa": .array(
        wcagRows(report).map { row in
          let criterion = WCAG.criterion(row.criterion)
          var members: [JSON.Member] = [
            JSON.Member("id", .string(row.criterion)),
            JSON.Member("name", .string(criterion?.name ?? row.criterion)),
          ]
          if let criterion { members.append(JSON.Member("helpUri", .string(criterion.understandingURL))) }
          members.append(
            JSON.Member(
              "properties",
              .object([
                "level": criterion.map { .string($0.level) } ?? .null, "status": .string(row.status),
                "failed": .integer(row.failed), "needsReview": .integer(row.needsReview),
                "passed": .integer(row.passed),
              ])))
          return .object(members)
        }),
    ])
  }
}
