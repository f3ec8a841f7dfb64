import Foundation
import PackagePlugin

/// `swift package precept-lint [ARGUMENTS…]`: runs `precept lint` on the package's Swift
/// targets (or on the paths given), with any other `precept lint` options passed through.
@main
struct PreceptLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) throws {
    let tool = try context.tool(named: "precept")
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    var rest = extractor.remainingArguments
    // With no path of its own, lint the source folders of the package's Swift targets.
    if !rest.contains(where: { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }) {
      let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
      let root = context.package.directoryURL.path + "/"
      let folders = targets.compactMap { $0 as? SwiftSourceModuleTarget }.map(\.directoryURL.path).map { folder in
        folder.hasPrefix(root) ? String(folder.dropFirst(root.count)) : folder
      }
      rest = folders + rest
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = ["lint"] + rest
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationReason != .exit || process.terminationStatus != 0 {
      Diagnostics.error("precept lint exited with status \(process.terminationStatus)")
    }
  }
}
