import Foundation
import PackagePlugin

/// Embeds the package's `Rulesets/*.precept` into the target as Swift source, so the standard
/// rulesets are built into the binary and `Rulesets/` stays their single source of truth; in
/// the engine (the `Precept` target) it embeds the accessibility layer, `Rulesets/swiftui.layer.json`.
@main
struct EmbedRulesets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Rulesets")
    if target.name == "Precept" {
      // The engine embeds the accessibility layer (Rulesets/swiftui.layer.json) instead.
      let layer = folder.appending(path: "swiftui.layer.json")
      let output = context.pluginWorkDirectoryURL.appending(path: "StandardLayer+Source.swift")
      return [
        .buildCommand(
          displayName: "Embedding the standard accessibility layer",
          executable: try context.tool(named: "embed-rulesets").url,
          arguments: ["--layer", output.path, layer.path], inputFiles: [layer], outputFiles: [output])
      ]
    }
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
