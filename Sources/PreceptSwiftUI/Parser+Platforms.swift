import Precept

// Which platforms code is built for: `#if` conditions evaluated per platform, and the
// platforms a file mentions (the project's default when it names none).

/// What a compilation condition can be on each platform: `canBeTrue` holds the platforms where
/// it may hold, `canBeFalse` those where it may not. A condition the reader cannot decide
/// (`DEBUG`, `arch(arm64)`) can be both everywhere, so both branches are built.
struct PlatformCondition {
  var canBeTrue: PlatformSet
  var canBeFalse: PlatformSet

  static let unknown = PlatformCondition(canBeTrue: .all, canBeFalse: .all)
  static let yes = PlatformCondition(canBeTrue: .all, canBeFalse: [])
  static let no = PlatformCondition(canBeTrue: [], canBeFalse: .all)

  /// Holds exactly on `platforms`.
  static func on(_ platforms: PlatformSet) -> PlatformCondition {
    PlatformCondition(canBeTrue: platforms, canBeFalse: PlatformSet.all.subtracting(platforms))
  }

  var negated: PlatformCondition { PlatformCondition(canBeTrue: canBeFalse, canBeFalse: canBeTrue) }

  func and(_ other: PlatformCondition) -> PlatformCondition {
    PlatformCondition(
      canBeTrue: canBeTrue.intersection(other.canBeTrue), canBeFalse: canBeFalse.union(other.canBeFalse))
  }

  func or(_ other: PlatformCondition) -> PlatformCondition {
    PlatformCondition(
      canBeTrue: canBeTrue.union(other.canBeTrue), canBeFalse: canBeFalse.intersection(other.canBeFalse))
  }
}

/// The Swift version `swift(…)` and `compiler(…)` are compared with: code is linted as if built
/// by a current toolchain.
let assumedSwiftVersion = [6, 2]

extension Parser {
  /// The platforms named by `os(…)`. `os(iOS)` also holds for iPadOS and Mac Catalyst apps.
  static func platforms(ofOS name: String) -> PlatformSet {
    switch name {
    case "iOS": [.iOS, .iPadOS, .macCatalyst]
    case "macOS", "OSX": .macOS
    case "tvOS": .tvOS
    case "watchOS": .watchOS
    case "visionOS", "xrOS": .visionOS
    default: []  // Linux, Windows, Android, …
    }
  }

  /// The condition of the `#if`/`#elseif` directive at `directive`, evaluated per platform.
  func platformCondition(_ directive: Int) -> PlatformCondition {
    let end = directiveConditionEnd(directive, match(directive))
    var evaluator = ConditionEvaluator(parser: self, end: end, position: directive + 1)
    let result = evaluator.disjunction()
    return evaluator.position == end ? result : .unknown
  }

  /// Evaluates the conditions of an `#if` block's clauses: the platforms each clause's body is
  /// built for (a later clause only where every earlier one can be false; `#else` where all can).
  ///
  /// A block without `#else` says the code is also built where no clause is: `#if os(macOS)`
  /// around a tweak implies another platform, which the file's default then ships.
  func clausePlatforms(_ clauses: [(directive: Int, bodyStart: Int, bodyEnd: Int)]) -> [PlatformSet] {
    var remaining = PlatformSet.all
    let built = clauses.map { clause in
      guard keyword(clause.directive) != .poundElse else { return remaining }
      let condition = platformCondition(clause.directive)
      let built = remaining.intersection(condition.canBeTrue)
      remaining.formIntersection(condition.canBeFalse)
      return built
    }
    if let last = clauses.last, keyword(last.directive) != .poundElse, !remaining.isEmpty, remaining != .all {
      state.restrictedPlatforms.insert(remaining)
    }
    return built
  }

  /// Marks nodes as built for `platforms` at most (their descendants inherit it).
  func restrict(_ nodes: inout [ViewNode], to platforms: PlatformSet) {
    guard platforms != .all else { return }
    if !nodes.isEmpty { state.restrictedPlatforms.insert(platforms) }
    for index in nodes.indices {
      nodes[index].platforms = (nodes[index].platforms ?? .all).intersection(platforms)
    }
  }

