import Precept

// The Swift lexer: UTF-8 bytes → a flat array of tokens whose brackets are matched.
//
// It knows all of Swift's lexical grammar that decides where tokens end — nested comments,
// every string literal form with interpolation, regex literals, operators, backtick and Unicode
// identifiers — and nothing about grammar beyond brackets. Tokens are 16-byte values holding
// byte offsets; no String is made here.

/// What a token is.
enum TokenKind: UInt8 {
  case identifier  // also keywords (see `Token.keyword`), `$0`, `$name` and `` `name` ``
  case number
  case string
  case regex
  case op  // any operator, including `=`, `?`, `!`, `&`, `<`, `>`
  case period  // `.`
  case comma, colon, semicolon, arrow
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case at  // `@`
  case pound  // `#if`, `#Preview`, `#available`: `#` and the word after it
  case backslash  // starts a key path
  case unknown
  case end
}

/// Words the reader treats specially. Contextual keywords are only candidates: the parser
/// decides from context whether `open` or `set` is a keyword or a name.
enum Keyword: UInt8 {
  case none = 0
  // Statements and expressions.
  case kIf, kElse, kSwitch, kCase, kDefault, kFor, kIn, kWhile, kRepeat, kGuard, kDo, kCatch
  case kReturn, kThrow, kDefer, kBreak, kContinue, kFallthrough, kWhere, kTry, kAwait
  case kTrue, kFalse, kNil, kSelf, kSelfType, kSuper, kIs, kAs, kSome, kAny
  // Declarations.
  case kLet, kVar, kFunc, kInit, kDeinit, kSubscript, kStruct, kClass, kEnum, kActor
  case kExtension, kProtocol, kTypealias, kAssociatedtype, kImport, kOperator
  case kPrecedencegroup, kMacro
  // Declaration modifiers.
  case kStatic, kPublic, kPrivate, kFileprivate, kInternal, kOpen, kPackage, kFinal, kOverride
  case kMutating, kNonmutating, kLazy, kWeak, kUnowned, kOptional, kRequired, kConvenience
  case kDynamic, kPrefix, kPostfix, kInfix, kIndirect, kNonisolated, kIsolated, kConsuming
  case kBorrowing, kDistributed
  // Accessors.
  case kGet, kSet, kWillSet, kDidSet
  // Compiler directives and macros (on `.pound` tokens).
  case poundIf, poundElseif, poundElse, poundEndif, poundPreview
  // Operators the parser looks for (on `.op` tokens).
  case assign  // `=`
  case compoundAssign  // `+=`, `-=`, …
  case question  // `?`
  case exclamation  // `!`
  case ampersand  // `&`
  case less  // `<`

  var isDeclarationModifier: Bool {
    rawValue >= Keyword.kStatic.rawValue && rawValue <= Keyword.kDistributed.rawValue
  }

  /// Words that are keywords only in some places and ordinary names elsewhere (`open(url)`).
  var isContextual: Bool {
    switch self {
    case .kStatic, .kPublic, .kPrivate, .kFileprivate, .kInternal: false
    case .kGet, .kSet, .kWillSet, .kDidSet, .kActor, .kMacro, .kSome, .kAny: true
    default: isDeclarationModifier
    }
  }
}

/// One token: 16 bytes, positions as byte offsets into the file.
struct Token {
  var start: Int32
  var end: Int32
  /// For brackets, the index of the matching bracket. For `#if`, `#elseif` and `#else`, the
  /// index of the next directive of the same block (`#elseif`, `#else` or `#endif`).
  var match: Int32
  var kind: TokenKind
  var keyword: Keyword
  var flags: UInt8

  static let newlineBefore: UInt8 = 1
  /// Whitespace, a comment or the start of the file comes before the token.
  static let spaceBefore: UInt8 = 2
  static let backticked: UInt8 = 4
  static let multiline: UInt8 = 8
  static let raw: UInt8 = 16

  @inline(__always) func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
}

/// Why a file could not be read: it is not Swift (lexer), or it nests too deeply (parser).
struct ReadFailure: Error {
  var message: String
  var offset: Int
  var length: Int = 1
  var notes: [String] = []
}

