import Foundation
import Precept

/// `.precept` documents: the compiler's diagnostics as the ruleset is typed, completion,
/// hover, go to definition, and the card.
extension LSPServer {
  /// The words that start a ruleset's items, with what each says.
  static let items: [(String, String)] = [
    ("ruleset", "ruleset NAME VERSION: the header of a ruleset"),
    ("library", "library NAME VERSION: the header of a library (definitions only)"),
    ("title", "title \"…\": the component's title on its card"), ("summary", "summary \"…\": one sentence on the card"),
    ("help", "help \"…\": more about the component"), ("use", "use when \"…\": when to choose the component"),
    ("avoid", "avoid when \"…\" instead NAME: when to choose another component"),
    ("allow", "allow \"…\": a variant the component may take"), ("golden", "golden \"\"\"…\"\"\": the golden pattern"),
    ("import", "import NAME RANGE, or import definitions from NAME RANGE"),
    ("let", "let NAME(PARAMETERS) = EXPRESSION: a definition"),
    ("rule", "rule ID { … }: a check that passes or fails"), ("review", "review ID { … }: a check a person makes"),
    ("extend", "extend RULESET/RULE { on TYPE… }: more node types for an imported rule"),
    ("host", "host NAME(PARAMETERS) -> TYPE: a function the host application provides"),
  ]

  /// The clauses of a rule or review.
  static let clauses: [(String, String)] = [
    ("severity", "severity error | warning | info"), ("wcag", "wcag \"4.1.2\", …: the WCAG success criteria"),
    ("title", "title \"…\": the rule's title"), ("on", "on TYPE [inside TYPE] as NAME: the nodes the rule visits"),
    ("when", "when EXPRESSION: the rule applies only where this is true"),
    ("require", "require EXPRESSION: fails where this is false"),
    ("forbid", "forbid EXPRESSION: fails where this is true"),
    ("message", "message \"…{expression}…\": what a finding says"), ("fix", "fix \"…\": how to fix a finding"),
    ("help", "help \"…\": why the rule matters"), ("must", "must \"…\": the card's Must Haves sentence"),
    ("dont", "dont \"…\": the card's Don'ts sentence"), ("suggest", "suggest \"…\": a selection suggestion"),
    ("category", "category \"…\": a review's acceptance-check category"),
    ("check", "check \"…\": what a person checks"),
  ]

  // MARK: Diagnostics

  func compilePrecept(_ open: inout OpenDocument) -> [JSON] {
    let source = open.text.source
    open.outline = RulesetOutline(source)
    do {
      open.ruleset = try compile(source)
      return []
    } catch {
      open.ruleset = nil
      return error.diagnostics.map { LSPServer.diagnostic($0, in: open.text) }
    }
  }

  /// Compiles a ruleset being edited, its imports resolved from the project's library.
  private func compile(_ source: SourceFile) throws(DiagnosticError) -> Ruleset {
    let library = project?.library ?? StandardRulesets.library()
    let names = Array(Set(library.entries.map(\.name))).sorted()
    return try Ruleset(source: source, resolver: library.resolver, openImports: false, visible: names)
  }

  // MARK: Names under the cursor

  /// The dotted name around `offset` (`common.hasLabel`, `n.descendants`): the part before the
  /// word under the cursor, the word, and the word's byte range.
  static func name(at offset: Int, in document: TextDocument) -> (
    receiver: String, word: String, lower: Int, upper: Int
  )? {
    let bytes = document.source.bytes
    var lower = min(offset, bytes.count)
    while lower > 0, TextDocument.isIdentifierByte(bytes[lower - 1]) { lower -= 1 }
    var upper = min(offset, bytes.count)
    while upper < bytes.count, TextDocument.isIdentifierByte(bytes[upper]) { upper += 1 }
    guard lower < upper else { return nil }
    var start = lower
    while start > 1, bytes[start - 1] == UInt8(ascii: "."), TextDocument.isIdentifierByte(bytes[start - 2]) {
      start -= 1
      while start > 0, TextDocument.isIdentifierByte(bytes[start - 1]) { start -= 1 }
    }
    let receiver = start < lower ? document.text(start, lower - 1) : ""
    return (receiver, document.text(lower, upper), lower, upper)
  }

