// The command line the lint-on-build plugin runs, kept free of PackagePlugin so the tests
// compile this same file (through a symbolic link in Tests/PreceptToolTests/Plugin) and check
// what the plugin runs without building a package around it.

/// What `precept` is asked to do for one target: lint its Swift files and print one
/// `path:line:column: error|warning|note: …` line per problem, which Xcode and SwiftPM show as
/// diagnostics in the editor and the issue navigator.
struct LintCommandLine {
  /// The target's Swift files, absolute paths.
  var files: [String]
  /// Written only when the lint passes, so a build after a failing lint lints again.
  var stamp: String
  /// `precept.json` of the package, when it has one (rulesets, severities, disabled rules).
  var configuration: String?

  /// Sorted so the command, and whether the build system thinks it changed, does not depend on
  /// the order the files were listed in.
  var arguments: [String] {
    var arguments = ["lint", "--format", "xcode", "--stamp", stamp]
    if let configuration { arguments += ["--config", configuration] }
    return arguments + ["--"] + files.sorted()
  }

  /// The command's name in the build log.
  func displayName(target: String) -> String {
    "Checking accessibility of \(target) (\(files.count) Swift file\(files.count == 1 ? "" : "s"))"
  }
}
