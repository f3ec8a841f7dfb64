import Foundation
import Precept
import Testing

@testable import PreceptTool

/// Which platforms `lint` checks views for: `--platform`, `precept.json`'s `platforms`, or
/// what the code mentions.
@Suite struct PlatformOptionTests {
  static let smallButton = """
    import SwiftUI
    struct Bar: View {
      var body: some View {
        Button("Go") { go() }
          .frame(width: 30, height: 30)
      }
      func go() {}
    }

    """

  func touchFindings(_ run: ToolRun) -> Int {
    run.output.components(separatedBy: "[global/touch-target-size]").count - 1
  }

  @Test func thePlatformOptionDecidesWhereTheTouchTargetApplies() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("Bar.swift", Self.smallButton)
    #expect(touchFindings(ToolRun(["lint", file])) == 1, "no platform mentioned: iOS")
    #expect(touchFindings(ToolRun(["lint", file, "--platform", "macOS"])) == 0)
    #expect(touchFindings(ToolRun(["lint", file, "--platform", "tvOS,Mac Catalyst"])) == 0)
    #expect(touchFindings(ToolRun(["lint", file, "--platform", "macOS", "--platform", "watchOS"])) == 1)
    let wrong = ToolRun(["lint", file, "--platform", "Android"])
    #expect(wrong.status == 2)
    #expect(wrong.error.contains("unknown platform 'Android' for --platform; expected one of iOS, iPadOS, macOS"))
  }

  @Test func theConfigurationNamesThePlatformsTheAppShips() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("Bar.swift", Self.smallButton)
    let mac = try folder.write("mac.json", #"{"precept": 1, "platforms": ["macOS"]}"#)
    #expect(touchFindings(ToolRun(["lint", file, "--config", mac])) == 0)
    // The option wins over the configuration.
    #expect(touchFindings(ToolRun(["lint", file, "--config", mac, "--platform", "iPadOS"])) == 1)
    let wrong = try folder.write("wrong.json", #"{"precept": 1, "platforms": ["iOS", "Symbian"]}"#)
    let run = ToolRun(["lint", file, "--config", wrong])
    #expect(run.status == 2)
    #expect(run.error.contains("wrong.json:1:37: error: unknown platform 'Symbian'"))
  }

  /// A project that does not say ships what all of its files mention: a file with no `#if`
  /// of its own is built for the platforms its neighbours name.
  @Test func theDefaultIsWhatTheWholeProjectMentions() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("Bar.swift", Self.smallButton)
    _ = try folder.write(
      "Settings.swift",
      "import SwiftUI\n@available(macOS 13, *)\nstruct S: View { var body: some View { Text(\"s\") } }\n")
    #expect(touchFindings(ToolRun(["lint", folder.path])) == 0, "a macOS project")
    // A portable library's availability list says less than an import of AppKit.
    _ = try folder.write(
      "Router.swift", "@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)\nfunc route() {}\n")
    #expect(touchFindings(ToolRun(["lint", folder.path])) == 1, "availability alone names iOS too")
    _ = try folder.write("Window.swift", "import AppKit\nfinal class Window: NSWindow {}\n")
    #expect(touchFindings(ToolRun(["lint", folder.path])) == 0, "AppKit is imported: a macOS project")
    _ = try folder.write("Phone.swift", "#if os(iOS)\nimport UIKit\n#endif\n")
    #expect(touchFindings(ToolRun(["lint", folder.path])) == 1, "now also an iOS one")
    let dumped = ToolRun(["dump-model", folder.path + "/Bar.swift", folder.path + "/Settings.swift"])
    #expect(dumped.output.contains(#""platforms": ["macOS"]"#))
  }

  @Test func checkTakesThePlatformsFromTheModelOrTheOption() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let node =
      #"{"type": "Button", "line": 1, "column": 1, "modifiers": [{"name": "frame", "args": [{"label": "width", "kind": "number", "value": 30}]}]}"#
    let ios = try folder.write("ios.json", #"{"viewmodel": 1, "file": "A.swift", "nodes": [\#(node)]}"#)
    let tv = try folder.write(
      "tv.json", #"{"viewmodel": 1, "file": "A.swift", "platforms": ["tvOS"], "nodes": [\#(node)]}"#)
    #expect(touchFindings(ToolRun(["check", ios])) == 1)
    #expect(touchFindings(ToolRun(["check", tv])) == 0)
    #expect(touchFindings(ToolRun(["check", tv, "--platform", "watchOS"])) == 1)
    #expect(touchFindings(ToolRun(["check", ios, "--platform", "macOS"])) == 0)
  }
}
