import Synchronization

/// A compiled ruleset (or a single compiled expression): bytecode, its constant pool, and the
/// metadata of every rule. Programs are immutable and `Sendable`: compile once, evaluate from
/// as many threads as you like.
public struct Program: Sendable {
  /// The ruleset's dotted name (`menu.basic`); `expression` for a compiled expression.
  public let name: String
  /// The ruleset's semantic version.
  public let version: String
  /// Where the ruleset was read from, for diagnostics.
  public let sourceName: String
  /// The rules and review items, in source order.
  public var rules: [RuleInfo] { compiledRules.map(\.info) }
  /// The card text and imports of the ruleset.
  public let metadata: RulesetMetadata
  /// Host functions the ruleset declares.
  public var hostFunctions: [(name: String, parameterCount: Int)] { hosts.map { ($0.name, $0.arity) } }

  let code: [Instruction]
  let functions: [FunctionInfo]
  let constants: [Constant]
  let hosts: [HostSignature]
  /// Names of the bindings a compiled expression reads (`global` operands).
  let globals: [String]
  let compiledRules: [CompiledRule]
  /// The ruleset source, kept so packs can be recompiled and `describe` can quote it.
  let sourceText: String
  /// Where each instruction came from (empty for a program read from a pack written before
  /// programs had one).
  let sourceMap: SourceMap
  /// `sourceText` as a source file (file 0 of `sourceMap`), and its `SourceMap.digest`.
  let source: SourceFile
  let sourceDigest: UInt64
  /// What every VM running this program needs and no model changes, worked out once here.
  let linkage: Linkage

  init(
    name: String, version: String, sourceName: String, metadata: RulesetMetadata, code: [Instruction],
    functions: [FunctionInfo], constants: [Constant], hosts: [HostSignature], globals: [String],
    compiledRules: [CompiledRule], sourceText: String, sourceMap: SourceMap = SourceMap()
  ) {
    self.name = name
    self.version = version
    self.sourceName = sourceName
    self.metadata = metadata
    self.code = code
    self.functions = functions
    self.constants = constants
    self.hosts = hosts
    self.globals = globals
    self.compiledRules = compiledRules
    self.sourceText = sourceText
    self.sourceMap = sourceMap
    self.source = SourceFile(name: sourceName, text: sourceText)
    self.sourceDigest = SourceMap.digest(source.bytes)
    self.linkage = Linkage(constants: constants, functions: functions, code: code)
  }
}

/// The model-independent half of linking a program to a view model, shared by every VM that
/// runs the program: constants as words, the program's strings interned once into a table each
/// VM copies as its "extras", the node field each string constant names, and each function's
/// frame and what its code names. A VM then looks a constant up in the model's strings only
/// when the first function naming it is to run (linting makes one VM per file and ruleset, and
/// a file's rules run a few of the functions, so this matters).
///
/// The table may hold strings the model also has. Those entries are never handed out: a heap
/// looks in the model first, so a string's id stays unique.
final class Linkage: @unchecked Sendable {  // immutable after init; `strings` is freed in deinit
  /// A constant as a VM needs it.
  enum Item: Sendable {
    case word(Word)
    /// The string's id in `strings`.
    case string(Int32)
    case bytes(Int32)
    case list([Item])

    var isList: Bool {
      if case .list = self { return true }
      return false
    }
  }

