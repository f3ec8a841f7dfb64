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
  /// Every rule id or ruleset name the comments name, with its span in the file, so that a
  /// misspelt one is reported (`RuleIDCheck`) instead of silently suppressing nothing.
  private(set) var names: [(name: String, span: Span)] = []

  init(_ source: SourceFile) {
    // Most files have no directive: find the lines that mention `precept:` with a byte scan,
    // and read only those as text.
    let lines = Suppressions.linesMentioningMarker(source)
    guard !lines.isEmpty else { return }
    var active: [String] = []
    var nextLine: [String] = []
    for line in 1...max(1, source.lineStarts.count) {
      var onThisLine = active + nextLine
      nextLine = []
      if lines.contains(line), let directive = Suppressions.directive(in: source.lineText(line)) {
        let lineStart = source.lineStarts[line - 1]
        let commands = ["disable-next-line", "disable-line", "disable", "enable"]
        for (name, offset) in directive.named where commands.contains(directive.command) {
          names.append((name, Span(lineStart + offset, lineStart + offset + name.utf8.count)))
        }
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

  /// The 1-based lines on which `precept:` occurs.
  static func linesMentioningMarker(_ source: SourceFile) -> Set<Int> {
    let marker = Array("precept:".utf8)
    var lines: Set<Int> = []
    source.bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress, bytes.count >= marker.count else { return }
      var index = 0
      let last = bytes.count - marker.count
      // `memchr` finds each candidate `p` (the C library's scan reads many bytes an
      // instruction); only there are the other bytes compared.
      while index <= last, let found = memchr(base + index, Int32(marker[0]), last - index + 1) {
        let hit = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if marker.indices.allSatisfy({ bytes[hit + $0] == marker[$0] }) {
          lines.insert(source.location(of: hit).line)
          index = hit + marker.count
        } else {
          index = hit + 1
        }
      }
    }
    return lines
  }

  /// The directive in a `//` comment on the line, if any. No rule means every rule (""). `named`
  /// holds each rule with its UTF-8 offset in the line.
  private static func directive(in line: String) -> (command: String, rules: [String], named: [(String, Int)])? {
    guard let comment = line.range(of: "//"),
      let marker = line.range(of: "precept:", range: comment.upperBound..<line.endIndex)
    else { return nil }
    let rest = line.utf8[marker.upperBound...]
    var words: [(String, Int)] = []
    var index = rest.startIndex
    while index < rest.endIndex {
      let separator: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x2C || $0 == 0x09 }
      if separator(rest[index]) {
        index = rest.index(after: index)
        continue
      }
      let start = index
      while index < rest.endIndex, !separator(rest[index]) { index = rest.index(after: index) }
      words.append(
        (
          String(decoding: rest[start..<index], as: UTF8.self),
          line.utf8.distance(from: line.utf8.startIndex, to: start)
        ))
    }
    guard let command = words.first?.0 else { return nil }
    let named = Array(words.dropFirst().prefix { !$0.0.hasPrefix("--") })
    let rules = named.map(\.0)
    return (command, rules.isEmpty ? [""] : rules, named)
  }

  /// Whether a rule is turned off on a line.
  func suppresses(_ rule: String, line: Int) -> Bool {
    guard let patterns = byLine[line] else { return false }
    return patterns.contains { $0.isEmpty || $0 == rule || rule.hasPrefix($0 + "/") }
  }

  var isEmpty: Bool { byLine.isEmpty }
}
