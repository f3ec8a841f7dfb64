import Foundation
import Precept

/// A REPL command (`:run RULE`): declared once, for dispatch, `:help` and completion.
struct SessionCommand: Sendable {
  var name: String
  /// What follows the name, as `:help` shows it (`RULE [NODE]`).
  var arguments: String
  /// One or two lines for `:help`.
  var summary: String
  /// What completes the first argument.
  var completes: ArgumentKind
  /// Runs the command with its argument; returns false to end the session.
  var run: @Sendable (ReplSession, Input) -> Bool

  /// The rest of the entry, and the entry it is part of (an expression argument is parsed in
  /// the entry, from `argumentStart`, so diagnostics point into the entry as typed).
  struct Input: Sendable {
    var argument: String
    var source: SourceFile
    /// The UTF-8 offset of the argument in `source`.
    var argumentStart: Int
  }

  enum ArgumentKind: Sendable {
    case none, file, rule, ruleOrExpression, expression, helpTopic
  }

  static let all: [SessionCommand] = [
    SessionCommand(
      name: ":help", arguments: "[functions]", summary: "this text; with 'functions', the functions and node fields",
      completes: .helpTopic
    ) { session, input in
      session.console.print(input.argument == "functions" ? session.functionsHelp : ReplSession.help)
      return true
    },
    SessionCommand(
      name: ":load", arguments: "FILE",
      summary: "load a ruleset (.precept, or a folder of them) or a model (.swift, .json)",
      completes: .file
    ) { session, input in
      session.load(input.argument)
      return true
    },
    SessionCommand(
      name: ":model", arguments: "FILE", summary: "load a model: SwiftUI source (.swift) or a view model (.json)",
      completes: .file
    ) { session, input in
      session.loadModelCommand(input.argument)
      return true
    },
    SessionCommand(
      name: ":nodes", arguments: "", summary: "the model's nodes, with the indices nodes[i] and :explain use",
      completes: .none
    ) { session, _ in
      session.printNodes()
      return true
    },
    SessionCommand(name: ":rules", arguments: "", summary: "the loaded rules: id, severity, selector", completes: .none)
    {
      session, _ in
      session.printRules()
      return true
    },
    SessionCommand(
      name: ":run", arguments: "RULE", summary: "the rule's outcome on every node it visits", completes: .rule
    ) {
      session, input in
      session.run(input.argument)
      return true
    },
    SessionCommand(
      name: ":explain", arguments: "RULE [NODE]",
      summary:
        "the value of when, each require and forbid, and their parts, on\neach node the rule visits, or on NODE: an index, or FILE:LINE[:COLUMN]",
      completes: .rule
    ) { session, input in
      session.explain(input.argument)
      return true
    },
    SessionCommand(name: ":disasm", arguments: "EXPR|RULE", summary: "the bytecode", completes: .ruleOrExpression) {
      session, input in
      session.disassemble(input)
      return true
    },
    SessionCommand(name: ":ast", arguments: "EXPR", summary: "the syntax tree", completes: .expression) {
      session, input in
      session.printSyntaxTree(input)
      return true
    },
    SessionCommand(
      name: ":reload", arguments: "", summary: "read the ruleset and model files again if they changed",
      completes: .none
    ) { session, _ in
      session.reload()
      return true
    },
    SessionCommand(name: ":quit", arguments: "", summary: "end the session (also Ctrl-D)", completes: .none) { _, _ in
      false
    },
  ]

  /// The command an entry names: its exact name, or `:q` for `:quit`.
  static func named(_ name: String) -> SessionCommand? {
    all.first { $0.name == name || (name == ":q" && $0.name == ":quit") }
  }
}

