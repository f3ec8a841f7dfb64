/// A compiled ruleset and the rulesets it imports — what a host loads and hands to an
/// `Engine`. Immutable and `Sendable`.
public struct Ruleset: Sendable {
  /// The compiled program.
  public let program: Program
  /// The rulesets this one imports, resolved (each with its own imports).
  public let imports: [Ruleset]
  /// The checked form, kept so importers can compile calls to this ruleset's lets. A ruleset
  /// loaded from a pack has none until an importer compiled from source asks for it.
  private let checkedForm: CheckedRuleset?
  /// The ruleset's source, from which a pack-loaded ruleset is checked when needed.
  let source: SourceFile

  public var name: String { program.name }
  public var version: String { program.version }

  /// Finds a ruleset by name and version range for an `import`. Returns nil when there is
  /// none; throws a message when what exists does not fit (it is shown at the import).
  public typealias Resolver = @Sendable (_ name: String, _ range: String) throws -> Ruleset?

  /// Parses, checks and compiles a ruleset. Imports are looked up with `resolver`; a missing or
  /// incompatible import is an error at the import line.
  public init(source: SourceFile, resolver: Resolver? = nil) throws(DiagnosticError) {
    try self.init(source: source, resolver: resolver, openImports: false)
  }

  /// Compiles a ruleset in which an unqualified name may also call a let of an import, when
  /// exactly one import defines it — as if the imported lets were written in this ruleset.
  /// The REPL compiles a session's definitions this way, so a rule written there reads as it
  /// will in the ruleset it is meant for. Expressions compiled in its scope see names the same way.
  ///
  /// `visible` names the rulesets the resolver can find, for a did-you-mean on a misspelt import.
  package init(
    source: SourceFile, resolver: Resolver?, openImports: Bool, visible: [String] = []
  ) throws(DiagnosticError) {
    let (syntax, parseDiagnostics) = Parser.parseRuleset(source)
    guard let syntax, parseDiagnostics.isEmpty else { throw DiagnosticError(parseDiagnostics) }
    try self.init(syntax: syntax, source: source, resolver: resolver, openImports: openImports, visible: visible)
  }

