import Testing

@testable import Precept
@testable import PreceptDistribution

/// An index from `(name, version, imports)` rows; file and digest are derived from the name
/// and version.
func makeIndex(_ rows: [(String, String, [String: String])]) throws -> RegistryIndex {
  var index = RegistryIndex()
  for (name, versionText, imports) in rows {
    let version = try SemanticVersion(parsing: versionText)
    let requirements = try imports.map { try Requirement($0.key, VersionRange(parsing: $0.value)) }
    index.insert(
      RegistryIndex.Entry(
        version: version, file: "\(name)/\(name)-\(version).preceptpack",
        sha256: SHA256.hex(SHA256.hash(Array("\(name) \(version)".utf8))), imports: requirements),
      for: name)
  }
  return index
}

func requirements(_ pairs: KeyValuePairs<String, String>) throws -> [Requirement] {
  try pairs.map { try Requirement($0.key, VersionRange(parsing: $0.value)) }
}

@Suite struct ResolverTests {
  /// Resolves and returns `name version` lines in name order.
  func resolve(
    _ roots: KeyValuePairs<String, String>, _ index: RegistryIndex, includePrerelease: Bool = false
  ) throws -> [String] {
    let lock = try Resolver.resolve(
      requirements(roots), in: Registry(location: "registry", index: index), includePrerelease: includePrerelease)
    return lock.packs.map { "\($0.name) \($0.version)" }
  }

  func failure(
    _ roots: KeyValuePairs<String, String>, _ index: RegistryIndex, includePrerelease: Bool = false
  ) throws -> ResolutionError? {
    do {
      _ = try Resolver.resolve(
        requirements(roots), in: Registry(location: "registry", index: index), includePrerelease: includePrerelease)
      return nil
    } catch let error as ResolutionError {
      return error
    }
  }

  let globals: [(String, String, [String: String])] = [
    ("global", "1.0.0", [:]), ("global", "1.1.0", [:]), ("global", "1.1.1", [:]), ("global", "2.0.0", [:]),
  ]

  @Test func choosesTheNewestMatchingVersion() throws {
    let index = try makeIndex(globals)
    #expect(try resolve(["global": "^1.0"], index) == ["global 1.1.1"])
    #expect(try resolve(["global": "~1.1.0"], index) == ["global 1.1.1"])
    #expect(try resolve(["global": "1.0"], index) == ["global 1.0.0"])
    #expect(try resolve(["global": "*"], index) == ["global 2.0.0"])
    #expect(try resolve(["global": "<1.1.1"], index) == ["global 1.1.0"])
  }

  @Test func followsImportsTransitively() throws {
    let index = try makeIndex(
      globals + [
        ("menu.basic", "1.0.0", ["global": "^1.0"]), ("menu.basic", "1.2.0", ["global": "~1.1", "icons": "^0.3"]),
        ("icons", "0.3.0", [:]), ("icons", "0.3.5", ["global": ">=1.1.1"]), ("icons", "0.4.0", [:]),
      ])
    #expect(try resolve(["menu.basic": "^1"], index) == ["global 1.1.1", "icons 0.3.5", "menu.basic 1.2.0"])
  }

  @Test func lockRecordsTheRegistryEntries() throws {
    let index = try makeIndex(globals + [("menu.basic", "1.0.0", ["global": "^1.0"])])
    let lock = try Resolver.resolve(
      requirements(["menu.basic": "^1.0"]), in: Registry(location: "https://rules.example/r", index: index))
    #expect(lock.requirements.map(\.description) == ["menu.basic ^1.0"])
    for pack in lock.packs {
      let entry = try #require(index.entry(pack.name, pack.version))
      #expect(pack.source == "https://rules.example/r")
      #expect(pack.file == entry.file)
      #expect(pack.sha256 == entry.sha256)
    }
    #expect(lock.packs.map(\.name) == ["global", "menu.basic"])
  }

  @Test func diamondImportsAgreeOnOneVersion() throws {
    let index = try makeIndex([
      ("left", "1.0.0", ["base": "^1.2"]), ("right", "1.0.0", ["base": ">=1.0 <1.5"]),
      ("base", "1.0.0", [:]), ("base", "1.2.0", [:]), ("base", "1.4.0", [:]), ("base", "1.6.0", [:]),
      ("app", "1.0.0", ["left": "^1", "right": "^1"]),
    ])
    #expect(try resolve(["app": "^1"], index) == ["app 1.0.0", "base 1.4.0", "left 1.0.0", "right 1.0.0"])
  }

