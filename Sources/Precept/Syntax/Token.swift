/// A lexical token: its kind and the byte span it covers. Values (numbers, string contents)
/// are decoded by the parser from the span, so tokens stay small and copyable.
struct Token: Equatable, Sendable {
  var kind: TokenKind
  var span: Span

  var start: Int { span.start }
  var end: Int { span.end }
}

enum TokenKind: Equatable, Sendable {
  case identifier
  /// A field name in backquotes (`` x.`content-type` ``), allowed only after a dot.
  case quotedIdentifier
  /// An integer literal: decimal or `0x` hexadecimal, without a `u` suffix.
  case int
  /// An integer literal with a `u`/`U` suffix.
  case uint
  case double
  /// A string literal of any form (quotes, triple quotes, raw); the span includes the quotes
  /// and prefix.
  case string
  /// A bytes literal (`b"…"`).
  case bytes

  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case dot, comma, colon, question
  case plus, minus, star, slash, percent
  case bang, equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
  case ampAmp, pipePipe
  /// `=>`, Precept's implication operator.
  case implies
  /// `=`, in `let` definitions.
  case equal
  /// `|`, between alternative node types in a selector.
  case pipe
  /// `*` in a selector is `star`; `^`, `~` and `@` only appear inside version ranges, which the
  /// parser reads as raw text, so they are not tokens.
  case endOfFile
  /// A byte sequence that is not a token; the lexer has already reported it.
  case invalid

  /// How the kind reads in an error message ("expected ')', found identifier").
  var display: String {
    switch self {
    case .identifier: "identifier"
    case .quotedIdentifier: "quoted identifier"
    case .int, .uint, .double: "number"
    case .string: "string literal"
    case .bytes: "bytes literal"
    case .leftParen: "'('"
    case .rightParen: "')'"
    case .leftBracket: "'['"
    case .rightBracket: "']'"
    case .leftBrace: "'{'"
    case .rightBrace: "'}'"
    case .dot: "'.'"
    case .comma: "','"
    case .colon: "':'"
    case .question: "'?'"
    case .plus: "'+'"
    case .minus: "'-'"
    case .star: "'*'"
    case .slash: "'/'"
    case .percent: "'%'"
    case .bang: "'!'"
    case .equalEqual: "'=='"
    case .bangEqual: "'!='"
    case .less: "'<'"
    case .lessEqual: "'<='"
    case .greater: "'>'"
    case .greaterEqual: "'>='"
    case .ampAmp: "'&&'"
    case .pipePipe: "'||'"
    case .implies: "'=>'"
    case .equal: "'='"
    case .pipe: "'|'"
    case .endOfFile: "end of file"
    case .invalid: "invalid token"
    }
  }
}