/// Lexes a whole file. Brackets (and `#if` blocks) are matched and nested at most
/// `SwiftUIReader.maximumNesting` deep.
struct Lexer {
  private let text: UnsafeBufferPointer<UInt8>
  private var position = 0
  private(set) var tokens: [Token] = []
  /// Indices of open brackets and of the latest directive of open `#if` blocks.
  private var open: [Int32] = []
  private var pendingFlags: UInt8 = Token.spaceBefore
  private let limit: Int
  /// The deepest nesting of brackets and `#if` blocks seen, which bounds the parser's recursion.
  private(set) var maximumDepth = 0
  /// String interpolations inside string interpolations: the lexer recurses for each.
  private var interpolationDepth = 0
  static let interpolationLimit = 16

  init(_ text: UnsafeBufferPointer<UInt8>, limit: Int) {
    self.text = text
    self.limit = limit
    tokens.reserveCapacity(text.count / 4 + 16)
    open.reserveCapacity(64)
  }

  private init(_ text: UnsafeBufferPointer<UInt8>, limit: Int, at position: Int) {
    self.text = text
    self.limit = limit
    self.position = position
  }

  /// The offset of the `)` that closes the string interpolation opened at `openParen`, or the
  /// end of the text. The literal was lexed before, so this cannot fail on valid input.
  static func interpolationEnd(_ text: UnsafeBufferPointer<UInt8>, openParen: Int, limit: Int) -> Int {
    var lexer = Lexer(text, limit: limit, at: openParen + 1)
    do {
      try lexer.openGroup(.leftParen, openParen)
      try lexer.lex(untilDepth: 0)
    } catch {
      return text.count
    }
    guard lexer.open.isEmpty, let close = lexer.tokens.last, close.kind == .rightParen else { return text.count }
    return Int(close.start)
  }

  /// The tokens of the string interpolation opened at `openParen`, its `(` and `)` included,
  /// at their offsets in `text`; nil when they do not lex.
  static func interpolationTokens(_ text: UnsafeBufferPointer<UInt8>, openParen: Int, limit: Int) -> [Token]? {
    var lexer = Lexer(text, limit: limit, at: openParen + 1)
    do {
      try lexer.openGroup(.leftParen, openParen)
      try lexer.lex(untilDepth: 0)
    } catch {
      return nil
    }
    guard lexer.open.isEmpty, let close = lexer.tokens.last, close.kind == .rightParen else { return nil }
    return lexer.tokens
  }

  /// Lexes everything and appends an `.end` token.
  mutating func run() throws(ReadFailure) {
    if text.count > Int(Int32.max) - 1 {
      throw ReadFailure(message: "file too large to read (more than 2 GB)", offset: 0)
    }
    // A byte-order mark and a `#!` line are not part of the program.
    if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { position = 3 }
    if position + 1 < text.count, text[position] == UInt8(ascii: "#"), text[position + 1] == UInt8(ascii: "!") {
      while position < text.count, text[position] != 0x0A, text[position] != 0x0D { position += 1 }
    }
    try lex(untilDepth: nil)
    if let innermost = open.last {
      let token = tokens[Int(innermost)]
      let what = token.kind == .pound ? "#if" : String(UnicodeScalar(text[Int(token.start)]))
      let closer = token.kind == .pound ? "#endif" : closing(of: token.kind)
      throw ReadFailure(
        message: "'\(what)' is never closed: the file ends before its '\(closer)'", offset: Int(token.start))
    }
    tokens.append(
      Token(
        start: Int32(text.count), end: Int32(text.count), match: -1, kind: .end, keyword: .none,
        flags: pendingFlags | Token.newlineBefore))
  }

  private func closing(of kind: TokenKind) -> String {
    switch kind {
    case .leftParen: ")"
    case .leftBracket: "]"
    default: "}"
    }
  }

  // MARK: - The token loop

