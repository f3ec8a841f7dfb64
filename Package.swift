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
    .testTarget(name: "PreceptTests", dependencies: ["Precept"]),
    // Fixtures are Swift sources read by the tests, not compiled into them.
    .testTarget(name: "PreceptSwiftUITests", dependencies: ["PreceptSwiftUI"], exclude: ["Fixtures"]),
    .testTarget(name: "PreceptToolTests", dependencies: ["PreceptTool"]),
  ],
  swiftLanguageModes: [.v6]
)
