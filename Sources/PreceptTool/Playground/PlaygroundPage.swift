/// The playground's page, script and style, served from memory: nothing is loaded from the
/// network, and the Content-Security-Policy the server sends allows only these three files
/// and requests to the server itself.
///
/// The page writes every value it shows with `textContent`, never as markup, so a ruleset's
/// message or a file's code cannot inject anything.
enum PlaygroundPage {
  static let html = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Precept playground</title>
    <link rel="stylesheet" href="/playground.css">
    <script src="/playground.js" defer></script>
    </head>
    <body>
    <header>
      <h1>Precept playground</h1>
      <p>Edit the ruleset or the code: findings, explanations, the view model and the bytecode follow.</p>
      <div class="bar">
        <label for="example">Example</label>
        <select id="example"></select>
        <p id="status" role="status" aria-live="polite">Loading…</p>
      </div>
    </header>
    <main id="main">
      <section class="editor" aria-labelledby="ruleset-heading">
        <h2 id="ruleset-heading"><label for="ruleset">Ruleset</label></h2>
        <textarea id="ruleset" spellcheck="false" autocapitalize="off" aria-describedby="ruleset-help"></textarea>
        <p id="ruleset-help" class="help">Rules in the Precept language. Leave it empty to use the standard rulesets.</p>
        <h3 id="diagnostics-heading">Ruleset diagnostics</h3>
        <ul id="diagnostics" aria-labelledby="diagnostics-heading"></ul>
      </section>
      <section class="editor" aria-labelledby="code-heading">
        <h2 id="code-heading"><label for="code">Code</label></h2>
        <textarea id="code" spellcheck="false" autocapitalize="off" aria-describedby="language-help"></textarea>
        <p id="language-help" class="help">
          <label for="language">Language</label>
          <select id="language">
            <option value="swift">SwiftUI source</option>
            <option value="json">View-model JSON</option>
          </select>
        </p>
        <h3 id="input-heading">Input errors</h3>
        <ul id="input-errors" aria-labelledby="input-heading"></ul>
      </section>
      <section class="results" aria-labelledby="findings-heading">
        <h2 id="findings-heading">Findings</h2>
        <ol id="findings"></ol>
        <h3 id="review-heading">Needs review</h3>
        <ol id="review" aria-labelledby="review-heading"></ol>
        <h3 id="notrun-heading">Not run</h3>
        <ol id="not-run" aria-labelledby="notrun-heading"></ol>
      </section>
      <section class="results" aria-labelledby="model-heading">
        <details open>
          <summary><h2 id="model-heading">View model the rules see</h2></summary>
          <pre id="model" tabindex="0" aria-labelledby="model-heading"></pre>
        </details>
        <details>
          <summary><h2 id="bytecode-heading">Bytecode</h2></summary>
          <pre id="bytecode" tabindex="0" aria-labelledby="bytecode-heading"></pre>
        </details>
      </section>
    </main>
    </body>
    </html>

