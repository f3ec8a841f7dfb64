import Foundation
import Testing

@testable import PreceptTool

/// `precept mcp` driven by the official MCP Python SDK (PyPI `mcp`, which `.ci/run` installs):
/// the script `mcp_client_session.py` beside this file starts the built tool as a subprocess.
@Suite struct MCPEndToEndTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "mcp_client_session.py"
  ).path

  @Test func officialSDKClientRunsASessionAndEveryErrorCase() throws {
    // Not skipped when python3 or the SDK is missing: the test cannot show anything then.
    let python = try #require(ServedFolder.python, "python3 is needed to run the MCP Python SDK's client")
    // Bounded: the script's requests time out on their own; this guards the whole run.
    let run = try Products.runTool(python, [MCPEndToEndTests.script, Products.path("precept")], timeout: 300)
    if run.status == 3 {
      Issue.record("the MCP Python SDK is not installed: pip install mcp (\(run.error))")
      return
    }
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for check in [
      "ok: initialize negotiates 2025-11-25",
      "ok: list_components gives use when, try another when and the component instead",
      "ok: get_card returns the golden pattern as code", "ok: resources/read returns the card",
      "ok: lint_swift finds the two defects", "ok: the golden pattern lints clean",
      "ok: explain_rule shows the rule failing",
      "ok: check_view_model evaluates a model", "ok: a model that is not one is a tool error",
      "ok: an unknown tool is -32602 naming the tools",
      "ok: code that does not parse is a tool error with its position", "ok: oversized code is a tool error",
      "ok: an oversized message is -32600 with the limit", "ok: after the errors a valid call still works",
      "ok: parse error, unknown method, batch, bad params", "ok: end of input ends the server with exit 0",
      "all checks passed",
    ] {
      #expect(run.output.contains(check), "missing \(check)\n\(run.output)\n\(run.error)")
    }
  }
}
