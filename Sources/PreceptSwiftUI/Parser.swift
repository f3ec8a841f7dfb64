import Precept

// The structural Swift parser: tokens → view nodes.
//
// It parses what builds views (declarations, view builders, calls, modifiers, control flow)
// and skips everything else by brackets and Swift's line-continuation rules, so it reads any
// Swift file without an error. Recursion follows bracket nesting (bounded by the lexer) and
// nothing else: operator chains, `else if` chains, ternary chains, statement lists and
// modifier chains are loops.

/// How strongly an expression or a block looks like it builds views.
struct Evidence {
  /// Statements that build views: `Text("a")`, `MyRow(item)`, `content.padding()`.
  var views = 0
  /// Statements that run code: assignments, `try`/`await`, lower-case calls, `Task { }`.
  var actions = 0
  /// The actions that are only lower-case calls (`header()`, `row(item)`): in a view builder
  /// these are the app's own helpers that build views, so they do not outweigh views.
  var calls = 0

  mutating func add(_ other: Evidence) {
    views += other.views
    actions += other.actions
    calls += other.calls
  }

  static let view = Evidence(views: 1, actions: 0)
  static let action = Evidence(views: 0, actions: 1)
  static let call = Evidence(views: 0, actions: 1, calls: 1)
}

/// What a list of statements produced, in two readings: as a result builder (every expression
/// statement is a view) and as ordinary code (only `return`ed expressions are). A body that
/// contains `return` is ordinary code, as in Swift.
struct Block {
  var nodes: [ViewNode] = []
  var evidence = Evidence()
  var returned: [ViewNode] = []
  var returnedEvidence = Evidence()
  var sawReturn = false
  /// Stored properties, for the members of a type.
  var properties: [ViewProperty] = []

  /// The nodes of the reading that applies.
  var result: [ViewNode] { sawReturn ? returned : nodes }
  var resultEvidence: Evidence { sawReturn ? returnedEvidence : evidence }

  /// Adds a nested block (a branch, a loop body) whose nodes appear in place.
  mutating func absorb(_ other: Block) {
    nodes.append(contentsOf: other.nodes)
    evidence.add(other.evidence)
    returned.append(contentsOf: other.returned)
    returnedEvidence.add(other.returnedEvidence)
    sawReturn = sawReturn || other.sawReturn
    properties.append(contentsOf: other.properties)
  }

  /// Adds a node that appears in both readings (a declaration).
  mutating func appendEverywhere(_ node: ViewNode) {
    nodes.append(node)
    returned.append(node)
  }
}

/// Where a list of statements is.
enum Mode {
  /// The members of a type: declarations only.
  case members
  /// The top level of a file or fragment: declarations, and expressions that look like views.
  case topLevel
  /// A view body or view closure: every expression statement is a view.
  case builder
}

/// How deep the view tree under construction is, and the first failure. Shared by all copies
/// of a parser.
final class ParseState {
  /// Nested statement lists (bodies, closures, branches) around the one being parsed, plus the
  /// position in `else if`, `#elseif` and ternary chains, which nest without brackets.
  var depth = 0
  var failure: ReadFailure? = nil
  /// Local variables holding a SwiftUI view, by name, in the scopes around the statement being
  /// parsed (each statement list restores the outer ones when it ends).
  var localViews: [String: (node: ViewNode, size: Int)] = [:]
  /// Nodes copied in for uses of local views so far. Each use copies the view, so a chain of
  /// locals each used twice in the next would grow exponentially; past `localViewBudget` uses
  /// stay references.
  var localViewNodes = 0
  /// The platforms the file mentions in `#if` conditions and imports, and in availability
  /// annotations (`Parser.platformFacts`).
  var mentionedPlatforms: PlatformSet = []
  var availabilityPlatforms: PlatformSet = []
  /// The platform sets views were restricted to by `#if` blocks and imports.
  var restrictedPlatforms: Set<PlatformSet> = []
  var defaultPlatforms: PlatformSet? = nil
  static let localViewBudget = 100_000
  /// Steps of work so far: tokens stepped over, statements parsed and bytes counted for
  /// columns. The tests bound it by the input's size, which proves reading stays linear
  /// without timing it.
  var steps = 0
  /// The last position asked for. The parser asks for positions roughly in source order, so
  /// counting columns from there keeps long lines (minified code) linear.
  private var cursorLine = 0
  private var cursorOffset = 0
  private var cursorColumn = 1

