/// The Apple platforms a view can be built for, as a set: what `n.platforms` lists, what
/// `#if os(…)` narrows and what a project ships (`precept.json` `platforms`, `--platform`).
///
/// iPadOS is iOS to the compiler (`os(iOS)` holds on both) and Mac Catalyst is an iOS build
/// running on a Mac (`os(iOS)` and `targetEnvironment(macCatalyst)` both hold); they are
/// separate members so a project can ship one without the other.
package struct PlatformSet: OptionSet, Sendable, Hashable, BitwiseCopyable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let iOS = PlatformSet(rawValue: 1 << 0)
  package static let iPadOS = PlatformSet(rawValue: 1 << 1)
  package static let macOS = PlatformSet(rawValue: 1 << 2)
  package static let macCatalyst = PlatformSet(rawValue: 1 << 3)
  package static let tvOS = PlatformSet(rawValue: 1 << 4)
  package static let watchOS = PlatformSet(rawValue: 1 << 5)
  package static let visionOS = PlatformSet(rawValue: 1 << 6)

  package static let all: PlatformSet = [.iOS, .iPadOS, .macOS, .macCatalyst, .tvOS, .watchOS, .visionOS]

  /// The platforms in their fixed order, with the names rules and `precept.json` use.
  package static let names: [(PlatformSet, String)] = [
    (.iOS, "iOS"), (.iPadOS, "iPadOS"), (.macOS, "macOS"), (.macCatalyst, "Mac Catalyst"), (.tvOS, "tvOS"),
    (.watchOS, "watchOS"), (.visionOS, "visionOS"),
  ]

  /// The members' names, in the fixed order.
  package var names: [String] { PlatformSet.names.filter { contains($0.0) }.map(\.1) }

  /// The platform a name means (`iOS`, `Mac Catalyst`; case and spaces do not matter, so
  /// `maccatalyst` and `macos` are accepted too), or nil.
  package init?(name: String) {
    let key = String(name.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" })
    let aliases: [String: PlatformSet] = ["catalyst": .macCatalyst, "xros": .visionOS, "ipados": .iPadOS]
    if let alias = aliases[key] {
      self = alias
      return
    }
    guard let match = PlatformSet.names.first(where: { $0.1.lowercased().filter({ !$0.isWhitespace }) == key }) else {
      return nil
    }
    self = match.0
  }

  /// The accepted names, for error messages.
  package static var nameList: String { names.map(\.1).joined(separator: ", ") }
}