  @Test func backtracksToAnOlderVersionWhoseImportsFit() throws {
    let index = try makeIndex(
      globals + [("menu.basic", "1.1.0", ["global": "^1.0"]), ("menu.basic", "1.2.0", ["global": "^2.0"])])
    #expect(try resolve(["global": "^1.0", "menu.basic": "^1"], index) == ["global 1.1.1", "menu.basic 1.1.0"])
  }

  @Test func backtracksOverAnEarlierDecision() throws {
    // `a` is decided first; its newest version needs `c ^2`, which `b` cannot live with.
    let index = try makeIndex([
      ("a", "1.0.0", ["c": "^1"]), ("a", "1.1.0", ["c": "^2"]), ("b", "1.0.0", ["c": "^1"]),
      ("c", "1.0.0", [:]), ("c", "2.0.0", [:]),
    ])
    #expect(try resolve(["a": "^1", "b": "^1"], index) == ["a 1.0.0", "b 1.0.0", "c 1.0.0"])
  }

  @Test func rechecksVersionsAlreadyChosen() throws {
    // `c` is chosen (2.0.0) before `b` is decided; b's import of `c ^1` must undo it.
    let index = try makeIndex([
      ("a", "1.0.0", ["c": "*"]), ("b", "1.0.0", ["c": "^1"]), ("c", "1.0.0", [:]), ("c", "2.0.0", [:]),
      ("aa", "1.0.0", ["b": "^1"]),
    ])
    #expect(try resolve(["a": "^1", "aa": "^1"], index) == ["a 1.0.0", "aa 1.0.0", "b 1.0.0", "c 1.0.0"])
  }

  @Test func importCyclesResolve() throws {
    let index = try makeIndex([("a", "1.0.0", ["b": "^1"]), ("b", "1.0.0", ["a": "^1"])])
    #expect(try resolve(["a": "^1"], index) == ["a 1.0.0", "b 1.0.0"])
  }

