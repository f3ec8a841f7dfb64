import Precept
// Version resolution: from root requirements and a registry index to one exact version per
// ruleset name, following imports. One version per name, because a loaded ruleset is known by
// its name alone.
//
// The search is depth-first with chronological backtracking: names are decided in the order
// they are first required (root requirements by name, then imports as they are discovered);
// for each, the candidates are the versions that satisfy every requirement known so far,
// newest first. Choosing a version adds its imports as requirements and checks them at once
// against versions already chosen and against the versions still available for names not yet
// decided, so a dead end is found at the choice that caused it. The number of versions tried
// is bounded; past the bound resolution stops with an error rather than searching on.

/// Chooses exact versions for a set of requirements.
public enum Resolver {
  /// How many candidate versions one resolution may try before giving up.
  public static let maximumSteps = 100_000

  /// Resolves `requirements` against a registry: one version per ruleset name, satisfying
  /// every root requirement and every import of every chosen pack, preferring the newest
  /// versions (in the order names are decided). Pre-releases are chosen only where a range
  /// names them (see `VersionRange`) or when `includePrerelease` is set.
  ///
  /// The result is a lock file whose packs all come from `registry`.
  public static func resolve(
    _ requirements: [Requirement], in registry: Registry, includePrerelease: Bool = false
  ) throws(ResolutionError) -> LockFile {
    try resolve(requirements, in: registry, includePrerelease: includePrerelease, builtIn: [:])
  }

  /// Resolves as above, with rulesets the host has built in (`builtIn`: name → version).
  ///
  /// A built-in ruleset is never taken from the registry unless a root requirement names it:
  /// an import of it is satisfied by the built-in version (and fails, saying so, if the
  /// version does not satisfy it), so a pack cannot replace a built-in ruleset behind the
  /// user's back by importing one of the same name. The lock holds exactly the chosen packs.
  package static func resolve(
    _ requirements: [Requirement], in registry: Registry, includePrerelease: Bool = false,
    builtIn: [String: SemanticVersion]
  ) throws(ResolutionError) -> LockFile {
    var provided = builtIn
    for requirement in requirements { provided[requirement.name] = nil }
    let chosen = try choose(
      requirements, in: registry.index, includePrerelease: includePrerelease, maximumSteps: maximumSteps,
      provided: provided)
    return LockFile(
      requirements: requirements,
      packs: chosen.map { name, entry in
        LockFile.Pack(
          name: name, version: entry.version, source: registry.location, file: entry.file, sha256: entry.sha256)
      })
  }

  /// The search itself, on an index alone; returns the chosen entries in name order.
  static func choose(
    _ requirements: [Requirement], in index: RegistryIndex, includePrerelease: Bool, maximumSteps: Int,
    provided: [String: SemanticVersion] = [:]
  ) throws(ResolutionError) -> [(name: String, entry: RegistryIndex.Entry)] {
    var search = Search(index: index, includePrerelease: includePrerelease)
    search.provided = provided
    return try search.run(requirements, maximumSteps: maximumSteps)
  }
}