  let constants: [Item]
  /// Every string and bytes constant, interned; a VM starts its extras as a copy.
  let strings: InternTable
  /// `InternTable.hash` of each of `strings`, so linking hashes nothing.
  let hashes: [UInt64]
  /// For each string constant that names a node field, the field's code (−1 otherwise).
  let fieldCodes: RawArray<Int32>
  let functions: RawArray<VM.Function>
  /// How many functions have a memo slot (`VM.Function.memo`).
  let memoSlots: Int
  /// The program's code, in memory the run loop reads without reference counts.
  let code: RawArray<Instruction>
  /// What a VM links when it first runs a function (`VM.prepare`): function `f`'s entries are
  /// `uses[useStarts[f] ..< useStarts[f + 1]]`, each a string, bytes or list constant its code
  /// names (its index) or a function it calls (−1 − its index). A file's rules run a few of a
  /// program's functions, and looking every constant up in each file's model was a third of
  /// making a VM.
  let uses: RawArray<Int32>
  let useStarts: RawArray<Int32>
  /// For each constant, how a VM links it: a string's index in `strings` (0 or more), a bytes
  /// constant's as −2 − index, and −1 for the rest (`Heap.link` of the item).
  let linkCodes: RawArray<Int32>
  /// The constant pool a VM starts with, copied whole: each word constant, and null where a
  /// constant waits to be linked (reading `constants` item by item, with their reference
  /// counts, was most of making a VM).
  let unlinkedConstants: RawArray<Word>
  /// For each function whose code makes one string constant and nothing else (`constant`,
  /// `template` of it alone, `return`: a message or fix with nothing interpolated), that
  /// string; nil for the others (`VM.constantText`).
  let constantTexts: [String?]

  init(constants: [Constant], functions: [FunctionInfo], code: [Instruction]) {
    var strings = InternTable()
    var hashes: [UInt64] = []
    func intern(_ bytes: [UInt8]) -> Int32 {
      bytes.withUnsafeBufferPointer { text in
        let hash = InternTable.hash(text)
        let id = strings.intern(text, hash: hash)
        if id == hashes.count { hashes.append(hash) }
        return id
      }
    }
    func item(_ constant: Constant) -> Item {
      switch constant {
      case .int(let value): .word(.int(value))
      case .uint(let value): .word(.uint(value))
      case .double(let bits): .word(.double(Double(bitPattern: bits)))
      case .string(let text): .string(intern(Array(text.utf8)))
      case .bytes(let bytes): .bytes(intern(bytes))
      case .type(let tag): .word(.type(tag))
      case .list(let elements): .list(elements.map(item))
      }
    }
    self.constants = constants.map(item)
    // Interned after every constant, so constants keep their ids (see `WellKnownIDs.names`).
    for name in WellKnownIDs.names { _ = intern(Array(name.utf8)) }
    self.strings = strings
    self.hashes = hashes
    self.fieldCodes = RawArray(
      constants.map { constant in
        if case .string(let name) = constant, let field = NodeField.byName[name] { return field.rawValue }
        return -1
      })
    self.code = RawArray(code)
    // A function's code runs to the next function's entry. Its stack needs the depth the
    // instruction set's table gives its code. A program read from a pack is linked before the
    // verifier has seen it (and never run if it fails), so nothing here may trap on nonsense:
    // code whose depth cannot be worked out gets one slot per instruction, and values clamp.
    func clamped(_ value: Int) -> Int32 { Int32(clamping: value) }
    let entries = functions.map(\.entry).sorted() + [code.count]
    // Functions sharing an entry share their code: each range is walked once, so linking
    // stays linear in the code however many functions a pack lists.
    var depths: [Int: Int?] = [:]
    var ranges: [Range<Int>] = []
    var linked: [VM.Function] = functions.map { function in
      var low = 0
      var high = entries.count - 1
      while low < high {  // the first entry after this one
        let middle = (low + high) / 2
        if entries[middle] > function.entry { high = middle } else { low = middle + 1 }
      }
      let end = max(entries[low], function.entry)
      // A pack's entry past the code must not make the range (and the walk's memory) huge.
      let range = function.entry..<max(function.entry, min(end, code.count))
      if depths[function.entry] == nil {
        var deepest: Int? = nil
        if !range.isEmpty {
          deepest = try? Verifier.deepestStack(
            code, range, fail: { _, message in Verifier.Failure(message: message) })
        }
        depths[function.entry] = .some(deepest)
      }
      let stackNeed = depths[function.entry].flatMap { $0 } ?? end &- function.entry &+ 16
      ranges.append(range)
      return VM.Function(
        entry: clamped(function.entry), localCount: clamped(function.localCount), stackNeed: clamped(stackNeed),
        memo: -1)
    }
    var slots: Int32 = 0
    for (index, pure) in Linkage.pureOfOneParameter(functions, ranges, code).enumerated() where pure {
      linked[index].memo = slots
      slots += 1
    }
    self.memoSlots = Int(slots)
    self.functions = RawArray(linked)
    (uses, useStarts) = Linkage.uses(of: ranges, code, constants: self.constants)
    linkCodes = RawArray(
      self.constants.map { item in
        switch item {
        case .string(let index): index
        case .bytes(let index): -2 - index
        case .word, .list: -1
        }
      })
    unlinkedConstants = RawArray(
      self.constants.map { item in
        if case .word(let word) = item { return word }
        return .null
      })
    constantTexts = ranges.map { range in
      guard range.count >= 3, code[range.lowerBound].op == .constant,
        constants.indices.contains(Int(code[range.lowerBound].a)),
        case .string(let text) = constants[Int(code[range.lowerBound].a)],
        code[range.lowerBound + 1].op == .template, code[range.lowerBound + 1].a == 1,
        code[range.lowerBound + 2].op == .return
      else { return nil }
      return text
    }
  }