  @Test func reportsConflictsWithWhoRequiredWhat() throws {
    let index = try makeIndex(
      globals + [("menu.basic", "1.1.0", ["global": "^2.0"]), ("menu.basic", "1.2.0", ["global": "^2.0"])])
    let error = try #require(try failure(["global": "^1.0", "menu.basic": "^1"], index))
    #expect(error.kind == .conflict)
    #expect(error.name == "global")
    #expect(
      error.description == """
        no version of 'global' satisfies every requirement on it:
          global ^1.0 (required directly)
          global ^2.0 (required by menu.basic 1.2.0)
        available versions, newest first: 2.0.0, 1.1.1, 1.1.0, 1.0.0
        """)
  }

  @Test func reportsRangesThatMatchNothing() throws {
    let index = try makeIndex(globals + [("menu.basic", "1.0.0", ["global": "^3"])])
    let direct = try #require(try failure(["global": "^3.0"], index))
    #expect(direct.kind == .noMatchingVersion)
    #expect(
      direct.description == """
        no version of 'global' matches '^3.0'
          global ^3.0 (required directly)
        available versions, newest first: 2.0.0, 1.1.1, 1.1.0, 1.0.0
        """)
    let imported = try #require(try failure(["menu.basic": "^1"], index))
    #expect(imported.kind == .noMatchingVersion)
    #expect(
      imported.requirements == [
        Constraint(
          try VersionRange(parsing: "^3"), origin: .pack(name: "menu.basic", version: SemanticVersion(1, 0, 0)))
      ])
  }

  @Test func reportsUnknownRulesetsWithASuggestion() throws {
    let index = try makeIndex(globals + [("menu.basic", "1.0.0", ["globl": "^1"])])
    let error = try #require(try failure(["menu.basic": "^1"], index))
    #expect(error.kind == .unknownRuleset)
    #expect(
      error.description == """
        the registry has no ruleset named 'globl'
          globl ^1 (required by menu.basic 1.0.0)
        did you mean 'global'?
        """)
    let far = try #require(try failure(["zzz": "^1"], index))
    #expect(far.suggestion == nil)
  }

  @Test func excludesPrereleasesUnlessAskedFor() throws {
    let index = try makeIndex([
      ("global", "1.0.0", [:]), ("global", "1.1.0-beta.1", [:]), ("global", "2.0.0-rc.1", [:]),
      ("global", "2.1.0-rc.1", [:]),
    ])
    #expect(try resolve(["global": "^1.0"], index) == ["global 1.0.0"])
    #expect(try resolve(["global": "^1.0"], index, includePrerelease: true) == ["global 1.1.0-beta.1"])
    #expect(try resolve(["global": "^2.0.0-rc.1"], index) == ["global 2.0.0-rc.1"])
    #expect(try resolve(["global": "^1.1.0-beta.1"], index) == ["global 1.1.0-beta.1"])
    #expect(try resolve(["global": "*"], index) == ["global 1.0.0"])
    let error = try #require(try failure(["global": "^2"], index))
    #expect(error.kind == .noMatchingVersion)
    #expect(
      error.description == """
        no version of 'global' matches '^2'
          global ^2 (required directly)
        available versions, newest first: 2.1.0-rc.1, 2.0.0-rc.1, 1.1.0-beta.1, 1.0.0
        note: pre-release 2.1.0-rc.1 would match; name a pre-release in the range (such as '^2.1.0-rc.1') or include pre-releases
        """)
  }

  @Test func rejectsARulesetRequiredTwice() throws {
    let index = try makeIndex(globals)
    let error = try #require(
      try failure(["global": "^1", "global": "^2"], index))
    #expect(error.kind == .duplicateRequirement)
    #expect(error.description == "'global' is required twice ('^1' and '^2'); require it once, with one range")
  }

  @Test func noRequirementsResolveToNothing() throws {
    #expect(try resolve([:], try makeIndex(globals)) == [])
  }

  /// An import of a ruleset the host builds in used to bring the registry's copy into the
  /// lock, where it replaced the built-in one.
  @Test func builtInRulesetsAreProvidedNotTakenFromTheRegistry() throws {
    let index = try makeIndex([
      ("global", "1.0.0", [:]), ("global", "9.0.0", [:]), ("acme.buttons", "1.0.0", ["global": ">=1.0"]),
      ("acme.future", "1.0.0", ["global": "^2.0"]),
    ])
    let registry = Registry(location: "registry", index: index)
    let builtIn = ["global": SemanticVersion(1, 0, 0)]
    let lock = try Resolver.resolve(try requirements(["acme.buttons": "^1"]), in: registry, builtIn: builtIn)
    #expect(lock.packs.map(\.name) == ["acme.buttons"])
    // Required by name, the registry's version is resolved as usual.
    let named = try Resolver.resolve(
      try requirements(["acme.buttons": "^1", "global": "*"]), in: registry, builtIn: builtIn)
    #expect(named.packs.map { "\($0.name) \($0.version)" } == ["acme.buttons 1.0.0", "global 9.0.0"])
    // An import the built-in version does not satisfy fails, saying how to get the registry's.
    let roots = try requirements(["acme.future": "^1"])
    do throws(ResolutionError) {
      _ = try Resolver.resolve(roots, in: registry, builtIn: builtIn)
      Issue.record("expected a failure")
    } catch {
      #expect(error.kind == .builtInMismatch)
      #expect(
        error.description == """
          'global' is built into precept (version 1.0.0), which does not satisfy every requirement on it:
            global ^2.0 (required by acme.future 1.0.0)
          a pack does not replace a built-in ruleset; to use the registry's 'global', require it by name (precept add global)
          """)
    }
  }

  @Test func theSearchIsBounded() throws {
    // Twelve rulesets with two versions each, decided before `last`, whose every version
    // imports a ruleset that does not exist: a search without a bound would try all 4096
    // combinations before failing.
    var rows: [(String, String, [String: String])] = []
    var roots: [Requirement] = []
    for i in 0..<12 {
      let name = "a\(String(i + 10))"
      rows += [(name, "1.0.0", [:]), (name, "1.1.0", [:])]
      roots.append(Requirement(name, .any))
    }
    rows.append(("last", "1.0.0", ["missing": "^1"]))
    roots.append(Requirement("last", .any))
    let index = try makeIndex(rows)
    #expect(throws: ResolutionError.self) {
      try Resolver.choose(roots, in: index, includePrerelease: false, maximumSteps: 100)
    }
    do {
      _ = try Resolver.choose(roots, in: index, includePrerelease: false, maximumSteps: 100)
    } catch {
      #expect(error.kind == .tooComplex)
      #expect(error.description.hasPrefix("gave up after trying 100 versions"))
      #expect(error.firstConflict?.contains("no ruleset named 'missing'") == true)
    }
    // With room enough, the search ends with the real reason.
    do {
      _ = try Resolver.choose(roots, in: index, includePrerelease: false, maximumSteps: 1_000_000)
      Issue.record("expected a failure")
    } catch {
      #expect(error.kind == .unknownRuleset)
    }
  }
}