  /// A ruleset's outline and source: an open document's, else the library's.
  func rulesetOutline(_ name: String) -> (outline: RulesetOutline, source: SourceFile, uri: String?)? {
    for open in documents.values.sorted(by: { $0.text.uri < $1.text.uri }) where open.outline?.name == name {
      return (open.outline!, open.text.source, open.text.uri)
    }
    guard let entry = project?.entry(name) else { return nil }
    let outline = outlines[name] ?? RulesetOutline(entry.source)
    outlines[name] = outline
    guard let outline else { return nil }
    return (outline, entry.source, LSPServer.file(of: entry.source, root: root))
  }

  /// The URI of the file a ruleset was read from. A standard ruleset is built into the tool
  /// (`<standard>/common.precept`) and has no file of its own, except in a checkout of
  /// precept's sources, where `Rulesets/` at the workspace root holds the same text.
  static func file(of source: SourceFile, root: String?) -> String? {
    var path = source.name
    let standard = "<standard>/"
    if path.hasPrefix(standard) {
      guard let root else { return nil }
      path = (root as NSString).appendingPathComponent("Rulesets/" + path.dropFirst(standard.count))
      guard (try? SourceFile.readBytes(path).get()) == source.bytes else { return nil }
    }
    guard !path.hasPrefix("<"), FileManager.default.fileExists(atPath: path) else { return nil }
    return TextDocument.uri(ofPath: URL(fileURLWithPath: path).standardizedFileURL.path)
  }

  /// Whether a name is a ruleset the document can refer to.
  private func isRuleset(_ name: String, _ open: OpenDocument) -> Bool {
    open.outline?.imports.contains { $0.name == name } == true || project?.entry(name) != nil
  }

  /// A let as written, with the comment lines just above it.
  static func letText(_ definition: RulesetOutline.Definition, in source: SourceFile) -> String {
    var text = source.text(definition.span.range)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.count > 12 { text = lines.prefix(12).joined(separator: "\n") + "\n  …" }
    var comments: [String] = []
    var line = source.location(of: definition.span.start).line - 1
    while line >= 1 {
      let above = source.lineText(line).trimmingCharacters(in: .whitespaces)
      guard above.hasPrefix("//") else { break }
      comments.insert(String(above.dropFirst(2)).trimmingCharacters(in: .whitespaces), at: 0)
      line -= 1
    }
    return "```precept\n\(text)\n```" + (comments.isEmpty ? "" : "\n\n" + comments.joined(separator: " "))
  }

  // MARK: Hover

  func preceptHover(_ open: OpenDocument, _ offset: Int) -> JSON {
    guard let (receiver, word, lower, upper) = LSPServer.name(at: offset, in: open.text) else { return .null }
    var text: String?
    if let item = open.outline?.imports.first(where: { $0.nameSpan.start <= offset && offset <= $0.nameSpan.end }) {
      text = rulesetSummary(item.name)
    } else if !receiver.isEmpty, isRuleset(receiver, open) {
      if let (outline, source, _) = rulesetOutline(receiver),
        let definition = outline.lets.first(where: { $0.name == word })
      {
        text = "`\(receiver).\(definition.signature)`\n\n" + LSPServer.letText(definition, in: source)
      }
    } else if receiver.isEmpty, let definition = open.outline?.lets.first(where: { $0.name == word }) {
      text = LSPServer.letText(definition, in: open.text.source)
    }
    if text == nil {
      let lines = Vocabulary.documentation(of: word)
      if !lines.isEmpty { text = "```\n" + lines.joined(separator: "\n") + "\n```" }
    }
    if text == nil, receiver.isEmpty, let item = (LSPServer.clauses + LSPServer.items).first(where: { $0.0 == word }) {
      text = "`\(item.1)`"
    }
    guard let text else { return .null }
    return .object([
      "contents": .object(["kind": .string("markdown"), "value": .string(text)]),
      "range": open.text.range(lower, upper),
    ])
  }

  private func rulesetSummary(_ name: String) -> String? {
    guard let entry = project?.entry(name) else { return nil }
    let ruleset = try? project?.library.ruleset(entry)
    let metadata = ruleset?.program.metadata
    var text = "**\(name)** \(entry.version)"
    if let title = metadata?.title { text += ": \(title)" }
    if let summary = metadata?.summary { text += "\n\n\(summary)" }
    if entry.source.name.hasPrefix("<standard>") { text += "\n\nA standard ruleset, built into precept." }
    return text
  }

