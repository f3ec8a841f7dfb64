import Precept

/// Why a case is left out of the pass rate: it needs something Precept deliberately lacks.
struct Exclusion: Sendable, Equatable {
  /// The exclusion rules, checked in this order; a case is reported under the first that
  /// matches.
  enum Rule: Int, CaseIterable, Sendable, Comparable {
    case timeValue
    case protobufEnum
    case protobufMessage
    case container
    case outsideAPI

    static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A short name for summaries.
    var title: String {
      switch self {
      case .timeValue: "timestamps/durations"
      case .protobufEnum: "protobuf enums"
      case .protobufMessage: "protobuf messages"
      case .container: "containers"
      case .outsideAPI: "outside Precept's API"
      }
    }

    /// The rule exactly as the runner applies it.
    var definition: String {
      switch self {
      case .timeValue:
        "the expression calls timestamp(…) or duration(…) or names google.protobuf.Timestamp/Duration, "
          + "a declaration has a TIMESTAMP or DURATION type, or the expected value is one of those types"
      case .protobufEnum:
        "the expected value or a binding holds an enum_value"
      case .protobufMessage:
        "the expected value or a binding holds an object_value (any protobuf message, wrappers and "
          + "google.protobuf.Value included); the expression has a message literal (a name followed by '{'), "
          + "names google.protobuf.*, or names an upper-case identifier that is not a declared variable "
          + "(CEL's standard environment has none, so it is a message or enum type); a declaration has a "
          + "message, wrapper or Any type; or the expected value is a type whose name has a '.'"
      case .container:
        "the case sets a container (Precept has no namespaces; in the default files every container is a "
          + "protobuf package)"
      case .outsideAPI:
        "the case needs what Precept's CompiledExpression API cannot express: unknowns (expected or bound), a "
          + "binding to an error, disable_macros, optional values (optional.of, optional.none), a deduced type "
          + "Precept has no counterpart for (abstract, well-known, message), a locale, or "
          + "a declaration of a function or of a type parameter, abstract or error type"
      }
    }
  }

  var rule: Rule
  /// What in the case triggered the rule, e.g. "message literal TestAllTypes{…}".
  var detail: String
}

/// Decides which cases of the suite apply to Precept.
enum Applicability {
  /// Why `test` is not applicable, or nil if it is.
  static func exclusion(for test: SuiteCase) -> Exclusion? {
    let scan = ExpressionScan(test.expression, variables: test.variableNames)
    var found: [Exclusion] = []
    func exclude(_ rule: Exclusion.Rule, _ detail: String) {
      found.append(Exclusion(rule: rule, detail: detail))
    }

    if let call = scan.timeCall { exclude(.timeValue, "calls \(call)(…)") }
    if let name = scan.protobufName {
      exclude(
        name.hasSuffix(".Timestamp") || name.hasSuffix(".Duration") ? .timeValue : .protobufMessage, "names \(name)")
    }
    if let literal = scan.messageLiteral { exclude(.protobufMessage, "message literal \(literal){…}") }
    if let name = scan.upperCaseName { exclude(.protobufMessage, "names the type \(name)") }

    var values: [(String, SuiteValue)] = test.bindings.compactMap {
      guard case .value(let value) = $0.value else { return nil }
      return ("binding '\($0.name)'", value)
    }
    if case .value(let expected) = test.expectation { values.append(("expected value", expected)) }
    for (role, value) in values {
      switch value {
      case .object(let type): exclude(.protobufMessage, "\(role) is a \(type) message")
      case .enumValue(let type): exclude(.protobufEnum, "\(role) is a \(type) enum value")
      case .value(let value):
        if let type = firstDottedType(in: value) {
          let isTime = type == "google.protobuf.Timestamp" || type == "google.protobuf.Duration"
          exclude(isTime ? .timeValue : .protobufMessage, "\(role) holds the type \(type)")
        }
      }
    }

    for declaration in test.declarations {
      guard let type = declaration.type else {
        exclude(.outsideAPI, "declares the function \(declaration.name)")
        continue
      }
      switch unsupported(type) {
      case .timeType(let name)?: exclude(.timeValue, "declares \(declaration.name) as \(name)")
      case .protobuf(let name)?: exclude(.protobufMessage, "declares \(declaration.name) as \(name)")
      case .other(let name)?: exclude(.outsideAPI, "declares \(declaration.name) with a \(name) type")
      default: break
      }
    }

    if !test.container.isEmpty { exclude(.container, "container \(test.container)") }

    for binding in test.bindings {
      if case .errorOrUnknown(let kind) = binding.value {
        exclude(.outsideAPI, "binds '\(binding.name)' to an \(kind)")
      }
    }
    switch test.expectation {
    case .unknown: exclude(.outsideAPI, "expects an unknown")
    case .value, .error, .deducedTypeOnly: break
    }
    if test.disableMacros { exclude(.outsideAPI, "disables macros") }
    // A check-only case is judged by the type the checker deduces, which must be one of CEL's
    // own types.
    if test.checkOnly || test.expectation == .deducedTypeOnly, test.deducedType?.celName == nil {
      exclude(.outsideAPI, "expects a deduced type Precept has no counterpart for")
    }
    if let name = scan.optionalName { exclude(.outsideAPI, "uses optional values (\(name))") }
    if !test.locale.isEmpty { exclude(.outsideAPI, "sets the locale \(test.locale)") }

    return found.min { $0.rule < $1.rule }
  }

