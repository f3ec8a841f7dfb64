"""Drives `precept mcp` with the official MCP Python SDK's stdio client, as an agent's host
would: initialize, list the tools, call each one, read a card, and the error cases. Run by
MCPEndToEndTests; usage: python3 mcp_client_session.py PRECEPT_EXECUTABLE.

Prints one `ok: CHECK` line per check that passed; exits 1 on the first failure (with the
reason on standard error) and 3 when the SDK is not installed.
"""

import json
import subprocess
import sys
import warnings

try:
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPError
except ImportError as error:  # the test reports this as a failure, never a skip
    print(f"the MCP Python SDK is missing ({error}): pip install mcp", file=sys.stderr)
    sys.exit(3)

PRECEPT = sys.argv[1]
# Every request is bounded: a server that stops answering fails the check, it does not hang it.
TIMEOUT = 60

TWO_DEFECTS = """import SwiftUI

struct RowActions: View {
  var body: some View {
    Menu {
      Button("Rename") { }
    } label: {
      Image(systemName: "ellipsis")
    }
  }
}
"""


def check(condition, what, detail=""):
    if not condition:
        print(f"FAILED: {what}\n{detail}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def text_of(result):
    return "\n".join(item.text for item in result.content if getattr(item, "type", "") == "text")


async def session():
    params = StdioServerParameters(command=PRECEPT, args=["mcp"])
    # mode="auto" first probes the 2026 server/discover, which precept answers with -32601
    # (method not found), then falls back to the initialize handshake.
    async with Client(params, mode="auto", read_timeout_seconds=TIMEOUT) as client:
        check(client.server_info.name == "precept", "initialize names the server")
        check(client.protocol_version == "2025-11-25", "initialize negotiates 2025-11-25", client.protocol_version)
        check(client.server_capabilities.tools is not None, "the server offers tools")
        with warnings.catch_warnings():  # ping is deprecated only in the 2026 revision
            warnings.simplefilter("ignore")
            await client.send_ping()
        check(True, "ping is answered")

        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        expected = {"list_components", "get_card", "lint_swift", "check_view_model", "explain_rule"}
        check(set(tools) == expected, "tools/list lists the five tools", sorted(tools))
        check(tools["lint_swift"].input_schema["required"] == ["code"], "lint_swift's schema requires code")

        listed = await client.call_tool("list_components", {})
        names = [item["name"] for item in listed.structured_content["components"]]
        menu = next(item for item in listed.structured_content["components"] if item["name"] == "menu.basic")
        check(not listed.is_error and "menu.basic" in names, "list_components lists menu.basic", names)
        check(menu["useWhen"] and any(item.get("instead") == "select.menu" for item in menu["tryAnotherWhen"]),
              "list_components gives use when, try another when and the component instead", json.dumps(menu))

        card = await client.call_tool("get_card", {"component": "menu.basic"})
        check(not card.is_error and "## Golden Pattern" in text_of(card), "get_card returns the card's Markdown")
        golden = card.structured_content["goldenPattern"]
        check(golden and "Menu" in golden[0] and "```" not in golden[0], "get_card returns the golden pattern as code")

        resources = (await client.list_resources()).resources
        uris = [str(resource.uri) for resource in resources]
        check("precept://cards/menu.basic" in uris, "resources/list has a card per component", uris)
        read = await client.read_resource("precept://cards/menu.basic")
        check(read.contents[0].text.startswith("# Menu"), "resources/read returns the card")
        try:
            await client.read_resource("precept://cards/menu.basics")
            check(False, "an unknown resource is an error")
        except MCPError as error:
            check(error.code == -32602 and "menu.basic" in error.message, "an unknown resource is -32602 with a suggestion",
                  error.message)

        linted = await client.call_tool("lint_swift", {"code": TWO_DEFECTS, "file": "RowActions.swift"})
        findings = linted.structured_content["findings"]
        rules = sorted(finding["rule"] for finding in findings)
        check(not linted.is_error and len(findings) >= 2, "lint_swift finds the two defects", json.dumps(rules))
        first = findings[0]
        check(first["explanation"]["summary"] and first.get("help") and first["file"] == "RowActions.swift",
              "a finding carries its explanation, help and file", json.dumps(first))
        check("why: " in text_of(linted), "the text lists why each finding failed")
        check(isinstance(linted.structured_content["needsReview"], list), "the report lists the needs-review items")

        fixed = golden[0]
        clean = await client.call_tool("lint_swift", {"code": fixed})
        check(not clean.is_error and clean.structured_content["summary"]["errors"] == 0, "the golden pattern lints clean",
              text_of(clean))

        rule = findings[0]["rule"]
        explained = await client.call_tool("explain_rule", {"rule": rule, "code": TWO_DEFECTS})
        outcomes = [node["outcome"] for node in explained.structured_content["nodes"]]
        check(not explained.is_error and "failed" in outcomes, "explain_rule shows the rule failing", text_of(explained))

        button = {"type": "Button", "line": 2, "column": 3,
                  "args": [{"label": None, "kind": "string", "value": "Rename", "line": 2, "column": 10}]}
        model = {"viewmodel": 1, "file": "M.swift",
                 "nodes": [{"type": "Menu", "line": 1, "column": 1, "children": [button]}]}
        checked = await client.call_tool("check_view_model", {"model": model})
        model_rules = [finding["rule"] for finding in checked.structured_content["findings"]]
        check(not checked.is_error and "menu.basic/min-commands" in model_rules, "check_view_model evaluates a model",
              text_of(checked))
        not_model = await client.call_tool("check_view_model", {"model": json.dumps({"root": 3})})
        check(not_model.is_error and "<model>:1:" in text_of(not_model), "a model that is not one is a tool error",
              text_of(not_model))

        # Error cases: each is answered, and the session goes on.
        try:
            await client.call_tool("lint_swifty", {"code": "x"})
            check(False, "an unknown tool is a protocol error")
        except MCPError as error:
            check(error.code == -32602 and "lint_swift" in error.message, "an unknown tool is -32602 naming the tools",
                  error.message)

        bad = await client.call_tool("lint_swift", {"source": "x"})
        check(bad.is_error and "unknown argument 'source'" in text_of(bad), "a wrong argument is a tool error",
              text_of(bad))
        bad = await client.call_tool("lint_swift", {"code": 42})
        check(bad.is_error and "must be a string" in text_of(bad), "a mistyped argument is a tool error", text_of(bad))

        broken = await client.call_tool("lint_swift", {"code": "struct V: View { var body: some View { Menu { "})
        check(broken.is_error and "snippet.swift:1:" in text_of(broken)
              and broken.structured_content["inputErrors"], "code that does not parse is a tool error with its position",
              text_of(broken))

        big = await client.call_tool("lint_swift", {"code": "// " + "x" * (1024 * 1024)})
        check(big.is_error and "over the limit of 1048576 bytes" in text_of(big), "oversized code is a tool error",
              text_of(big))
        try:
            await client.call_tool("lint_swift", {"code": "x" * (9 * 1024 * 1024)})
            check(False, "an oversized message is a protocol error")
        except MCPError as error:
            check(error.code == -32600 and "8388608" in error.message, "an oversized message is -32600 with the limit",
                  error.message)

        again = await client.call_tool("lint_swift", {"code": TWO_DEFECTS})
        check(not again.is_error and len(again.structured_content["findings"]) == len(findings),
              "after the errors a valid call still works")


def raw_session():
    """What the SDK cannot send: bytes that are not JSON, an unknown method, a batch; then EOF."""
    lines = [
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
        b'"capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
        b"{not json",
        b'{"jsonrpc":"2.0","id":2,"method":"tools/lists"}',
        b"[]",
        b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":[]}',
        b'{"jsonrpc":"2.0","id":4,"method":"ping"}',
    ]
    done = subprocess.run([PRECEPT, "mcp"], input=b"\n".join(lines) + b"\n", capture_output=True, timeout=TIMEOUT)
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    check(done.returncode == 0, "end of input ends the server with exit 0", done.stderr.decode())
    check(len(answers) == 6, "every request and every bad message gets one answer, notifications none",
          done.stdout.decode())
    codes = [answer.get("error", {}).get("code") for answer in answers]
    check(codes == [None, -32700, -32601, -32600, -32602, None], "parse error, unknown method, batch, bad params",
          json.dumps(answers))
    check("did you mean 'tools/list'" in answers[2]["error"]["message"], "an unknown method suggests one")
    check(answers[5]["id"] == 4 and answers[5]["result"] == {}, "the server still answers after the errors")


raw_session()
anyio.run(session)
print("all checks passed")
