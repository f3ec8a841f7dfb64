import Foundation
import Precept

extension Command {
  static let mcpCommand = Command(
    name: "mcp",
    summary: "serve the cards and checks to AI agents over the Model Context Protocol (stdio)",
    usage: "precept mcp [--ruleset FILE|DIR]… [--config FILE]",
    details: """
      Runs a Model Context Protocol server on standard input and output (JSON-RPC 2.0, one
      message per line), for agents that write SwiftUI code. Tools: list_components,
      get_card, lint_swift, check_view_model and explain_rule; resources: each component's
      card as precept://cards/NAME. The rulesets are chosen as lint chooses them: --ruleset,
      else precept.json (standard rulesets, locked packs, paths), else the standard ones.

      A message may be up to 8 MiB, and the code or view model of one call up to 1 MiB. A bad
      message or call is answered with an error and the server goes on; standard output
      carries only protocol messages (logs go to standard error). It ends at the end of its
      input, with exit status 0.

      Exit status: 0 at the end of input, 2 when the rulesets cannot be loaded.
      """,
    options: [Evaluation.rulesetOption, Evaluation.configOption],
    run: { arguments, console in
      guard arguments.positionals.isEmpty else {
        throw UsageError(message: "unexpected argument '\(arguments.positionals[0])'; mcp reads standard input")
      }
      let (engine, _) = try Evaluation.engine(arguments)
      let server = MCPServer(engine: engine, log: { console.printError($0) })
      console.printError("precept mcp: serving \(engine.rulesets.count) rulesets on standard input")
      server.serve(read: { MCPStandardInput.nextChunk() }, write: { console.write($0) })
      return 0
    })
}

/// Reads standard input in chunks as it arrives (a client waits for each answer before it
/// sends the next request, so the server must not wait for a full buffer).
enum MCPStandardInput {
  static func nextChunk() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer[..<count]) }
      if count < 0 && errno == EINTR { continue }
      return []  // end of input, or an error reading it: both end the session
    }
  }
}