  /// The same line and column as `SourceFile.location(of:)`.
  func locate(_ offset: Int, in source: SourceFile, _ text: UnsafeBufferPointer<UInt8>) -> SourceLocation {
    let offset = max(0, min(offset, text.count))
    let starts = source.lineStarts
    let onCursorLine =
      offset >= starts[cursorLine] && (cursorLine + 1 == starts.count || offset < starts[cursorLine + 1])
    if !onCursorLine {
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      cursorLine = low
      cursorOffset = starts[low]
      cursorColumn = 1
    }
    let lineStart = starts[cursorLine]
    if offset >= cursorOffset {
      cursorColumn += scalarStarts(cursorOffset, offset, text)
    } else if cursorOffset - offset < offset - lineStart {
      cursorColumn -= scalarStarts(offset, cursorOffset, text)
    } else {
      cursorColumn = 1 + scalarStarts(lineStart, offset, text)
    }
    cursorOffset = offset
    var column = cursorColumn
    // An offset inside a multi-byte sequence belongs to that scalar.
    if offset < text.count, text[offset] & 0xC0 == 0x80, column > 1 { column -= 1 }
    return SourceLocation(line: cursorLine + 1, column: column)
  }

  private func scalarStarts(_ from: Int, _ to: Int, _ text: UnsafeBufferPointer<UInt8>) -> Int {
    steps &+= to - from
    var count = 0
    for index in from..<to where text[index] & 0xC0 != 0x80 { count += 1 }
    return count
  }
}

struct Parser {
  let source: SourceFile
  let text: UnsafeBufferPointer<UInt8>
  let tokens: UnsafeBufferPointer<Token>
  let limit: Int
  let state = ParseState()

  /// Enters `levels` more levels of the view tree at token `i`; false (and a failure) when that
  /// is deeper than the limit, or when parsing has already failed.
  func enter(_ levels: Int, at i: Int) -> Bool {
    guard state.failure == nil else { return false }
    state.depth += levels
    guard state.depth <= limit else {
      state.depth -= levels
      state.failure = ReadFailure(
        message: "views nest too deeply: more than \(limit) levels", offset: Int(tokens[i].start),
        notes: ["the Swift reader stops at \(limit) levels of nested blocks, closures and else-if or ternary chains"])
      return false
    }
    return true
  }

  func leave(_ levels: Int) { state.depth -= levels }

  /// The index of the `.end` token.
  var endIndex: Int { tokens.count - 1 }

  // MARK: - Token helpers

  @inline(__always) func kind(_ i: Int) -> TokenKind { tokens[i].kind }
  @inline(__always) func keyword(_ i: Int) -> Keyword { tokens[i].keyword }
  @inline(__always) func newline(_ i: Int) -> Bool { tokens[i].has(Token.newlineBefore) }
  @inline(__always) func spaced(_ i: Int) -> Bool { tokens[i].has(Token.spaceBefore) }

  /// The index after the token at `i`, or after the whole group it opens.
  @inline(__always) func skip(_ i: Int) -> Int {
    state.steps &+= 1
    let token = tokens[i]
    switch token.kind {
    case .leftParen, .leftBracket, .leftBrace: return token.match >= 0 ? Int(token.match) + 1 : i + 1
    default: return i + 1
    }
  }

  @inline(__always) func match(_ i: Int) -> Int { Int(tokens[i].match) }

