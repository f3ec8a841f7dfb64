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
  /// `let NAME(…) = …`, `rule ID { … }`, `review ID { … }` and `host NAME(…)` entries, in
  /// the order given, each parsed from its own source.
  private(set) var definitions: [ReplEntry] = []
  /// The session's own ruleset: the definitions, importing every loaded ruleset with open
  /// names, so `iconOnly(m)` and `menu.basic.iconOnly(m)` both reach a loaded let. Entries
  /// are compiled in its scope.
  private(set) var scope: Ruleset
  /// The engine for `:run`, `:explain` and `:rules`: the session's ruleset and what it imports.
  private(set) var engine: Engine
  /// How many entries the session has read: entry N is named `<repl N>` in diagnostics.
  private(set) var entryCount = 0

  /// The name of the session's ruleset, and so the prefix of the ids of rules written here.
  static let scopeName = "repl"
  /// Names every expression sees, bound to the model's nodes.
  static let nodesName = "nodes"
  static let rootsName = "roots"

  struct Binding {
    var name: String
    /// The entry that bound it, evaluated again when the model or the rulesets change.
    var entry: ReplEntry
    var value: Value
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

  /// Handles one entry; returns false when the session should end. The entry is parsed as
  /// typed, in a source of its own named `<repl N>`, so what is reported about it (now, or
  /// when it is checked again after a reload) points at its own line and column.
  func handle(_ entry: String) -> Bool {
    if entry.allSatisfy(\.isWhitespace) { return true }
    entryCount += 1
    let source = SourceFile(name: "<repl \(entryCount)>", text: entry)
    if entry.drop(while: \.isWhitespace).hasPrefix(":") { return command(source) }
    let (parsed, diagnostics, _) = Parser.parseEntry(source)
    guard let parsed else {
      report(diagnostics)
      return true
    }
    switch parsed.kind {
    case .expression:
      if let value = evaluate(parsed) { console.print(Printer.literal(value)) }
    case .binding(let name): bind(name, parsed)
    case .let, .rule, .review, .host: define(parsed)
    case .import(let name): importEntry(name, parsed)
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

  /// The names expressions see: the bindings, then the model's node lists.
  var variableNames: [String] { bindings.map(\.name) + [ReplSession.nodesName, ReplSession.rootsName] }

  var variableValues: [String: Value] {
    var values: [String: Value] = [:]
    for binding in bindings { values[binding.name] = binding.value }
    values[ReplSession.nodesName] = model?.nodes ?? .list([])
    values[ReplSession.rootsName] = model?.roots ?? .list([])
    return values
  }

  /// Compiles the expression of an entry (an expression, or a binding's value) in the
  /// session's scope.
  func compile(_ entry: ReplEntry) -> Precept.CompiledExpression? {
    do {
      return try Precept.CompiledExpression(entry: entry, variables: variableNames, in: scope)
    } catch {
      report(error.diagnostics)
      return nil
    }
  }

  /// The value of an entry's expression against the model, or nil after reporting why there
  /// is none.
  func evaluate(_ entry: ReplEntry) -> Value? {
    guard let expression = compile(entry) else { return nil }
    switch expression.evaluate(variableValues, model: model?.viewModel ?? ReplSession.emptyModel) {
    case .success(let value): return value
    case .failure(let error):
      fail(error.message)
      return nil
    }
  }

  private func bind(_ name: String, _ entry: ReplEntry) {
    if name == ReplSession.nodesName || name == ReplSession.rootsName {
      fail(
        "'\(name)' is the model's \(name == ReplSession.nodesName ? "node list" : "list of top-level nodes"); choose another name"
      )
      return
    }
    guard let value = evaluate(entry) else { return }
    bindings.removeAll { $0.name == name }
    bindings.append(Binding(name: name, entry: entry, value: value))
    console.print("\(name) = \(Printer.literal(value))")
  }

  /// `import NAME RANGE`: the session imports every loaded ruleset already; one that is not
  /// loaded is loaded with `:load`.
  private func importEntry(_ name: String, _ entry: ReplEntry) {
    let loaded = importedRulesets
    if let ruleset = loaded.first(where: { $0.name == name }) {
      console.print("\(name) \(ruleset.version) is loaded, and the session imports every loaded ruleset")
      return
    }
    let suggestion = Spelling.closest(name, in: loaded.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
    report([
      entry.diagnostic(
        "no ruleset '\(name)' is loaded",
        help: suggestion + ":load FILE loads one; the session imports every loaded ruleset")
    ])
  }

  static let emptyModel = ViewModel(ViewDocument(file: "", nodes: []))

  // MARK: Definitions

  private func define(_ entry: ReplEntry) {
    var updated = definitions
    updated.removeAll { $0.kind == entry.kind }
    updated.append(entry)
    do {
      scope = try ReplSession.makeScope(imports: importedRulesets, definitions: updated)
    } catch {
      report(error.diagnostics)
      return
    }
    definitions = updated
    engine = Engine(rulesets: rulesets + [scope])
    switch entry.kind {
    case .let(let name):
      console.print("defined " + (scope.letSignatures.first { $0.hasPrefix(name + "(") } ?? name))
    case .rule(let localID), .review(let localID):
      let id = "\(ReplSession.scopeName)/\(localID)"
      let info = scope.program.rules.first { $0.id == id }
      console.print("defined \(id)" + (info.map { " (\(ReplSession.severityText($0)), \($0.selector))" } ?? ""))
    case .host(let name):
      console.print("declared host \(name): the session registers no host functions, so a call to it is an error here")
    case .expression, .binding, .import:
      break
    }
  }

  /// What an entry defines, as messages name it: `let icon`, `rule no-cancel`.
  static func describe(_ kind: ReplEntry.Kind) -> String {
    switch kind {
    case .expression: "expression"
    case .binding(let name): "let \(name)"
    case .let(let name): "let \(name)"
    case .rule(let id): "rule \(id)"
    case .review(let id): "review \(id)"
    case .host(let name): "host \(name)"
    case .import(let name): "import \(name)"
    }
  }

  /// Every loaded ruleset and what they import, each once.
  private var importedRulesets: [Ruleset] {
    var seen: Set<String> = []
    return rulesets.flatMap(\.closure).filter { seen.insert($0.name).inserted }
  }

  static func makeScope(imports: [Ruleset], definitions: [ReplEntry]) throws(DiagnosticError) -> Ruleset {
    try Ruleset(session: scopeName, entries: definitions, imports: imports)
  }

  /// Rebuilds the session's ruleset after the loaded rulesets changed. Definitions that no
  /// longer compile are dropped, with their diagnostics (which name the entries they are in).
  private func rebuildScope() {
    var remaining = definitions
    while true {
      do {
        scope = try ReplSession.makeScope(imports: importedRulesets, definitions: remaining)
        break
      } catch {
        let files = Set(error.diagnostics.map(\.file))
        let broken = Set(remaining.indices.filter { files.contains(remaining[$0].source.name) })
        report(error.diagnostics)
        if remaining.isEmpty {
          // The loaded rulesets cannot be imported together (one is named `repl`): expressions
          // see no lets, but the rulesets still run.
          scope = try! ReplSession.makeScope(imports: [], definitions: [])
          break
        }
        for index in broken.sorted() {
          console.printError("dropped \(ReplSession.describe(remaining[index].kind))")
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
        let expression = try Precept.CompiledExpression(entry: binding.entry, variables: names, in: scope)
        switch expression.evaluate(variableValues, model: model?.viewModel ?? ReplSession.emptyModel) {
        case .success(let value):
          bindings.append(Binding(name: binding.name, entry: binding.entry, value: value))
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
  /// `reloaded` names the files `:reload` found changed: each is said to be reloaded once
  /// the rulesets compiled, and only then.
  @discardableResult
  func loadRulesets(_ paths: [String], adopt: Bool, reloaded: [String] = []) -> Bool {
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
      if existing.count == paths.count { for file in reloaded { console.print("reloaded \(file)") } }
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

  /// Reads again the ruleset files and the model if they changed; says what it read. A
  /// ruleset that no longer compiles is reported as an error, with its diagnostics, and the
  /// session keeps the rulesets it had; a model that no longer reads likewise.
  func reload() {
    var changed = false
    let snapshot = ReplSession.snapshot(watchedRulesetPaths)
    if snapshot != rulesetSnapshot || rulesetsFailed {
      var files = Set(snapshot.keys).union(rulesetSnapshot.keys).filter { snapshot[$0] != rulesetSnapshot[$0] }.sorted()
      // Unchanged since they last failed: tried again all the same.
      if files.isEmpty { files = [rulesetPaths.joined(separator: ", ")] }
      if !loadRulesets(rulesetPaths, adopt: true, reloaded: files), rulesetsFailed {
        let kept = loadedRulesetNames
        fail(
          files.joined(separator: ", ") + " not reloaded: "
            + (kept.isEmpty
              ? "no ruleset is loaded until it compiles" : "the session keeps the rulesets it had loaded (\(kept))"))
      }
      changed = true
    }
    if let path = modelPath {
      let bytes = try? SourceFile.readBytes(path).get()
      if model == nil || bytes != model?.bytes {
        if loadModel(path) {
          console.print("reloaded \(path)")
        } else {
          fail(
            "\(path) not reloaded: "
              + (model == nil ? "the session has no model until it reads" : "the session keeps the model it had"))
        }
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