  /// The first part of a declared type that is not one of CEL's own types.
  private static func unsupported(_ type: DeclaredType) -> DeclaredType? {
    switch type {
    case .standard: nil
    case .list(let element): unsupported(element)
    case .map(let key, let value): unsupported(key) ?? unsupported(value)
    case .protobuf, .timeType, .other: type
    }
  }

  /// The first type value in `value` whose name is qualified (a protobuf message type).
  private static func firstDottedType(in value: Value) -> String? {
    switch value {
    case .type(let name): name.contains(".") ? name : nil
    case .list(let elements): elements.lazy.compactMap(firstDottedType).first
    case .map(let entries):
      entries.lazy.compactMap { firstDottedType(in: $0.key) ?? firstDottedType(in: $0.value) }.first
    default: nil
    }
  }
}

/// What the exclusion rules need to know about an expression, read from its tokens (string
/// literals and comments are skipped, so `'TestAllTypes{'` in a string is not a message).
struct ExpressionScan {
  /// `timestamp` or `duration` when the expression calls one of them.
  private(set) var timeCall: String?
  /// The first qualified name in the `google.protobuf` package.
  private(set) var protobufName: String?
  /// The name before the first `{` that follows a name: CEL's message construction syntax.
  private(set) var messageLiteral: String?
  /// The first name with an upper-case segment that is neither a declared variable (or a field
  /// selected from one) nor a field selected from another expression.
  private(set) var upperCaseName: String?
  /// The first call of CEL's optional values library (`optional.of`, `optional.none`).
  private(set) var optionalName: String?

  /// Macros that bind variables: `list.all(x, p)`, and the two-variable forms
  /// `map.all(k, v, p)`, `list.transformList(i, v, f)`, …
  private static let macros: Set<String> = [
    "all", "exists", "exists_one", "existsOne", "map", "filter", "transformList", "transformMap",
    "transformMapEntry",
  ]