  /// The platforms a file of its own ships by default: those its `#if` conditions and imports
  /// mention, else those its availability annotations mention (a portable library lists
  /// every platform in `@available`, which says little about the app); and iOS (or the first
  /// platform left) when views are built only for platforms it does not mention (the `#else`
  /// of `#if os(macOS)`). Nil when it mentions none, which means iOS.
  func defaultPlatforms() -> PlatformSet? {
    var shipped = state.mentionedPlatforms.isEmpty ? state.availabilityPlatforms : state.mentionedPlatforms
    guard !shipped.isEmpty else { return nil }
    for built in state.restrictedPlatforms where !built.isEmpty && built.isDisjoint(with: shipped) {
      shipped.formUnion(built.contains(.iOS) ? .iOS : PlatformSet(rawValue: built.rawValue & (~built.rawValue &+ 1)))
    }
    return shipped
  }

  /// The platforms the file mentions — in `os(…)` and `targetEnvironment(macCatalyst)` of its
  /// `#if` directives, in `#available`, `#unavailable` and `@available`, and by importing
  /// AppKit — and the platforms its unconditional imports allow (AppKit and Cocoa exist only
  /// on macOS, UIKit everywhere but macOS).
  func platformFacts() -> (mentioned: PlatformSet, availability: PlatformSet, allowed: PlatformSet) {
    var mentioned: PlatformSet = []
    var availability: PlatformSet = []
    var allowed = PlatformSet.all
    var conditionalDepth = 0
    var i = 0
    while i < endIndex {
      let token = tokens[i]
      state.steps &+= 1
      switch token.kind {
      case .pound:
        switch token.keyword {
        case .poundIf:
          conditionalDepth += 1
          mentioned.formUnion(mentions(inDirective: i))
        case .poundElseif:
          mentioned.formUnion(mentions(inDirective: i))
        case .poundEndif:
          conditionalDepth = max(0, conditionalDepth - 1)
        default:
          if isWord(i, "#available") || isWord(i, "#unavailable"), kind(i + 1) == .leftParen {
            availability.formUnion(availabilityPlatforms(i + 1))
          }
        }
      case .at:
        if isWord(i + 1, "available"), kind(i + 2) == .leftParen, !spaced(i + 2) {
          availability.formUnion(availabilityPlatforms(i + 2))
        }
      case .identifier where token.keyword == .kImport:
        var name = i + 1
        // `import struct Foo.Bar`, `@testable import`, `import AppKit.NSView`.
        if kind(name) == .identifier, keyword(name) != .none, kind(name + 1) == .identifier { name += 1 }
        guard kind(name) == .identifier else { break }
        if isWord(name, "AppKit") || isWord(name, "Cocoa") {
          mentioned.insert(.macOS)
          if conditionalDepth == 0 { allowed.formIntersection(.macOS) }
        } else if isWord(name, "UIKit"), conditionalDepth == 0 {
          allowed.subtract(.macOS)
        }
      default:
        break
      }
      i += 1
    }
    return (mentioned, availability, allowed)
  }

  private func mentions(inDirective directive: Int) -> PlatformSet {
    let end = directiveConditionEnd(directive, match(directive))
    var result: PlatformSet = []
    var j = directive + 1
    while j + 2 < end {
      if kind(j + 1) == .leftParen, kind(j + 2) == .identifier {
        if isWord(j, "os") {
          let named = Parser.platforms(ofOS: name(j + 2))
          // `os(iOS)` names iOS; iPadOS and Mac Catalyst are shipped only when named.
          result.formUnion(named.contains(.iOS) ? .iOS : named)
        } else if isWord(j, "targetEnvironment"), isWord(j + 2, "macCatalyst") {
          result.insert(.macCatalyst)
        }
      }
      j += 1
    }
    return result
  }

  /// The platforms named in `(iOS 17, macOS 14, *)`.
  private func availabilityPlatforms(_ open: Int) -> PlatformSet {
    var result: PlatformSet = []
    var j = open + 1
    let close = match(open)
    guard close > open else { return [] }
    while j < close {
      if kind(j) == .identifier {
        switch name(j) {
        case "iOS", "iOSApplicationExtension": result.insert(.iOS)
        case "iPadOS": result.insert(.iPadOS)
        case "macOS", "OSX", "macOSApplicationExtension": result.insert(.macOS)
        case "macCatalyst", "macCatalystApplicationExtension": result.insert(.macCatalyst)
        case "tvOS", "tvOSApplicationExtension": result.insert(.tvOS)
        case "watchOS", "watchOSApplicationExtension": result.insert(.watchOS)
        case "visionOS", "xrOS", "visionOSApplicationExtension": result.insert(.visionOS)
        default: break
        }
      }
      j = skip(j)
    }
    return result
  }
}

