import Foundation
import Precept

/// The rulesets the language server checks Swift files with, chosen as `lint` chooses them —
/// `--ruleset`, else `precept.json` at the workspace root (standard rulesets, locked packs,
/// paths), else the standard ones — and the library `.precept` documents import from.
struct LSPProject {
  /// Nil when the rulesets could not be loaded (`loadMessage` says why).
  var engine: Engine?
  /// Resolves the imports of the `.precept` documents being edited: the project's rulesets and
  /// the standard ones.
  var library: RulesetLibrary
  var configuration: ProjectConfiguration?
  var platforms: PlatformSet?
  var ruleIDs: RuleIDCheck?
  /// Why the rulesets could not be loaded, as the CLI would print it.
  var loadMessage: String?
  /// Load errors located in a file (precept.json, a ruleset), to publish on it.
  var loadDiagnostics: [Diagnostic] = []

  static func load(_ options: LSPServer.Options, root: String?) -> LSPProject {
    var project = LSPProject(library: StandardRulesets.library())
    do {
      let configuration: ProjectConfiguration?
      if let path = options.configPath {
        configuration = try ProjectConfiguration.read(path)
      } else if let root {
        let path = (root as NSString).appendingPathComponent(ProjectConfiguration.fileName)
        configuration = FileManager.default.fileExists(atPath: path) ? try ProjectConfiguration.read(path) : nil
      } else {
        configuration = try ProjectConfiguration.find(nil)
      }
      project.configuration = configuration
      let (engine, library) = try Evaluation.engine(rulesetPaths: options.rulesetPaths, configuration: configuration)
      project.engine = engine
      project.library = library
      project.platforms = options.platforms ?? configuration?.platforms
      project.ruleIDs = RuleIDCheck(engine, partial: !options.rulesetPaths.isEmpty)
    } catch let error as DiagnosticError {
      project.loadDiagnostics = error.diagnostics
      project.loadMessage =
        "precept lsp: the rulesets could not be loaded:\n"
        + error.diagnostics.map { $0.rendered() }.joined(separator: "\n")
    } catch let error as InputError {
      project.loadMessage = "precept lsp: the rulesets could not be loaded: \(error.message)"
    } catch let error as UsageError {
      project.loadMessage = "precept lsp: the rulesets could not be loaded: \(error.message)"
    } catch {
      project.loadMessage = "precept lsp: the rulesets could not be loaded: \(error)"
    }
    return project
  }

  /// The load errors, published on the files they are in (columns as scalars: these files
  /// are not open, so their text is not at hand).
  var configurationDiagnostics: [JSON] {
    let byFile = Dictionary(grouping: loadDiagnostics.filter { $0.file.hasPrefix("/") || !$0.file.hasPrefix("<") }) {
      $0.file
    }
    return byFile.keys.sorted().map { file in
      let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
      let diagnostics = byFile[file]!.map { diagnostic in
        let start: JSON = .object([
          "line": .integer(Int64(max(0, diagnostic.location.line - 1))),
          "character": .integer(Int64(max(0, diagnostic.location.column - 1))),
        ])
        let end: JSON = .object([
          "line": .integer(Int64(max(0, diagnostic.location.line - 1))),
          "character": .integer(Int64(max(0, diagnostic.location.column - 1 + diagnostic.length))),
        ])
        return JSON.object([
          "range": .object(["start": start, "end": end]), "severity": .integer(diagnostic.severity == .error ? 1 : 3),
          "source": .string("precept"), "message": .string(diagnostic.message),
        ])
      }
      return LSPServer.publish(uri: TextDocument.uri(ofPath: path), version: nil, diagnostics)
    }
  }

  /// The rule info of a full rule id.
  func rule(_ id: String) -> RuleInfo? { engine?.rules.first { $0.id == id } }

  /// The library entry of a ruleset name (the newest version).
  func entry(_ name: String) -> RulesetLibrary.Entry? {
    library.entries.filter { $0.name == name }.max { $0.version < $1.version }
  }
}
