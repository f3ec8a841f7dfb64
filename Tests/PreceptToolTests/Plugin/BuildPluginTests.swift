import Foundation
import Testing

/// The lint-on-build plugin (Sources/PreceptLintBuildPlugin): the command line it builds — the
/// same `LintCommandLine` source, compiled here through a symbolic link — and what `precept`
/// does when run with exactly that command line.
@Suite struct BuildPluginTests {
  @Test func theCommandLineLintsTheTargetsFilesInXcodeFormatWithAStamp() {
    let command = LintCommandLine(
      files: ["/app/Sources/B.swift", "/app/Sources/A.swift"], stamp: "/work/precept-lint.stamp",
      configuration: "/app/precept.json")
    #expect(
      command.arguments == [
        "lint", "--format", "xcode", "--stamp", "/work/precept-lint.stamp", "--config", "/app/precept.json", "--",
        "/app/Sources/A.swift", "/app/Sources/B.swift",
      ])
    #expect(
      LintCommandLine(files: ["/a.swift"], stamp: "/s", configuration: nil).arguments.contains("--config") == false)
    #expect(command.displayName(target: "App") == "Checking accessibility of App (2 Swift files)")
  }

  @Test func precept_runWithThePluginsCommandLine_reportsDiagnosticsAndStampsOnlyAPass() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A file whose name starts with '-' is still a file: the command line ends options with '--'.
    try folder.write(
      "Sources/-Menu.swift",
      """
      struct S: View {
        var body: some View {
          Menu { Button("Rename") {}; Button("Move") {} } label: { Image(systemName: "ellipsis") }
        }
      }
      """)
    let file = folder.path + "/Sources/-Menu.swift"
    let stamp = folder.path + "/work/precept-lint.stamp"
    try FileManager.default.createDirectory(atPath: folder.path + "/work", withIntermediateDirectories: true)
    let command = LintCommandLine(files: [file], stamp: stamp, configuration: nil)

    let failing = try Products.run("precept", command.arguments, directory: folder.path)
    #expect(failing.status == 1, "\(failing.error)")
    let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
    #expect(failing.output.hasPrefix("\(absolute):3:5: error: Icon-only Menu trigger has no accessible name"))
    #expect(!FileManager.default.fileExists(atPath: stamp), "a failing lint left its stamp")

    try folder.write(
      "Sources/-Menu.swift",
      """
      struct S: View {
        var body: some View {
          Menu { Button("Rename") {}; Button("Move") {} } label: { Image(systemName: "ellipsis") }
            .accessibilityLabel("Pin options")
        }
      }
      """)
    let passing = try Products.run("precept", command.arguments, directory: folder.path)
    #expect(passing.status == 0, "\(passing.output)\(passing.error)")
    #expect(FileManager.default.fileExists(atPath: stamp))

    // Failing again removes the stamp, so the next build lints once more.
    try folder.write(
      "Sources/-Menu.swift",
      "struct T: View { var body: some View { Button {} label: { Image(systemName: \"x\") } } }\n")
    #expect(try Products.run("precept", command.arguments, directory: folder.path).status == 1)
    #expect(!FileManager.default.fileExists(atPath: stamp))
  }
}