  /// Which operands of each opcode (by number) name a constant, from the instruction set's
  /// table: made once, not for every program linked.
  private static let constantOperands: [(a: Bool, b: Bool)] = {
    var names = [(a: Bool, b: Bool)](repeating: (false, false), count: 256)
    for op in Opcode.allCases {
      let facts = op.facts
      names[Int(op.rawValue)] = (
        facts.a == .constant || facts.a == .stringConstant, facts.b == .constant || facts.b == .stringConstant
      )
    }
    return names
  }()

  /// `uses` and `useStarts` for functions whose code is `ranges` of `code`. Operands out of
  /// range (a pack the verifier has not seen yet) are left out: such a program never runs.
  private static func uses(of ranges: [Range<Int>], _ code: [Instruction], constants: [Item])
    -> (RawArray<Int32>, RawArray<Int32>)
  {
    let names = constantOperands
    // Words need no linking.
    func isLinked(_ index: Int32) -> Bool {
      guard index >= 0, Int(index) < constants.count else { return false }
      switch constants[Int(index)] {
      case .string, .bytes, .list: return true
      case .word: return false
      }
    }
    var uses = RawArray<Int32>()
    var starts = RawArray<Int32>(capacity: ranges.count + 1)
    // Functions sharing an entry share their code, and so their uses: each range is read once.
    var seen: [Int: Range<Int32>] = [:]
    for range in ranges {
      starts.append(Int32(clamping: uses.count))
      if let earlier = seen[range.lowerBound] {
        for index in earlier { uses.append(uses[Int(index)]) }
        continue
      }
      let start = Int32(clamping: uses.count)
      var named = Set<Int32>()
      for instruction in code[range.clamped(to: code.indices)] {
        let operands = names[Int(instruction.op.rawValue)]
        if operands.a, isLinked(instruction.a), named.insert(instruction.a).inserted { uses.append(instruction.a) }
        if operands.b, isLinked(instruction.b), named.insert(instruction.b).inserted { uses.append(instruction.b) }
        if instruction.op == .call, instruction.a >= 0, Int(instruction.a) < ranges.count,
          named.insert(-1 - instruction.a).inserted
        {
          uses.append(-1 - instruction.a)
        }
      }
      seen[range.lowerBound] = start..<Int32(clamping: uses.count)
    }
    starts.append(Int32(clamping: uses.count))
    return (uses, starts)
  }

