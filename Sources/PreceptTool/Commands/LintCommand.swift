import Foundation
import Precept
import PreceptSwiftUI

extension Command {
  static let lintCommand = Command(
    name: "lint",
    summary: "check Swift source against the rulesets",
    usage:
      "precept lint [PATH…] [--ruleset FILE|DIR]… [--platform NAME]… [--format FORMAT] [--fail-on SEVERITY] [--exclude GLOB]… [--changed[=BASE]] [--include-previews] [--fix [--dry-run] [--fix-placeholders]]",
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

      Preview code — #Preview { … } and types conforming to PreviewProvider — only appears in
      Xcode's canvas, so its findings and review items are left out; --include-previews keeps
      them.

      Suppress a finding with a comment: // precept:disable-next-line RULE…, // precept:disable-line
      RULE…, or // precept:disable RULE… then // precept:enable RULE…. RULE is a rule id
      (menu.basic/trigger-name) or a ruleset (menu.basic); none means every rule. A RULE that
      names no loaded rule or ruleset is an error, as in precept.json's disable and severity.

      --write-baseline FILE records the current findings; later runs with --baseline FILE report
      only findings that are not in it. Entries follow the code when it moves up or down.

      --changed reports only findings (and checks that need review) on lines changed in the
      working tree — commits, staged and unstaged edits, untracked files — against the merge
      base of HEAD with the default branch (origin/HEAD, origin/main, origin/master, main or
      master; on that branch itself, the uncommitted changes), using git from the PATH.
      --changed=BASE compares with the revision BASE instead. All files are still read, so
      input errors and rules that could not run are reported wherever they are. It combines
      with --baseline.

      Uses of the views, helper functions and computed properties the files declare are
      linked to their declarations across all files (a fragment on standard input links
      within itself): rules see what a use builds, and a finding inside such a view is
      reported once, at its declaration, unless the use decided it. --no-link-views reads
      every file on its own instead (what linking costs is the difference in time).

      --watch lints once as usual, then checks the paths twice a second, reads again the files
      that were added, changed or removed and re-links the project, printing the findings
      that appeared (+) and those that are gone (-) in any file, until interrupted (Ctrl-C).

      --fix applies the fixes the rules give as edits (add a modifier, set an argument, replace
      a modifier) to the files named, prints each one it made (file:line:column [rule]) or
      could not make on standard error, then lints again and reports what is left. A fix that
      needs a person's words (an accessibility label it cannot fit) is made only with
      --fix-placeholders, with an Xcode placeholder (<#what it does#>) to fill in. Where two
      fixes edit the same code, the more severe finding's (then the first rule id's) is made
      and the other skipped. Each edited file is checked before it is written — it must still
      read as Swift and each fixed finding must be gone, or that fix fails — and written
      atomically only if it has not changed since it was read; it is read back and checked
      again, and restored if that fails. --fix --dry-run prints the changes as a unified diff
      on standard output and writes nothing.

      Exit status: 0 clean, 1 findings at or above --fail-on, 2 a usage error, a ruleset that
      does not compile, an input that could not be read, or a rule that could not run on a
      node (its cost budget spent, a host function missing, a run-time error; --accept-not-run
      accepts those). With --fix, the status is that of the lint after fixing, or 2 when a
      file was not written (it changed since it was read) or a fix failed its check. With
      --fix --dry-run: 0 when there is nothing to fix, 1 when the diff is not empty, 2 as above.
      """,
    options: [
      Evaluation.rulesetOption, Evaluation.configOption, Evaluation.formatOption, Evaluation.failOnOption,
      Evaluation.platformOption, Evaluation.layerOption,
      OptionSpec(name: "--exclude", short: "-x", value: "GLOB", help: "skip paths matching GLOB (repeatable; * ** ?)"),
      OptionSpec(name: "--baseline", value: "FILE", help: "report only findings not recorded in FILE"),
      OptionSpec(name: "--write-baseline", value: "FILE", help: "record the current findings in FILE and exit 0"),
      OptionSpec(
        name: "--changed", value: "BASE",
        help:
          "report only findings on lines changed since git revision BASE (default: the default branch's merge base)",
        optionalValue: true),
      Evaluation.showReviewOption, Evaluation.acceptNotRunOption, Evaluation.outputOption,
      OptionSpec(
        name: "--include-previews", help: "also report what is found in #Preview and PreviewProvider code"),
      OptionSpec(
        name: "--no-link-views", help: "check each file on its own: uses of the project's views are not linked"),
      OptionSpec(name: "--watch", help: "keep linting: re-lint files as they change and print what changed"),
      OptionSpec(
        name: "--stamp", value: "FILE",
        help: "write FILE when the lint passes (exit 0) and remove it otherwise, for build systems"),
      OptionSpec(name: "--fix", help: "apply the rules' mechanical fixes to the files and report what changed"),
      OptionSpec(name: "--dry-run", help: "with --fix: print the changes as a unified diff and write nothing"),
      OptionSpec(
        name: "--fix-placeholders",
        help: "with --fix: also apply fixes that need a person's words, with Xcode placeholders (<#…#>)"),
    ],
    run: { arguments, console in
      _ = try Evaluation.format(arguments)
      _ = try Evaluation.failOn(arguments)
      let configuration = try ProjectConfiguration.find(arguments.value("--config"))
      // The rulesets compile on another thread while the files are found and read (which
      // needs no rules): compiling them first was a serial phase that left the other cores
      // idle. An error found before the rulesets are needed waits for them, so that a ruleset
      // error is still the one reported, as when they compiled first.
      // The standard accessibility layer, when no --layer replaces it, is made on that thread too.
      let compiling = PendingEngine(
        rulesetPaths: arguments.values("--ruleset"), configuration: configuration,
        standardLayer: arguments.value("--layer") == nil)
      func afterEngine<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
          _ = try compiling.engine()
          throw error
        }
      }
      let givenLayer =
        arguments.value("--layer") == nil ? nil : try afterEngine { try Evaluation.layer(arguments, console) }
      let includePreviews = arguments.flag("--include-previews")
      let linksViews = !arguments.flag("--no-link-views")
      var baseline: Baseline?
      if let path = arguments.value("--baseline") {
        baseline = try afterEngine { try Baseline.read(try readInput(path, console)) }
      }

      let excludes = arguments.values("--exclude") + (configuration?.exclude ?? [])
      let walker = FileWalker(excludes: excludes.map(Glob.init))
      let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
      let (files, problems) = walker.files(paths)
      let fixing = arguments.flag("--fix") || arguments.flag("--fix-placeholders")
      let watching = arguments.flag("--watch")
      try afterEngine {
        try checkLintUsage(arguments, files: files, problems: problems, paths: paths, excludes: excludes)
      }
      let stdin = files.contains(.standardInput) ? try afterEngine { try console.standardInput() } : nil
      // Only the files read here are quoted (from memory): nothing else is read for quoting.
      let sources = SourceLines()
      let readFiles: @Sendable ([InputPath]) -> [Evaluation.ReadSwift] = { files in
        let read = Mutex<[Evaluation.ReadSwift?]>(Array(repeating: nil, count: files.count))
        // Largest first, each core taking the next file when done (see `Evaluation.evaluate`).
        let order = Evaluation.largestFirst(files.map { $0 == .standardInput ? 0 : Evaluation.fileSize($0) })
        DispatchQueue.concurrentPerform(iterations: files.count) { position in
          let index = order[position]
          let result = Evaluation.read(files[index], stdin: stdin).flatMap { source in
            sources.add(source)
            return Result { () throws(DiagnosticError) in (source, try SwiftUIReader.read(source)) }
          }
          read.withLock { $0[index] = result }
        }
        return read.withLock { $0 }.map { $0! }
      }
      // Every file is read first: which platforms the project ships, when it does not say, is
      // what all of its files mention, and a use of a view may be in any file but its
      // declaration's. A watch keeps those platforms while files change, and re-links the
      // whole project when one does.
      let shipped = try afterEngine { try Evaluation.platforms(arguments, configuration) }
      var documents = readFiles(files)
      let engine = try compiling.engine()
      let layer = givenLayer ?? .standard
      let ruleIDs = RuleIDCheck(engine, partial: !arguments.values("--ruleset").isEmpty)
      let platforms = shipped ?? Evaluation.mentionedPlatforms(documents.compactMap { try? $0.get().1 })
      let state = LinkedLintState(keeps: watching) { read, previous in
        Evaluation.evaluateLinked(
          engine, read, platforms: platforms, layer: layer, ruleIDs: ruleIDs, previous: previous,
          includePreviews: includePreviews, linksViews: linksViews)
      }
      let lintFiles: @Sendable ([InputPath], [InputPath]) -> (Report, [Diagnostic]) = { changed, removed in
        state.update(changed: changed, read: readFiles(changed), removed: removed)
      }
      var (report, inputErrors, linked) = state.run(files, documents)
      inputErrors += problems
      report.summary.files = files.count
      // A finding's node is numbered in the linked model of its file: its fix is resolved there.
      Evaluation.resolveLinkedEdits(&report, documents, linked)

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
      let changedLines =
        arguments.flag("--changed") || arguments.value("--changed") != nil
        ? try ChangedLines.collect(base: arguments.value("--changed")) : nil
      if let changed = changedLines {
        let before = report.findings.count
        report.restrict { changed.contains(file: $0, line: $1) }
        console.printError(
          "precept: --changed: \(report.findings.count) of \(before) findings are on lines changed since "
            + "\(TerminalStyle.escaped(changed.baseDescription)) (\(changed.files.count) changed files)")
      }
      var fixFailed = false
      if fixing {
        var fixer = Fixer(
          options: Fixer.Options(
            placeholders: arguments.flag("--fix-placeholders"), dryRun: arguments.flag("--dry-run")),
          relint: { source in
            // Linked against the other files, as lint sees it.
            Evaluation.relintLinked(
              engine, source, among: documents, platforms: platforms, layer: layer, ruleIDs: ruleIDs,
              includePreviews: includePreviews, linksViews: linksViews)
          })
        fixer.run(report, sources: linkedSources(documents, linked))
        fixFailed = reportFixes(fixer, dryRun: arguments.flag("--dry-run"), console: console)
        if arguments.flag("--dry-run") {
          for change in fixer.changes {
            console.write(UnifiedDiff.diff(path: change.file, old: change.original, new: change.fixed))
          }
          if !inputErrors.isEmpty || fixFailed { return 2 }
          return fixer.changes.isEmpty ? 0 : 1
        }
        // What is left: every file read and linted again, as it now is.
        if !fixer.changes.isEmpty {
          let reread = readFiles(files)
          (report, inputErrors, linked) = state.run(files, reread)
          inputErrors += problems
          report.summary.files = files.count
          if var remaining = baseline {
            report.suppressFindings {
              remaining.consume(Baseline.key($0, fingerprintText: sources.fingerprintText($0.file, $0.line)))
            }
          }
          if let changed = changedLines { report.restrict { changed.contains(file: $0, line: $1) } }
          Evaluation.resolveLinkedEdits(&report, reread, linked)
        }
      }
      // The findings are final (placed on linked views, suppressed, baselined, restricted):
      // their explanations are made now, on every core, and only theirs.
      report.explainFindings()
      // Every file's documents and linked models are no longer needed: they are freed on
      // another thread while the report is written, not on this one after it. (They are
      // captured by the fixer's closure, so they are handed over and emptied here.)
      let leftovers = Leftovers((documents, linked))
      documents = []
      linked = [:]
      leftovers.releaseElsewhere()
      var status = try Evaluation.finish(
        report, inputErrors: inputErrors, engine: engine, arguments: arguments, console: console, sources: sources)
      if fixFailed { status = 2 }
      if let stamp = arguments.value("--stamp") { try writeStamp(stamp, passed: status == 0) }
      if watching {
        var watch = Watch(paths: paths, walker: walker, console: console, sources: sources, lint: lintFiles)
        watch.start(report: report, inputErrors: inputErrors)
        watch.run()
      }
      return status
    })

  /// The usage errors of a lint's options given the files found (none to lint, options that
  /// do not go together), thrown in the order they were always checked in.
  private static func checkLintUsage(
    _ arguments: ParsedArguments, files: [InputPath], problems: [Diagnostic], paths: [String], excludes: [String]
  ) throws {
    if files.isEmpty && problems.isEmpty {
      let excluded = excludes.isEmpty ? "" : " (excluding \(excludes.joined(separator: ", ")))"
      throw InputError(message: "no Swift files to lint: none in \(paths.joined(separator: ", "))\(excluded)")
    }
    let fixing = arguments.flag("--fix") || arguments.flag("--fix-placeholders")
    if arguments.flag("--dry-run") && !fixing { throw UsageError(message: "--dry-run goes with --fix") }
    if fixing {
      if files.contains(.standardInput) { throw UsageError(message: "--fix cannot fix standard input") }
      if arguments.flag("--watch") || arguments.value("--write-baseline") != nil {
        throw UsageError(message: "--fix cannot be combined with --watch or --write-baseline")
      }
    }
    if arguments.flag("--watch") {
      if files.contains(.standardInput) { throw UsageError(message: "--watch cannot watch standard input") }
      if try Evaluation.format(arguments) != .text || arguments.value("--output") != nil {
        throw UsageError(message: "--watch prints text to the terminal: leave out --format and --output")
      }
      if arguments.value("--write-baseline") != nil || arguments.flag("--changed")
        || arguments.value("--changed") != nil
      {
        throw UsageError(message: "--watch cannot be combined with --write-baseline or --changed")
      }
    }
  }

  /// The sources read and their linked documents, by file name, for resolving fixes against:
  /// a finding's node index is in its file's linked model.
  private static func linkedSources(
    _ documents: [Evaluation.ReadSwift], _ linked: [String: Evaluation.LinkedResult]
  ) -> [String: (SourceFile, ViewDocument)] {
    var result: [String: (SourceFile, ViewDocument)] = [:]
    for case .success(let (source, document)) in documents {
      result[source.name] = (source, linked[document.file]?.document.document ?? document)
    }
    return result
  }

  /// Prints one line per fix on standard error — made, skipped, needing words, failed — and a
  /// count; returns whether a fix failed or a file could not be written.
  private static func reportFixes(_ fixer: Fixer, dryRun: Bool, console: Console) -> Bool {
    var counts = (applied: 0, skipped: 0, needsWords: 0, failed: 0)
    for outcome in fixer.outcomes.sorted(by: {
      ($0.finding.file, $0.finding.line, $0.finding.column, $0.finding.rule)
        < ($1.finding.file, $1.finding.line, $1.finding.column, $1.finding.rule)
    }) {
      let finding = outcome.finding
      let place = "\(finding.file):\(finding.line):\(finding.column) [\(finding.rule)]"
      let summary = finding.edit?.summary ?? ""
      let line: String
      switch outcome.result {
      case .applied:
        counts.applied += 1
        line = "\(dryRun ? "would fix" : "fixed") \(place): \(summary)"
      case .needsWords:
        counts.needsWords += 1
        line = "needs words \(place): \(summary) (--fix-placeholders applies it with the placeholder)"
      case .skipped(let reason):
        counts.skipped += 1
        line = "skipped \(place): \(summary): \(reason)"
      case .failed(let reason):
        counts.failed += 1
        line = "failed \(place): \(summary): \(reason)"
      }
      console.printError("precept: " + TerminalStyle.escaped(line))
    }
    let files = fixer.changes.filter { $0.error == nil }.count
    console.printError(
      "precept: --fix\(dryRun ? " --dry-run" : ""): \(counts.applied) \(dryRun ? "to fix" : "fixed"), "
        + "\(counts.skipped) skipped, \(counts.needsWords) need words, \(counts.failed) failed; "
        + "\(files) file\(files == 1 ? "" : "s") \(dryRun ? "would change" : "changed")")
    return counts.failed > 0
  }

  /// A build command's declared output: present only after a lint that passed, so that after a
  /// failing one the build system runs the lint again instead of forgetting its errors.
  private static func writeStamp(_ path: String, passed: Bool) throws(InputError) {
    let url = URL(fileURLWithPath: path)
    do {
      if passed {
        try Data("precept lint passed\n".utf8).write(to: url, options: .atomic)
      } else if FileManager.default.fileExists(atPath: path) {
        try FileManager.default.removeItem(at: url)
      }
    } catch {
      throw InputError(
        message: "cannot \(passed ? "write" : "remove") the stamp \(path): \(error.localizedDescription)")
    }
  }

  static let dumpModelCommand = Command(
    name: "dump-model",
    summary: "print the view model precept reads from Swift source",
    usage: "precept dump-model PATH… | precept dump-model -",
    details: """
      Prints what the rules see: the view model of each Swift file as JSON (the format is
      Grammar/viewmodel.schema.json), a JSON array when there are several files, with uses of
      the views the files declare linked to their declarations as lint links them. Folders are
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
      for index in read.indices { read[index].platforms = platforms }
      // Printed as lint sees them: uses of the files' own views linked to their declarations.
      documents = ViewLinker.link(read).map(\.document.json)
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

/// The engine of a lint, compiled on another thread from when it is made; `engine()` waits for
/// it and gives it, or throws what compiling it threw.
private final class PendingEngine: @unchecked Sendable {
  private let done = DispatchGroup()
  // Written once on the compiling thread before `done` is left, read only after waiting on it.
  private var result: Result<Engine, any Error>?

  init(rulesetPaths: [String], configuration: ProjectConfiguration?, standardLayer: Bool = false) {
    done.enter()
    let thread = Thread { [self] in
      result = Result { try Evaluation.engine(rulesetPaths: rulesetPaths, configuration: configuration).engine }
      // Made once, on first use: here rather than on the main thread, which reads the files.
      if standardLayer { _ = AccessibilityLayer.standard }
      done.leave()
    }
    // The main thread's size: compiling recurses as deep as a ruleset's nesting allows.
    thread.stackSize = 8 << 20
    thread.start()
  }

  func engine() throws -> Engine {
    done.wait()
    return try result!.get()
  }
}
