"""Drives `precept lsp` with pygls's language client (PyPI `pygls`), as an editor would: initialize
in a workspace with a precept.json, open, change and save a Swift file and a ruleset, and ask for
diagnostics, hover, code actions, completion, definitions and the card; then shutdown and exit.
A second session sends what a client library cannot: malformed headers and bodies, invalid
UTF-8, requests before initialize, unknown methods, a huge document and an oversized message.
Run by LSPEndToEndTests; usage: python3 lsp_client_session.py PRECEPT_EXECUTABLE.

Prints one `ok: CHECK` line per check that passed; exits 1 on the first failure (with the reason
on standard error) and 3 when pygls is not installed.
"""

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile

try:
    from importlib.metadata import version
    from lsprotocol import types as lsp
    from pygls.exceptions import JsonRpcException
    from pygls.lsp.client import LanguageClient
except ImportError as error:  # the test reports this as a failure, never a skip
    print(f"pygls is missing ({error}): pip install pygls", file=sys.stderr)
    sys.exit(3)

PRECEPT = sys.argv[1]
# Every wait is bounded: a server that stops answering fails the check, it does not hang it.
TIMEOUT = 60

TWO_DEFECTS = """import SwiftUI

struct RowActions: View {
  var body: some View {
    Menu {
      Button("Rename") { }
      Button("Delete") { }
    } label: {
      Image(systemName: "trash")
    }
  }
}
"""

OTHER = """import SwiftUI

struct Other: View {
  var body: some View {
    Menu {
      Button("Rename") { }
      Button("Move") { }
    } label: {
      Image(systemName: "ellipsis")
    }
  }
}
"""

HELPERS = """library helpers 1.0.0
// An image drawn from an SF Symbol.
let isSymbol(n) = n.type == "Image" && n.arg("systemName") != null
"""

RULESET = """ruleset team.menus 1.0.0
import common ^1.0
import helpers ^1.0

let iconTrigger(m) = m.slot("label").exists(n, helpers.isSymbol(n))

rule named {
  severity warning
  on Menu as m
  require !iconTrigger(m) || common.hasLabl(m)
  message "icon menu without a name"
}
"""


