// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Precept",
  products: [
    .library(name: "Precept", targets: ["Precept"]),
    .library(name: "PreceptSwiftUI", targets: ["PreceptSwiftUI"]),
    .executable(name: "precept", targets: ["precept"]),
    .executable(name: "precept-bench", targets: ["precept-bench"]),
  ],
  targets: [
    // The engine: syntax → semantics → compiler → runtime, plus the view model and reports.
    .target(name: "Precept"),
    // Swift source → view models.
    .target(name: "PreceptSwiftUI", dependencies: ["Precept"]),
    // The command-line tool's commands, REPL and output formats (a library so tests can call them).
    .target(name: "PreceptTool", dependencies: ["Precept", "PreceptSwiftUI"]),
    .executableTarget(name: "precept", dependencies: ["PreceptTool"]),
    .executableTarget(name: "precept-bench", dependencies: ["Precept", "PreceptSwiftUI"]),
    // Runs google/cel-spec's conformance tests through the public Expression API.
    .executableTarget(name: "cel-conformance", dependencies: ["Precept"], exclude: ["README.md"]),
    // Drives the REPL's line editor on its own, for the pseudo-terminal tests and for trying it by hand.
    .executableTarget(name: "line-editor-demo", dependencies: ["PreceptTool"]),
    // Golden files are read and regenerated through #filePath, not bundled.
    .testTarget(name: "PreceptTests", dependencies: ["Precept"], exclude: ["Golden"]),
    .testTarget(name: "PreceptSwiftUITests", dependencies: ["PreceptSwiftUI"]),
    .testTarget(name: "PreceptToolTests", dependencies: ["PreceptTool", "line-editor-demo"]),
    .testTarget(name: "CELConformanceTests", dependencies: ["cel-conformance"]),
  ],
  swiftLanguageModes: [.v6]
)
