import Precept
import PreceptSwiftUI
import Testing

/// Every node, in preorder through children, slots and modifier closures, with the platforms it
/// is built for (its own, intersected down from its ancestors; nil where nothing narrows it).
private func platforms(_ nodes: [ViewNode], _ inherited: PlatformSet = .all) -> [(String, [String])] {
  var result: [(String, [String])] = []
  for node in nodes {
    let own = node.platforms.map { $0.intersection(inherited) } ?? inherited
    let label = node.type == "Text" || node.type == "Button" ? node.args.first?.value ?? node.type : node.type
    result.append((label, own.names))
    result += platforms(node.children, own)
    for slot in node.slots { result += platforms(slot.nodes, own) }
    for modifier in node.modifiers { result += platforms(modifier.children, own) }
  }
  return result
}

/// The platforms of the `Text` nodes, by their text.
private func textPlatforms(_ source: String) throws -> [String: [String]] {
  var result: [String: [String]] = [:]
  for (label, names) in platforms(try read(source)) where label.first?.isLowercase == true || label.contains(" ") {
    result[label] = names
  }
  return result
}

@Suite struct PlatformConditionTests {
  static let apple = PlatformSet.all.names

  @Test func osConditionsAreEvaluatedWithNotAndOrAndParentheses() throws {
    let texts = try textPlatforms(
      """
      VStack {
        #if os(iOS) || os(macOS)
        Text("ios or mac")
        #endif
        #if !os(macOS)
        Text("not mac")
        #endif
        #if os(tvOS)
        Text("tv")
        #endif
        #if (os(watchOS) || os(visionOS)) && !os(tvOS)
        Text("watch or vision")
        #endif
        #if os(xrOS)
        Text("xr")
        #endif
        #if os(Linux)
        Text("linux")
        #endif
      }
      """)
    #expect(texts["ios or mac"] == ["iOS", "iPadOS", "macOS", "Mac Catalyst"])
    #expect(texts["not mac"] == ["iOS", "iPadOS", "Mac Catalyst", "tvOS", "watchOS", "visionOS"])
    #expect(texts["tv"] == ["tvOS"])
    #expect(texts["watch or vision"] == ["watchOS", "visionOS"])
    #expect(texts["xr"] == ["visionOS"])
    #expect(texts["linux"] == [])
  }

  @Test func elseifAndElseAreBuiltWhereNoEarlierClauseIs() throws {
    let texts = try textPlatforms(
      """
      Group {
        #if os(iOS)
        Text("ios")
        #elseif os(macOS) || os(iOS)
        Text("mac")
        #elseif DEBUG
        Text("debug")
        #else
        Text("rest")
        #endif
      }
      """)
    #expect(texts["ios"] == ["iOS", "iPadOS", "Mac Catalyst"])
    #expect(texts["mac"] == ["macOS"])
    #expect(texts["debug"] == ["tvOS", "watchOS", "visionOS"])
    #expect(texts["rest"] == ["tvOS", "watchOS", "visionOS"])
  }

  @Test func environmentsImportsAndVersionsAreEvaluated() throws {
    let texts = try textPlatforms(
      """
      Group {
        #if targetEnvironment(macCatalyst)
        Text("catalyst")
        #endif
        #if os(iOS) && !targetEnvironment(macCatalyst)
        Text("ios device")
        #endif
        #if targetEnvironment(simulator)
        Text("simulator")
        #endif
        #if canImport(UIKit)
        Text("uikit")
        #elseif canImport(AppKit)
        Text("appkit")
        #endif
        #if swift(>=5.9) && compiler(>=5.10)
        Text("new swift")
        #else
        Text("old swift")
        #endif
        #if swift(<5)
        Text("ancient")
        #endif
      }
      """)
    #expect(texts["catalyst"] == ["Mac Catalyst"])
    #expect(texts["ios device"] == ["iOS", "iPadOS"])
    #expect(texts["simulator"] == ["iOS", "iPadOS", "tvOS", "watchOS", "visionOS"])
    #expect(texts["uikit"] == ["iOS", "iPadOS", "Mac Catalyst", "tvOS", "watchOS", "visionOS"])
    #expect(texts["appkit"] == ["macOS"])
    #expect(texts["new swift"] == Self.apple)
    #expect(texts["old swift"] == [])
    #expect(texts["ancient"] == [])
  }