  // MARK: Definition

  func definition(_ params: JSON) -> JSON {
    guard let (open, offset) = documentAndOffset(params), open.text.kind == .precept,
      let (receiver, word, _, _) = LSPServer.name(at: offset, in: open.text)
    else { return .null }
    func location(_ uri: String?, _ source: SourceFile, _ span: Span) -> JSON {
      guard let uri else { return .null }
      let target = TextDocument(uri: uri, languageID: "precept", version: 0, source: source)
      return .object(["uri": .string(uri), "range": target.range(span.start, span.end)])
    }
    if let item = open.outline?.imports.first(where: { $0.nameSpan.start <= offset && offset <= $0.nameSpan.end }) {
      guard let (outline, source, uri) = rulesetOutline(item.name) else { return .null }
      return location(uri, source, outline.nameSpan)
    }
    if !receiver.isEmpty, isRuleset(receiver, open) {
      guard let (outline, source, uri) = rulesetOutline(receiver),
        let definition = outline.lets.first(where: { $0.name == word })
      else { return .null }
      return location(uri, source, definition.nameSpan)
    }
    if receiver.isEmpty, let definition = open.outline?.lets.first(where: { $0.name == word }) {
      return location(open.text.uri, open.text.source, definition.nameSpan)
    }
    return .null
  }

  // MARK: Completion

  func completion(_ params: JSON) -> JSON {
    guard let (open, offset) = documentAndOffset(params) else { return .array([]) }
    let items: [JSON]
    switch open.text.kind {
    case .precept: items = preceptCompletion(open, offset)
    case .swift: items = swiftCompletion(open, offset)
    case .other: items = []
    }
    return .object(["isIncomplete": .bool(false), "items": .array(items)])
  }

  /// Completion kinds of the protocol.
  enum ItemKind: Int64 {
    case method = 2, function = 3, field = 5, variable = 6, module = 9, value = 12, keyword = 14, reference = 18
  }

  static func item(
    _ label: String, _ kind: ItemKind, detail: String? = nil, replacing lower: Int, _ upper: Int,
    in document: TextDocument
  ) -> JSON {
    var members: [JSON.Member] = [
      JSON.Member("label", .string(label)), JSON.Member("kind", .integer(kind.rawValue)),
    ]
    if let detail { members.append(JSON.Member("detail", .string(detail))) }
    members.append(
      JSON.Member("textEdit", .object(["range": document.range(lower, upper), "newText": .string(label)])))
    return .object(members)
  }

  /// Rule ids and ruleset names, in `// precept:disable …` comments.
  private func swiftCompletion(_ open: OpenDocument, _ offset: Int) -> [JSON] {
    let (lineStart, prefix) = LSPServer.linePrefix(open.text, offset)
    guard let marker = prefix.range(of: "precept:") else { return [] }
    let afterMarker = prefix[marker.upperBound...]
    guard afterMarker.contains(" ") else { return [] }
    let word = String(afterMarker.reversed().prefix { !$0.isWhitespace && $0 != "," }.reversed())
    let lower = lineStart + prefix.utf8.count - word.utf8.count
    let rules = project?.engine?.rules.map(\.id) ?? []
    let rulesets = project?.engine?.rulesets.map(\.name) ?? []
    return (rules.map { ($0, ItemKind.reference) } + rulesets.map { ($0, ItemKind.module) })
      .filter { $0.0.hasPrefix(word) }
      .map { LSPServer.item($0.0, $0.1, replacing: lower, offset, in: open.text) }
  }

  /// The byte offset the cursor's line starts at, and its text up to the cursor.
  static func linePrefix(_ document: TextDocument, _ offset: Int) -> (Int, String) {
    let bytes = document.source.bytes
    var start = min(offset, bytes.count)
    while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
    return (start, document.text(start, offset))
  }

