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

  /// The standard rulesets' entries, their headers parsed once per process (on every core):
  /// `lint` asks for them several times (to choose, to add, to keep importable), and each
  /// parse of the sources is a whole-file parse, which compiling them then starts from.
  package static let entries: [RulesetLibrary.Entry] = {
    let library = RulesetLibrary()
    // The embedded sources are checked by the tests; a failure here is a build defect.
    try! library.add(sources.map { SourceFile(name: "<standard>/\($0.file)", text: $0.text) })
    return library.entries
  }()
}
