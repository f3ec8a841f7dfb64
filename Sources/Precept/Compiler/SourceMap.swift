/// Where a program's code came from, as a DWARF line table or Lua's `lineinfo` is: every
/// instruction names the innermost expression it was compiled from, and every expression its
/// span in ruleset source. Run-time errors and *not run* outcomes name the failing
/// sub-expression with it, and the VM's explain mode (`VM.runTraced`) keys the values it
/// records by its expressions.
///
/// The expressions of each function's body form a tree, numbered in preorder: an expression's
/// sub-expressions are the `size - 1` that follow it. The code of an expression is contiguous
/// and every way out of it leads to `exit`, with the expression's value on top of the stack;
/// reaching `exit` from inside the expression is how a trace knows the value.
struct SourceMap: Sendable, Equatable {
  /// A ruleset source the spans point into: the program's own (file 0), or an import whose lets
  /// the program compiled. `digest` (`SourceMap.digest` of the source's bytes) tells whether a
  /// source found later is the one the spans were measured in.
  struct File: Sendable, Equatable {
    var ruleset: String
    var name: String
    var digest: UInt64
  }

  /// What an expression is, as far as explaining it goes.
  enum Kind: UInt8, Sendable, Equatable {
    /// A literal, or a list of literals: its text says its value.
    case literal = 0
    /// A bare name (parameter, binding, macro variable, caller's binding) or a type.
    case name = 1
    /// A call of a `let`.
    case call = 2
    /// A macro (`all`, `exists`, `map`, …): its first sub-expression is the range, the rest its
    /// body, evaluated once per element.
    case comprehension = 3
    /// A message template.
    case template = 4
    /// Logical not.
    case not = 5
    case other = 6
  }

  struct Node: Sendable, Equatable {
    var file: Int32
    /// Byte offsets in the file.
    var start: Int32
    var end: Int32
    /// Where `start` is, 1-based (kept so a place can be named without the source).
    var line: Int32
    var column: Int32
    /// The enclosing expression, or −1 for a function's body.
    var parent: Int32
    /// The instruction after the expression's code.
    var exit: Int32
    /// The expression and its sub-expressions: 1 for a leaf.
    var size: Int32
    var kind: Kind
  }

  var files: [File] = []
  var nodes: [Node] = []
  /// For each instruction, the innermost expression it was compiled for.
  var instructions: [Int32] = []

  /// FNV-1a of the bytes: cheap, and only compared with itself.
  static func digest(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }

  /// The expression an instruction was compiled for, or −1 when the map has none (a program
  /// read from a pack written before programs had source maps).
  func node(at pc: Int) -> Int {
    pc >= 0 && pc < instructions.count ? Int(instructions[pc]) : -1
  }

  /// The body of the function an expression belongs to.
  func root(of node: Int) -> Int {
    var node = node
    while node >= 0, nodes[node].parent >= 0 { node = Int(nodes[node].parent) }
    return node
  }

  /// The sub-expressions of `node` (its children in the tree), in order.
  func children(of node: Int) -> [Int] {
    var result: [Int] = []
    var child = node + 1
    let end = node + Int(nodes[node].size)
    while child < end {
      result.append(child)
      child += Int(nodes[child].size)
    }
    return result
  }

  /// Whether `node` is inside the body of a macro below `top` (so its value depends on the
  /// element being visited, and a trace keeps only the last element's).
  func isInMacroBody(_ node: Int, below top: Int) -> Bool {
    var child = node
    var parent = Int(nodes[node].parent)
    while parent >= top, parent >= 0 {
      if nodes[parent].kind == .comprehension, child != parent + 1 { return true }
      child = parent
      parent = Int(nodes[parent].parent)
    }
    return false
  }
}

extension SourceMap {
  /// The map as JSON for a pack's metadata: each node as nine integers, and one per
  /// instruction. (An extra member: a precept that predates source maps ignores it, and a pack
  /// without it loads with no map.)
  var json: JSON {
    .object([
      "files": .array(
        files.map {
          .object([
            "ruleset": .string($0.ruleset), "name": .string($0.name), "digest": .string(String($0.digest, radix: 16)),
          ])
        }),
      "nodes": .array(
        nodes.flatMap { node -> [JSON] in
          [
            node.file, node.start, node.end - node.start, node.line, node.column, node.parent, node.exit, node.size,
            Int32(node.kind.rawValue),
          ].map { .integer(Int64($0)) }
        }),
      "instructions": .array(instructions.map { .integer(Int64($0)) }),
    ])
  }

  /// Reads and checks a map written by `json` for a program of `codeCount` instructions: every
  /// index in range and the tree well formed, so nothing that reads it can trap.
  init(json: JSON, codeCount: Int) throws(BytecodeFormat.Failure) {
    func fail(_ message: String) -> BytecodeFormat.Failure {
      BytecodeFormat.Failure(message: "source map: \(message)", offset: 0)
    }
    func int32(_ value: JSON) throws(BytecodeFormat.Failure) -> Int32 {
      guard let number = value.integerValue, let value = Int32(exactly: number) else {
        throw fail("expected 32-bit integers")
      }
      return value
    }
    guard let fileList = json["files"]?.arrayValue, let flat = json["nodes"]?.arrayValue,
      let instructionList = json["instructions"]?.arrayValue
    else { throw fail("expected 'files', 'nodes' and 'instructions'") }
    for file in fileList {
      guard let ruleset = file["ruleset"]?.stringValue, let name = file["name"]?.stringValue,
        let digestText = file["digest"]?.stringValue, let digest = UInt64(digestText, radix: 16)
      else { throw fail("a file needs 'ruleset', 'name' and a hex 'digest'") }
      files.append(File(ruleset: ruleset, name: name, digest: digest))
    }
    guard flat.count % 9 == 0 else { throw fail("nodes are nine integers each") }
    let count = flat.count / 9
    for index in 0..<count {
      var fields: [Int32] = []
      for field in flat[(index * 9)..<(index * 9 + 9)] { fields.append(try int32(field)) }
      let (file, start, length, line, column, parent, exit, size) = (
        fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6], fields[7]
      )
      guard let kind = Kind(rawValue: UInt8(clamping: fields[8])), fields[8] >= 0,
        file >= 0, Int(file) < files.count, start >= 0, length >= 0, line >= 1, column >= 1,
        exit >= 0, Int(exit) <= codeCount, size >= 1, index + Int(size) <= count,
        parent >= -1, parent < index
      else { throw fail("node \(index) is out of range") }
      // Preorder: a node lies inside its parent's subtree.
      if parent >= 0 {
        let enclosing = nodes[Int(parent)]
        guard index + Int(size) <= Int(parent) + Int(enclosing.size) else {
          throw fail("node \(index) is out of range")
        }
      }
      let (end, overflow) = start.addingReportingOverflow(length)
      guard !overflow else { throw fail("node \(index) is out of range") }
      nodes.append(
        Node(
          file: file, start: start, end: end, line: line, column: column, parent: parent, exit: exit, size: size,
          kind: kind))
    }
    guard instructionList.count == codeCount else { throw fail("expected one entry per instruction (\(codeCount))") }
    for entry in instructionList {
      let node = try int32(entry)
      guard node >= -1, Int(node) < count else { throw fail("an instruction names node \(node), out of range") }
      instructions.append(node)
    }
  }
}