  init(_ expression: String, variables: [String]) {
    let tokens = CELTokenizer.tokens(of: expression)
    // Comprehension variables are names too: in `.all(x, …)` and `.all(k, v, …)`, `x`, `k` and
    // `v` are not types even when they are upper-case.
    var locals = Set(variables.map { String($0.split(separator: ".").first ?? "") })
    for index in tokens.indices.dropFirst() where tokens[index - 1] == .punctuation(".") {
      guard case .identifier(let macro) = tokens[index], Self.macros.contains(macro),
        index + 1 < tokens.count, tokens[index + 1] == .punctuation("(")
      else { continue }
      var argument = index + 2
      while argument + 1 < tokens.count, argument < index + 6, case .identifier(let local) = tokens[argument],
        tokens[argument + 1] == .punctuation(",")
      {
        locals.insert(local)
        argument += 2
      }
    }

    var index = 0
    while index < tokens.count {
      guard case .identifier = tokens[index] else {
        index += 1
        continue
      }
      // A maximal chain `a.b.c`, remembering whether it selects from a preceding expression.
      let start = index
      var segments: [String] = []
      while index < tokens.count, case .identifier(let name) = tokens[index] {
        segments.append(name)
        guard index + 2 < tokens.count, tokens[index + 1] == .punctuation("."),
          case .identifier = tokens[index + 2]
        else {
          index += 1
          break
        }
        index += 2
      }
      let next = index < tokens.count ? tokens[index] : nil
      let isSelection =
        start >= 2 && tokens[start - 1] == .punctuation(".") && tokens[start - 2].endsOperand
      let name = segments.joined(separator: ".")
      guard !isSelection else { continue }

      if segments.count == 1, name == "timestamp" || name == "duration", next == .punctuation("(") {
        timeCall = timeCall ?? name
      }
      if segments.count > 1, segments[0] == "optional", !locals.contains("optional") {
        optionalName = optionalName ?? name
      }
      if segments.starts(with: ["google", "protobuf"]) {
        protobufName = protobufName ?? name
      }
      if next == .punctuation("{"), name != "in" {
        messageLiteral = messageLiteral ?? name
      }
      if !locals.contains(segments[0]), segments.contains(where: { $0.first?.isUppercase == true }) {
        upperCaseName = upperCaseName ?? name
      }
    }
  }
}

/// A lexer for CEL that keeps only what the exclusion rules look at: names and punctuation.
enum CELTokenizer {
  enum Token: Equatable {
    case identifier(String)
    case punctuation(Character)
    /// A number, string, bytes or back-quoted field name.
    case literal

    /// Whether the token can end an operand, so a following `.` selects a field from it.
    var endsOperand: Bool {
      switch self {
      case .identifier, .literal: true
      case .punctuation(let character): character == ")" || character == "]" || character == "}"
      }
    }
  }

  static func tokens(of expression: String) -> [Token] {
    let scalars = Array(expression.unicodeScalars)
    var tokens: [Token] = []
    var index = 0
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar.properties.isWhitespace {
        index += 1
      } else if scalar == "/", at(1) == "/" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
      } else if scalar == "\"" || scalar == "'" {
        index = endOfString(scalars, from: index, raw: false)
        tokens.append(.literal)
      } else if scalar == "`" {
        index += 1
        while index < scalars.count, scalars[index] != "`" { index += 1 }
        index += 1
        tokens.append(.literal)
      } else if scalar.isNameStart {
        let start = index
        while index < scalars.count, scalars[index].isNameStart || scalars[index].isDigit { index += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<index]))
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'",
          name.count <= 2, name.lowercased().allSatisfy({ $0 == "r" || $0 == "b" })
        {
          // A string prefix: r"…", b'…', rb"…", …
          index = endOfString(scalars, from: index, raw: name.lowercased().contains("r"))
          tokens.append(.literal)
        } else {
          tokens.append(.identifier(name))
        }
      } else if scalar.isDigit || (scalar == "." && at(1)?.isDigit == true) {
        // A number: digits, '.', letters (hex digits, exponents, the u suffix) and an
        // exponent's sign.
        index += 1
        while index < scalars.count {
          let next = scalars[index]
          if next.isDigit || next.isNameStart || next == "." {
            index += 1
          } else if next == "+" || next == "-", scalars[index - 1] == "e" || scalars[index - 1] == "E" {
            index += 1
          } else {
            break
          }
        }
        tokens.append(.literal)
      } else {
        tokens.append(.punctuation(Character(scalar)))
        index += 1
      }
    }
    return tokens
  }

  /// The index just past the string literal whose opening quote is at `start`.
  private static func endOfString(_ scalars: [Unicode.Scalar], from start: Int, raw: Bool) -> Int {
    let quote = scalars[start]
    let triple = start + 2 < scalars.count && scalars[start + 1] == quote && scalars[start + 2] == quote
    var index = start + (triple ? 3 : 1)
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\", !raw {
        index += 2
      } else if scalar == quote {
        if !triple { return index + 1 }
        if index + 2 < scalars.count, scalars[index + 1] == quote, scalars[index + 2] == quote { return index + 3 }
        index += 1
      } else {
        index += 1
      }
    }
    return scalars.count
  }
}

extension Unicode.Scalar {
  fileprivate var isNameStart: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
  }
  fileprivate var isDigit: Bool { ("0"..."9").contains(self) }
}
