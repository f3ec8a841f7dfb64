import Foundation
import Precept

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Command {
  static let replCommand = Command(
    name: "repl",
    summary: "try expressions and rules against a model, interactively",
    usage: "precept repl [--ruleset FILE|DIR]… [--model FILE] [--echo]",
    details: """
      Starts a session in which you evaluate expressions against a model (SwiftUI source read as
      lint reads it, or view-model JSON), bind values with let, write lets and rules, and run
      and explain rules node by node. :help in the session lists what it takes. With no
      --ruleset, the standard rulesets are loaded.

      On a terminal, entries are edited in place, with history (in ~/.precept_history, or the
      file PRECEPT_HISTORY names; PRECEPT_HISTORY= keeps none) and Tab completion. When standard
      input is not a terminal, entries are read line by line and only results are printed, so
      sessions can be scripted: results go to standard output, diagnostics and errors to
      standard error. With --echo, a scripted session prints each entry before its results,
      after "> " (and "| " on further lines): a transcript.

      Exit status: 0; for a scripted session, 1 if an entry reported an error.
      """,
    options: [
      Evaluation.rulesetOption,
      OptionSpec(
        name: "--model", short: "-m", value: "FILE", help: "a model: SwiftUI source (.swift) or a view model (.json)"),
      OptionSpec(name: "--echo", help: "print each entry before its results (for transcripts of scripted sessions)"),
    ],
    run: { arguments, console in
      if let extra = arguments.positionals.first {
        throw UsageError(message: "unexpected argument '\(extra)'; give a model with --model")
      }
      let session = ReplSession(
        console: console, rulesetPaths: arguments.values("--ruleset"), modelPath: arguments.value("--model"))
      let interactive = isatty(0) != 0 && isatty(1) != 0
      let style = console.outStyle
      let editor = LineEditor(
        prompt: style.bold(style.paint(">", .green)) + " ", continuationPrompt: style.dim("|") + " ",
        historyFile: historyPath())
      editor.isComplete = { InputState($0).isComplete || $0.drop { $0.isWhitespace }.hasPrefix(":") }
      editor.complete = { text, cursor in session.complete(text, cursor: cursor) }
      if interactive { console.print(session.banner) }
      // On a terminal the entry is on the screen already.
      let echo = arguments.flag("--echo") && !interactive
      while let entry = editor.readEntry() {
        if echo {
          let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
          console.print(lines.enumerated().map { ($0.offset == 0 ? "> " : "| ") + $0.element }.joined(separator: "\n"))
        }
        guard session.handle(entry) else { break }
      }
      return interactive || !session.hadError ? 0 : 1
    })

  /// `PRECEPT_HISTORY` if set (empty: no history file), else `~/.precept_history`.
  private static func historyPath() -> String? {
    if let path = ProcessInfo.processInfo.environment["PRECEPT_HISTORY"] { return path.isEmpty ? nil : path }
    return (NSHomeDirectory() as NSString).appendingPathComponent(".precept_history")
  }
}
