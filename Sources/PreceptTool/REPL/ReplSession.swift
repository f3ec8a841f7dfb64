import Foundation
import Precept
import PreceptDistribution
import PreceptSwiftUI

/// One `precept repl` session: the rulesets and the model it has loaded, the values the author
/// has bound and the lets and rules they have defined, and what each entry does.
///
/// The session does no terminal I/O: entries come in as text (from the line editor, or one by
/// one from tests) and everything it prints goes to its console, results to standard output
/// and problems to standard error.
final class ReplSession {
  let console: Console
  /// Whether an entry (or loading at the start) reported an error: a scripted session exits 1.
  private(set) var hadError = false

  /// The ruleset files and folders asked for; the standard rulesets when empty. A file that
  /// exists stays here even while it does not compile, so `:reload` retries it once fixed.
  private(set) var rulesetPaths: [String] = []
  /// The rulesets the paths compiled to, last time they compiled.
  private(set) var rulesets: [Ruleset] = []
  /// The bytes of every ruleset file read, to tell what `:reload` must read again.
  private var rulesetSnapshot: [String: [UInt8]] = [:]
  private(set) var model: LoadedModel?
  /// Values bound with `let NAME = EXPR`, in the order they were bound.
  private(set) var bindings: [Binding] = []
  /// `let NAME(…) = …`, `rule ID { … }` and `review ID { … }` entries, in the order given.
  private(set) var definitions: [Definition] = []
  /// The session's own ruleset: the definitions, importing every loaded ruleset with open
  /// names, so `iconOnly(m)` and `menu.basic.iconOnly(m)` both reach a loaded let. Entries
  /// are compiled in its scope.
  private(set) var scope: Ruleset
  /// The engine for `:run`, `:explain` and `:rules`: the session's ruleset and what it imports.
  private(set) var engine: Engine

  /// The name of the session's ruleset, and so the prefix of the ids of rules written here.
  static let scopeName = "repl"
  /// Names every expression sees, bound to the model's nodes.
  static let nodesName = "nodes"
  static let rootsName = "roots"

  struct Binding {
    var name: String
    /// The expression as written, evaluated again when the model or the rulesets change.
    var text: String
    var value: Value
  }

  struct Definition {
    enum Kind: String {
      case `let`, rule, review
    }
    var kind: Kind
    var name: String
    var text: String
  }

  /// A model and what completion needs to know about it.
  struct LoadedModel {
    var path: String
    var bytes: [UInt8]
    var viewModel: ViewModel
    /// Node types, modifier names, argument labels, slot and property names, sorted.
    var names: [String]
    var nodes: Value
    var roots: Value
  }

  init(console: Console, rulesetPaths: [String], modelPath: String?) {
    self.console = console
    scope = try! ReplSession.makeScope(imports: [], definitions: [])  // importing nothing always compiles
    engine = Engine(rulesets: [scope])
    loadRulesets(rulesetPaths, adopt: true)
    if let modelPath { loadModel(modelPath) }
  }

  // MARK: Entries

  /// Handles one entry; returns false when the session should end.
  func handle(_ entry: String) -> Bool {
    let text = entry.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty { return true }
    if text.hasPrefix(":") { return command(text) }
    if let definition = ReplSession.definition(in: text) {
      define(definition)
    } else if let (name, prefix, expression) = ReplSession.valueBinding(in: text) {
      bind(name, expression, prefix: prefix)
    } else {
      evaluateAndPrint(text, prefix: "")
    }
    return true
  }

  /// Reports diagnostics and remembers that something failed.
  func report(_ diagnostics: [Diagnostic]) {
    hadError = true
    console.report(diagnostics)
  }

  /// Reports what loading threw: diagnostics, or a message.
  func report(_ error: any Error) {
    switch error {
    case let error as DiagnosticError: report(error.diagnostics)
    case let error as InputError: fail(error.message)
    case DistributionError.invalidDocument(let error): report(error.diagnostics)
    default: fail("\(error)")
    }
  }

  func fail(_ message: String) {
    hadError = true
    console.fail(message)
  }

