import Foundation
import Precept

extension Command {
  static let lspCommand = Command(
    name: "lsp",
    summary: "check Swift files and edit rulesets in an editor, over the Language Server Protocol (stdio)",
    usage: "precept lsp [--ruleset FILE|DIR]… [--config FILE] [--platform NAME]…",
    details: """
      Runs a Language Server Protocol server on standard input and output (JSON-RPC 2.0 with
      Content-Length headers), for editors. Swift documents get lint's findings as diagnostics
      as they are opened, changed and saved, with the rule on hover and quick fixes where the
      fix is an edit; .precept documents get the compiler's diagnostics, completion, hover, go
      to definition and the precept.describe command (the card). The rulesets are chosen as
      lint chooses them: --ruleset, else precept.json at the workspace root (standard rulesets,
      locked packs, paths), else the standard ones; saving precept.json or precept.lock loads
      them again. The initialization option {"needsReview": true} lists the checks that need a
      person as information diagnostics.

      A message may be up to 16 MiB and a document up to 4 MiB (a larger one gets one error
      diagnostic). A bad message is answered with an error and the server goes on; standard
      output carries only protocol messages (logs go to standard error).

      Exit status: 0 on exit after shutdown, 1 on exit (or the end of input) without it.
      """,
    options: [Evaluation.rulesetOption, Evaluation.configOption, Evaluation.platformOption],
    run: { arguments, console in
      guard arguments.positionals.isEmpty else {
        throw UsageError(message: "unexpected argument '\(arguments.positionals[0])'; lsp reads standard input")
      }
      let options = LSPServer.Options(
        rulesetPaths: arguments.values("--ruleset"), configPath: arguments.value("--config"),
        platforms: try Evaluation.platforms(arguments, nil))
      let server = LSPServer(options: options, log: { console.printError($0) })
      console.printError("precept lsp: serving on standard input")
      return server.serve(
        read: { MCPStandardInput.nextChunk() }, write: { console.write(String(decoding: $0, as: UTF8.self)) })
    })
}