extension ReplSession {
  static let help: String = {
    let entries: [(String, String)] =
      [
        ("EXPR", "evaluate against the model; the value prints as a literal"),
        ("let NAME = EXPR", "bind NAME to the value, for the entries that follow"),
        ("let NAME(P, …) = EXPR", "define a function, for expressions and for rules written here"),
        (
          "rule ID { … }",
          "define a rule (review ID { … }: a review item) in the session's\nruleset '\(scopeName)'; the same ID again replaces it"
        ),
        (
          "host NAME(P, …)",
          "declare a host function for rules written here (none is\nregistered, so a call to it is an error)"
        ),
      ] + SessionCommand.all.map { ($0.name + ($0.arguments.isEmpty ? "" : " " + $0.arguments), $0.summary) }
    let width = entries.map(\.0.count).max()! + 2
    let lines = entries.map { usage, summary in
      let padding = String(repeating: " ", count: width - usage.count)
      return "  " + usage + padding
        + summary.replacingOccurrences(of: "\n", with: "\n  " + String(repeating: " ", count: width))
    }
    return """
      Type an expression to evaluate it, or:

      \(lines.joined(separator: "\n"))

      Names: nodes (every node of the model, in preorder), roots (the top-level nodes), your
      bindings, and the lets of the loaded rulesets, by name (iconOnly(m)) or qualified
      (menu.basic.iconOnly(m)). A node prints as <Menu MapScreen.swift:12:9>. RULE is a full
      id (menu.basic/trigger-name) or the id inside its ruleset (trigger-name).

      Keys: Tab completes; Up and Down browse the history (kept in ~/.precept_history, or in
      $PRECEPT_HISTORY); Ctrl-C abandons the entry; Ctrl-D on an empty entry ends the
      session. An entry goes on over more lines while the parser needs more of it: a bracket,
      a rule's { or a triple-quoted string still open, or an operator without its right
      operand. Diagnostics name entry N as <repl N>, with lines counted from the entry's
      first. :help functions lists the functions.
      """
  }()

  var functionsHelp: String {
    var text = "Functions:\n" + Vocabulary.signatures.map { "  " + $0 }.joined(separator: "\n")
    text += """

      Macros (v is a variable, p a condition, f a value):
        x.all(v, p)  x.exists(v, p)  x.exists_one(v, p)  x.filter(v, p)  x.map(v, f)  x.map(v, p, f)
        has(x.field): whether a map has the key, or a node-like value the field
      Node fields: \(Vocabulary.nodeFields.joined(separator: ", "))
      """
    let lets = engine.rulesets.filter { !$0.letSignatures.isEmpty }
    if !lets.isEmpty {
      text +=
        "\nLets:\n" + lets.map { "  \($0.name): " + $0.letSignatures.joined(separator: ", ") }.joined(separator: "\n")
    }
    return text
  }

