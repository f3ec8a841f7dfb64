/// The syntax tree of a ruleset and of CEL expressions, as the parser builds it. Every node
/// keeps its span so later stages (checker, compiler, explanations) can point back at source.

// MARK: - Expressions

/// An expression with its span. `id` is unique within one parse and lets later stages attach
/// facts (resolved names, explanations) to a node without mutating the tree.
struct Expr: Sendable {
  var kind: ExprKind
  var span: Span
  var id: Int
}

indirect enum ExprKind: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case string(String)
  case bytes([UInt8])
  /// A name; `absolute` when written with a leading dot (`.x`).
  case identifier(String, absolute: Bool)
  /// `operand.field`; with `testOnly`, the `has(operand.field)` macro.
  case select(Expr, field: String, testOnly: Bool)
  /// A global call `f(args)` or a receiver call `target.f(args)`.
  case call(function: String, target: Expr?, args: [Expr])
  case index(Expr, Expr)
  case unary(UnaryOperator, Expr)
  case binary(BinaryOperator, Expr, Expr)
  case conditional(Expr, Expr, Expr)
  case list([Expr])
  case map([MapEntrySyntax])
  /// A comprehension macro: `target.all(x, args…)`, or with two variables (index or key,
  /// then value) `target.all(i, v, args…)`.
  case comprehension(Macro, target: Expr, variables: [Located<String>], args: [Expr])
}

struct MapEntrySyntax: Sendable {
  var key: Expr
  var value: Expr
}

enum UnaryOperator: String, Sendable {
  case not = "!"
  case negate = "-"
}

enum BinaryOperator: String, Sendable, CaseIterable {
  case implies = "=>"
  case or = "||"
  case and = "&&"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case `in` = "in"
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
}

/// The comprehension macros of CEL, and the two-variable forms of its extension library.
enum Macro: String, Sendable, CaseIterable {
  case all
  case exists
  case existsOne = "exists_one"
  /// `map(x, f)` or, with a filter, `map(x, p, f)`.
  case map
  case filter
  /// `transformList(i, v, f)` or `transformList(i, v, p, f)`: a list of `f`.
  case transformList
  /// `transformMap(k, v, f)` or `transformMap(k, v, p, f)`: a map from each key to `f`.
  case transformMap

  /// The macro a method name calls, if any (`existsOne` is the extension library's spelling).
  static func named(_ name: String) -> Macro? {
    name == "existsOne" ? .existsOne : Macro(rawValue: name)
  }

  /// How the macro is called, for the error when it is called wrongly.
  var usage: String {
    switch self {
    case .all: "list.all(x, predicate) or list.all(index, value, predicate)"
    case .exists: "list.exists(x, predicate) or list.exists(index, value, predicate)"
    case .existsOne: "list.exists_one(x, predicate) or list.existsOne(index, value, predicate)"
    case .map: "list.map(x, expression) or list.map(x, predicate, expression)"
    case .filter: "list.filter(x, predicate)"
    case .transformList:
      "list.transformList(index, value, expression), with an optional predicate before the expression"
    case .transformMap: "map.transformMap(key, value, expression), with an optional predicate before the expression"
    }
  }

  /// Argument counts after the variables, for one and two variables.
  func bodyCounts(variables: Int) -> [Int] {
    switch (self, variables) {
    case (.all, _), (.exists, _), (.existsOne, _): [1]
    case (.map, 1): [1, 2]
    case (.filter, 1): [1]
    case (.transformList, 2), (.transformMap, 2): [1, 2]
    default: []
    }
  }
}

// MARK: - Message templates

/// A string with `{expression}` holes, as used by `message` and `fix`. `{{` and `}}` stand for
/// literal braces.
struct Template: Sendable {
  enum Part: Sendable {
    case text(String)
    case expression(Expr)
  }

  var parts: [Part]
  var span: Span

  /// The template with no holes, if it has none.
  var plainText: String? {
    var out = ""
    for part in parts {
      guard case .text(let text) = part else { return nil }
      out += text
    }
    return out
  }
}

// MARK: - Rulesets

/// A whole `.precept` file.
struct RulesetSyntax: Sendable {
  var name: Located<String>
  var version: Located<String>
  /// Written `library NAME VERSION`: definitions only, no rules, review items, card or extensions.
  var isLibrary = false
  var title: Located<String>?
  var summary: Located<String>?
  var help: Located<String>?
  /// "Use when" sentences of the component card.
  var useWhen: [Located<String>] = []
  /// "Try a different component when" sentences, each optionally naming the component to use.
  var avoidWhen: [AvoidSyntax] = []
  /// "Customizable" sentences: variants the rules allow.
  var allow: [Located<String>] = []
  /// Golden-pattern source code.
  var golden: [Located<String>] = []
  var imports: [ImportSyntax] = []
  var hosts: [HostSyntax] = []
  var lets: [LetSyntax] = []
  var rules: [RuleSyntax] = []
  var extensions: [ExtendSyntax] = []
}

