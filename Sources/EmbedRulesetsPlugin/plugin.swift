import Foundation
import PackagePlugin

/// Embeds the package's `Rulesets/*.precept` into the target as Swift source, so the standard
/// rulesets are built into the binary and `Rulesets/` stays their single source of truth.
@main
struct EmbedRulesets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Rulesets")
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "precept" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "StandardRulesets+Sources.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) standard rulesets",
        executable: try context.tool(named: "embed-rulesets").url,
        arguments: [output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output])
    ]
  }
}