def check(condition, what, detail=""):
    if not condition:
        print(f"FAILED: {what}\n{detail}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def position(text, needle, offset=0):
    """The LSP position of `needle` (plus `offset` characters) in ASCII `text`."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return lsp.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


class Session:
    def __init__(self, client):
        self.client = client
        self.published = {}
        self.arrived = asyncio.Condition()

        @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def publish(params):
            async with self.arrived:
                self.published.setdefault(params.uri, []).append(params)
                self.arrived.notify_all()

    async def diagnostics(self, uri, count):
        """The `count`-th publication for `uri` (1-based), waiting for it."""
        async with self.arrived:
            await asyncio.wait_for(
                self.arrived.wait_for(lambda: len(self.published.get(uri, [])) >= count), TIMEOUT)
        return self.published[uri][count - 1]


async def session(workspace):
    client = LanguageClient("precept-lsp-test", "1")
    state = Session(client)
    await client.start_io(PRECEPT, "lsp")
    root = "file://" + workspace
    result = await asyncio.wait_for(client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=root,
        workspace_folders=[lsp.WorkspaceFolder(uri=root, name="app")])), TIMEOUT)
    capabilities = result.capabilities
    check(result.server_info.name == "precept", "initialize names the server")
    check(capabilities.hover_provider and capabilities.definition_provider and capabilities.completion_provider
          and capabilities.code_action_provider, "the server offers hover, definition, completion and code actions")
    check(list(capabilities.execute_command_provider.commands) == ["precept.describe"], "the server offers precept.describe",
          str(capabilities.execute_command_provider))
    client.initialized(lsp.InitializedParams())

    # A Swift file: lint's findings, with precept.json's severity override.
    swift_uri = root + "/Sources/RowActions.swift"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=swift_uri, language_id="swift", version=1, text=TWO_DEFECTS)))
    published = await state.diagnostics(swift_uri, 1)
    by_code = {d.code: d for d in published.diagnostics}
    check(published.version == 1 and "menu.basic/trigger-name" in by_code, "didOpen publishes lint's findings",
          str(published))
    trigger = by_code["menu.basic/trigger-name"]
    check(trigger.severity == lsp.DiagnosticSeverity.Error and "WCAG 4.1.2" in trigger.message
          and trigger.data["wcag"] and trigger.source == "precept",
          "a finding is an error with its rule id as code and WCAG references", str(trigger))
    check(trigger.range.start == position(TWO_DEFECTS, "Menu {") and trigger.range.end == position(TWO_DEFECTS, "Menu {", 4),
          "a finding's range is the view's name", str(trigger.range))
    check(all(d.data.get("kind") != "needsReview" for d in published.diagnostics),
          "needs-review items are not listed unless asked for")
    demoted = by_code.get("menu.basic/destructive-role")
    check(demoted and demoted.severity == lsp.DiagnosticSeverity.Warning,
          "precept.json at the workspace root applies: its severity override demotes a finding", str(published))

    hover = await asyncio.wait_for(client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=swift_uri), position=position(TWO_DEFECTS, "Menu {", 2))),
        TIMEOUT)
    text = hover.contents.value
    check("menu.basic/trigger-name" in text and "**Why:**" in text and "**Help:**" in text and "**Fix:**" in text,
          "hover on a finding shows the rule's title, help, explanation and fix", text)

    actions = await asyncio.wait_for(client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=swift_uri), range=trigger.range,
        context=lsp.CodeActionContext(diagnostics=[trigger]))), TIMEOUT)
    fixes = [action for action in actions if action.kind == lsp.CodeActionKind.QuickFix]
    check(len(fixes) == 1 and fixes[0].title == 'Add .accessibilityLabel("Delete")' and fixes[0].is_preferred,
          "a code action adds the fix's modifier", str(actions))
    edit = fixes[0].edit.changes[swift_uri][0]
    check(edit.range.start == edit.range.end == lsp.Position(line=9, character=5)
          and edit.new_text == '\n    .accessibilityLabel("Delete")',
          "the modifier goes on a line of its own after the view's closures, aligned with its closing brace", str(edit))

    # Apply the quick fix as an incremental change: the finding goes away.
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=swift_uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)]))
    published = await state.diagnostics(swift_uri, 2)
    check(published.version == 2 and "menu.basic/trigger-name" not in [d.code for d in published.diagnostics],
          "an incremental change re-lints: the applied fix clears the finding", str(published))
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=swift_uri)))
    published = await state.diagnostics(swift_uri, 3)
    check(published.version == 2, "didSave publishes the diagnostics again")

    # A second Swift file: changing it does not re-lint the first.
    other_uri = root + "/Sources/Other.swift"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=other_uri, language_id="swift", version=1, text=OTHER)))
    await state.diagnostics(other_uri, 1)
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=other_uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=OTHER.replace("Move", "Move Up"))]))
    await state.diagnostics(other_uri, 2)
    check(len(state.published[swift_uri]) == 3, "a change to one file publishes for that file only")

    # A ruleset: compile diagnostics as it is typed.
    rules_uri = root + "/rules/team.menus.precept"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=rules_uri, language_id="precept", version=1, text=RULESET)))
    published = await state.diagnostics(rules_uri, 1)
    errors = [d for d in published.diagnostics if d.severity == lsp.DiagnosticSeverity.Error]
    check(errors and "hasLabl" in errors[0].message and "hasLabel" in errors[0].message
          and errors[0].range.start == position(RULESET, "common.hasLabl"),
          "a misspelt let is a compile diagnostic at its name, with a suggestion", str(published))
    fixed = RULESET.replace("hasLabl(", "hasLabel(")
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=rules_uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=fixed)]))
    published = await state.diagnostics(rules_uri, 2)
    check(published.version == 2 and not published.diagnostics, "the corrected ruleset compiles clean", str(published))

    async def complete(text, at):
        answer = await asyncio.wait_for(client.text_document_completion_async(lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=rules_uri), position=at)), TIMEOUT)
        return [item.label for item in answer.items]

    async def edit_to(text, version):
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=rules_uri, version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))
        await state.diagnostics(rules_uri, version)

    typing = fixed.replace("  message", "  re\n  message")
    await edit_to(typing, 3)
    labels = await complete(typing, position(typing, "  re\n", 4))
    check("require" in labels and "severity" not in labels, "completion offers the rule's clauses", str(labels))
    typing = fixed.replace('  message "icon', '  when m.desc\n  message "icon')
    await edit_to(typing, 4)
    labels = await complete(typing, position(typing, "m.desc", 6))
    check("descendants" in labels, "completion offers node fields and functions after a dot", str(labels))
    typing = fixed.replace('  message "icon', '  when common.ha\n  message "icon')
    await edit_to(typing, 5)
    labels = await complete(typing, position(typing, "common.ha", 9))
    check("hasLabel" in labels and "descendants" not in labels, "completion offers an import's lets", str(labels))
    typing = fixed + "extend menu.basic/tri\n"
    await edit_to(typing, 6)
    labels = await complete(typing, position(typing, "basic/tri", 9))
    check("menu.basic/trigger-name" in labels and all(label.startswith("menu.basic/tri") for label in labels),
          "completion offers rule ids", str(labels))
    typing = fixed.replace("severity warning", "severity w")
    await edit_to(typing, 7)
    labels = await complete(typing, position(typing, "severity w", 10))
    check(labels == ["warning"], "completion offers severities", str(labels))
    await edit_to(fixed, 8)

    async def hover_at(at):
        return await asyncio.wait_for(client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=rules_uri), position=at)), TIMEOUT)

    shown = await hover_at(position(fixed, "exists(n", 2))
    check(shown and "list.exists(x, predicate)" in shown.contents.value, "hover shows a macro's forms",
          str(shown))
    shown = await hover_at(position(fixed, 'slot("label")', 1))
    check(shown and "n.slot(name) → list(node)" in shown.contents.value, "hover shows a node function's signature",
          str(shown))
    shown = await hover_at(position(fixed, "common.hasLabel", 9))
    check(shown and "let hasLabel(n)" in shown.contents.value and "accessibilityLabel" in shown.contents.value,
          "hover on an imported let shows its definition and documentation", str(shown))

    async def definition_at(at):
        return await asyncio.wait_for(client.text_document_definition_async(lsp.DefinitionParams(
            text_document=lsp.TextDocumentIdentifier(uri=rules_uri), position=at)), TIMEOUT)

    found = await definition_at(position(fixed, "!iconTrigger", 3))
    check(found and found.uri == rules_uri and found.range.start == position(fixed, "iconTrigger(m) ="),
          "go to definition finds a let in the file", str(found))
    found = await definition_at(position(fixed, "helpers.isSymbol", 10))
    check(found and found.uri == root + "/rules/helpers.precept" and found.range.start.line == 2,
          "go to definition follows an import to the library's file", str(found))
    found = await definition_at(position(fixed, "import helpers", 9))
    check(found and found.uri == root + "/rules/helpers.precept" and found.range.start.line == 0,
          "go to definition on an import opens the imported ruleset", str(found))
    found = await definition_at(position(fixed, "common.hasLabel", 9))
    check(found is None, "a standard ruleset's let has no file to go to (it is built in)", str(found))

    card = await asyncio.wait_for(client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="precept.describe", arguments=[rules_uri])), TIMEOUT)
    check(card.startswith("# team.menus") and "`team.menus` 1.0.0" in card, "precept.describe returns the card text",
          card)
    card = await asyncio.wait_for(client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="precept.describe", arguments=["menu.basic"])), TIMEOUT)
    check(card.startswith("# Menu") and "## Golden Pattern" in card, "precept.describe describes a ruleset by name")
    try:
        await asyncio.wait_for(client.workspace_execute_command_async(lsp.ExecuteCommandParams(
            command="precept.describe", arguments=["menu.basik"])), TIMEOUT)
        check(False, "describing an unknown ruleset is an error")
    except JsonRpcException as error:
        check(error.code == -32602 and "menu.basic" in error.message,
              "describing an unknown ruleset is -32602 with a suggestion", str(error))
    try:
        await asyncio.wait_for(client.protocol.send_request_async("textDocument/hovering", {}), TIMEOUT)
        check(False, "an unknown method is an error")
    except JsonRpcException as error:
        check(error.code == -32601 and "textDocument/hover" in error.message,
              "an unknown method is -32601 (MethodNotFound) with a suggestion", str(error))

    await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
    client.exit(None)
    server = client._server
    code = await asyncio.wait_for(server.wait(), TIMEOUT)
    check(code == 0, "exit after shutdown ends the server with exit 0", str(code))
    await client.stop()


async def review_session(workspace):
    """needsReview: true lists the checks that need a person as information diagnostics."""
    client = LanguageClient("precept-lsp-test", "1")
    state = Session(client)
    await client.start_io(PRECEPT, "lsp")
    root = "file://" + workspace
    await asyncio.wait_for(client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=root, initialization_options={"needsReview": True})),
        TIMEOUT)
    client.initialized(lsp.InitializedParams())
    uri = root + "/Sources/RowActions.swift"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=uri, language_id="swift", version=1, text=TWO_DEFECTS)))
    published = await state.diagnostics(uri, 1)
    reviews = [d for d in published.diagnostics if d.data and d.data.get("kind") == "needsReview"]
    check(reviews and all(d.severity == lsp.DiagnosticSeverity.Information for d in reviews)
          and reviews[0].message.startswith("needs review: "),
          "with needsReview the checks that need a person are information diagnostics", str(published))
    await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), TIMEOUT)
    await client.stop()


APP_ICON = """import SwiftUI

struct AppIcon: View {
  let name: String
  var body: some View { Image(systemName: name) }
}
"""

ICON_BAR = """import SwiftUI

struct Bar: View {
  var body: some View {
    Button { close() } label: { AppIcon(name: "xmark") }
  }
}
"""


async def project_views_session(workspace):
    """An open document is linked to the views the workspace folder's other files declare, as
    `precept lint FOLDER` links them; a change to a declaration re-lints the documents using it."""
    views = os.path.join(workspace, "Views")
    os.makedirs(views)
    with open(os.path.join(views, "AppIcon.swift"), "w") as file:
        file.write(APP_ICON)
    client = LanguageClient("precept-lsp-test", "1")
    state = Session(client)
    await client.start_io(PRECEPT, "lsp")
    root = "file://" + workspace
    await asyncio.wait_for(client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=root,
        workspace_folders=[lsp.WorkspaceFolder(uri=root, name="app")])), TIMEOUT)
    client.initialized(lsp.InitializedParams())
    bar_uri = root + "/Views/Bar.swift"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=bar_uri, language_id="swift", version=1, text=ICON_BAR)))
    published = await state.diagnostics(bar_uri, 1)
    codes = [d.code for d in published.diagnostics]
    check("button.basic/accessible-name" in codes and published.diagnostics[0].range.start.line == 4,
          "an open document sees the workspace's own views: AppIcon on disk draws only an image", str(published))
    icon_uri = root + "/Views/AppIcon.swift"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=icon_uri, language_id="swift", version=1, text=APP_ICON)))
    await state.diagnostics(icon_uri, 1)
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=icon_uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(
            text=APP_ICON.replace("Image(systemName: name)", "Label(name, systemImage: name)"))]))
    published = await state.diagnostics(bar_uri, 2)
    check("button.basic/accessible-name" not in [d.code for d in published.diagnostics],
          "editing a declaration re-lints its uses in other open documents", str(published))
    await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), TIMEOUT)
    await client.stop()


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(id_, method, params=None):
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return frame(json.dumps(message).encode())


def notification(method, params):
    return frame(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode())


def read_messages(data):
    messages = []
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        length = int(header.decode().split(":")[1])
        messages.append(json.loads(rest[:length]))
        data = rest[length:]
    return messages


def raw_session(workspace):
    """What a client library cannot send; then exit without shutdown."""
    root = "file://" + workspace
    huge_uri = root + "/Huge.swift"
    big_uri = root + "/Big.swift"
    stream = b"".join([
        request(1, "textDocument/hover", {"textDocument": {"uri": "file:///x.swift"},
                                          "position": {"line": 0, "character": 0}}),
        request(2, "initialize", {"rootUri": root, "capabilities": {}}),
        notification("initialized", {}),
        b"Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":90,\"method\":\"shutdown\"}",
        b"Content-Length: twelve\r\n\r\n{}",
        frame(b"{not json"),
        frame(b'{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"x":"\xff\xfe"}}'),
        request(4, "textDocument/hoverr", {}),
        b"Content-Length: 2\r\nContent-Type: application/json; charset=latin1\r\n\r\n{}",
        notification("textDocument/didOpen", {"textDocument": {
            "uri": huge_uri, "languageId": "swift", "version": 1, "text": "// " + "x" * (5 * 1024 * 1024)}}),
        notification("textDocument/didOpen", {"textDocument": {
            "uri": big_uri, "languageId": "swift", "version": 1, "text": "// " + "y" * (17 * 1024 * 1024)}}),
        frame(b"[]"),
        request(5, "textDocument/hover", {"textDocument": {"uri": huge_uri}, "position": {"line": 0, "character": 0}}),
        notification("exit", None),
    ])
    done = subprocess.run([PRECEPT, "lsp"], input=stream, capture_output=True, timeout=TIMEOUT)
    check(done.returncode == 1, "exit without shutdown ends the server with exit 1",
          f"{done.returncode}: {done.stderr.decode()[-2000:]}")
    messages = read_messages(done.stdout)
    answers = {m.get("id"): m for m in messages if "id" in m and m.get("id") is not None}
    errors = [m["error"] for m in messages if "error" in m]
    check(answers[1]["error"]["code"] == -32002, "a request before initialize is -32002 (ServerNotInitialized)",
          json.dumps(answers[1]))
    check("result" in answers[2], "initialize is answered")
    null_errors = [m["error"] for m in messages if "error" in m and m.get("id") is None]
    check(any("no Content-Length" in e["message"] and e["code"] == -32700 for e in null_errors),
          "a header without Content-Length is a parse error", json.dumps(null_errors))
    check(90 not in answers, "the body after a header without a length is skipped, not run")
    check(any("must be a number" in e["message"] for e in null_errors), "a Content-Length that is not a number is an error")
    check(any(e["code"] == -32700 and "not JSON" in e["message"] for e in null_errors), "a body that is not JSON is -32700")
    check(answers[3]["error"]["code"] == -32700 and "invalid UTF-8" in answers[3]["error"]["message"],
          "invalid UTF-8 is a parse error answered with the request's id", json.dumps(answers[3]))
    check(answers[4]["error"]["code"] == -32601 and "did you mean 'textDocument/hover'" in answers[4]["error"]["message"],
          "an unknown method is -32601 with a suggestion")
    check(any("charset is latin1" in e["message"] for e in errors), "a charset other than UTF-8 is refused")
    published = [m["params"] for m in messages if m.get("method") == "textDocument/publishDiagnostics"]
    huge = [p for p in published if p["uri"] == huge_uri]
    check(huge and "over the limit of 4194304 bytes" in huge[0]["diagnostics"][0]["message"]
          and huge[0]["diagnostics"][0]["severity"] == 1,
          "a huge document gets one error diagnostic naming the limit", json.dumps(huge)[:2000])
    check(any("over the limit of 16777216 bytes" in e["message"] and e["code"] == -32600 for e in errors),
          "an oversized message is -32600 with the limit")
    big = [p for p in published if p["uri"] == big_uri]
    check(big and "16777216" in big[0]["diagnostics"][0]["message"],
          "the document of an oversized message gets a diagnostic too", json.dumps(big)[:2000])
    check(any("batches are not supported" in e["message"] for e in errors), "a batch is refused")
    check(answers[5].get("result") is None and "error" not in answers[5], "the server still answers after the errors")


def main():
    print(f"pygls {version('pygls')}, lsprotocol {version('lsprotocol')}")
    workspace = tempfile.mkdtemp(prefix="precept-lsp-")
    try:
        os.makedirs(os.path.join(workspace, "rules"))
        with open(os.path.join(workspace, "rules", "helpers.precept"), "w") as file:
            file.write(HELPERS)
        with open(os.path.join(workspace, "precept.json"), "w") as file:
            json.dump({"precept": 1, "paths": ["rules/helpers.precept"],
                       "severity": {"menu.basic/destructive-role": "warning"}}, file)
        asyncio.run(session(workspace))
        asyncio.run(review_session(workspace))
        asyncio.run(project_views_session(workspace))
        raw_session(workspace)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    print("all checks passed")


main()