  /// Which functions are a `let` of one parameter whose value depends on that parameter alone,
  /// so a run may keep a bool value it made for a node (`VM`'s memo): their code, and the code
  /// of every function they call, reads no binding (`global`) and calls no host function (whose
  /// value the host decides). Everything else an instruction reads is the program's constants
  /// and the view model, which do not change while a VM runs. A call whose target is not a
  /// function (a pack the verifier has not seen yet) makes its caller impure.
  static func pureOfOneParameter(_ functions: [FunctionInfo], _ ranges: [Range<Int>], _ code: [Instruction])
    -> [Bool]
  {
    // Each function's callees, or nil when its own code reads a binding or calls the host.
    let callees: [[Int]?] = ranges.map { range in
      var called: [Int] = []
      // A pack's entry may lie past the code (the verifier refuses it later): an empty range there.
      for instruction in code[range.clamped(to: code.indices)] {
        switch instruction.op {
        case .global, .host: return nil
        case .call: called.append(Int(instruction.a))
        default: continue
        }
      }
      return called
    }
    var pure = callees.map { $0 != nil }
    var changed = true
    while changed {  // at most one round per function: each round that changes marks one more impure
      changed = false
      for index in functions.indices where pure[index] {
        if callees[index]!.contains(where: { $0 < 0 || $0 >= functions.count || !pure[$0] }) {
          pure[index] = false
          changed = true
        }
      }
    }
    return functions.indices.map { pure[$0] && functions[$0].parameterCount == 1 }
  }

  /// Compiled `matches` patterns by their text, shared by the program's VMs; at most
  /// `regexLimit` of them, so patterns taken from models cannot grow it without bound.
  private let regexes = Mutex<[String: Regex]>([:])
  private static let regexLimit = 256

  func regex(_ pattern: String) -> Regex? { regexes.withLock { $0[pattern] } }

  func keep(_ regex: Regex, for pattern: String) {
    regexes.withLock { cache in
      if cache.count < Self.regexLimit { cache[pattern] = regex }
    }
  }

  deinit {
    strings.deallocate()
    fieldCodes.deallocate()
    functions.deallocate()
    code.deallocate()
    uses.deallocate()
    useStarts.deallocate()
    linkCodes.deallocate()
    unlinkedConstants.deallocate()
  }
}

/// A constant of the pool. Strings are interned into the VM's string space when a program is
/// linked to a view model, so equal strings compare by index at run time.
enum Constant: Sendable, Hashable {
  case int(Int64)
  case uint(UInt64)
  /// The bit pattern, so that NaN constants are equal to themselves in the pool.
  case double(UInt64)
  case string(String)
  case bytes([UInt8])
  case type(TypeTag)
  /// A list literal of scalar constants (`["OK", "Cancel"]`), made once when the program is
  /// linked instead of at every evaluation.
  case list([Constant])

  // Strings compare by their code points: Swift's `String ==` treats canonically equivalent
  // strings as equal, and the language does not.
  static func == (lhs: Constant, rhs: Constant) -> Bool {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): a == b
    case (.uint(let a), .uint(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
    case (.bytes(let a), .bytes(let b)): a == b
    case (.type(let a), .type(let b)): a == b
    case (.list(let a), .list(let b)): a == b
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .int(let value): hasher.combine(0); hasher.combine(value)
    case .uint(let value): hasher.combine(1); hasher.combine(value)
    case .double(let value): hasher.combine(2); hasher.combine(value)
    case .string(let value): hasher.combine(3); for byte in value.utf8 { hasher.combine(byte) }
    case .bytes(let value): hasher.combine(4); hasher.combine(value)
    case .type(let value): hasher.combine(5); hasher.combine(value)
    case .list(let value): hasher.combine(6); hasher.combine(value)
    }
  }
}

/// Where a function's code starts and how big its frame is.
struct FunctionInfo: Sendable, Equatable {
  var name: String
  var entry: Int
  var parameterCount: Int
  var localCount: Int
}

/// What a host or a report needs to know about a rule.
public struct RuleInfo: Sendable, Hashable {
  /// `rule` (passes or fails) or `review` (needs a person).
  public enum Kind: String, Sendable, Hashable {
    case rule, review
  }

