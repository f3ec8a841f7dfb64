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
    struct Place: Hashable {
      var line: Int
      var column: Int
      var type: String
    }
    struct Key: Hashable {
      var rule: String
      var origin: ViewOrigin
    }
    let blocked = documents.reduce(into: Set<ViewDeclaration>()) { $0.formUnion($1?.blocked ?? []) }
    var copies: [[Place: [ViewExpansion]]] = []
    for document in documents {
      var byPlace: [Place: [ViewExpansion]] = [:]
      for expansion in document?.expansions ?? [] {
        byPlace[Place(line: expansion.line, column: expansion.column, type: expansion.type), default: []].append(
          expansion)
      }
      copies.append(byPlace)
    }
    // Every finding as the rules made it (on copies too), and which origins were copied.
    var declared: Set<Key> = []
    var copied: Set<ViewOrigin> = []
    for (file, report) in reports.enumerated() {
      guard let report else { continue }
      for finding in report.findings {
        declared.insert(
          Key(
            rule: finding.rule,
            origin: ViewOrigin(file: finding.file, line: finding.line, column: finding.column, type: finding.nodeType)))
      }
      for group in copies[file].values {
        for expansion in group where !expansion.inPreview { copied.insert(expansion.origin) }
      }
    }
    // Findings on copies: dropped when the original fails too; the rest are the use's.
    var failedCopies: Set<Key> = []
    for file in reports.indices {
      guard var report = reports[file], !copies[file].isEmpty else { continue }
      var groups: [Place: [String: [Int]]] = [:]
      for (position, finding) in report.findings.enumerated() {
        let place = Place(line: finding.line, column: finding.column, type: finding.nodeType)
        if copies[file][place] != nil { groups[place, default: [:]][finding.rule, default: []].append(position) }
      }
      var drop: Set<Int> = []
      for (place, byRule) in groups {
        let here = copies[file][place]!
        for (rule, positions) in byRule {
          // Which copy failed is not known when several share a place: all count as failed.
          for copy in here where !copy.inPreview { failedCopies.insert(Key(rule: rule, origin: copy.origin)) }
          // The declaration reports what it fails itself; a use that passed nothing in cannot
          // have decided the rest (the context it is used in, a `switch` case it never takes).
          let repeated = here.count { declared.contains(Key(rule: rule, origin: $0.origin)) || !$0.decided }
          drop.formUnion(positions.prefix(repeated))
        }
      }
      for position in drop { report.ruleCounts[report.findings[position].rule]?.failed -= 1 }
      report.findings = report.findings.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
      report.needsReview.removeAll { item in
        guard copies[file][Place(line: item.line, column: item.column, type: item.nodeType)] != nil else {
          return false
        }
        report.ruleCounts[item.rule]?.needsReview -= 1
        return true
      }
      reports[file] = report
    }
    // Declared findings every use settles.
    var blockedOrigins: Set<ViewOrigin> = []
    for document in documents {
      for expansion in document?.expansions ?? [] where blocked.contains(expansion.declaration) {
        blockedOrigins.insert(expansion.origin)
      }
    }
    for file in reports.indices {
      guard var report = reports[file] else { continue }
      report.findings.removeAll { finding in
        guard copies[file][Place(line: finding.line, column: finding.column, type: finding.nodeType)] == nil else {
          return false
        }
        let origin = ViewOrigin(file: finding.file, line: finding.line, column: finding.column, type: finding.nodeType)
        guard
          copied.contains(origin) && !blockedOrigins.contains(origin)
            && !failedCopies.contains(Key(rule: finding.rule, origin: origin))
        else { return false }
        report.ruleCounts[finding.rule]?.failed -= 1
        report.ruleCounts[finding.rule]?.passed += 1
        return true
      }
      reports[file] = report
    }
  }
}
