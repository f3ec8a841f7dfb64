import Precept

/// Where findings on linked views are reported: each is reported once, at the declaration,
/// unless the use decides it.
///
/// A rule can fail on a node of a declaration (`Button` in `TrashButton`'s body) and on the
/// copies of it at each use. The copies repeat the declaration's finding, so:
///
/// - a finding on a copy is dropped when the same rule fails on the node it was copied from,
///   as the declaration's own model has it: the declaration reports it, once. (A view expanded
///   inside another declaration comes from its copy there, so what its use in that declaration
///   decided is reported there, not at every use of the outer view.);
/// - a finding on a copy whose original passes is reported at the use only when what the use
///   passed changed that copy (`ViewExpansion.decided`: `AppButton(title: "")`, the use's
///   modifiers on the root, a view passed into it): the use decided it. Otherwise the use only
///   put the declaration in a context (a `body`, a `switch` case it may never take), and
///   precision matters more than recall: dropped;
/// - a finding on a declaration's node is dropped when the declaration is used in the run, every
///   copy of that node passes the rule, and no use was left unlinked by a limit: every use
///   settles it (`TrashButton { … }.accessibilityLabel("Delete")`).
///
/// Uses in previews (`#Preview`, a `PreviewProvider`) count for neither. Review items on copies
/// repeat the declaration's and are dropped. Findings are matched to
/// copies by file, position and node type; when several copies of one use share those, they
/// are counted, never guessed.
package enum LinkedFindings {
  /// Reconciles `reports[i]`, the report of `documents[i]` (nil for a file that could not be
  /// read), before suppression comments and baselines apply.
  package static func reconcile(_ reports: inout [Report?], _ documents: [LinkedDocument?]) {
    // Each phase runs on every core, a file at a time; what a phase needs of all the files
    // (the findings as the rules made them, the copied and blocked origins, the copies that
    // failed) is gathered between phases, in file order.
    let blocked = documents.reduce(into: Set<ViewDeclaration>()) { $0.formUnion($1?.blocked ?? []) }
    let given = reports
    let perFile = Concurrently.map(documents.count) { file -> FileCopies in
      var found = FileCopies()
      for expansion in documents[file]?.expansions ?? [] {
        found.byPlace[Place(line: expansion.line, column: expansion.column, type: expansion.type), default: []]
          .append(expansion)
        if blocked.contains(expansion.declaration) { found.blockedOrigins.append(expansion.origin) }
      }
      // Every finding as the rules made it (on copies too), and which origins were copied.
      if let report = given[file] {
        found.declared = report.findings.map { finding in
          Key(
            rule: finding.rule,
            origin: ViewOrigin(file: finding.file, line: finding.line, column: finding.column, type: finding.nodeType))
        }
        for group in found.byPlace.values {
          for expansion in group where !expansion.inPreview { found.copied.append(expansion.origin) }
        }
      }
      return found
    }
    var declared: Set<Key> = []
    var copied: Set<ViewOrigin> = []
    for found in perFile {
      declared.formUnion(found.declared)
      copied.formUnion(found.copied)
    }
    // Findings on copies: dropped when the original fails too; the rest are the use's.
    let seen = declared
    let onCopies = Concurrently.map(reports.count) { file -> (Report?, [Key]) in
      let copies = perFile[file].byPlace
      guard var report = given[file], !copies.isEmpty else { return (given[file], []) }
      var failedCopies: [Key] = []
      var groups: [Place: [String: [Int]]] = [:]
      for (position, finding) in report.findings.enumerated() {
        let place = Place(line: finding.line, column: finding.column, type: finding.nodeType)
        if copies[place] != nil { groups[place, default: [:]][finding.rule, default: []].append(position) }
      }
      var drop: Set<Int> = []
      for (place, byRule) in groups {
        let here = copies[place]!
        for (rule, positions) in byRule {
          // Which copy failed is not known when several share a place: all count as failed.
          for copy in here where !copy.inPreview { failedCopies.append(Key(rule: rule, origin: copy.origin)) }
          // The declaration reports what it fails itself; a use that passed nothing in cannot
          // have decided the rest (the context it is used in, a `switch` case it never takes).
          let repeated = here.count { seen.contains(Key(rule: rule, origin: $0.origin)) || !$0.decided }
          drop.formUnion(positions.prefix(repeated))
        }
      }
      for position in drop { report.ruleCounts[report.findings[position].rule]?.failed -= 1 }
      report.findings = report.findings.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
      report.needsReview.removeAll { item in
        guard copies[Place(line: item.line, column: item.column, type: item.nodeType)] != nil else {
          return false
        }
        report.ruleCounts[item.rule]?.needsReview -= 1
        return true
      }
      return (report, failedCopies)
    }
    var failedCopies: Set<Key> = []
    var blockedOrigins: Set<ViewOrigin> = []
    for (file, found) in perFile.enumerated() {
      failedCopies.formUnion(onCopies[file].1)
      blockedOrigins.formUnion(found.blockedOrigins)
    }
    // Declared findings every use settles.
    let failed = failedCopies
    let blockedHere = blockedOrigins
    let everyCopied = copied
    reports = Concurrently.map(reports.count) { file -> Report? in
      guard var report = onCopies[file].0 else { return nil }
      let copies = perFile[file].byPlace
      report.findings.removeAll { finding in
        guard copies[Place(line: finding.line, column: finding.column, type: finding.nodeType)] == nil else {
          return false
        }
        let origin = ViewOrigin(file: finding.file, line: finding.line, column: finding.column, type: finding.nodeType)
        guard
          everyCopied.contains(origin) && !blockedHere.contains(origin)
            && !failed.contains(Key(rule: finding.rule, origin: origin))
        else { return false }
        report.ruleCounts[finding.rule]?.failed -= 1
        report.ruleCounts[finding.rule]?.passed += 1
        return true
      }
      return report
    }
  }

  private struct Place: Hashable, Sendable {
    var line: Int
    var column: Int
    var type: String
  }

  private struct Key: Hashable, Sendable {
    var rule: String
    var origin: ViewOrigin
  }

  /// One file's copies by place, and what the phases after need of it.
  private struct FileCopies: Sendable {
    var byPlace: [Place: [ViewExpansion]] = [:]
    /// The findings its report has, as the rules made them.
    var declared: [Key] = []
    /// The origins it copied outside previews (none when it has no report).
    var copied: [ViewOrigin] = []
    /// The origins of its copies of blocked declarations.
    var blockedOrigins: [ViewOrigin] = []
  }
}
