import Precept

/// The standard rulesets (`Rulesets/*.precept`), built into the tool by the EmbedRulesets
/// plugin: what `precept lint` and `precept check` use when no `--ruleset` is given.
package enum StandardRulesets {
  /// A library holding every standard ruleset, named `<standard>/FILE` in diagnostics.
  package static func library() -> RulesetLibrary {
    let library = RulesetLibrary()
    for entry in entries {
      // The entries come from a library of their own, so they cannot clash.
      try! library.add(entry)
    }
    return library
  }

  /// The standard rulesets' entries, their headers parsed once per process: `lint` asks for
  /// them several times (to choose, to add, to keep importable), and each parse of the
  /// sources was a whole-file parse.
  package static let entries: [RulesetLibrary.Entry] = {
    let library = RulesetLibrary()
    for (file, text) in sources {
      // The embedded sources are checked by the tests; a failure here is a build defect.
      try! library.add(SourceFile(name: "<standard>/\(file)", text: text))
    }
    return library.entries
  }()
}