/// `extend global/touch-target-size { on Toggle  must "…" }`: an imported rule applied to more
/// node types, with the card sentences this ruleset credits to it.
struct ExtendSyntax: Sendable {
  /// The imported ruleset's name.
  var ruleset: Located<String>
  /// The rule's id within it.
  var rule: Located<String>
  var types: [Located<String>]
  var card: [CardSentence]
  var span: Span

  var ruleID: String { "\(ruleset.value)/\(rule.value)" }
}

/// A value with the span it was written at.
struct Located<Value: Sendable>: Sendable {
  var value: Value
  var span: Span
}

struct AvoidSyntax: Sendable {
  var text: Located<String>
  var instead: Located<String>?
}

struct ImportSyntax: Sendable {
  var name: Located<String>
  /// The version range as written (`^1.0`, `>=1.0 <2.0`).
  var range: Located<String>
  var span: Span
  /// `import definitions from NAME RANGE`: the ruleset's lets and host declarations, not its
  /// rules (nor those of its own imports).
  var definitionsOnly = false
}

/// `host name(params) -> type`: a function the embedding host provides.
struct HostSyntax: Sendable {
  var name: Located<String>
  var parameters: [HostParameterSyntax]
  /// The result type after `->`; nil when not written (`dyn`).
  var result: Located<String>?
  var span: Span
}

/// One parameter of a host declaration as written: `name`, `type` or `name: type`. A lone word
/// is a type when it is a type's name (the checker decides), a parameter name otherwise.
struct HostParameterSyntax: Sendable {
  var first: Located<String>
  /// The type after `:`.
  var type: Located<String>?

  var span: Span { type.map { first.span.union($0.span) } ?? first.span }
}

/// `let name(params) = expr`, or `let name = expr` with no parameters.
struct LetSyntax: Sendable {
  var name: Located<String>
  var parameters: [Located<String>]
  var body: Expr
  var span: Span
}

enum RuleKind: String, Sendable {
  /// Passes or fails.
  case rule
  /// Needs a person: reported as needing review, never as pass or fail.
  case review
}

struct RuleSyntax: Sendable {
  var kind: RuleKind
  var id: Located<String>
  var span: Span
  var severity: Located<String>?
  var wcag: [Located<String>] = []
  var title: Located<String>?
  var selector: SelectorSyntax?
  var when: Expr?
  var requirements: [RequirementSyntax] = []
  var message: Template?
  var help: Located<String>?
  /// The fix's text: a hint to read, or with `fixEdit` the Swift text the edit inserts.
  var fix: Template?
  /// Set when the fix is an edit of the source (`fix add modifier "…"`), not only a hint.
  var fixEdit: FixEditSyntax?
  /// Card sentences this rule stands for, by section (`must`, `dont`, `suggest`).
  var card: [CardSentence] = []
  /// For review items: the acceptance-check category (`VoiceOver`, `Dynamic Type`, …).
  var category: Located<String>?
  /// For review items: what the person checks.
  var checks: [Template] = []
}

/// `fix add modifier "…"`, `fix set argument role to "…"`, `fix replace modifier font with "…"`,
/// each optionally followed by `needs words`.
struct FixEditSyntax: Sendable {
  var kind: Located<FixEditKind>
  /// The argument label or the modifier name.
  var name: Located<String>?
  /// Where `needs words` is written, if it is.
  var needsWords: Span?
}

struct CardSentence: Sendable {
  enum Section: String, Sendable {
    case must, dont, suggest
  }

  var section: Section
  var text: Located<String>
}

struct RequirementSyntax: Sendable {
  enum Kind: String, Sendable {
    case require, forbid
  }

  var kind: Kind
  var expr: Expr
  var span: Span
}

/// `on Button | Toggle as b inside Menu as m`: the node types a rule visits, then optional
/// ancestors it must be inside.
struct SelectorSyntax: Sendable {
  var target: SelectorStep
  var ancestors: [SelectorStep]
  var span: Span
}

struct SelectorStep: Sendable {
  /// Node type names; `*` matches any node.
  var types: [Located<String>]
  var binding: Located<String>?
}
