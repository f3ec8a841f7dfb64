// Line-per-problem formats for the places a build or CI log is read by a program: GitHub
// Actions' workflow commands and the diagnostics Xcode's build log recognises.

extension ReportRenderer {
  // MARK: GitHub Actions

  /// One workflow command per finding, not-run rule, input error and (with `showReviews`)
  /// review item — `::error file=…,line=…,col=…,title=RULE::MESSAGE` — which GitHub Actions
  /// turns into annotations on the pull request's diff; then the summary as a plain line.
  /// Paths are written as given (run from the repository's root, they are what GitHub expects).
  public func github(_ report: Report) -> String {
    var lines: [String] = []
    for error in inputErrors {
      lines.append(
        workflowCommand(
          "error", file: error.file, line: error.location.line, column: error.location.column,
          title: "precept: input error", message: error.message))
    }
    for finding in report.findings {
      var message = finding.message
      if let fix = finding.fix { message += "\nfix: \(fix)" }
      if !finding.wcag.isEmpty { message += "\nWCAG \(finding.wcag.joined(separator: ", "))" }
      lines.append(
        workflowCommand(
          githubLevel(finding.severity), file: finding.file, line: finding.line, column: finding.column,
          title: finding.rule, message: message))
    }
    for item in report.notRun {
      lines.append(
        workflowCommand(
          "error", file: item.file, line: item.line, column: item.column, title: "\(item.rule) was not run",
          message: "\(item.reason.rawValue): \(item.message)"))
    }
    if showReviews {
      for item in report.needsReview {
        lines.append(
          workflowCommand(
            "notice", file: item.file, line: item.line, column: item.column, title: "review: \(item.rule)",
            message: item.message))
      }
    }
    lines.append(TerminalStyle.escaped(summaryLine(report)))
    return lines.joined(separator: "\n") + "\n"
  }

  private func githubLevel(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "notice"
    }
  }

  /// `::LEVEL file=F,line=L,col=C,title=T::MESSAGE`, escaped as the runner unescapes it: `%`,
  /// CR and LF in both parts, and `:` and `,` in property values, so no text from a ruleset or
  /// a file name can end the command early or start another.
  func workflowCommand(_ level: String, file: String, line: Int, column: Int, title: String, message: String)
    -> String
  {
    let properties = [
      "file=\(githubProperty(file))", "line=\(line)", "col=\(column)", "title=\(githubProperty(title))",
    ]
    return "::\(level) \(properties.joined(separator: ","))::\(githubData(message))"
  }

  private func githubData(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default:
        // Other control characters would reach the log as they are: show them instead.
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += TerminalStyle.escaped(String(scalar))
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  private func githubProperty(_ text: String) -> String {
    githubData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
  }

  // MARK: Xcode

  /// One line per problem in the form Xcode's build log turns into an issue in the editor and
  /// the issue navigator: `/path/File.swift:12:5: error: MESSAGE [RULE]` (`warning:`, and
  /// `note:` for info). `absolutePath` makes each file's path absolute (Xcode opens files by
  /// absolute path); the summary follows as a plain line.
  public func xcode(_ report: Report, absolutePath: (String) -> String = { $0 }) -> String {
    var lines: [String] = []
    func line(_ file: String, _ line: Int, _ column: Int, _ level: String, _ message: String) -> String {
      // One line each: a newline in a message would start a line Xcode reads on its own.
      TerminalStyle.escaped("\(absolutePath(file)):\(line):\(column): \(level): \(message)")
    }
    for error in inputErrors {
      lines.append(line(error.file, error.location.line, error.location.column, "error", error.message))
    }
    for finding in report.findings {
      let level =
        switch finding.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
      let fix = finding.fix.map { " (fix: \($0))" } ?? ""
      lines.append(
        line(finding.file, finding.line, finding.column, level, "\(finding.message) [\(finding.rule)]\(fix)"))
    }
    for item in report.notRun {
      lines.append(
        line(
          item.file, item.line, item.column, "error",
          "rule \(item.rule) was not run on \(item.nodeType): \(item.reason.rawValue): \(item.message)"))
    }
    if showReviews {
      for item in report.needsReview {
        lines.append(line(item.file, item.line, item.column, "note", "needs review: \(item.message) [\(item.rule)]"))
      }
    }
    lines.append(TerminalStyle.escaped(summaryLine(report)))
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// Every occurrence of `target` replaced (Foundation's `replacingOccurrences` without
  /// Foundation).
  fileprivate func replacingEvery(_ target: Character, with replacement: String) -> String {
    var out = ""
    for character in self {
      if character == target { out += replacement } else { out.append(character) }
    }
    return out
  }
}