  /// The full id, `ruleset/rule`.
  public var id: String
  /// The id inside its ruleset.
  public var localID: String
  public var ruleset: String
  public var version: String
  public var kind: Kind
  public var severity: Severity
  public var wcag: [String]
  public var title: String?
  public var help: String?
  /// The message as written, when it has no `{…}` holes.
  public var message: String?
  /// The fix hint as written, when it has no `{…}` holes.
  public var fix: String?
  /// The selector as written (`on Button inside Menu as b`).
  public var selector: String
  /// Card sentences this rule stands for: `must`, `dont` or `suggest`, and the text.
  public var card: [CardEntry]
  /// For review items: the acceptance-check category.
  public var category: String?
  /// For review items: what a person checks (templates shown as written).
  public var checks: [String]
  /// Host functions the rule needs.
  public var hostFunctions: [String]
  /// Where the rule is written.
  public var line: Int

  /// One card sentence a rule stands for.
  public struct CardEntry: Sendable, Hashable {
    public var section: String
    public var text: String
  }
}

/// The component-card text of a ruleset, for `precept describe`.
public struct RulesetMetadata: Sendable, Hashable {
  public var title: String?
  public var summary: String?
  public var help: String?
  public var useWhen: [String]
  /// "Try a different component when" sentences and the component to use instead.
  public var avoidWhen: [(text: String, instead: String?)]
  public var allow: [String]
  public var golden: [String]
  /// Imports by name and version range as written.
  public var imports: [(name: String, range: String)]
  /// Whether the file is a library (`library NAME VERSION`): definitions, no rules.
  package var isLibrary = false
  /// The imports written `import definitions from NAME`, by name: their rules are not
  /// evaluated with this ruleset's.
  package var definitionImports: [String] = []
  /// Imported rules this ruleset applies to more node types (`extend RULE { on … }`).
  package var extensions: [RuleExtension] = []

  public static func == (lhs: RulesetMetadata, rhs: RulesetMetadata) -> Bool {
    lhs.title == rhs.title && lhs.summary == rhs.summary && lhs.help == rhs.help && lhs.useWhen == rhs.useWhen
      && lhs.avoidWhen.map(\.text) == rhs.avoidWhen.map(\.text)
      && lhs.avoidWhen.map(\.instead) == rhs.avoidWhen.map(\.instead) && lhs.allow == rhs.allow
      && lhs.golden == rhs.golden && lhs.imports.map(\.name) == rhs.imports.map(\.name)
      && lhs.imports.map(\.range) == rhs.imports.map(\.range) && lhs.isLibrary == rhs.isLibrary
      && lhs.definitionImports == rhs.definitionImports && lhs.extensions == rhs.extensions
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(summary)
    hasher.combine(useWhen)
  }
}

/// `extend global/touch-target-size { on Toggle  must "…" }`: a rule of an imported ruleset
/// that this ruleset applies to more node types, and the card sentences it credits to it.
package struct RuleExtension: Sendable, Hashable {
  /// The extended rule's full id (`global/touch-target-size`).
  package var rule: String
  /// The node types added to the rule's selector.
  package var types: [String]
  /// The card sentences of the extending ruleset that this rule checks.
  package var card: [RuleInfo.CardEntry]
  /// Where the extension is written (1-based).
  package var line: Int

  package init(rule: String, types: [String], card: [RuleInfo.CardEntry], line: Int) {
    self.rule = rule
    self.types = types
    self.card = card
    self.line = line
  }
}

/// A rule as the engine runs it.
struct CompiledRule: Sendable {
  var info: RuleInfo
  /// Node types the rule visits; `*` is every node.
  var targetTypes: [String]
  /// Each ancestor step's node types, innermost first as written.
  var ancestorTypes: [[String]]
  /// The names the selector binds, the visited node's first (empty for an unnamed step; none
  /// at all for a rule read from a pack written before they were recorded).
  var bindings: [String]
  var when: Int?
  var requirements: [CompiledRequirement]
  var message: Int?
  var fix: Int?
  /// Set when the fix is an edit of the source; `fix` computes the text it inserts.
  var fixEdit: FixEditSpec? = nil
  var checks: [Int]
}

struct CompiledRequirement: Sendable {
  var kind: RequirementSyntax.Kind
  var function: Int
  /// The clause's expression as written.
  var text: String
  var line: Int
}