    """

  static let script = #"""
    "use strict";
    (() => {
      const $ = (id) => document.getElementById(id);
      let examples = [];
      let timer = null;
      let sequence = 0;

      function element(tag, text, className) {
        const node = document.createElement(tag);
        if (text !== undefined) node.textContent = text;
        if (className) node.className = className;
        return node;
      }

      function plural(count, word) {
        return count + " " + word + (count === 1 ? "" : "s");
      }

      // Selects line `line` of the code editor, so a finding's place is one click away.
      function goToLine(line) {
        const editor = $("code");
        const lines = editor.value.split("\n");
        let start = 0;
        for (let index = 0; index < line - 1 && index < lines.length; index += 1) start += lines[index].length + 1;
        const end = start + (lines[line - 1] || "").length;
        editor.focus();
        editor.setSelectionRange(start, end);
      }

      // A place in the code: a button that selects its line, for Swift source; for a view
      // model, the line is the Swift file's the model came from, so it is only shown.
      function place(item) {
        if ($("language").value !== "swift") return element("span", "line " + item.line + ":" + item.column, "where");
        const button = element("button", "line " + item.line + ":" + item.column, "place");
        button.type = "button";
        button.addEventListener("click", () => goToLine(item.line));
        return button;
      }

      function fill(list, items, render, empty) {
        list.replaceChildren();
        if (items.length === 0) {
          list.append(element("li", empty, "empty"));
          return;
        }
        for (const item of items) list.append(render(item));
      }

      function diagnostic(item) {
        const row = element("li", undefined, "diagnostic " + item.severity);
        row.append(element("span", item.severity, "tag " + item.severity), " ");
        row.append(element("span", item.line + ":" + item.column, "where"), " ", item.message);
        row.append(element("pre", item.rendered));
        return row;
      }

      function finding(item) {
        const row = element("li", undefined, "finding");
        const head = element("p");
        head.append(element("span", item.severity, "tag " + item.severity), " ", place(item), " ");
        head.append(element("code", item.rule), " ", element("span", item.message, "message"));
        row.append(head);
        const facts = element("dl");
        const add = (term, value, code) => {
          if (!value) return;
          facts.append(element("dt", term));
          const description = element("dd");
          description.append(code ? element("code", value) : value);
          facts.append(description);
        };
        add("Why", item.explanation && item.explanation.summary);
        add("WCAG", (item.wcag || []).join(", "));
        add("Help", item.help);
        add("Fix", item.fix, true);
        row.append(facts);
        return row;
      }

      function review(item) {
        const row = element("li", undefined, "review");
        row.append(place(item), " ");
        if (item.category) row.append(element("span", item.category, "tag note"), " ");
        row.append(item.message, " ", element("code", item.rule));
        return row;
      }

      function notRun(item) {
        const row = element("li", undefined, "not-run");
        row.append(place(item), " ", element("code", item.rule), " " + item.reason + ": " + item.message);
        return row;
      }

      function render(result) {
        const report = result.report;
        fill($("diagnostics"), result.rulesetDiagnostics, diagnostic, "The ruleset compiles.");
        fill($("input-errors"), result.inputErrors, diagnostic, "The code was read.");
        fill($("findings"), report ? report.findings : [], finding, report ? "No findings." : "Nothing was checked.");
        fill($("review"), report ? report.needsReview : [], review, "Nothing to review.");
        fill($("not-run"), report ? report.notRun : [], notRun, "Every rule ran.");
        $("model").textContent = result.model;
        $("bytecode").textContent = result.bytecode || "(the standard rulesets: give a ruleset to see its bytecode)";
        const parts = [];
        if (result.rulesetDiagnostics.some((d) => d.severity === "error")) {
          parts.push("The ruleset does not compile: " + plural(result.rulesetDiagnostics.length, "diagnostic"));
        } else {
          parts.push(plural(result.rules, "rule"));
        }
        if (result.inputErrors.length > 0) parts.push(plural(result.inputErrors.length, "input error"));
        if (report) {
          parts.push(plural(report.findings.length, "finding"));
          parts.push(report.needsReview.length + " to review");
        }
        $("status").textContent = parts.join(", ") + ".";
      }

      async function evaluate() {
        const id = ++sequence;
        const body = JSON.stringify({ ruleset: $("ruleset").value, code: $("code").value, language: $("language").value });
        let result;
        try {
          const response = await fetch("/api/evaluate", {
            method: "POST", headers: { "Content-Type": "application/json" }, body,
          });
          result = await response.json().catch(() => ({ error: "status " + response.status }));
          if (!response.ok) {
            if (id === sequence) $("status").textContent = "The server refused the request: " + result.error;
            return;
          }
        } catch (error) {
          if (id === sequence) $("status").textContent = "The playground server is not answering (" + error.message + ").";
          return;
        }
        if (id === sequence) render(result);
      }

      function schedule() {
        clearTimeout(timer);
        timer = setTimeout(evaluate, 200);
      }

      function choose(index) {
        const example = examples[index];
        if (!example) return;
        $("ruleset").value = example.ruleset;
        $("code").value = example.code;
        $("language").value = example.language;
        evaluate();
      }

      async function start() {
        for (const id of ["ruleset", "code"]) $(id).addEventListener("input", schedule);
        $("language").addEventListener("change", evaluate);
        $("example").addEventListener("change", (event) => choose(Number(event.target.value)));
        try {
          examples = await (await fetch("/api/examples")).json();
        } catch (error) {
          $("status").textContent = "The examples could not be loaded (" + error.message + ").";
          return;
        }
        examples.forEach((example, index) => $("example").append(new Option(example.title, String(index))));
        if (examples.length > 0) choose(0);
        else evaluate();
      }

      start();
    })();

    """#

  static let style = """
    :root { color-scheme: light dark; --border: #767676; --error: #b00020; --warning: #8a5300; --note: #00529b; }
    body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; }
    header { padding: 0.75rem 1.25rem; border-bottom: 1px solid var(--border); }
    h1 { font-size: 1.4rem; margin: 0 0 0.25rem; }
    h2 { font-size: 1.1rem; margin: 0.25rem 0; display: inline-block; }
    h3 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; }
    .bar { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
    #status { margin: 0 0 0 1rem; font-weight: 600; }
    main { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; padding: 1rem 1.25rem; }
    section { min-width: 0; }
    textarea { width: 100%; box-sizing: border-box; height: 22rem; font: 13px/1.4 ui-monospace, Menlo, monospace;
      border: 1px solid var(--border); border-radius: 4px; padding: 0.5rem; tab-size: 4; }
    pre { font: 12px/1.35 ui-monospace, Menlo, monospace; overflow: auto; max-height: 28rem; margin: 0.25rem 0;
      padding: 0.5rem; border: 1px solid var(--border); border-radius: 4px; white-space: pre; }
    li pre { max-height: 10rem; }
    .help { margin: 0.25rem 0; font-size: 0.9rem; }
    ol, ul { padding-left: 1.25rem; margin: 0.25rem 0; }
    li { margin: 0.25rem 0; }
    li.empty { list-style: none; margin-left: -1.25rem; font-style: italic; }
    .tag { font-size: 0.8rem; font-weight: 700; text-transform: uppercase; padding: 0 0.3rem; border-radius: 3px;
      border: 1px solid currentColor; }
    .tag.error { color: var(--error); } .tag.warning { color: var(--warning); } .tag.info, .tag.note { color: var(--note); }
    .place { font: inherit; font-size: 0.85rem; padding: 0 0.3rem; cursor: pointer; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.6rem; margin: 0.25rem 0 0.5rem; }
    dt { font-weight: 600; } dd { margin: 0; }
    :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
    @media (max-width: 900px) { main { grid-template-columns: 1fr; } }

    """
}