  /// `warning: message` on standard error: a consequence of an entry that did what it said.
  func warn(_ message: String) {
    let style = console.errorStyle
    console.printError(style.bold(style.paint("warning:", .yellow)) + " " + TerminalStyle.escaped(message))
  }

  /// `let NAME(…) = …`, `rule ID {`, `review ID {`: items of the session's ruleset.
  static func definition(in text: String) -> Definition? {
    var scanner = WordScanner(text)
    switch scanner.word() {
    case "let":
      let name = scanner.word()
      guard !name.isEmpty, scanner.skipSpaces() == "(" else { return nil }
      return Definition(kind: .let, name: name, text: text)
    case "rule", "review":
      let id = scanner.word(extraCharacters: "-.")
      guard !id.isEmpty, scanner.skipSpaces() == "{" else { return nil }
      return Definition(kind: text.hasPrefix("rule") ? .rule : .review, name: id, text: text)
    default:
      return nil
    }
  }

  /// `let NAME = EXPR`: the name, the text before the expression, and the expression.
  static func valueBinding(in text: String) -> (String, Substring, Substring)? {
    var scanner = WordScanner(text)
    guard scanner.word() == "let" else { return nil }
    let name = scanner.word()
    guard !name.isEmpty, scanner.skipSpaces() == "=", !scanner.follows("==") && !scanner.follows("=>") else {
      return nil
    }
    let expressionStart = scanner.index(after: 1)
    return (name, text[..<expressionStart], text[expressionStart...])
  }

  /// The names expressions see: the bindings, then the model's node lists.
  var variableNames: [String] { bindings.map(\.name) + [ReplSession.nodesName, ReplSession.rootsName] }

  var variableValues: [String: Value] {
    var values: [String: Value] = [:]
    for binding in bindings { values[binding.name] = binding.value }
    values[ReplSession.nodesName] = model?.nodes ?? .list([])
    values[ReplSession.rootsName] = model?.roots ?? .list([])
    return values
  }

  /// Compiles an expression in the session's scope. `prefix` is the entry's text before the
  /// expression, so diagnostics point into the entry as typed.
  func compile(_ text: Substring, prefix: Substring) -> Precept.CompiledExpression? {
    do {
      return try Precept.CompiledExpression(String(text), variables: variableNames, in: scope, name: "<input>")
    } catch {
      report(error.diagnostics.map { ReplSession.shift($0, by: prefix, entry: String(prefix + text)) })
      return nil
    }
  }

  /// The value of an expression against the model, or nil after reporting why there is none.
  func evaluate(_ text: Substring, prefix: Substring) -> Value? {
    guard let expression = compile(text, prefix: prefix) else { return nil }
    switch expression.evaluate(variableValues, model: model?.viewModel ?? ReplSession.emptyModel) {
    case .success(let value): return value
    case .failure(let error):
      fail(error.message)
      return nil
    }
  }

  private func evaluateAndPrint(_ text: String, prefix: Substring) {
    if let value = evaluate(text[...], prefix: prefix) { console.print(Printer.literal(value)) }
  }

  private func bind(_ name: String, _ expression: Substring, prefix: Substring) {
    if name == ReplSession.nodesName || name == ReplSession.rootsName {
      fail(
        "'\(name)' is the model's \(name == ReplSession.nodesName ? "node list" : "list of top-level nodes"); choose another name"
      )
      return
    }
    guard let value = evaluate(expression, prefix: prefix) else { return }
    bindings.removeAll { $0.name == name }
    bindings.append(Binding(name: name, text: String(expression), value: value))
    console.print("\(name) = \(Printer.literal(value))")
  }

  /// Moves a diagnostic about an expression compiled on its own to where the expression
  /// stands in the entry: columns of its first line shift by the text before it.
  static func shift(_ diagnostic: Diagnostic, by prefix: Substring, entry: String) -> Diagnostic {
    guard !prefix.isEmpty, diagnostic.file == "<input>", diagnostic.location.line == 1 else { return diagnostic }
    var shifted = diagnostic
    shifted.location.column += prefix.unicodeScalars.count
    shifted.lineText = entry.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(
      String.init)
    return shifted
  }

