// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Precept",
  // `Synchronization.Mutex`, which the engine's caches and lint's threads share, is in macOS 15.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Precept", targets: ["Precept"]),
    .library(name: "PreceptSwiftUI", targets: ["PreceptSwiftUI"]),
    .library(name: "PreceptDistribution", targets: ["PreceptDistribution"]),
    .executable(name: "precept", targets: ["precept"]),
    .executable(name: "precept-bench", targets: ["precept-bench"]),
    .plugin(name: "PreceptLintPlugin", targets: ["PreceptLintPlugin"]),
    .plugin(name: "PreceptLintBuildPlugin", targets: ["PreceptLintBuildPlugin"]),
  ],
  targets: [
    // The engine: syntax → semantics → compiler → runtime, plus the view model and reports.
    .target(name: "Precept", plugins: ["EmbedRulesets"]),
    // Registries, resolution, lock files, installing and HTTP: what `add`/`install`/`publish`
    // need and a host that only evaluates rules does not link.
    .target(name: "PreceptDistribution", dependencies: ["Precept"], exclude: ["README.md"]),
    // Swift source → view models.
    .target(name: "PreceptSwiftUI", dependencies: ["Precept"], exclude: ["README.md"]),
    // The command-line tool's commands, REPL and output formats (a library so tests can call them).
    .target(
      name: "PreceptTool", dependencies: ["Precept", "PreceptSwiftUI", "PreceptDistribution"],
      plugins: ["EmbedRulesets"]),
    // Builds the standard rulesets (Rulesets/*.precept) into the tool.
    .plugin(
      name: "EmbedRulesets", capability: .buildTool(), dependencies: ["embed-rulesets"],
      path: "Sources/EmbedRulesetsPlugin"),
    .executableTarget(name: "embed-rulesets"),
    .executableTarget(name: "precept", dependencies: ["PreceptTool"]),
    // `swift package precept-lint`: lint a package's Swift targets.
    .plugin(
      name: "PreceptLintPlugin",
      capability: .command(
        intent: .custom(verb: "precept-lint", description: "Check SwiftUI code against the accessibility rulesets")),
      dependencies: ["precept"], path: "Sources/PreceptLintPlugin"),
    // Lint on build: findings as diagnostics in Xcode and `swift build` (an error fails the build).
    .plugin(
      name: "PreceptLintBuildPlugin", capability: .buildTool(), dependencies: ["precept"],
      path: "Sources/PreceptLintBuildPlugin"),
    // Prints the performance figures and budgets (Sources/precept-bench/README.md), measured side by side in one run.
    .executableTarget(
      name: "precept-bench", dependencies: ["Precept", "PreceptSwiftUI", "PreceptTool"],
      exclude: ["README.md", "compare-luajit.sh"],
      resources: [.embedInCode("accessibility.precept")]),
    // A small program that embeds the library as another linter would; the tests run it.
    .executableTarget(name: "EmbeddingExample", dependencies: ["Precept"]),
    // Runs google/cel-spec's conformance tests through the public CompiledExpression API.
    .executableTarget(name: "cel-conformance", dependencies: ["Precept"], exclude: ["README.md"]),
    // Drives the REPL's line editor on its own, for the pseudo-terminal tests and for trying it by hand.
    .executableTarget(name: "line-editor-demo", dependencies: ["PreceptTool"]),
    // Golden files are read and regenerated through #filePath, not bundled.
    .testTarget(name: "PreceptTests", dependencies: ["Precept"], exclude: ["Golden"]),
    .testTarget(name: "PreceptDistributionTests", dependencies: ["PreceptDistribution"]),
    // Fixtures are Swift sources read by the tests, not compiled into them.
    .testTarget(name: "PreceptSwiftUITests", dependencies: ["PreceptSwiftUI"], exclude: ["Fixtures"]),
    .testTarget(
      name: "PreceptToolTests",
      dependencies: ["PreceptTool", "PreceptDistribution", "line-editor-demo", "EmbeddingExample", "precept"],
      exclude: [
        "REPL/Transcripts", "MCP/mcp_client_session.py", "Playground/playground_browser_session.py",
      ]),
    .testTarget(name: "CELConformanceTests", dependencies: ["cel-conformance"]),
    .testTarget(name: "PreceptBenchTests", dependencies: ["precept-bench"]),
  ],
  swiftLanguageModes: [.v6]
)