/// A recursive-descent evaluator of one directive's condition: `||` over `&&` over `!` over
/// `( … )`, `os(…)`, `canImport(…)`, `targetEnvironment(…)`, `arch(…)`, `swift(…)`,
/// `compiler(…)`, `true`, `false` and flags. Operator tokens are split into `&&`, `||` and
/// `!` by their characters, so `!os(macOS)` and `a&&!b` read the same as spaced ones.
/// Parentheses nest no deeper than the lexer allows.
private struct ConditionEvaluator {
  let parser: Parser
  let end: Int
  var position: Int
  /// The operator characters of the current operator token not yet consumed.
  var pending: Substring = ""

  init(parser: Parser, end: Int, position: Int) {
    self.parser = parser
    self.end = end
    self.position = position
  }

  private mutating func loadOperator() {
    guard pending.isEmpty, position < end, parser.kind(position) == .op else { return }
    pending = Substring(parser.string(position))
    position += 1
  }

  /// Consumes `symbol` (`&&`, `||`, `!`) if it comes next.
  private mutating func take(_ symbol: String) -> Bool {
    loadOperator()
    guard pending.hasPrefix(symbol) else { return false }
    pending = pending.dropFirst(symbol.count)
    return true
  }

  mutating func disjunction() -> PlatformCondition {
    var result = conjunction()
    while take("||") { result = result.or(conjunction()) }
    return result
  }

  private mutating func conjunction() -> PlatformCondition {
    var result = unary()
    while take("&&") { result = result.and(unary()) }
    return result
  }

  private mutating func unary() -> PlatformCondition {
    if take("!") { return unary().negated }
    guard pending.isEmpty else {
      // An operator the grammar does not have: the whole condition is unknown.
      position = end + 1
      return .unknown
    }
    return primary()
  }

  private mutating func primary() -> PlatformCondition {
    guard position < end else { return .unknown }
    if parser.kind(position) == .leftParen {
      let close = parser.match(position)
      var inner = ConditionEvaluator(parser: parser, end: close, position: position + 1)
      let value = inner.disjunction()
      position = close + 1
      return inner.position == close ? value : .unknown
    }
    guard parser.kind(position) == .identifier else {
      position = end + 1
      return .unknown
    }
    let word = parser.name(position)
    position += 1
    if word == "true" { return .yes }
    if word == "false" { return .no }
    guard position < end, parser.kind(position) == .leftParen else { return .unknown }  // a flag: DEBUG
    let open = position
    let close = parser.match(open)
    position = close + 1
    let argument = parser.slice(open + 1, close).filter { !$0.isWhitespace }
    switch word {
    case "os":
      return .on(Parser.platforms(ofOS: argument))
    case "targetEnvironment":
      switch argument {
      case "macCatalyst": return .on(.macCatalyst)
      // A simulator build exists for every platform but the Mac ones; device or simulator is
      // not known.
      case "simulator":
        return PlatformCondition(canBeTrue: [.iOS, .iPadOS, .tvOS, .watchOS, .visionOS], canBeFalse: .all)
      default: return .unknown
      }
    case "canImport":
      switch argument {
      // UIKit is in every SDK but the macOS one (watchOS has a small UIKit).
      case "UIKit": return .on(PlatformSet.all.subtracting(.macOS))
      // AppKit is also found when building for Mac Catalyst.
      case "AppKit", "Cocoa": return .on([.macOS, .macCatalyst])
      case "SwiftUI", "Foundation", "Combine", "Observation": return .yes
      default: return .unknown
      }
    case "swift", "compiler":
      return versionCondition(argument)
    default:
      return .unknown  // arch(…), hasFeature(…), hasAttribute(…), custom
    }
  }

  /// `>=5.9` or `<6` against `assumedSwiftVersion`.
  private func versionCondition(_ text: String) -> PlatformCondition {
    let atLeast = text.hasPrefix(">=")
    guard atLeast || text.hasPrefix("<") else { return .unknown }
    let digits = text.dropFirst(atLeast ? 2 : 1).split(separator: ".").map { Int($0) }
    guard !digits.isEmpty, !digits.contains(nil) else { return .unknown }
    var wanted = digits.map { $0! }
    var current = assumedSwiftVersion
    while wanted.count < current.count { wanted.append(0) }
    while current.count < wanted.count { current.append(0) }
    let reached = !current.lexicographicallyPrecedes(wanted)
    return (atLeast ? reached : !reached) ? .yes : .no
  }
}