  static let emptyModel = ViewModel(ViewDocument(file: "", nodes: []))

  // MARK: Definitions

  private func define(_ definition: Definition) {
    var updated = definitions
    updated.removeAll { $0.kind == definition.kind && $0.name == definition.name }
    updated.append(definition)
    do {
      scope = try ReplSession.makeScope(imports: importedRulesets, definitions: updated)
    } catch {
      report(locate(error.diagnostics, in: updated, current: updated.count - 1))
      return
    }
    definitions = updated
    engine = Engine(rulesets: rulesets + [scope])
    switch definition.kind {
    case .let:
      console.print("defined " + (scope.letSignatures.first { $0.hasPrefix(definition.name + "(") } ?? definition.name))
    case .rule, .review:
      let id = "\(ReplSession.scopeName)/\(definition.name)"
      let info = scope.program.rules.first { $0.id == id }
      console.print("defined \(id)" + (info.map { " (\(ReplSession.severityText($0)), \($0.selector))" } ?? ""))
    }
  }

  /// Every loaded ruleset and what they import, each once.
  private var importedRulesets: [Ruleset] {
    var seen: Set<String> = []
    return rulesets.flatMap(\.closure).filter { seen.insert($0.name).inserted }
  }

  /// The header and imports of the session's ruleset come before the definitions.
  private static func header(_ imports: [Ruleset]) -> String {
    "ruleset \(scopeName) 0.0.0\n" + imports.map { "import \($0.name) =\($0.version)\n" }.joined()
  }

  static func makeScope(imports: [Ruleset], definitions: [Definition]) throws(DiagnosticError) -> Ruleset {
    let text = header(imports) + definitions.map { $0.text + "\n" }.joined()
    return try Ruleset(
      source: SourceFile(name: "<\(scopeName)>", text: text),
      resolver: { name, _ in imports.first { $0.name == name } }, openImports: true)
  }

  /// Diagnostics in the session's ruleset, pointed at the definition they are about: the entry
  /// just typed is `<input>`, an earlier one `<let NAME>` or `<rule ID>`, lines counted from it.
  func locate(_ diagnostics: [Diagnostic], in definitions: [Definition], current: Int?) -> [Diagnostic] {
    diagnostics.map { diagnostic in
      guard diagnostic.file == "<\(ReplSession.scopeName)>" else { return diagnostic }
      // The header line and one line per import come first.
      var start = 2 + importedRulesets.count
      for (index, definition) in definitions.enumerated() {
        let count = definition.text.split(separator: "\n", omittingEmptySubsequences: false).count
        if diagnostic.location.line >= start, diagnostic.location.line < start + count {
          var located = diagnostic
          located.file = index == current ? "<input>" : "<\(definition.kind.rawValue) \(definition.name)>"
          located.location.line -= start - 1
          return located
        }
        start += count
      }
      return diagnostic
    }
  }

  /// Rebuilds the session's ruleset after the loaded rulesets changed. Definitions that no
  /// longer compile are dropped, with their diagnostics.
  private func rebuildScope() {
    var remaining = definitions
    while true {
      do {
        scope = try ReplSession.makeScope(imports: importedRulesets, definitions: remaining)
        break
      } catch {
        let located = locate(error.diagnostics, in: remaining, current: nil)
        let broken = Set(
          remaining.indices.filter { index in
            located.contains { $0.file == "<\(remaining[index].kind.rawValue) \(remaining[index].name)>" }
          })
        report(located)
        if remaining.isEmpty {
          // The loaded rulesets cannot be imported together (one is named `repl`): expressions
          // see no lets, but the rulesets still run.
          scope = try! ReplSession.makeScope(imports: [], definitions: [])
          break
        }
        for index in broken.sorted() {
          console.printError("dropped \(remaining[index].kind.rawValue) \(remaining[index].name)")
        }
        // A failure outside every definition leaves none that can be trusted.
        remaining = broken.isEmpty ? [] : remaining.enumerated().filter { !broken.contains($0.offset) }.map(\.element)
      }
    }
    definitions = remaining
    engine = Engine(rulesets: rulesets + [scope])
  }

