import Foundation
import Precept

/// Tab completion: what can stand where the cursor is, from what the session knows.
///
/// - `:co…` at the start: command names; after a command, what it takes: files for `:load`
///   and `:model`, rule ids for `:run`, `:explain` and `:disasm`, `functions` for `:help`.
/// - Inside a string: the names the model uses (node types, modifiers, argument labels, slots,
///   properties), for `n.type == "Me…"` and `m.modifier("acc…`.
/// - After a dot: the lets of a ruleset (`menu.basic.ic…`), or node fields and methods.
/// - Elsewhere: bindings, `nodes` and `roots`, lets, ruleset names, functions, types and
///   keywords; at the start of an entry also `let`, `rule` and `review`.
extension ReplSession {
  func complete(_ text: String, cursor: Int) -> Completion {
    let utf8 = Array(text.utf8.prefix(cursor))
    var start = 0
    while start < utf8.count, utf8[start] == 0x20 || utf8[start] == 0x09 { start += 1 }
    guard start < utf8.count, utf8[start] == UInt8(ascii: ":") else {
      return completeExpression(utf8, from: start)
    }
    guard let space = utf8[start...].firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) else {
      let word = String(decoding: utf8[start...], as: UTF8.self)
      let names = SessionCommand.all.map(\.name) + [":q"]
      return Completion(replacing: start..<cursor, candidates: names.filter { $0.hasPrefix(word) })
    }
    guard let command = SessionCommand.named(String(decoding: utf8[start..<space], as: UTF8.self)) else {
      return Completion(replacing: cursor..<cursor, candidates: [])
    }
    var argumentStart = space
    while argumentStart < utf8.count, utf8[argumentStart] == 0x20 || utf8[argumentStart] == 0x09 { argumentStart += 1 }
    let argument = String(decoding: utf8[argumentStart...], as: UTF8.self)
    let firstWord = !argument.contains(where: \.isWhitespace)
    switch command.completes {
    case .none:
      return Completion(replacing: cursor..<cursor, candidates: [])
    case .helpTopic:
      return Completion(replacing: argumentStart..<cursor, candidates: ["functions"].filter { $0.hasPrefix(argument) })
    case .file:
      return Completion(replacing: argumentStart..<cursor, candidates: ReplSession.files(startingWith: argument))
    case .rule where firstWord:
      return Completion(replacing: argumentStart..<cursor, candidates: ruleNames(startingWith: argument))
    case .ruleOrExpression where firstWord && !ruleNames(startingWith: argument).isEmpty:
      return Completion(replacing: argumentStart..<cursor, candidates: ruleNames(startingWith: argument))
    case .rule:
      return Completion(replacing: cursor..<cursor, candidates: [])
    case .expression, .ruleOrExpression:
      return completeExpression(utf8, from: argumentStart)
    }
  }

  private func ruleNames(startingWith prefix: String) -> [String] {
    let rules = engine.rules
    return ReplSession.sortedUnique(rules.map(\.id) + rules.map(\.localID)).filter { $0.hasPrefix(prefix) }
  }

  /// Completes the expression in `utf8[start...]` at its end.
  private func completeExpression(_ utf8: [UInt8], from start: Int) -> Completion {
    let cursor = utf8.count
    let state = InputState(String(decoding: utf8[start...], as: UTF8.self))
    if let content = state.openStringContent {
      let word = String(decoding: utf8[(start + content)...], as: UTF8.self)
      return Completion(
        replacing: start + content..<cursor, candidates: (model?.names ?? []).filter { $0.hasPrefix(word) })
    }
    var wordStart = cursor
    while wordStart > start, ReplSession.isIdentifierByte(utf8[wordStart - 1]) { wordStart -= 1 }
    let word = String(decoding: utf8[wordStart...], as: UTF8.self)
    var candidates: [String]
    if wordStart > start, utf8[wordStart - 1] == UInt8(ascii: ".") {
      var receiverStart = wordStart - 1
      while receiverStart > start,
        ReplSession.isIdentifierByte(utf8[receiverStart - 1]) || utf8[receiverStart - 1] == UInt8(ascii: ".")
      {
        receiverStart -= 1
      }
      let receiver = String(decoding: utf8[receiverStart..<(wordStart - 1)], as: UTF8.self)
      candidates = memberNames(of: receiver)
    } else {
      candidates = globalNames
      if wordStart == start { candidates += ["let", "rule", "review"] }
    }
    return Completion(
      replacing: wordStart..<cursor,
      candidates: ReplSession.sortedUnique(candidates).filter { $0.hasPrefix(word) })
  }

  /// What may follow `receiver.`: a ruleset's lets, the rest of a dotted ruleset name, or the
  /// fields and methods of values.
  private func memberNames(of receiver: String) -> [String] {
    let rulesets = engine.rulesets
    if let ruleset = rulesets.first(where: { $0.name == receiver }) {
      return ReplSession.letNames(ruleset)
    }
    let continuing = rulesets.compactMap { ruleset -> String? in
      guard ruleset.name.hasPrefix(receiver + ".") else { return nil }
      return ruleset.name.dropFirst(receiver.count + 1).split(separator: ".").first.map(String.init)
    }
    if !continuing.isEmpty { return continuing }
    return Vocabulary.nodeFields + Vocabulary.methods
  }

  private var globalNames: [String] {
    let rulesets = engine.rulesets
    let lets = rulesets.flatMap(ReplSession.letNames)
    let rulesetNames = rulesets.map(\.name).filter { $0 != ReplSession.scopeName }
    return variableNames + lets + rulesetNames + Vocabulary.functions + Vocabulary.typeNames + Vocabulary.keywords
  }

  private static func letNames(_ ruleset: Ruleset) -> [String] {
    ruleset.letSignatures.map { String($0.prefix { $0 != "(" }) }
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  private static func sortedUnique(_ names: [String]) -> [String] {
    Array(Set(names)).sorted()
  }

  /// Paths that complete `prefix`: entries of its folder, folders with a trailing `/`. Hidden
  /// entries only when the prefix asks for them.
  static func files(startingWith prefix: String) -> [String] {
    let slash = prefix.lastIndex(of: "/")
    let folder = slash.map { String(prefix[...$0]) } ?? ""
    let name = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
    let expanded = folder.hasPrefix("~/") ? NSHomeDirectory() + folder.dropFirst() : folder
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded)) ?? []
    return entries.filter { $0.hasPrefix(name) && (name.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { entry in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: expanded + entry, isDirectory: &isDirectory)
      return folder + entry + (isDirectory.boolValue ? "/" : "")
    }
  }
}