  /// Custom flags, `arch(…)` and features the reader cannot know keep both branches on every
  /// platform, as before conditions were evaluated.
  @Test func unknownConditionsKeepBothBranchesEverywhere() throws {
    let texts = try textPlatforms(
      """
      Group {
        #if DEBUG
        Text("debug")
        #else
        Text("release")
        #endif
        #if arch(arm64) || hasFeature(StrictConcurrency)
        Text("arch")
        #endif
        #if os(macOS) && DEBUG
        Text("mac debug")
        #else
        Text("else of mac debug")
        #endif
        #if os(iOS) == true
        Text("not a condition")
        #endif
      }
      """)
    #expect(texts["debug"] == Self.apple)
    #expect(texts["release"] == Self.apple)
    #expect(texts["arch"] == Self.apple)
    #expect(texts["mac debug"] == ["macOS"])
    #expect(texts["else of mac debug"] == Self.apple)
    #expect(texts["not a condition"] == Self.apple)
  }

  /// `#available` and `#unavailable` are checks at run time: both branches are built for every
  /// platform.
  @Test func availabilityKeepsBothBranchesOnEveryPlatform() throws {
    let texts = try textPlatforms(
      """
      Button { go() } label: {
        if #available(iOS 17, macOS 14, *) {
          Text("new label")
        } else {
          Text("old label")
        }
      }
      """)
    #expect(texts["new label"] == Self.apple)
    #expect(texts["old label"] == Self.apple)
    let guarded = try textPlatforms(
      """
      var body: some View {
        guard #unavailable(iOS 18) else { return Text("modern") }
        return Text("legacy")
      }
      """)
    #expect(guarded["modern"] == Self.apple)
    #expect(guarded["legacy"] == Self.apple)
  }

  @Test func membersAndCasesUnderIfConfigAreNarrowedToo() throws {
    let nodes = try read(
      """
      struct Screen: View {
        #if os(macOS)
        var body: some View { Text("mac body") }
        #else
        var body: some View {
          switch mode {
          #if os(iOS)
          case .phone: Text("phone")
          #endif
          default: Text("other")
          }
        }
        #endif
      }
      """)
    let texts = Dictionary(platforms(nodes).map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    #expect(texts["mac body"] == ["macOS"])
    #expect(texts["phone"] == ["iOS", "iPadOS", "Mac Catalyst"])
    #expect(texts["other"] == ["iOS", "iPadOS", "Mac Catalyst", "tvOS", "watchOS", "visionOS"])
  }

  @Test func aFileShipsThePlatformsItMentionsOrIOS() throws {
    func shipped(_ text: String) throws -> [String]? {
      try SwiftUIReader.read(SourceFile(name: "t.swift", text: text)).platforms?.names
    }
    #expect(try shipped("Text(\"a\")") == nil, "none mentioned: iOS")
    #expect(try shipped("#if os(tvOS)\nText(\"a\")\n#else\nText(\"b\")\n#endif") == ["iOS", "tvOS"])
    #expect(
      try shipped("#if os(visionOS)\nText(\"a\")\n#elseif os(watchOS)\nText(\"b\")\n#endif") == [
        "iOS", "watchOS", "visionOS",
      ])
    #expect(try shipped("if #available(macOS 14, *) { Text(\"a\") }") == ["macOS"])
    #expect(
      try shipped("@available(iOS 17, visionOS 1, *)\nstruct A: View { var body: some View { Text(\"a\") } }") == [
        "iOS", "visionOS",
      ])
    #expect(
      try shipped("#if targetEnvironment(macCatalyst)\nText(\"a\")\n#else\nText(\"b\")\n#endif") == [
        "iOS", "Mac Catalyst",
      ])
  }

  @Test func anUnconditionalAppKitImportMakesAFileMacOnly() throws {
    let source = "import AppKit\nimport SwiftUI\nstruct A: View { var body: some View { Text(\"mac\") } }"
    let document = try SwiftUIReader.read(SourceFile(name: "t.swift", text: source))
    #expect(document.platforms?.names == ["macOS"])
    #expect(Dictionary(platforms(document.nodes), uniquingKeysWith: { a, _ in a })["mac"] == ["macOS"])
    let uikit = try read("import UIKit\nText(\"touch\")")
    #expect(Dictionary(platforms(uikit), uniquingKeysWith: { a, _ in a })["touch"]?.contains("macOS") == false)
    let conditional = try read("#if canImport(AppKit)\nimport AppKit\n#endif\nText(\"any\")")
    #expect(Dictionary(platforms(conditional), uniquingKeysWith: { a, _ in a })["any"] == Self.apple)
  }
}
