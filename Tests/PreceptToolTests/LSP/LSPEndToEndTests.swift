import Foundation
import Testing

@testable import PreceptTool

/// `precept lsp` driven by pygls's language client (PyPI `pygls`, which `.ci/run` installs):
/// the script `lsp_client_session.py` beside this file starts the built tool as a subprocess.
@Suite struct LSPEndToEndTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "lsp_client_session.py"
  ).path

  @Test func pyglsClientRunsAnEditorSessionAndEveryMalformedMessage() throws {
    // Not skipped when python3 or pygls is missing: the test cannot show anything then.
    let python = try #require(ServedFolder.python, "python3 is needed to run pygls's language client")
    // Bounded: the script's waits time out on their own; this guards the whole run.
    let run = try Products.runTool(python, [LSPEndToEndTests.script, Products.path("precept")], timeout: 300)
    if run.status == 3 {
      Issue.record("pygls is not installed: pip install pygls (\(run.error))")
      return
    }
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for check in [
      "ok: didOpen publishes lint's findings",
      "ok: a finding is an error with its rule id as code and WCAG references",
      "ok: precept.json at the workspace root applies: its severity override demotes a finding",
      "ok: needs-review items are not listed unless asked for",
      "ok: hover on a finding shows the rule's title, help, explanation and fix",
      "ok: a code action adds the fix's modifier",
      "ok: an incremental change re-lints: the applied fix clears the finding",
      "ok: didSave publishes the diagnostics again", "ok: a change to one file publishes for that file only",
      "ok: a misspelt let is a compile diagnostic at its name, with a suggestion",
      "ok: the corrected ruleset compiles clean", "ok: completion offers the rule's clauses",
      "ok: completion offers node fields and functions after a dot", "ok: completion offers an import's lets",
      "ok: completion offers rule ids", "ok: hover shows a node function's signature",
      "ok: hover on an imported let shows its definition and documentation",
      "ok: go to definition finds a let in the file", "ok: go to definition follows an import to the library's file",
      "ok: precept.describe returns the card text",
      "ok: an unknown method is -32601 (MethodNotFound) with a suggestion",
      "ok: exit after shutdown ends the server with exit 0",
      "ok: with needsReview the checks that need a person are information diagnostics",
      "ok: exit without shutdown ends the server with exit 1",
      "ok: an open document sees the workspace's own views: AppIcon on disk draws only an image",
      "ok: editing a declaration re-lints its uses in other open documents",
      "ok: a request before initialize is -32002 (ServerNotInitialized)",
      "ok: a header without Content-Length is a parse error", "ok: a body that is not JSON is -32700",
      "ok: invalid UTF-8 is a parse error answered with the request's id",
      "ok: a huge document gets one error diagnostic naming the limit",
      "ok: an oversized message is -32600 with the limit", "ok: the server still answers after the errors",
      "all checks passed",
    ] {
      #expect(run.output.contains(check), "missing \(check)\n\(run.output)\n\(run.error)")
    }
  }
}
