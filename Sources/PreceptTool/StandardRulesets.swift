import Precept

/// The standard rulesets (`Rulesets/*.precept`), built into the tool by the EmbedRulesets
/// plugin: what `precept lint` and `precept check` use when no `--ruleset` is given.
package enum StandardRulesets {
  /// A library holding every standard ruleset, named `<standard>/FILE` in diagnostics.
  package static func library() -> RulesetLibrary {
    let library = RulesetLibrary()
    for (file, text) in sources {
      // The embedded sources are checked by the tests; a failure here is a build defect.
      try! library.add(SourceFile(name: "<standard>/\(file)", text: text))
    }
    return library
  }
}
