/// Where a ruleset's names are written, from its syntax alone (it need not check): what an
/// editor needs to go to a let's definition, show its signature and complete names. Spans are
/// byte offsets in the source that was parsed.
package struct RulesetOutline: Sendable {
  package struct Definition: Sendable {
    package var name: String
    /// The parameters of a function let; empty for a value let.
    package var parameters: [String]
    package var nameSpan: Span
    /// The whole definition, `let NAME(…) = BODY`.
    package var span: Span

    /// The let as it is called: `iconOnly(m)`, or `name` without parameters.
    package var signature: String {
      parameters.isEmpty ? name : "\(name)(\(parameters.joined(separator: ", ")))"
    }
  }

  package struct Import: Sendable {
    package var name: String
    package var range: String
    package var nameSpan: Span
  }

  package struct Rule: Sendable {
    /// The id inside the ruleset, as written.
    package var id: String
    package var idSpan: Span
    package var isReview: Bool
  }

  package var name: String
  package var nameSpan: Span
  package var isLibrary: Bool
  package var imports: [Import]
  package var lets: [Definition]
  package var rules: [Rule]

  /// The outline of whatever part of `source` parses; nil when not even the header does.
  package init?(_ source: SourceFile) {
    guard let syntax = Parser.parseRuleset(source).0 else { return nil }
    name = syntax.name.value
    nameSpan = syntax.name.span
    isLibrary = syntax.isLibrary
    imports = syntax.imports.map { Import(name: $0.name.value, range: $0.range.value, nameSpan: $0.name.span) }
    lets = syntax.lets.map {
      Definition(name: $0.name.value, parameters: $0.parameters.map(\.value), nameSpan: $0.name.span, span: $0.span)
    }
    rules = syntax.rules.map { Rule(id: $0.id.value, idSpan: $0.id.span, isReview: $0.kind == .review) }
  }
}