  /// Evaluates the bindings again, in order, after the model or the rulesets changed; a
  /// binding that no longer evaluates is dropped.
  private func rebind() {
    let previous = bindings
    bindings = []
    let names = variableNames + previous.map(\.name)
    for binding in previous {
      do {
        let expression = try Precept.CompiledExpression(
          binding.text, variables: names, in: scope, name: "<let \(binding.name)>")
        switch expression.evaluate(variableValues, model: model?.viewModel ?? ReplSession.emptyModel) {
        case .success(let value):
          bindings.append(Binding(name: binding.name, text: binding.text, value: value))
        case .failure(let error):
          warn("dropped \(binding.name): \(error.message)")
        }
      } catch {
        report(error.diagnostics)
        console.printError("dropped \(binding.name)")
      }
    }
  }

  // MARK: Loading

  /// Loads the rulesets at `paths` (the standard rulesets when empty) in place of the loaded
  /// ones. When they do not compile, says why and keeps the rulesets it had; with `adopt`, the
  /// paths are kept all the same (those that exist), so `:reload` tries them again.
  @discardableResult
  func loadRulesets(_ paths: [String], adopt: Bool) -> Bool {
    let existing = paths.filter { FileManager.default.fileExists(atPath: $0) }
    for path in paths where !existing.contains(path) {
      report([Diagnostic(.error, "no such file or folder", file: path, location: SourceLocation(line: 1, column: 1))])
    }
    // With no paths, the project's precept.json chooses, as for lint.
    var configuration: ProjectConfiguration?
    var watched = existing
    do {
      rulesetsFailed = false
      if paths.isEmpty, let found = try ProjectConfiguration.find(nil) {
        configuration = found
        watched = [found.path] + found.paths.map(found.resolve)
      }
      rulesets = try Evaluation.rulesets(existing, configuration: configuration)
    } catch {
      report(error)
      guard adopt else { return false }
      rulesetsFailed = true
    }
    rulesetPaths = existing
    rulesetSnapshot = ReplSession.snapshot(watched)
    watchedRulesetPaths = watched
    rebuildScope()
    rebind()
    return !rulesetsFailed && existing.count == paths.count
  }

  /// Whether the ruleset paths did not compile the last time they were read.
  private(set) var rulesetsFailed = false
  /// The files `:reload` compares with `rulesetSnapshot`: the paths, or the project
  /// configuration and the paths it names.
  private var watchedRulesetPaths: [String] = []

