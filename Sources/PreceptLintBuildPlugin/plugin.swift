import Foundation
import PackagePlugin

/// Lint on build: add it to a target's `plugins` and every build checks the target's Swift
/// files with `precept lint`, reporting each finding as a diagnostic (an error fails the
/// build, as a compiler error would). The lint runs again when a Swift file of the target or
/// the package's `precept.json` changes.
@main
struct PreceptLintBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SwiftSourceModuleTarget else { return [] }
    let files = target.sourceFiles(withSuffix: "swift").map(\.url.path)
    guard !files.isEmpty else { return [] }
    let configuration = context.package.directoryURL.appending(path: "precept.json")
    let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
    let command = LintCommandLine(
      files: files, stamp: context.pluginWorkDirectoryURL.appending(path: "precept-lint.stamp").path,
      configuration: hasConfiguration ? configuration.path : nil)
    return [
      .buildCommand(
        displayName: command.displayName(target: target.name),
        executable: try context.tool(named: "precept").url,
        arguments: command.arguments,
        inputFiles: files.map { URL(fileURLWithPath: $0) } + (hasConfiguration ? [configuration] : []),
        outputFiles: [URL(fileURLWithPath: command.stamp)])
    ]
  }
}
