import Foundation
import Precept

/// `// precept:` comments in a Swift file that turn rules off:
///
/// - `// precept:disable-next-line RULE…` — the next line only;
/// - `// precept:disable-line RULE…` — the line the comment is on;
/// - `// precept:disable RULE…` … `// precept:enable RULE…` — the lines between.
///
/// RULE is a full id (`menu.basic/trigger-name`) or a ruleset name (`menu.basic`); with no
/// RULE, every rule. Several are separated by spaces or commas.
struct Suppressions {
  /// Patterns disabled on each 1-based line.
  private var byLine: [Int: [String]] = [:]

  init(_ source: SourceFile) {
    var active: [String] = []
    var nextLine: [String] = []
    for line in 1...max(1, source.lineStarts.count) {
      let text = source.lineText(line)
      var onThisLine = active + nextLine
      nextLine = []
      if let directive = Suppressions.directive(in: text) {
        switch directive.command {
        case "disable-next-line": nextLine = directive.rules
        case "disable-line": onThisLine += directive.rules
        case "disable":
          active += directive.rules
          onThisLine += directive.rules
        case "enable":
          if directive.rules == [""] {
            active = []
          } else {
            active.removeAll { directive.rules.contains($0) }
          }
        default: break
        }
      }
      if !onThisLine.isEmpty { byLine[line] = onThisLine }
    }
  }

  /// The directive in a `//` comment on the line, if any. No rule means every rule ("").
  private static func directive(in line: String) -> (command: String, rules: [String])? {
    guard let comment = line.range(of: "//"),
      let marker = line.range(of: "precept:", range: comment.upperBound..<line.endIndex)
    else { return nil }
    let rest = line[marker.upperBound...]
    let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
    guard let command = words.first else { return nil }
    let rules = Array(words.dropFirst().prefix { !$0.hasPrefix("--") })
    return (command, rules.isEmpty ? [""] : rules)
  }

  /// Whether a rule is turned off on a line.
  func suppresses(_ rule: String, line: Int) -> Bool {
    guard let patterns = byLine[line] else { return false }
    return patterns.contains { $0.isEmpty || $0 == rule || rule.hasPrefix($0 + "/") }
  }

  var isEmpty: Bool { byLine.isEmpty }
}