  func location(_ i: Int) -> SourceLocation { state.locate(Int(tokens[i].start), in: source, text) }

  /// The source text from the start of token `from` to the end of token `to - 1`.
  func slice(_ from: Int, _ to: Int) -> String {
    guard to > from else { return "" }
    let start = Int(tokens[from].start)
    let end = Int(tokens[to - 1].end)
    return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
  }

  /// The text of one token.
  func string(_ i: Int) -> String { slice(i, i + 1) }

  /// An identifier's name, without backticks.
  func name(_ i: Int) -> String {
    let token = tokens[i]
    if token.has(Token.backticked) {
      return String(
        decoding: UnsafeBufferPointer(rebasing: text[Int(token.start + 1)..<Int(token.end - 1)]), as: UTF8.self)
    }
    return string(i)
  }

  /// Whether token `i` is exactly `word`.
  func isWord(_ i: Int, _ word: StaticString) -> Bool {
    let token = tokens[i]
    let length = Int(token.end - token.start)
    guard length == word.utf8CodeUnitCount else { return false }
    let start = Int(token.start)
    let bytes = word.utf8Start
    for offset in 0..<length where text[start + offset] != bytes[offset] { return false }
    return true
  }

  /// Whether the identifier at `i` ends with `suffix` (and is longer than it or equal).
  func hasSuffix(_ i: Int, _ suffix: StaticString) -> Bool {
    let token = tokens[i]
    let count = suffix.utf8CodeUnitCount
    let end = Int(token.end) - (token.has(Token.backticked) ? 1 : 0)
    let start = end - count
    guard start >= Int(token.start) else { return false }
    let bytes = suffix.utf8Start
    for offset in 0..<count where text[start + offset] != bytes[offset] { return false }
    return true
  }

  /// Whether the identifier at `i` starts with an upper-case letter (a type, by convention).
  func isUppercase(_ i: Int) -> Bool {
    let token = tokens[i]
    guard token.kind == .identifier else { return false }
    var start = Int(token.start)
    if token.has(Token.backticked) { start += 1 }
    let byte = text[start]
    if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return true }
    guard byte >= 0x80 else { return false }
    let scalar = String(decoding: UnsafeBufferPointer(rebasing: text[start..<Int(token.end)]), as: UTF8.self)
      .unicodeScalars.first
    return scalar?.properties.isUppercase ?? false
  }

  /// An operator token with whitespace on both sides or on neither: a binary operator.
  func isBinaryOperator(_ i: Int) -> Bool {
    guard kind(i) == .op else { return false }
    let keyword = keyword(i)
    let left = spaced(i)
    if !left, keyword == .question || keyword == .exclamation { return false }  // postfix `?`, `!`
    let right = spaced(i + 1) || kind(i + 1) == .end
    return left == right
  }

  /// A ternary `?` (spaced on both sides).
  @inline(__always) func isTernary(_ i: Int) -> Bool {
    keyword(i) == .question && spaced(i) && spaced(i + 1)
  }

  /// A postfix operator: bound to what precedes it, not to what follows.
  func isPostfixOperator(_ i: Int) -> Bool {
    guard kind(i) == .op, !spaced(i) else { return false }
    let keyword = keyword(i)
    if keyword == .question || keyword == .exclamation { return true }
    return spaced(i + 1) || kind(i + 1) == .end || kind(i + 1) == .rightParen || kind(i + 1) == .comma
  }

  // MARK: - Entry

  /// The nodes of the whole file.
  func document() -> [ViewNode] {
    var block = Block()
    items(0, endIndex, .topLevel, &block)
    let facts = platformFacts()
    state.mentionedPlatforms = facts.mentioned
    state.availabilityPlatforms = facts.availability
    restrict(&block.nodes, to: facts.allowed)
    state.defaultPlatforms = defaultPlatforms()
    return block.nodes
  }
}