/// Why resolution failed, with what a person needs to fix it: the ruleset, every requirement
/// on it and who made each, and the versions that exist.
public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The registry has no ruleset of that name.
    case unknownRuleset
    /// One requirement alone matches no version of the ruleset.
    case noMatchingVersion
    /// Each requirement matches some version, but no version matches them all.
    case conflict
    /// The root requirements name the same ruleset twice.
    case duplicateRequirement
    /// The search tried `Resolver.maximumSteps` versions without finding a solution.
    case tooComplex
    /// A pack imports a ruleset built into the host, whose built-in version (the only one
    /// in `available`) does not satisfy the import.
    case builtInMismatch
  }

  /// What went wrong.
  public var kind: Kind
  /// The ruleset the failure is about.
  public var name: String
  /// The requirements on it at the point of failure (for `.noMatchingVersion`, the one that
  /// matches nothing first).
  public var requirements: [Constraint]
  /// The versions the registry has of it, oldest first.
  public var available: [SemanticVersion]
  /// Whether pre-releases were allowed.
  public var includePrerelease: Bool
  /// A ruleset name close to an unknown one, if the registry has one.
  public var suggestion: String?
  /// For `.tooComplex`: the first dead end the search met.
  public var firstConflict: String?
  /// For `.tooComplex`: how many versions were tried.
  public var steps = 0

  public var description: String {
    var lines: [String] = []
    switch kind {
    case .unknownRuleset:
      lines.append("the registry has no ruleset named '\(name)'")
      for constraint in requirements { lines.append("  \(name) \(constraint)") }
      if let suggestion { lines.append("did you mean '\(suggestion)'?") }
      return lines.joined(separator: "\n")
    case .duplicateRequirement:
      let ranges = requirements.map { "'\($0.range)'" }.joined(separator: " and ")
      return "'\(name)' is required twice (\(ranges)); require it once, with one range"
    case .builtInMismatch:
      let version = available.first.map { " \($0)" } ?? ""
      lines.append(
        "'\(name)' is built into precept (version\(version)), which does not satisfy every requirement on it:")
      for constraint in requirements { lines.append("  \(name) \(constraint)") }
      lines.append(
        "a pack does not replace a built-in ruleset; to use the registry's '\(name)', require it by name (precept add \(name))"
      )
      return lines.joined(separator: "\n")
    case .tooComplex:
      lines.append("gave up after trying \(steps) versions without finding a set that satisfies every requirement")
      if let firstConflict { lines.append("the first conflict was: " + firstConflict) }
      return lines.joined(separator: "\n")
    case .noMatchingVersion:
      lines.append("no version of '\(name)' matches \(requirements.first.map { "'\($0.range)'" } ?? "")")
    case .conflict:
      lines.append("no version of '\(name)' satisfies every requirement on it:")
    }
    for constraint in requirements { lines.append("  \(name) \(constraint)") }
    lines.append(availableLine)
    if let hint = prereleaseHint { lines.append(hint) }
    return lines.joined(separator: "\n")
  }

  private var availableLine: String {
    if available.isEmpty { return "'\(name)' has no versions in the registry" }
    let shown = available.suffix(20).reversed().map(\.description)
    let more = available.count > 20 ? " (and \(available.count - 20) older)" : ""
    return "available versions, newest first: " + shown.joined(separator: ", ") + more
  }

  /// Points out pre-releases that would have satisfied the requirements had they been allowed.
  private var prereleaseHint: String? {
    guard !includePrerelease else { return nil }
    let excluded = available.filter { version in
      version.isPrerelease && requirements.allSatisfy { $0.range.contains(version, includePrerelease: true) }
    }
    guard let newest = excluded.last else { return nil }
    return
      "note: pre-release \(newest) would match; name a pre-release in the range (such as '^\(newest)') or include pre-releases"
  }
}

/// A requirement on a ruleset, with who made it.
public struct Constraint: Sendable, Hashable, CustomStringConvertible {
  /// Who requires a ruleset.
  public enum Origin: Sendable, Hashable, CustomStringConvertible {
    /// The root requirements given to the resolver (the project).
    case root
    /// An import of a chosen pack.
    case pack(name: String, version: SemanticVersion)

    public var description: String {
      switch self {
      case .root: "required directly"
      case .pack(let name, let version): "required by \(name) \(version)"
      }
    }
  }

  /// The versions acceptable to the requirer.
  public var range: VersionRange
  /// Who requires them.
  public var origin: Origin

  public init(_ range: VersionRange, origin: Origin) {
    self.range = range
    self.origin = origin
  }

  /// `range (required by …)`.
  public var description: String { "\(range) (\(origin))" }
}

// MARK: - The search

private struct Search {
  let index: RegistryIndex
  let includePrerelease: Bool
  /// Rulesets the host provides, satisfied without the registry (see `Resolver.resolve`).
  var provided: [String: SemanticVersion] = [:]

  /// What is decided and known at one point of the search.
  struct State {
    /// Name → index of the chosen entry in `index.entries(for:)`.
    var chosen: [String: Int] = [:]
    var constraints: [String: [Constraint]] = [:]
    /// Names required but not yet decided, in the order they were first required.
    var pending: [String] = []
  }

  /// A decision with the candidates still to try.
  struct Frame {
    var before: State
    var name: String
    var candidates: [Int]
    var next = 0
  }

  var firstFailure: ResolutionError?

  init(index: RegistryIndex, includePrerelease: Bool) {
    self.index = index
    self.includePrerelease = includePrerelease
  }