  /// Lexes tokens until the end of the text or, when `depth` is given, until the bracket that
  /// brings `open` back to `depth` entries is closed (the end of a string interpolation).
  private mutating func lex(untilDepth depth: Int?) throws(ReadFailure) {
    let count = text.count
    while true {
      skipTrivia: while position < count {
        switch text[position] {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00:
          position += 1
          pendingFlags |= Token.spaceBefore
        case 0x0A, 0x0D:
          position += 1
          pendingFlags |= Token.spaceBefore | Token.newlineBefore
        case UInt8(ascii: "/") where position + 1 < count && text[position + 1] == UInt8(ascii: "/"):
          while position < count, text[position] != 0x0A, text[position] != 0x0D { position += 1 }
          pendingFlags |= Token.spaceBefore
        case UInt8(ascii: "/") where position + 1 < count && text[position + 1] == UInt8(ascii: "*"):
          try skipBlockComment()
          pendingFlags |= Token.spaceBefore
        default:
          break skipTrivia
        }
      }
      if position >= count { return }
      let start = position
      let byte = text[position]
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        position += 1
        scanIdentifierTail()
        append(.identifier, start, keyword: KeywordTable.lookup(text, start, position))
      case UInt8(ascii: "$"):
        position += 1
        scanIdentifierTail()
        append(.identifier, start)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        scanNumber()
        append(.number, start)
      case UInt8(ascii: "\""):
        let flags = try scanString(hashes: 0)
        append(.string, start, extraFlags: flags)
      case UInt8(ascii: "#"):
        try lexPound()
      case UInt8(ascii: "`"):
        var end = position + 1
        while end < count, text[end] != UInt8(ascii: "`"), text[end] != 0x0A, text[end] != 0x0D { end += 1 }
        if end < count, text[end] == UInt8(ascii: "`"), end > position + 1 {
          position = end + 1
          append(.identifier, start, extraFlags: Token.backticked)
        } else {
          position += 1
          append(.unknown, start)
        }
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        position += 1
        let kind: TokenKind =
          byte == UInt8(ascii: "(") ? .leftParen : byte == UInt8(ascii: "[") ? .leftBracket : .leftBrace
        try openGroup(kind, start)
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        position += 1
        let kind: TokenKind =
          byte == UInt8(ascii: ")") ? .rightParen : byte == UInt8(ascii: "]") ? .rightBracket : .rightBrace
        try closeGroup(kind, start)
        if let depth, open.count == depth { return }
      case UInt8(ascii: ","):
        position += 1
        append(.comma, start)
      case UInt8(ascii: ":"):
        position += 1
        append(.colon, start)
      case UInt8(ascii: ";"):
        position += 1
        append(.semicolon, start)
      case UInt8(ascii: "@"):
        position += 1
        append(.at, start)
      case UInt8(ascii: "\\"):
        position += 1
        append(.backslash, start)
      case UInt8(ascii: "."):
        if position + 1 < count, text[position + 1] == UInt8(ascii: ".") {
          scanOperator(dotted: true)
          append(.op, start)
        } else {
          position += 1
          append(.period, start)
        }
      case UInt8(ascii: "/"):
        if scanBareRegex() {
          append(.regex, start)
        } else {
          scanOperator(dotted: false)
          appendOperator(start)
        }
      case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
        UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
        UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
        scanOperator(dotted: false)
        appendOperator(start)
      case 0x80...0xFF:
        let scalar = decodeScalar(at: position)
        if isOperatorScalar(scalar.value) {
          scanOperator(dotted: false)
          appendOperator(start)
        } else {
          position += scalar.length
          scanIdentifierTail()
          append(.identifier, start)
        }
      default:
        position += 1
        append(.unknown, start)
      }
    }
  }

  @inline(__always)
  private mutating func append(_ kind: TokenKind, _ start: Int, keyword: Keyword = .none, extraFlags: UInt8 = 0) {
    tokens.append(
      Token(
        start: Int32(start), end: Int32(position), match: -1, kind: kind, keyword: keyword,
        flags: pendingFlags | extraFlags))
    pendingFlags = 0
  }

  private mutating func openGroup(_ kind: TokenKind, _ start: Int) throws(ReadFailure) {
    if open.count >= limit {
      throw ReadFailure(
        message: "brackets nest too deeply: more than \(limit) levels", offset: start,
        notes: ["the Swift reader stops at \(limit) levels of nested brackets, string interpolations and #if blocks"])
    }
    open.append(Int32(tokens.count))
    maximumDepth = max(maximumDepth, open.count)
    append(kind, start)
  }

  private mutating func closeGroup(_ kind: TokenKind, _ start: Int) throws(ReadFailure) {
    let symbol = String(UnicodeScalar(text[start]))
    guard let opener = open.last else {
      throw ReadFailure(message: "unexpected '\(symbol)': nothing is open here to close", offset: start)
    }
    let openToken = tokens[Int(opener)]
    let expected: TokenKind =
      switch openToken.kind {
      case .leftParen: .rightParen
      case .leftBracket: .rightBracket
      case .leftBrace: .rightBrace
      default: .end  // an open `#if`
      }
    guard expected == kind else {
      let what = openToken.kind == .pound ? "#if" : String(UnicodeScalar(text[Int(openToken.start)]))
      let wanted = openToken.kind == .pound ? "#endif" : closing(of: openToken.kind)
      throw ReadFailure(
        message: "unexpected '\(symbol)': expected '\(wanted)' to close the '\(what)' before it", offset: start)
    }
    open.removeLast()
    tokens[Int(opener)].match = Int32(tokens.count)
    append(kind, start)
    tokens[tokens.count - 1].match = opener
  }

  // MARK: - Identifiers and numbers

  @inline(__always) private mutating func scanIdentifierTail() {
    let count = text.count
    while position < count {
      let byte = text[position]
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
        position += 1
      case 0x80...0xFF:
        let scalar = decodeScalar(at: position)
        if isOperatorScalar(scalar.value) { return }
        position += scalar.length
      default:
        return
      }
    }
  }

  private mutating func scanNumber() {
    let count = text.count
    let afterPeriod = tokens.last?.kind == .period && pendingFlags == 0
    let hex = position + 1 < count && text[position] == UInt8(ascii: "0") && text[position + 1] == UInt8(ascii: "x")
    while position < count {
      let byte = text[position]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        position += 1
        let exponent =
          hex
          ? (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P"))
          : (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
        if exponent, position < count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
          position += 1
        }
      case UInt8(ascii: ".")
      where !afterPeriod && position + 1 < count && isDigit(text[position + 1], hex: hex):
        position += 1
      default:
        return
      }
    }
  }

  @inline(__always) private func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return true }
    guard hex else { return false }
    let lower = byte | 0x20
    return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f")
  }

  // MARK: - Operators

  @inline(__always) private func isOperatorByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
      UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
      UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
      true
    default: false
    }
  }

  /// Scans the longest operator from `position`. A dotted operator (`...`, `..<`) may contain
  /// dots; others may not. `//` and `/*` inside end the operator: they start a comment.
  private mutating func scanOperator(dotted: Bool) {
    let count = text.count
    let leftBound = pendingFlags & Token.spaceBefore == 0
    let first = text[position]
    // A left-bound `?` or `!` is a postfix operator of its own (`a?.b`, `a!.b`).
    if leftBound, first == UInt8(ascii: "?") || first == UInt8(ascii: "!") {
      let next = position + 1 < count ? text[position + 1] : 0
      if first == UInt8(ascii: "?") || next != UInt8(ascii: "=") {
        position += 1
        return
      }
    }
    while position < count {
      let byte = text[position]
      if isOperatorByte(byte) {
        if byte == UInt8(ascii: "/"), position + 1 < count,
          text[position + 1] == UInt8(ascii: "/") || text[position + 1] == UInt8(ascii: "*")
        {
          return  // `//` and `/*` start a comment, not more of the operator

        }
        position += 1
      } else if byte == UInt8(ascii: "."), dotted {
        position += 1
      } else if byte >= 0x80 {
        let scalar = decodeScalar(at: position)
        guard isOperatorScalar(scalar.value) || isCombiningScalar(scalar.value) else { return }
        position += scalar.length
      } else {
        return
      }
    }
  }

  private mutating func appendOperator(_ start: Int) {
    if position == start { position += 1 }  // every token takes at least one byte
    let length = position - start
    var keyword = Keyword.none
    let first = text[start]
    if length == 1 {
      switch first {
      case UInt8(ascii: "="): keyword = .assign
      case UInt8(ascii: "?"): keyword = .question
      case UInt8(ascii: "!"): keyword = .exclamation
      case UInt8(ascii: "&"): keyword = .ampersand
      case UInt8(ascii: "<"): keyword = .less
      default: break
      }
    } else if length == 2, first == UInt8(ascii: "-"), text[start + 1] == UInt8(ascii: ">") {
      append(.arrow, start)
      return
    } else if text[position - 1] == UInt8(ascii: "="), length >= 2 {
      // `+=`, `-=`, `&&=`… but not the comparisons `==`, `!=`, `<=`, `>=`, `===`, `!==`.
      let before = text[position - 2]
      let comparison =
        before == UInt8(ascii: "=") || before == UInt8(ascii: "!") || before == UInt8(ascii: "<")
        || before == UInt8(ascii: ">")
      if !comparison
        || (length >= 3 && (text[position - 3] == UInt8(ascii: "<") || text[position - 3] == UInt8(ascii: ">")))
      {
        keyword = .compoundAssign
      }
    }
    append(.op, start, keyword: keyword)
  }

  /// A `/` starts a bare regex literal when it cannot be a division: nothing that ends an
  /// expression comes right before it, no whitespace follows it, and a closing `/` (not
  /// preceded by whitespace) is found on the same line.
  private mutating func scanBareRegex() -> Bool {
    let count = text.count
    let start = position
    if let last = tokens.last {
      switch last.kind {
      case .identifier:
        // After a keyword that cannot end an expression, a `/` starts a regex.
        switch last.keyword {
        case .kReturn, .kIf, .kIn, .kCase, .kWhere, .kTry, .kAwait, .kGuard, .kWhile, .kSwitch, .kThrow: break
        default: return false
        }
      case .number, .string, .regex, .rightParen, .rightBracket, .rightBrace, .unknown:
        return false
      case .op where pendingFlags & Token.spaceBefore == 0:
        return false  // a postfix operator ends an expression: `x! /2`
      default:
        break
      }
    }
    guard start + 1 < count else { return false }
    let next = text[start + 1]
    if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == UInt8(ascii: "=") { return false }
    var index = start + 1
    var inClass = 0
    // Like Swift, a regex with unbalanced parentheses is not one: `reduce(0, /)` divides.
    var groups = 0
    while index < count {
      let byte = text[index]
      switch byte {
      case 0x0A, 0x0D: return false
      case UInt8(ascii: "\\"):
        if index + 1 < count, text[index + 1] == 0x0A || text[index + 1] == 0x0D { return false }
        index += 2
        continue
      case UInt8(ascii: "["): inClass += 1
      case UInt8(ascii: "]"): if inClass > 0 { inClass -= 1 }
      case UInt8(ascii: "(") where inClass == 0: groups += 1
      case UInt8(ascii: ")") where inClass == 0:
        groups -= 1
        if groups < 0 { return false }
      case UInt8(ascii: "/") where inClass == 0:
        if groups != 0 { return false }
        let before = text[index - 1]
        if before == 0x20 || before == 0x09 { return false }
        position = index + 1
        // `/…/` directly followed by an identifier or digit is more likely two divisions.
        if position < count {
          let after = text[position]
          if (after | 0x20 >= UInt8(ascii: "a") && after | 0x20 <= UInt8(ascii: "z")) || after == UInt8(ascii: "_")
            || (after >= UInt8(ascii: "0") && after <= UInt8(ascii: "9"))
          {
            position = start
            return false
          }
        }
        return true
      default: break
      }
      index += 1
    }
    return false
  }

  // MARK: - `#` forms

  private mutating func lexPound() throws(ReadFailure) {
    let count = text.count
    let start = position
    var hashes = 0
    while position + hashes < count, text[position + hashes] == UInt8(ascii: "#") { hashes += 1 }
    let after = position + hashes < count ? text[position + hashes] : 0
    if after == UInt8(ascii: "\"") {
      position += hashes
      let flags = try scanString(hashes: hashes, start: start)
      append(.string, start, extraFlags: flags | Token.raw)
      return
    }
    if after == UInt8(ascii: "/") {
      position += hashes
      try scanExtendedRegex(hashes: hashes, start: start)
      append(.regex, start)
      return
    }
    position += 1
    guard hashes == 1, position < count, isIdentifierStart(text[position]) else {
      append(.unknown, start)
      return
    }
    let wordStart = position
    scanIdentifierTail()
    let keyword = KeywordTable.directive(text, wordStart, position)
    switch keyword {
    case .poundIf:
      if open.count >= limit {
        throw ReadFailure(
          message: "#if blocks nest too deeply: more than \(limit) levels", offset: start,
          notes: ["the Swift reader stops at \(limit) levels of nested brackets, string interpolations and #if blocks"])
      }
      open.append(Int32(tokens.count))
      maximumDepth = max(maximumDepth, open.count)
      append(.pound, start, keyword: keyword)
    case .poundElseif, .poundElse, .poundEndif:
      guard let top = open.last, tokens[Int(top)].kind == .pound else {
        let word = String(decoding: UnsafeBufferPointer(rebasing: text[start..<position]), as: UTF8.self)
        if open.isEmpty {
          throw ReadFailure(message: "'\(word)' without a '#if' before it", offset: start, length: position - start)
        }
        let opener = tokens[Int(open.last!)]
        throw ReadFailure(
          message:
            "'\(word)' before the '\(String(UnicodeScalar(text[Int(opener.start)])))' opened inside the #if block is closed",
          offset: start, length: position - start)
      }
      tokens[Int(top)].match = Int32(tokens.count)
      if keyword == .poundEndif {
        open.removeLast()
      } else {
        open[open.count - 1] = Int32(tokens.count)
      }
      append(.pound, start, keyword: keyword)
    default:
      append(.pound, start, keyword: keyword)
    }
  }

  @inline(__always) private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  private mutating func scanExtendedRegex(hashes: Int, start: Int) throws(ReadFailure) {
    let count = text.count
    position += 1  // the `/`
    var multiline = false
    var probe = position
    while probe < count, text[probe] == 0x20 || text[probe] == 0x09 { probe += 1 }
    if probe < count, text[probe] == 0x0A || text[probe] == 0x0D { multiline = true }
    while position < count {
      let byte = text[position]
      if byte == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if !multiline, byte == 0x0A || byte == 0x0D { break }
      if byte == UInt8(ascii: "/") {
        var closing = 0
        while closing < hashes, position + 1 + closing < count, text[position + 1 + closing] == UInt8(ascii: "#") {
          closing += 1
        }
        if closing == hashes {
          position += 1 + hashes
          return
        }
      }
      position += 1
    }
    throw ReadFailure(message: "unterminated regex literal", offset: start, length: hashes + 1)
  }

  // MARK: - Strings

  /// Scans a string literal whose opening quote is at `position` (after any `#`s) and returns
  /// the flags to record. Interpolations are lexed as code, so strings, comments and brackets
  /// inside them are understood; their tokens are then dropped.
  private mutating func scanString(hashes: Int, start: Int? = nil) throws(ReadFailure) -> UInt8 {
    let count = text.count
    let literalStart = start ?? position
    // `"""` opens a multi-line literal only when the line ends after it: `#"""#` is a
    // one-line raw string holding a quote.
    var multiline = false
    if position + 2 < count, text[position + 1] == UInt8(ascii: "\""), text[position + 2] == UInt8(ascii: "\"") {
      var after = position + 3
      while after < count, text[after] == 0x20 || text[after] == 0x09 { after += 1 }
      multiline = after >= count || text[after] == 0x0A || text[after] == 0x0D
    }
    position += multiline ? 3 : 1
    let unterminated = ReadFailure(
      message: multiline ? "unterminated multi-line string literal" : "unterminated string literal",
      offset: literalStart, length: hashes + (multiline ? 3 : 1))
    while position < count {
      let byte = text[position]
      switch byte {
      case UInt8(ascii: "\""):
        let quotes = multiline ? 3 : 1
        var matched = 0
        while matched < quotes, position + matched < count, text[position + matched] == UInt8(ascii: "\"") {
          matched += 1
        }
        if matched == quotes {
          var closing = 0
          while closing < hashes, position + quotes + closing < count,
            text[position + quotes + closing] == UInt8(ascii: "#")
          {
            closing += 1
          }
          if closing == hashes {
            position += quotes + hashes
            return multiline ? Token.multiline : 0
          }
        }
        position += max(1, matched)
      case UInt8(ascii: "\\"):
        var escapeHashes = 0
        while escapeHashes < hashes, position + 1 + escapeHashes < count,
          text[position + 1 + escapeHashes] == UInt8(ascii: "#")
        {
          escapeHashes += 1
        }
        guard escapeHashes == hashes else {
          position += 1
          continue
        }
        let next = position + 1 + hashes
        if next < count, text[next] == UInt8(ascii: "(") {
          try lexInterpolation(at: next, unterminated: unterminated)
        } else {
          position = min(count, next + 1)
        }
      case 0x0A, 0x0D:
        if !multiline { throw unterminated }
        position += 1
      default:
        position += 1
      }
    }
    throw unterminated
  }

  /// Lexes the code of `\( … )` starting at the `(`; leaves `position` after the `)`.
  private mutating func lexInterpolation(at paren: Int, unterminated: ReadFailure) throws(ReadFailure) {
    if interpolationDepth >= Lexer.interpolationLimit {
      throw ReadFailure(
        message: "string interpolations nest too deeply: more than \(Lexer.interpolationLimit) levels",
        offset: paren - 1,
        length: 2)
    }
    interpolationDepth += 1
    defer { interpolationDepth -= 1 }
    let savedTokens = tokens.count
    let savedFlags = pendingFlags
    let depth = open.count
    position = paren + 1
    pendingFlags = 0
    try openGroup(.leftParen, paren)
    try lex(untilDepth: depth)
    if open.count > depth {
      // The text ended inside the interpolation.
      throw unterminated
    }
    tokens.removeSubrange(savedTokens...)
    pendingFlags = savedFlags
  }

  // MARK: - Comments

  private mutating func skipBlockComment() throws(ReadFailure) {
    let count = text.count
    let start = position
    var depth = 0
    while position + 1 < count {
      let byte = text[position]
      if byte == UInt8(ascii: "/"), text[position + 1] == UInt8(ascii: "*") {
        depth += 1
        position += 2
      } else if byte == UInt8(ascii: "*"), text[position + 1] == UInt8(ascii: "/") {
        depth -= 1
        position += 2
        if depth == 0 { return }
      } else {
        if byte == 0x0A || byte == 0x0D { pendingFlags |= Token.newlineBefore }
        position += 1
      }
    }
    throw ReadFailure(message: "unterminated comment: '/*' has no matching '*/'", offset: start, length: 2)
  }

  // MARK: - Unicode

  /// Decodes the scalar at `index` (the text was validated as UTF-8 beforehand).
  @inline(__always) private func decodeScalar(at index: Int) -> (value: UInt32, length: Int) {
    let lead = UInt32(text[index])
    let count = text.count
    if lead < 0xE0 {
      guard index + 1 < count else { return (lead, 1) }
      return ((lead & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      guard index + 2 < count else { return (lead, 1) }
      return ((lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F), 3)
    }
    guard index + 3 < count else { return (lead, 1) }
    return (
      (lead & 0x07) << 18 | UInt32(text[index + 1] & 0x3F) << 12 | UInt32(text[index + 2] & 0x3F) << 6
        | UInt32(text[index + 3] & 0x3F), 4
    )
  }
}

/// Swift's operator-head characters outside ASCII (The Swift Programming Language, Lexical
/// Structure, "Operators").
func isOperatorScalar(_ value: UInt32) -> Bool {
  switch value {
  case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
    0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
    0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
    0x3008...0x3020, 0x3030:
    return true
  default:
    return false
  }
}

/// Combining characters that may continue an operator.
func isCombiningScalar(_ value: UInt32) -> Bool {
  switch value {
  case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
    return true
  default:
    return false
  }
}