  /// Checks and compiles a parsed ruleset whose spans are offsets in `source`.
  init(
    syntax: RulesetSyntax, source: SourceFile, resolver: Resolver?, openImports: Bool, visible: [String] = []
  ) throws(DiagnosticError) {
    var diagnostics: [Diagnostic] = []
    var imports: [Ruleset] = []
    for item in syntax.imports {
      do {
        guard let resolver, let found = try resolver(item.name.value, item.range.value) else {
          diagnostics.append(
            Diagnostic(
              .error, "cannot find ruleset '\(item.name.value)' to import", in: source, span: item.name.span,
              help: resolver == nil
                ? "no ruleset search path was given"
                : Spelling.closest(item.name.value, in: visible).map { "did you mean '\($0)'?" }
                  ?? "add the folder that holds it to the search path (--ruleset DIR)"
            ))
          continue
        }
        imports.append(found)
      } catch let error as DiagnosticError {
        // The imported ruleset does not compile: its own diagnostics, then where it was imported.
        diagnostics += error.diagnostics
        diagnostics.append(
          Diagnostic(.note, "'\(item.name.value)' is imported here", in: source, span: item.name.span))
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "cannot import '\(item.name.value)' \(item.range.value): \(error)", in: source, span: item.span))
      }
    }
    guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    var importedForms: [CheckedRuleset] = []
    for imported in imports { importedForms.append(try imported.checked()) }
    let (checked, checkDiagnostics) = Checker.checkRuleset(
      syntax, source: source, imports: importedForms, openImports: openImports)
    guard let checked else { throw DiagnosticError(checkDiagnostics) }
    let extensionProblems = Ruleset.checkExtensions(syntax, source: source, imports: imports)
    guard extensionProblems.isEmpty else { throw DiagnosticError(extensionProblems) }
    self.checkedForm = checked
    self.source = source
    self.imports = imports
    self.program = CodeGen.compileRuleset(checked)
  }

  /// A ruleset whose program was loaded (and verified) from a pack.
  init(program: Program, imports: [Ruleset], source: SourceFile) {
    self.program = program
    self.imports = imports
    self.source = source
    self.checkedForm = nil
  }

  /// The checked form, re-checking the source for a ruleset loaded from a pack.
  func checked() throws(DiagnosticError) -> CheckedRuleset {
    if let checkedForm { return checkedForm }
    return try Ruleset(source: source, resolver: { name, _ in imports.first { $0.name == name } }).checked()
  }

  /// Compiles ruleset text (for tests and embedded rulesets).
  public init(text: String, name: String = "<ruleset>", resolver: Resolver? = nil) throws(DiagnosticError) {
    try self.init(source: SourceFile(name: name, text: text), resolver: resolver)
  }

  /// Each `extend RULESET/RULE { on … }` must name a rule of a ruleset imported with its rules,
  /// add node types it does not already visit, and not extend a rule that visits every node.
  private static func checkExtensions(_ syntax: RulesetSyntax, source: SourceFile, imports: [Ruleset]) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    func error(_ message: String, _ span: Span, help: String? = nil) {
      problems.append(Diagnostic(.error, message, in: source, span: span, help: help))
    }
    var extended: Set<String> = []
    for item in syntax.extensions {
      let name = item.ruleset.value
      guard let imported = imports.first(where: { $0.name == name }),
        let written = syntax.imports.first(where: { $0.name.value == name })
      else {
        error(
          "'\(name)' is not imported, so its rule '\(item.ruleID)' cannot be extended", item.ruleset.span,
          help: "import it first: import \(name) ^1.0")
        continue
      }
      if written.definitionsOnly {
        error(
          "'\(name)' is imported for its definitions only, so its rules do not run here", item.ruleset.span,
          help: "import it with its rules (import \(name) \(written.range.value)) to extend '\(item.ruleID)'")
        continue
      }
      if imported.program.metadata.isLibrary {
        error("'\(name)' is a library: it has no rules to extend", item.ruleset.span)
        continue
      }
      guard let rule = imported.program.compiledRules.first(where: { $0.info.localID == item.rule.value }) else {
        let ids = imported.program.compiledRules.map(\.info.localID)
        error(
          "'\(name)' has no rule '\(item.rule.value)'", item.rule.span,
          help: Spelling.closest(item.rule.value, in: ids).map { "did you mean '\(name)/\($0)'?" }
            ?? (ids.isEmpty ? "it has no rules" : "its rules: " + ids.joined(separator: ", ")))
        continue
      }
      if !extended.insert(item.ruleID).inserted {
        error("'\(item.ruleID)' is extended twice here; list every node type in one 'on'", item.rule.span)
        continue
      }
      if rule.targetTypes.contains("*") {
        error("'\(item.ruleID)' already visits every node (on *)", item.rule.span)
        continue
      }
      var seen: Set<String> = []
      for type in item.types {
        if type.value == "*" {
          error(
            "an extension names node types, not '*'", type.span,
            help: "a rule that should visit every node is a rule of its own")
        } else if rule.targetTypes.contains(type.value) {
          error("'\(item.ruleID)' already visits \(type.value)", type.span)
        } else if !seen.insert(type.value).inserted {
          error("\(type.value) is named twice", type.span)
        }
      }
    }
    return problems
  }

  /// This ruleset and the imports whose rules are evaluated with it, each once (by name),
  /// imports first: everything but what is imported for its definitions only (`import
  /// definitions from …`), whose own imports are left out too.
  package var ruleClosure: [Ruleset] {
    var seen: Set<String> = []
    var result: [Ruleset] = []
    func visit(_ ruleset: Ruleset) {
      let definitionsOnly = ruleset.program.metadata.definitionImports
      for imported in ruleset.imports where !definitionsOnly.contains(imported.name) { visit(imported) }
      if seen.insert(ruleset.name).inserted { result.append(ruleset) }
    }
    visit(self)
    return result
  }

  /// This ruleset and everything it imports, each once (by name), imports first.
  public var closure: [Ruleset] {
    var seen: Set<String> = []
    var result: [Ruleset] = []
    func visit(_ ruleset: Ruleset) {
      for imported in ruleset.imports { visit(imported) }
      if seen.insert(ruleset.name).inserted { result.append(ruleset) }
    }
    visit(self)
    return result
  }

  /// The bytecode, printed readably.
  public var disassembly: String { Disassembler.disassemble(program) }
}