  private func preceptCompletion(_ open: OpenDocument, _ offset: Int) -> [JSON] {
    let document = open.text
    let context = LSPServer.scan(document.source.bytes, upTo: offset)
    if context.inString || context.inComment { return [] }
    let (lineStart, prefix) = LSPServer.linePrefix(document, offset)
    let words = prefix.split(whereSeparator: \.isWhitespace).map(String.init)
    let endsInSpace = prefix.last?.isWhitespace ?? true
    // The word being typed: rule ids and ruleset names may hold '.', '-' and '/'.
    let dotted = String(prefix.reversed().prefix { $0.isLetter || $0.isNumber || "_.-/".contains($0) }.reversed())
    let identifier = String(
      prefix.reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }.reversed())
    func items(_ names: [(String, ItemKind, String?)], word: String) -> [JSON] {
      var seen: Set<String> = []
      let lower = lineStart + prefix.utf8.count - word.utf8.count
      return names.filter { $0.0.hasPrefix(word) && seen.insert($0.0).inserted }.map {
        LSPServer.item($0.0, $0.1, detail: $0.2, replacing: lower, offset, in: document)
      }
    }
    let first = words.first ?? ""
    let typingFirst = words.count <= 1 && !endsInSpace
    let atStart = words.isEmpty || typingFirst
    // After the first word of an item: what that word takes.
    if !atStart {
      let previous = endsInSpace ? words.last! : (words.count >= 2 ? words[words.count - 2] : "")
      if previous == "severity" {
        return items([("error", .value, nil), ("warning", .value, nil), ("info", .value, nil)], word: identifier)
      }
      if first == "import" && (words.count == 1 || (words.count == 2 && !endsInSpace) || previous == "from") {
        let names = (project?.library.entries ?? []).map { ($0.name, ItemKind.module, Optional("\($0.version)")) }
        return items(
          names + (words.count <= 2 ? [("definitions", .keyword, "import definitions from NAME RANGE")] : []),
          word: dotted)
      }
      if first == "extend" && (words.count == 1 || (words.count == 2 && !endsInSpace)) {
        return items(ruleIDs(open).map { ($0, ItemKind.reference, nil) }, word: dotted)
      }
      if first == "use" || first == "avoid" {
        return words.count <= 2 ? items([("when", .keyword, nil)], word: identifier) : []
      }
    }
    // After a dot: a ruleset's lets, the rest of a dotted ruleset name, or fields and methods.
    let bytes = document.source.bytes
    let wordStart = offset - identifier.utf8.count
    if wordStart > 0, bytes[wordStart - 1] == UInt8(ascii: ".") {
      var receiverStart = wordStart - 1
      while receiverStart > 0,
        TextDocument.isIdentifierByte(bytes[receiverStart - 1]) || bytes[receiverStart - 1] == UInt8(ascii: ".")
      {
        receiverStart -= 1
      }
      let receiver = document.text(receiverStart, wordStart - 1)
      var names: [(String, ItemKind, String?)] = []
      if isRuleset(receiver, open), let (outline, _, _) = rulesetOutline(receiver) {
        names += outline.lets.map { ($0.name, ItemKind.function, Optional($0.signature)) }
      }
      let continuing = (project?.library.entries ?? []).compactMap { entry -> String? in
        guard entry.name.hasPrefix(receiver + ".") else { return nil }
        return entry.name.dropFirst(receiver.count + 1).split(separator: ".").first.map(String.init)
      }
      names += continuing.map { ($0, ItemKind.module, nil) }
      if names.isEmpty {
        names += Vocabulary.nodeFields.map { ($0, ItemKind.field, Vocabulary.documentation(of: $0).last) }
        names += Vocabulary.methods.map { ($0, ItemKind.method, Vocabulary.documentation(of: $0).first) }
      }
      return items(names, word: identifier)
    }
    var names: [(String, ItemKind, String?)] = []
    if atStart {
      if context.inRuleBlock {
        names += LSPServer.clauses.map { ($0.0, ItemKind.keyword, Optional($0.1)) }
      } else if context.depth == 0 {
        names += LSPServer.items.map { ($0.0, ItemKind.keyword, Optional($0.1)) }
      }
    }
    names += (open.outline?.lets ?? []).map { ($0.name, ItemKind.function, Optional($0.signature)) }
    names += (open.outline?.imports ?? []).map { ($0.name, ItemKind.module, Optional($0.range)) }
    names += Vocabulary.functions.map { ($0, ItemKind.function, Vocabulary.documentation(of: $0).first) }
    names += Vocabulary.typeNames.map { ($0, ItemKind.value, nil) }
    names += Vocabulary.keywords.map { ($0, ItemKind.keyword, nil) }
    return items(names, word: identifier)
  }

  /// The rule ids a ruleset can extend: those of the project's rulesets and of its imports.
  private func ruleIDs(_ open: OpenDocument) -> [String] {
    var ids = project?.engine?.rules.map(\.id) ?? []
    ids += (open.ruleset?.closure ?? []).flatMap(\.program.rules).map(\.id)
    return Array(Set(ids)).sorted()
  }

  /// Where `offset` falls in ruleset text: inside a string or comment, how many braces are
  /// open, and whether the innermost one opened a rule, review or extension.
  static func scan(_ bytes: [UInt8], upTo offset: Int) -> (
    inString: Bool, inComment: Bool, depth: Int, inRuleBlock: Bool
  ) {
    var index = 0
    var opened: [Bool] = []
    var lineFirstWord = ""
    var atLineStart = true
    let end = min(offset, bytes.count)
    func at(_ text: String) -> Bool {
      let pattern = Array(text.utf8)
      return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
    }
    while index < end {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        atLineStart = true
        lineFirstWord = ""
        index += 1
        continue
      }
      if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
          if index >= end { return (false, true, opened.count, opened.last ?? false) }
          index += 1
        }
        if index >= end { return (false, true, opened.count, opened.last ?? false) }
        continue
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        let raw = index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "r")
        let triple = at(String(repeating: String(UnicodeScalar(byte)), count: 3))
        index += triple ? 3 : 1
        var closed = false
        while index < bytes.count {
          if index >= end { return (true, false, opened.count, opened.last ?? false) }
          let current = bytes[index]
          if current == UInt8(ascii: "\\") && !raw {
            index += 2
            continue
          }
          if !triple && (current == 0x0A || current == 0x0D) { break }
          if current == byte && (!triple || at(String(repeating: String(UnicodeScalar(byte)), count: 3))) {
            index += triple ? 3 : 1
            closed = true
            break
          }
          index += 1
        }
        if !closed && index >= end { return (true, false, opened.count, opened.last ?? false) }
        atLineStart = false
        continue
      }
      if TextDocument.isIdentifierByte(byte) {
        let start = index
        while index < bytes.count, TextDocument.isIdentifierByte(bytes[index]) { index += 1 }
        if atLineStart { lineFirstWord = String(decoding: bytes[start..<index], as: UTF8.self) }
        atLineStart = false
        continue
      }
      if byte == UInt8(ascii: "{") { opened.append(["rule", "review", "extend"].contains(lineFirstWord)) }
      if byte == UInt8(ascii: "}"), !opened.isEmpty { opened.removeLast() }
      if byte != 0x20 && byte != 0x09 { atLineStart = false }
      index += 1
    }
    return (false, false, opened.count, opened.last ?? false)
  }

  // MARK: The card

  func describe(_ argument: String) throws(JSONRPC.Failure) -> String {
    if let open = documents[argument] {
      guard open.text.kind == .precept else {
        throw JSONRPC.Failure(.invalidParams, "'\(argument)' is not a .precept document")
      }
      do {
        return CardRenderer.markdown(try compile(open.text.source))
      } catch {
        throw JSONRPC.Failure(
          .requestFailed,
          "the ruleset does not compile, so it has no card yet:\n"
            + error.diagnostics.map(\.description).joined(separator: "\n"))
      }
    }
    if let ruleset = project?.engine?.rulesets.first(where: { $0.name == argument }) {
      return CardRenderer.markdown(ruleset)
    }
    if let entry = project?.entry(argument), let ruleset = try? project?.library.ruleset(entry) {
      return CardRenderer.markdown(ruleset)
    }
    let names = Array(Set((project?.library.entries ?? []).map(\.name))).sorted()
    let suggestion = Spelling.closest(argument, in: names).map { "; did you mean '\($0)'?" } ?? ""
    throw JSONRPC.Failure(
      .invalidParams, "no open .precept document or ruleset named '\(argument)'\(suggestion)",
      data: .object(["rulesets": .array(names.map { .string($0) })]))
  }
}
