import Foundation
import Precept

/// Findings accepted as they are, so `lint --baseline` reports only new ones.
///
/// An entry is keyed by file, rule and a fingerprint of the finding's source line (its text
/// with surrounding white space trimmed, and the node type), not by line number: code moving up
/// or down the file keeps its entries. (A line over 4,096 bytes — minified code — is
/// fingerprinted by the SHA-256 of its trimmed text, computed once per line, so that its many
/// findings cost linear time.) Identical keys are counted, so a file with three
/// identical offending lines stays clean until a fourth appears.
///
/// The file is JSON: `{"preceptBaseline": 1, "findings": [{"file", "rule", "fingerprint", "count"}]}`.
struct Baseline {
  struct Key: Hashable {
    var file: String
    var rule: String
    var fingerprint: String
  }

  private(set) var counts: [Key: Int] = [:]

  init() {}

  /// The key of a finding. `fingerprintText` is the finding's source line trimmed of white
  /// space (`SourceLines.fingerprintText`; a digest of it for lines over 4,096 bytes).
  static func key(_ finding: Finding, fingerprintText: String?) -> Key {
    let trimmed = fingerprintText ?? ""
    let digest = SHA256.hex(SHA256.hash(Array("\(finding.nodeType)\n\(trimmed)".utf8)))
    return Key(file: finding.file, rule: finding.rule, fingerprint: String(digest.prefix(16)))
  }

  mutating func add(_ key: Key) { counts[key, default: 0] += 1 }

  /// Takes one finding off the baseline; false when none with its key is left.
  mutating func consume(_ key: Key) -> Bool {
    guard let count = counts[key], count > 0 else { return false }
    counts[key] = count - 1
    return true
  }

  var json: JSON {
    let entries = counts.keys.sorted { ($0.file, $0.rule, $0.fingerprint) < ($1.file, $1.rule, $1.fingerprint) }
    return .object([
      "preceptBaseline": .integer(1),
      "findings": .array(
        entries.map { key in
          .object([
            "file": .string(key.file), "rule": .string(key.rule), "fingerprint": .string(key.fingerprint),
            "count": .integer(counts[key]!),
          ])
        }),
    ])
  }

  static func read(_ source: SourceFile) throws(DiagnosticError) -> Baseline {
    let json = try JSON.parse(source)
    func fail(_ message: String, _ value: JSON) -> DiagnosticError {
      DiagnosticError(
        Diagnostic(.error, message, in: source, span: Span(max(0, value.offset), max(0, value.offset) + 1)))
    }
    guard json["preceptBaseline"]?.integerValue == 1 else {
      throw fail("not a precept baseline: expected \"preceptBaseline\": 1", json)
    }
    guard let entries = json["findings"]?.arrayValue else { throw fail("a baseline needs a 'findings' array", json) }
    var baseline = Baseline()
    for entry in entries {
      guard let file = entry["file"]?.stringValue, let rule = entry["rule"]?.stringValue,
        let fingerprint = entry["fingerprint"]?.stringValue, let count = entry["count"]?.integerValue, count > 0
      else {
        throw fail("a baseline entry needs 'file', 'rule', 'fingerprint' (strings) and a positive 'count'", entry)
      }
      baseline.counts[Key(file: file, rule: rule, fingerprint: fingerprint), default: 0] += Int(count)
    }
    return baseline
  }
}
