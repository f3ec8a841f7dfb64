import Foundation
import Precept
import PreceptSwiftUI

extension Command {
  static let lintCommand = Command(
    name: "lint",
    summary: "check Swift source against the rulesets",
    usage:
      "precept lint [PATH…] [--ruleset FILE|DIR]… [--platform NAME]… [--format text|json|sarif] [--fail-on SEVERITY] [--exclude GLOB]…",
    details: """
      Reads Swift files (PATH may be a file, a folder — searched for .swift files, skipping
      .build, hidden folders and --exclude globs — or - for standard input; default: the current
      folder), turns the views they build into view models, and evaluates the rulesets: the
      standard ones built into precept unless --ruleset is given. Files are read on every core;
      output is in a fixed order. A file that cannot be read is reported and the rest checked:
      a .swift entry that is a dangling symbolic link, or unreadable, is an input error (a
      name that is not UTF-8 is read, and shown with \\x{E9} for each invalid byte). Paths
      that leave no Swift file to lint are an error.

      Views are checked for the platforms the app ships: --platform (repeatable, or a comma
      list), else precept.json's "platforms", else every platform the code mentions (in #if
      os(…), imports, then #available, @available), else iOS. #if conditions are evaluated per
      platform, so code under #if os(tvOS) is not held to a touch-target size it does not have.

      Suppress a finding with a comment: // precept:disable-next-line RULE…, // precept:disable-line
      RULE…, or // precept:disable RULE… then // precept:enable RULE…. RULE is a rule id
      (menu.basic/trigger-name) or a ruleset (menu.basic); none means every rule. A RULE that
      names no loaded rule or ruleset is an error, as in precept.json's disable and severity.

      --write-baseline FILE records the current findings; later runs with --baseline FILE report
      only findings that are not in it. Entries follow the code when it moves up or down.

      Exit status: 0 clean, 1 findings at or above --fail-on, 2 a usage error, a ruleset that
      does not compile, an input that could not be read, or a rule that could not run on a
      node (its cost budget spent, a host function missing, a run-time error; --accept-not-run
      accepts those).
      """,
    options: [
      Evaluation.rulesetOption, Evaluation.configOption, Evaluation.formatOption, Evaluation.failOnOption,
      Evaluation.platformOption,
      OptionSpec(name: "--exclude", short: "-x", value: "GLOB", help: "skip paths matching GLOB (repeatable; * ** ?)"),
      OptionSpec(name: "--baseline", value: "FILE", help: "report only findings not recorded in FILE"),
      OptionSpec(name: "--write-baseline", value: "FILE", help: "record the current findings in FILE and exit 0"),
      Evaluation.showReviewOption, Evaluation.acceptNotRunOption, Evaluation.outputOption,
    ],
    run: { arguments, console in
      _ = try Evaluation.format(arguments)
      _ = try Evaluation.failOn(arguments)
      let (engine, configuration) = try Evaluation.engine(arguments)
      var baseline: Baseline?
      if let path = arguments.value("--baseline") { baseline = try Baseline.read(try readInput(path, console)) }

      let excludes = arguments.values("--exclude") + (configuration?.exclude ?? [])
      let walker = FileWalker(excludes: excludes.map(Glob.init))
      let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
      let (files, problems) = walker.files(paths)
      if files.isEmpty && problems.isEmpty {
        let excluded = excludes.isEmpty ? "" : " (excluding \(excludes.joined(separator: ", ")))"
        throw InputError(message: "no Swift files to lint: none in \(paths.joined(separator: ", "))\(excluded)")
      }
      let stdin = files.contains(.standardInput) ? try console.standardInput() : nil
      // Only the files read here are quoted (from memory): nothing else is read for quoting.
      let sources = SourceLines()
      let ruleIDs = RuleIDCheck(engine, partial: !arguments.values("--ruleset").isEmpty)
      let shipped = try Evaluation.platforms(arguments, configuration)
      // Every file is read first: which platforms the project ships, when it does not say, is
      // what all of its files mention.
      let read = Mutex<[Result<(SourceFile, ViewDocument), DiagnosticError>?]>(
        Array(repeating: nil, count: files.count))
      DispatchQueue.concurrentPerform(iterations: files.count) { index in
        let result = Evaluation.read(files[index], stdin: stdin).flatMap { source in
          sources.add(source)
          return Result { () throws(DiagnosticError) in (source, try SwiftUIReader.read(source)) }
        }
        read.withLock { $0[index] = result }
      }
      let documents = read.withLock { $0 }
      let platforms =
        shipped ?? Evaluation.mentionedPlatforms(documents.compactMap { try? $0?.get().1 })
      var (report, inputErrors) = Evaluation.evaluate(engine, count: files.count) { index in
        documents[index]!.flatMap { source, document in
          return Result { () throws(DiagnosticError) in
            var document = document
            document.platforms = platforms
            let model = ViewModel(document)
            let suppressions = Suppressions(source)
            let problems = suppressions.names.compactMap { name, span in
              name.isEmpty
                ? nil
                : ruleIDs.problem(name, rulesets: true, in: "a precept: comment").map {
                  Diagnostic(.error, $0, in: source, span: span)
                }
            }
            return Evaluation.Input(model: model, suppressions: suppressions, problems: problems)
          }
        }
      }
      inputErrors += problems
      report.summary.files = files.count

      if let path = arguments.value("--write-baseline") {
        var recorded = Baseline()
        for finding in report.findings {
          recorded.add(Baseline.key(finding, fingerprintText: sources.fingerprintText(finding.file, finding.line)))
        }
        do {
          try Data((recorded.json.serialized(pretty: true) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        } catch {
          throw InputError(message: "cannot write \(path): \(error.localizedDescription)")
        }
        console.printError("precept: recorded \(report.findings.count) findings in \(TerminalStyle.escaped(path))")
        return inputErrors.isEmpty ? 0 : 2
      }
      if var remaining = baseline {
        report.suppressFindings {
          remaining.consume(Baseline.key($0, fingerprintText: sources.fingerprintText($0.file, $0.line)))
        }
      }
      return try Evaluation.finish(
        report, inputErrors: inputErrors, engine: engine, arguments: arguments, console: console, sources: sources)
    })

  static let dumpModelCommand = Command(
    name: "dump-model",
    summary: "print the view model precept reads from Swift source",
    usage: "precept dump-model PATH… | precept dump-model -",
    details: """
      Prints what the rules see: the view model of each Swift file as JSON (the format is
      Grammar/viewmodel.schema.json), a JSON array when there are several files. Folders are
      searched as by lint. - reads standard input. The platforms are chosen as by lint
      (--platform, precept.json, the platforms the code mentions, iOS).

      Exit status: 0, or 2 when a file cannot be read (the others are still printed).
      """,
    options: [
      OptionSpec(name: "--exclude", short: "-x", value: "GLOB", help: "skip paths matching GLOB (repeatable)"),
      Evaluation.platformOption, Evaluation.configOption,
    ],
    run: { arguments, console in
      guard !arguments.positionals.isEmpty else {
        throw UsageError(message: "missing Swift file (or - for standard input)")
      }
      let walker = FileWalker(excludes: arguments.values("--exclude").map(Glob.init))
      let (files, problems) = walker.files(arguments.positionals)
      let stdin = files.contains(.standardInput) ? try console.standardInput() : nil
      var documents: [JSON] = []
      var failed = !problems.isEmpty
      console.report(problems)
      var read: [ViewDocument] = []
      for path in files {
        do throws(DiagnosticError) {
          let source = try Evaluation.read(path, stdin: stdin).get()
          read.append(try SwiftUIReader.read(source))
        } catch {
          console.report(error.diagnostics)
          failed = true
        }
      }
      // The platforms are the project's, as lint sees them.
      let platforms =
        try Evaluation.platforms(arguments, try ProjectConfiguration.find(arguments.value("--config")))
        ?? Evaluation.mentionedPlatforms(read)
      for var document in read {
        document.platforms = platforms
        documents.append(document.json)
      }
      let several = files.count + problems.count > 1 || arguments.positionals.contains { isFolder($0) }
      if several {
        console.print(JSON.array(documents).serialized(pretty: true))
      } else if let document = documents.first {
        console.print(document.serialized(pretty: true))
      }
      return failed ? 2 : 0
    })
}

private func isFolder(_ path: String) -> Bool {
  var isDirectory: ObjCBool = false
  return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}