  /// Runs a `:command` entry; returns false to end the session.
  func command(_ source: SourceFile) -> Bool {
    let entry = String(decoding: source.bytes, as: UTF8.self)
    let leading = entry.prefix { $0.isWhitespace }
    let text = entry.trimmingCharacters(in: .whitespacesAndNewlines)
    let name = String(text.prefix { !$0.isWhitespace })
    let rest = text.dropFirst(name.count)
    let argument = rest.drop { $0.isWhitespace }
    guard let command = SessionCommand.named(name) else {
      let suggestion =
        Spelling.closest(name, in: SessionCommand.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
      fail("unknown command '\(name)'\(suggestion) (:help lists the commands)")
      return true
    }
    if argument.isEmpty, !command.arguments.isEmpty, !command.arguments.hasPrefix("[") {
      fail("\(command.name) needs \(command.arguments)")
      return true
    }
    if !argument.isEmpty, command.arguments.isEmpty {
      fail("\(command.name) takes no argument")
      return true
    }
    let argumentStart = leading.utf8.count + text.utf8.distance(from: text.startIndex, to: argument.startIndex)
    return command.run(
      self, SessionCommand.Input(argument: String(argument), source: source, argumentStart: argumentStart))
  }

  // MARK: Loading

  func load(_ path: String) {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    if path.hasSuffix(".swift") || path.hasSuffix(".json") {
      loadModelCommand(path)
    } else if path.hasSuffix(".precept") || (exists && isDirectory.boolValue) {
      let paths = rulesetPaths.contains(path) ? rulesetPaths : rulesetPaths + [path]
      guard loadRulesets(paths, adopt: false) else { return }
      let rules = engine.rules.count
      console.print(
        "loaded \(path): " + loadedRulesetNames
          + " (\(rules) rule\(rules == 1 ? "" : "s"))")
    } else {
      fail("\(path): expected a ruleset (.precept, or a folder) or a model (.swift, .json)")
    }
  }

  func loadModelCommand(_ path: String) {
    guard loadModel(path), let model else { return }
    console.print("loaded \(path): \(model.viewModel.nodeCount) node\(model.viewModel.nodeCount == 1 ? "" : "s")")
  }

  // MARK: Rules

  /// The rule an argument names: a full id, or an id inside one ruleset.
  func rule(named name: String) -> RuleInfo? {
    let rules = engine.rules
    if let exact = rules.first(where: { $0.id == name }) { return exact }
    let local = rules.filter { $0.localID == name }
    if local.count == 1 { return local[0] }
    if local.count > 1 {
      fail("'\(name)' is a rule of several rulesets: " + local.map(\.id).joined(separator: ", "))
      return nil
    }
    let suggestion = Spelling.closest(name, in: rules.map(\.id) + rules.map(\.localID)).map {
      "; did you mean '\($0)'?"
    }
    fail("no rule '\(name)'\(suggestion ?? "") (:rules lists them)")
    return nil
  }

  func printRules() {
    let rules = engine.rules
    guard !rules.isEmpty else {
      console.print("no rules loaded")
      return
    }
    let idWidth = rules.map(\.id.count).max()! + 2
    let severities = rules.map(ReplSession.severityText)
    let severityWidth = severities.map(\.count).max()! + 2
    for (rule, severity) in zip(rules, severities) {
      console.print(
        rule.id + String(repeating: " ", count: idWidth - rule.id.count) + severity
          + String(repeating: " ", count: severityWidth - severity.count) + rule.selector)
    }
  }

  /// The loaded model, or nil after saying there is none.
  private func requireModel() -> LoadedModel? {
    if let model { return model }
    fail("no model loaded; :model FILE loads one")
    return nil
  }

  private func header(_ rule: RuleInfo) -> String {
    console.outStyle.bold(rule.id) + " (\(ReplSession.severityText(rule))) " + rule.selector
  }

  private func describe(_ node: NodeReference) -> String {
    "[\(node.index)] " + Printer.literal(.node(node))
  }

  /// The outcome of a rule on a node, with its message.
  private func outcome(_ outcome: Outcome) -> String {
    let style = console.outStyle
    switch outcome.result {
    case .failed:
      return style.paint("failed", .red) + (outcome.finding.map { ": " + TerminalStyle.escaped($0.message) } ?? "")
    case .passed: return style.paint("passed", .green)
    case .inapplicable: return style.dim("inapplicable") + " (when is false)"
    case .needsReview:
      return style.paint("needs review", .yellow)
        + (outcome.reviewItems.first.map { ": " + TerminalStyle.escaped($0.message) } ?? "")
    case .notRun(let reason, let message):
      let place = outcome.notRun?.place.map { " at \($0.file):\($0.line):\($0.column)" } ?? ""
      return style.paint("not run", .magenta) + " (\(reason.rawValue)): \(TerminalStyle.escaped(message + place))"
    }
  }

  func run(_ argument: String) {
    guard let rule = rule(named: argument), let model = requireModel() else { return }
    let report = engine.evaluate(model.viewModel, options: EvaluationOptions(recordOutcomes: true, rules: [rule.id]))
    console.print(header(rule))
    guard !report.outcomes.isEmpty else {
      console.print("  visits no node of \(model.path)")
      return
    }
    let nodes = report.outcomes.map { describe($0.node) }
    let width = nodes.map(\.count).max()! + 2
    for (outcome, node) in zip(report.outcomes, nodes) {
      console.print("  " + node + String(repeating: " ", count: width - node.count) + self.outcome(outcome))
    }
    let counts = report.ruleCounts[rule.id] ?? OutcomeCounts()
    let parts = [
      (counts.failed, "failed"), (counts.passed, "passed"), (counts.inapplicable, "inapplicable"),
      (counts.needsReview, "need review"), (counts.notRun, "not run"),
    ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    console.print(parts.joined(separator: ", "))
  }

  /// The nodes a `:explain` argument names: an index into `nodes`, or `FILE:LINE[:COLUMN]`
  /// (FILE as nodes print it or as it was loaded, or the last components of either).
  private func nodes(named text: String, in model: LoadedModel) -> Set<Int>? {
    let count = model.viewModel.nodeCount
    if let index = Int(text) {
      guard index >= 0, index < count else {
        fail("no node \(index): the model's nodes are 0 to \(count - 1)")
        return nil
      }
      return [index]
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = parts.dropFirst().map { Int($0) }
    guard parts.count == 2 || parts.count == 3, numbers.allSatisfy({ $0 != nil }) else {
      fail("'\(text)' is not a node: give an index into nodes, or FILE:LINE[:COLUMN]")
      return nil
    }
    let file = String(parts[0])
    let sameFile = [model.path, model.viewModel.file].contains { $0 == file || $0.hasSuffix("/" + file) }
    let matches = (0..<count).filter { index in
      let node = model.viewModel.node(index)
      return sameFile && node.line == numbers[0]! && (numbers.count == 1 || node.column == numbers[1]!)
    }
    if matches.isEmpty {
      fail("no node at \(text) in \(model.path)")
      return nil
    }
    return Set(matches)
  }

  func explain(_ argument: String) {
    let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count <= 2 else {
      fail(":explain takes RULE and at most one NODE")
      return
    }
    guard let rule = rule(named: words[0]), let model = requireModel() else { return }
    var chosen: Set<Int>?
    if words.count == 2 {
      guard let nodes = nodes(named: words[1], in: model) else { return }
      chosen = nodes
    }
    guard let explanations = engine.explain(rule: rule.id, in: model.viewModel, nodes: chosen) else { return }
    console.print(header(rule))
    guard !explanations.isEmpty else {
      if let chosen {
        let named = chosen.sorted().map { describe(model.viewModel.node($0)) }.joined(separator: ", ")
        console.print("  does not visit \(named)")
      } else {
        console.print("  visits no node of \(model.path)")
      }
      return
    }
    let report = engine.evaluate(model.viewModel, options: EvaluationOptions(recordOutcomes: true, rules: [rule.id]))
    for (position, explanation) in explanations.enumerated() {
      if position > 0 { console.print() }
      let result = report.outcomes.first { $0.node.index == explanation.node.index }
      console.print(describe(explanation.node) + (result.map { ": " + outcome($0) } ?? ""))
      if explanation.bindings.count > 1 {
        let shown = explanation.bindings.dropFirst().map { "\($0.name) = \(Printer.literal($0.value))" }
        console.print("  with " + shown.joined(separator: ", "))
      }
      var decided = false
      for clause in explanation.clauses {
        for (index, part) in clause.parts.enumerated() {
          var line = String(repeating: "  ", count: part.depth + 1) + (index == 0 ? clause.kind + " " : "") + part.text
          line += " = " + shown(part.value)
          if index == 0, !decided, let verdict = verdict(clause.kind, part.value) {
            line += "  " + console.outStyle.bold("← " + verdict)
            decided = true
          }
          console.print(line)
        }
      }
    }
  }

  /// What a clause's value decides, if it ends the rule's evaluation.
  private func verdict(_ kind: String, _ value: Result<Value, EvaluationError>?) -> String? {
    guard case .success(let result) = value else { return value == nil ? nil : "not run" }
    guard case .bool(let flag) = result else { return "not run: not a bool" }
    switch (kind, flag) {
    case ("when", false): return "inapplicable"
    case ("require", false), ("forbid", true): return "fails"
    default: return nil
    }
  }

  /// A part's value, shortened so one line stays readable.
  private func shown(_ value: Result<Value, EvaluationError>?) -> String {
    let style = console.outStyle
    switch value {
    case nil: return style.dim("(not evaluated)")
    case .failure(let error): return style.paint("error: " + error.message, .red)
    case .success(let result):
      let literal = Printer.literal(result)
      let limit = 160
      return literal.count > limit ? String(literal.prefix(limit)) + "…" : literal
    }
  }

  // MARK: Nodes, bytecode, syntax

  func printNodes() {
    guard let model = requireModel() else { return }
    let viewModel = model.viewModel
    console.print("\(model.path): \(viewModel.nodeCount) node\(viewModel.nodeCount == 1 ? "" : "s")")
    let width = String(max(0, viewModel.nodeCount - 1)).count
    var depths: [Int] = []
    for index in 0..<viewModel.nodeCount {
      let depth = viewModel.parent(of: index).map { depths[$0] + 1 } ?? 0
      depths.append(depth)
      let node = viewModel.node(index)
      let number = String(index)
      console.print(
        String(repeating: " ", count: width - number.count + 2) + number + String(repeating: "  ", count: depth + 1)
          + node.type + (viewModel.name(of: index).map { " " + $0 } ?? "") + "  "
          + console.outStyle.dim("\(node.line):\(node.column)"))
    }
  }

  func disassemble(_ input: SessionCommand.Input) {
    let argument = input.argument
    if let rule = engine.rules.first(where: { $0.id == argument })
      ?? engine.rules.first(where: { $0.localID == argument }),
      let ruleset = engine.rulesets.first(where: { $0.name == rule.ruleset }),
      let text = ruleset.disassembly(ofRule: rule.id)
    {
      console.write(text.hasPrefix("\n") ? String(text.dropFirst()) : text)
      return
    }
    guard let entry = expression(input), let expression = compile(entry) else { return }
    console.write(expression.disassembly)
  }

  func printSyntaxTree(_ input: SessionCommand.Input) {
    guard let entry = expression(input), let tree = ASTDump.entry(entry) else { return }
    console.write(tree)
  }

  /// A command's argument parsed as an expression, where it stands in the entry.
  private func expression(_ input: SessionCommand.Input) -> ReplEntry? {
    let (entry, diagnostics, _) = Parser.parseEntry(input.source, start: input.argumentStart, expressionOnly: true)
    if entry == nil { report(diagnostics) }
    return entry
  }
}
