/// What a structured fix does to the Swift source at the finding's node.
package enum FixEditKind: String, Sendable, Hashable, CaseIterable {
  /// `fix add modifier ".accessibilityLabel(\"Delete\")"`: appended to the node's modifier chain.
  case addModifier = "add modifier"
  /// `fix set argument role to ".destructive"`: the argument's value replaced, or the argument
  /// added to the node's call.
  case setArgument = "set argument"
  /// `fix replace modifier font with ".font(.body)"`: the node's first modifier of that name
  /// replaced, call and all.
  case replaceModifier = "replace modifier"
}

/// A rule's structured fix as compiled: the edit, and whether it may leave a placeholder for a
/// person's words. The text is the rule's fix template.
package struct FixEditSpec: Sendable, Hashable {
  package var kind: FixEditKind
  /// The argument label or modifier name the edit is about (nil for `add modifier`).
  package var name: String?
  /// Written `needs words`: the text may be an Xcode placeholder (`<#what it does#>`) that a
  /// person fills in, so `precept lint --fix` applies it only with `--fix-placeholders`.
  package var needsWords: Bool

  package init(kind: FixEditKind, name: String?, needsWords: Bool) {
    self.kind = kind
    self.name = name
    self.needsWords = needsWords
  }

  /// The edit's text as a hint to read: `.accessibilityLabel("Delete")`, `role: .destructive`.
  package func hint(_ text: String) -> String {
    kind == .setArgument ? "\(name ?? "_"): \(text)" : text
  }
}

/// A finding's structured fix: the edit with its text fitted to the node, and — once resolved
/// against the source the node was read from — the replacements that make it.
package struct FixEdit: Sendable, Hashable {
  package var kind: FixEditKind
  package var name: String?
  /// The Swift text the edit inserts: the modifier call, or the argument's value.
  package var text: String
  /// The text holds an Xcode placeholder (`<#…#>`): a person's words are needed.
  package var needsWords: Bool
  /// The node's index (preorder) in its file's view model.
  package var node: Int
  /// The byte ranges of the source to replace and their new text; empty until resolved.
  package var replacements: [TextReplacement] = []
  /// Why the edit could not be resolved against the source, when it could not.
  package var unresolved: String?

  package init(kind: FixEditKind, name: String?, text: String, node: Int) {
    self.kind = kind
    self.name = name
    self.text = text
    self.needsWords = FixEdit.hasPlaceholder(text)
    self.node = node
  }

  /// Whether `text` holds an Xcode placeholder, `<#…#>`.
  package static func hasPlaceholder(_ text: String) -> Bool {
    // Byte scans: Foundation's `range(of:)` cost 9,000 instructions a finding with a fix.
    // "<#>" is an opening with no closing: the closing's "#" must come after the opening's.
    guard let open = text.utf8Index(of: "<#") else { return false }
    return text.utf8Index(of: "#>", from: text.utf8.index(open, offsetBy: 2)) != nil
  }

  /// The edit as a hint to read: `.accessibilityLabel("Delete")`, `role: .destructive`.
  package var hint: String { FixEditSpec(kind: kind, name: name, needsWords: needsWords).hint(text) }

  /// `add modifier .accessibilityLabel("Delete")`, for what `--fix` reports.
  package var summary: String {
    switch kind {
    case .addModifier: "add \(text)"
    case .setArgument: "set \(name ?? "_"): \(text)"
    case .replaceModifier: "replace .\(name ?? "")(…) with \(text)"
    }
  }
}

/// Bytes `start ..< end` of a source replaced by `text`, with the positions (1-based line and
/// Unicode-scalar column; the end is the position just after the last replaced character) that
/// reports give.
package struct TextReplacement: Sendable, Hashable {
  package var start: Int
  package var end: Int
  package var text: String
  package var startLocation: SourceLocation
  package var endLocation: SourceLocation

  package init(start: Int, end: Int, text: String, in source: SourceFile) {
    self.start = start
    self.end = end
    self.text = text
    self.startLocation = source.location(of: start)
    self.endLocation = source.location(of: end)
  }
}
