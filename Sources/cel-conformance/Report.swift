import Precept

/// The runner's printed output: a table of pass rates, the exclusion rules with their counts,
/// and on request every failing or excluded case.
struct SuiteReport {
  var files: [FileResult]

  var passed: Int { files.reduce(0) { $0 + $1.passed } }
  var applicable: Int { files.reduce(0) { $0 + $1.applicable } }
  var excluded: Int { files.reduce(0) { $0 + $1.excluded } }

  /// Passed cases as a percentage of applicable ones; 100 when none applies.
  var passRate: Double { Self.rate(passed, of: applicable) }

  /// The per-file table, the total, and the exclusion rules with how many cases each took.
  func summary() -> String {
    var lines = ["file              passed  applicable  excluded  pass rate"]
    func row(_ name: String, _ passed: Int, _ applicable: Int, _ excluded: Int) -> String {
      pad(name, 16, left: true) + pad(String(passed), 8) + pad(String(applicable), 12) + pad(String(excluded), 10)
        + pad(Self.percent(passed, of: applicable), 11)
    }
    for file in files {
      lines.append(row(file.name, file.passed, file.applicable, file.excluded))
    }
    lines.append(row("total", passed, applicable, excluded))

    var counts: [Exclusion.Rule: Int] = [:]
    for file in files {
      for result in file.cases {
        if case .excluded(let exclusion) = result.outcome { counts[exclusion.rule, default: 0] += 1 }
      }
    }
    lines.append("")
    lines.append("Excluded cases are left out of the pass rate. A case is excluded by the first rule it meets:")
    for rule in Exclusion.Rule.allCases {
      lines.append("  \(pad(String(counts[rule] ?? 0), 4)) \(rule.title): \(rule.definition).")
    }
    lines.append("")
    lines.append("An expected value must match exactly (int, uint and double differ; -0.0 is not 0.0; NaN matches")
    lines.append("NaN; maps are unordered). An expected error is met by any evaluation error; a compile error")
    lines.append("fails every case, as in the suite's own runners.")
    return lines.joined(separator: "\n")
  }

  /// Every failing case: where it is, its expression, what was expected and what came out.
  func failures() -> String {
    var blocks: [String] = []
    for file in files {
      for result in file.cases {
        guard case .failed(let actual) = result.outcome else { continue }
        blocks.append(
          """
          FAIL \(file.name)/\(result.section)/\(result.test.name) (\(file.name).textproto:\(result.test.line))
            expr:     \(Self.visible(result.test.expression))
            expected: \(Self.describe(result.test.expectation))
            actual:   \(Self.describe(actual))
          """)
      }
    }
    return blocks.joined(separator: "\n")
  }

  /// Every excluded case with the rule and what triggered it.
  func exclusions() -> String {
    var lines: [String] = []
    for file in files {
      for result in file.cases {
        guard case .excluded(let exclusion) = result.outcome else { continue }
        lines.append(
          "SKIP \(file.name)/\(result.section)/\(result.test.name) (\(file.name).textproto:\(result.test.line)): "
            + "\(exclusion.rule.title): \(exclusion.detail)")
      }
    }
    return lines.joined(separator: "\n")
  }

  static func describe(_ expectation: ExpectedResult) -> String {
    switch expectation {
    case .value(.value(let value)): LiteralFormat.format(value)
    case .value(.object(let type)): "a \(type) message"
    case .value(.enumValue(let type)): "a \(type) enum value"
    case .error: "an evaluation error"
    case .unknown: "an unknown"
    case .deducedTypeOnly: "a deduced type"
    }
  }

  static func describe(_ actual: Actual) -> String {
    switch actual {
    case .value(let value): LiteralFormat.format(value)
    case .evaluationError(let message): "evaluation error: \(message)"
    case .compileError(let message): "compile error: \(visible(message))"
    case .deducedType(let type): "the right value, but the checker deduced the type \(type ?? "(none)")"
    }
  }

  /// Text on one line. Control characters (the parse tests have many) become their Unicode
  /// control pictures (a line feed shows as ␊), which cannot be mistaken for a CEL escape.
  static func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: out += "\u{2421}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func rate(_ passed: Int, of applicable: Int) -> Double {
    applicable == 0 ? 100 : Double(passed) * 100 / Double(applicable)
  }

  /// A percentage with one decimal, rounded down so that 94.96% never shows as 95.0%.
  static func percent(_ passed: Int, of applicable: Int) -> String {
    guard applicable > 0 else { return "-" }
    let tenths = passed * 1000 / applicable
    return "\(tenths / 10).\(tenths % 10)%"
  }

  private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + padding : padding + text
  }
}