  /// The bytes of every ruleset file the paths name (every `.precept` file of a folder).
  static func snapshot(_ paths: [String]) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      let names =
        isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".precept") }
          .map { (path as NSString).appendingPathComponent($0) } : [path]
      for name in names { files[name] = (try? SourceFile.readBytes(name).get()) ?? [] }
    }
    return files
  }

  /// Loads a `.swift` file through the SwiftUI reader or a view-model `.json` file. A file
  /// that exists but does not read leaves the session without a model until `:reload` reads
  /// it; a missing one leaves the current model.
  @discardableResult
  func loadModel(_ path: String) -> Bool {
    let source: SourceFile
    switch Evaluation.read(path, stdin: nil) {
    case .success(let read): source = read
    case .failure(let error):
      report(error.diagnostics)
      return false
    }
    modelPath = path
    do {
      let document = path.hasSuffix(".swift") ? try SwiftUIReader.read(source) : try ViewDocument.read(source)
      let viewModel = ViewModel(document)
      let nodes = (0..<viewModel.nodeCount).map { Value.node(viewModel.node($0)) }
      let roots = (0..<viewModel.nodeCount).filter { viewModel.parent(of: $0) == nil }.map {
        Value.node(viewModel.node($0))
      }
      model = LoadedModel(
        path: path, bytes: source.bytes, viewModel: viewModel, names: ReplSession.names(in: document),
        nodes: .list(nodes), roots: .list(roots))
    } catch {
      report(error.diagnostics)
      model = nil
    }
    rebind()
    return model != nil
  }

  /// The model file asked for, kept while it does not read so `:reload` tries it again.
  private(set) var modelPath: String?

  /// The names a model's nodes use, for completion inside strings.
  static func names(in document: ViewDocument) -> [String] {
    var names: Set<String> = []
    func visit(_ node: ViewNode) {
      names.insert(node.type)
      for argument in node.args { if let label = argument.label { names.insert(label) } }
      for property in node.properties {
        names.insert(property.name)
        if let wrapper = property.wrapper { names.insert(wrapper) }
      }
      for modifier in node.modifiers {
        names.insert(modifier.name)
        for argument in modifier.args { if let label = argument.label { names.insert(label) } }
        modifier.children.forEach(visit)
        for slot in modifier.slots {
          names.insert(slot.name)
          slot.nodes.forEach(visit)
        }
      }
      node.children.forEach(visit)
      for slot in node.slots {
        names.insert(slot.name)
        slot.nodes.forEach(visit)
      }
    }
    document.nodes.forEach(visit)
    return names.sorted()
  }

  /// Reads again the ruleset files and the model if they changed; says what it read.
  func reload() {
    var changed = false
    let snapshot = ReplSession.snapshot(watchedRulesetPaths)
    if snapshot != rulesetSnapshot || rulesetsFailed {
      let files = Set(snapshot.keys).union(rulesetSnapshot.keys).filter { snapshot[$0] != rulesetSnapshot[$0] }
      for file in files.sorted() { console.print("reloaded \(file)") }
      if files.isEmpty { console.print("reloaded " + rulesetPaths.joined(separator: ", ")) }
      loadRulesets(rulesetPaths, adopt: true)
      changed = true
    }
    if let path = modelPath {
      let bytes = try? SourceFile.readBytes(path).get()
      if model == nil || bytes != model?.bytes {
        console.print("reloaded \(path)")
        loadModel(path)
        changed = true
      }
    }
    if !changed { console.print("nothing changed") }
  }

  /// The loaded rulesets and those they import, by name and version.
  var loadedRulesetNames: String {
    importedRulesets.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
  }

  /// What an interactive session shows first: what is loaded, and where help is.
  var banner: String {
    let rules = engine.rules.count
    var loaded = "rulesets: " + loadedRulesetNames
    loaded += " (\(rules) rule\(rules == 1 ? "" : "s"))"
    if let model { loaded += "; model: \(model.path) (\(model.viewModel.nodeCount) nodes)" }
    return "precept \(PreceptTool.version) — \(loaded)\n:help lists what you can type; Ctrl-D ends the session."
  }

  /// `error`, `warning`, `info`, or `review` for a review item.
  static func severityText(_ rule: RuleInfo) -> String {
    rule.kind == .review ? "review" : rule.severity.rawValue
  }
}

/// Reads the words at the start of an entry (`let name =`, `rule id {`).
struct WordScanner {
  let text: String
  private(set) var position: String.Index

  init(_ text: String) {
    self.text = text
    position = text.startIndex
  }

  /// Skips spaces and returns the character after them, if any.
  @discardableResult
  mutating func skipSpaces() -> Character? {
    while position < text.endIndex, text[position].isWhitespace { position = text.index(after: position) }
    return position < text.endIndex ? text[position] : nil
  }

  /// The identifier after any spaces (letters, digits, `_` and `extraCharacters`), or "".
  mutating func word(extraCharacters: String = "") -> String {
    skipSpaces()
    let start = position
    while position < text.endIndex,
      text[position].isASCII && (text[position].isLetter || text[position].isNumber || text[position] == "_")
        || extraCharacters.contains(text[position])
    {
      position = text.index(after: position)
    }
    return String(text[start..<position])
  }

  func follows(_ literal: String) -> Bool { text[position...].hasPrefix(literal) }

  /// The index `count` characters after the current position.
  func index(after count: Int) -> String.Index { text.index(position, offsetBy: count) }
}