  mutating func run(
    _ requirements: [Requirement], maximumSteps: Int
  ) throws(ResolutionError) -> [(name: String, entry: RegistryIndex.Entry)] {
    var state = State()
    for requirement in requirements.sorted(by: { $0.name < $1.name }) {
      if let existing = state.constraints[requirement.name] {
        throw failure(
          .duplicateRequirement, requirement.name, existing + [Constraint(requirement.range, origin: .root)])
      }
      state.constraints[requirement.name] = [Constraint(requirement.range, origin: .root)]
      state.pending.append(requirement.name)
    }
    var stack: [Frame] = []
    var steps = 0
    while true {
      // Decide the next pending name, or finish.
      if let name = state.pending.first {
        let candidates = self.candidates(for: name, in: state)
        if candidates.isEmpty {
          record(deadEnd(name, state.constraints[name] ?? []))
        } else {
          stack.append(Frame(before: state, name: name, candidates: candidates))
        }
      } else {
        return state.chosen.sorted { $0.key < $1.key }.map { name, position in
          (name, index.entries(for: name)[position])
        }
      }
      // Try the next candidate of the innermost decision that has one left.
      var advanced = false
      while !advanced, !stack.isEmpty {
        let frame = stack[stack.count - 1]
        guard frame.next < frame.candidates.count else {
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        steps += 1
        if steps > maximumSteps {
          var error = failure(.tooComplex, frame.name, [])
          error.firstConflict = firstFailure?.description
          error.steps = maximumSteps
          throw error
        }
        if let next = choose(frame.candidates[frame.next], for: frame.name, in: frame.before) {
          state = next
          advanced = true
        }
      }
      if !advanced {
        // Every alternative failed; report the first dead end, which is the one met on the
        // path of newest versions.
        throw firstFailure ?? failure(.conflict, state.pending.first ?? "", [])
      }
    }
  }

  /// Entries of `name` that satisfy every constraint known on it, newest first.
  func candidates(for name: String, in state: State) -> [Int] {
    let constraints = state.constraints[name] ?? []
    let entries = index.entries(for: name)
    return entries.indices.reversed().filter { position in
      constraints.allSatisfy { $0.range.contains(entries[position].version, includePrerelease: includePrerelease) }
    }
  }

  /// The state after choosing entry `position` of `name`, or nil (with the failure recorded)
  /// if its imports contradict what is already decided or leave an import without candidates.
  mutating func choose(_ position: Int, for name: String, in before: State) -> State? {
    var state = before
    let entry = index.entries(for: name)[position]
    state.pending.removeFirst()
    state.chosen[name] = position
    let origin = Constraint.Origin.pack(name: name, version: entry.version)
    for requirement in entry.imports {
      let constraint = Constraint(requirement.range, origin: origin)
      state.constraints[requirement.name, default: []].append(constraint)
      let imported = requirement.name
      if let version = provided[imported] {
        // Pre-releases of the host's own ruleset count like releases: the host chose it.
        if !requirement.range.contains(version, includePrerelease: true) {
          var error = failure(.builtInMismatch, imported, state.constraints[imported] ?? [])
          error.available = [version]
          record(error)
          return nil
        }
        continue
      }
      if let chosen = state.chosen[imported] {
        let version = index.entries(for: imported)[chosen].version
        if !requirement.range.contains(version, includePrerelease: includePrerelease) {
          record(deadEnd(imported, state.constraints[imported] ?? []))
          return nil
        }
      } else {
        if !state.pending.contains(imported) { state.pending.append(imported) }
        if candidates(for: imported, in: state).isEmpty {
          record(deadEnd(imported, state.constraints[imported] ?? []))
          return nil
        }
      }
    }
    return state
  }

  mutating func record(_ failure: ResolutionError) {
    if firstFailure == nil { firstFailure = failure }
  }

  /// Classifies a name that no version can satisfy.
  func deadEnd(_ name: String, _ constraints: [Constraint]) -> ResolutionError {
    let entries = index.entries(for: name)
    if entries.isEmpty {
      var error = failure(.unknownRuleset, name, constraints)
      error.suggestion = closestName(to: name)
      return error
    }
    let unmatched = constraints.first { constraint in
      !entries.contains { constraint.range.contains($0.version, includePrerelease: includePrerelease) }
    }
    if let unmatched { return failure(.noMatchingVersion, name, [unmatched]) }
    return failure(.conflict, name, constraints)
  }

  func failure(_ kind: ResolutionError.Kind, _ name: String, _ constraints: [Constraint]) -> ResolutionError {
    ResolutionError(
      kind: kind, name: name, requirements: constraints, available: index.entries(for: name).map(\.version),
      includePrerelease: includePrerelease, suggestion: nil, firstConflict: nil)
  }

  /// The registry's name nearest to `name` by edit distance, if it is close (a typo).
  func closestName(to name: String) -> String? {
    let target = Array(name.utf8)
    let limit = max(1, min(3, target.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in index.packs.keys.sorted() {
      let distance = editDistance(target, Array(candidate.utf8))
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
  }
}

/// Levenshtein distance between two byte strings.
private func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
