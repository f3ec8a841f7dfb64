import Precept

extension Command {
  static let checkCommand = Command(
    name: "check",
    summary: "evaluate rulesets against view-model JSON files",
    usage:
      "precept check MODEL.json… [--ruleset FILE|DIR]… [--format text|json|sarif] [--fail-on SEVERITY] [--sources PATH]…",
    details: """
      Evaluates the rulesets against view models written as JSON (the format is described in
      Grammar/viewmodel.schema.json; `precept dump-model` writes it from Swift source). Each
      finding names the rule, the clause that decided it and the values of that clause's
      operands. Files that cannot be read are reported and the others still checked.

      Text output quotes the source line under a finding only from files under a --sources
      PATH (resolved through symbolic links; up to 64 MiB): a finding in any other file is
      printed without an excerpt, as the model's "file" member could name any file.

      A model is for the platforms its "platforms" member names (iOS when it names none);
      --platform, or precept.json's "platforms", replaces them.

      Exit status: 0 clean, 1 findings at or above --fail-on, 2 a usage error, a ruleset that
      does not compile, an input that could not be read, or a rule that could not run on a
      node (its cost budget spent, a host function missing, a run-time error; --accept-not-run
      accepts those).
      """,
    options: [
      Evaluation.rulesetOption, Evaluation.configOption, Evaluation.formatOption, Evaluation.failOnOption,
      Evaluation.platformOption, Evaluation.layerOption, Evaluation.showReviewOption, Evaluation.acceptNotRunOption,
      Evaluation.outputOption,
      OptionSpec(
        name: "--sources", value: "PATH",
        help: "quote source lines from files under PATH (repeatable); nothing else is read for quoting"),
    ],
    run: { arguments, console in
      guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing view-model file") }
      _ = try Evaluation.format(arguments)
      _ = try Evaluation.failOn(arguments)
      let (engine, configuration) = try Evaluation.engine(arguments)
      let layer = try Evaluation.layer(arguments, console)
      let platforms = try Evaluation.platforms(arguments, configuration)
      let paths = arguments.positionals
      let input = paths.contains("-") ? try console.standardInput() : nil
      // A view model's "file" can name any path: only files under --sources are quoted.
      let sources = SourceLines(roots: arguments.values("--sources"))
      let (report, inputErrors) = Evaluation.evaluate(engine, count: paths.count) { index in
        Evaluation.read(paths[index], stdin: input).flatMap { source in
          Result { () throws(DiagnosticError) in
            var document = try ViewDocument.read(source)
            if let platforms { document.platforms = platforms }
            return Evaluation.Input(model: ViewModel(document, layer: layer))
          }
        }
      }
      return try Evaluation.finish(
        report, inputErrors: inputErrors, engine: engine, arguments: arguments, console: console, sources: sources)
    })
}
