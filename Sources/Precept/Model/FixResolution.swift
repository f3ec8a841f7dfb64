// Structured fixes, made concrete: a finding's edit (add a modifier, set an argument, replace a
// modifier) becomes byte replacements of the Swift source its node was read from, using the
// source ranges the SwiftUI reader records on nodes, arguments and modifiers.

extension ViewDocument {
  /// Every node, in the order the view model numbers them (a finding's node index): a node,
  /// then its children, its slots' nodes, then each modifier's closures — as `ViewModel` adds them.
  package var preorderNodes: [ViewNode] {
    var result: [ViewNode] = []
    func add(_ node: ViewNode) {
      result.append(node)
      for child in node.children { add(child) }
      for slot in node.slots { for member in slot.nodes { add(member) } }
      for modifier in node.modifiers {
        for child in modifier.children { add(child) }
        for slot in modifier.slots { for member in slot.nodes { add(member) } }
      }
    }
    for node in nodes { add(node) }
    return result
  }
}

/// Why an edit cannot be made in the source: reported for the finding, which is left as it is.
package struct UnresolvedFix: Error, Sendable, Hashable {
  package var reason: String
}

extension FixEdit {
  /// The replacements that make this edit in `source`, the file whose `preorderNodes` are
  /// `nodes`; an error says why there are none (a node read from JSON has no source ranges).
  package func resolve(nodes: [ViewNode], source: SourceFile) -> Result<[TextReplacement], UnresolvedFix> {
    guard node >= 0, node < nodes.count, let range = nodes[node].offsets.range, range.upperBound <= source.bytes.count
    else {
      return .failure(UnresolvedFix(reason: "the node's place in the source is not known"))
    }
    let target = nodes[node]
    let bytes = source.bytes
    func replace(_ range: Range<Int>, _ text: String) -> Result<[TextReplacement], UnresolvedFix> {
      .success([TextReplacement(start: range.lowerBound, end: range.upperBound, text: text, in: source)])
    }
    /// Ranges of the node's own call and chain (a view kept in a local variable also carries
    /// the modifiers written where it is used, elsewhere).
    func within(_ inner: Range<Int>?) -> Bool {
      inner.map { $0.lowerBound >= range.lowerBound && $0.upperBound <= range.upperBound } ?? false
    }
    switch kind {
    case .addModifier:
      // On a line of its own, indented like the chain's last modifier when that starts a line,
      // else one level deeper than the line the node starts on.
      let lastModifier = target.modifiers.last { within($0.offsets.range) }?.offsets.range
      let indent: [UInt8]
      if let lastModifier, startsLine(lastModifier.lowerBound, bytes) {
        indent = leadingWhitespace(lastModifier.lowerBound, bytes)
      } else {
        // A call that ends on a line of its own with `}` or `)` takes its modifiers at its own
        // indentation (`}` then `.padding()`), a one-line call one level deeper.
        let base = leadingWhitespace(range.lowerBound, bytes)
        let last = range.upperBound - 1
        let closes =
          (bytes[last] == UInt8(ascii: "}") || bytes[last] == UInt8(ascii: ")")) && startsLine(last, bytes)
          && lineStart(last, bytes) != lineStart(range.lowerBound, bytes)
        indent = closes ? leadingWhitespace(last, bytes) : base + (base.contains(0x09) ? [0x09] : Array("    ".utf8))
      }
      let newline: [UInt8] = lineBreak(bytes)
      let text = String(decoding: newline + indent, as: UTF8.self) + self.text
      return replace(range.upperBound..<range.upperBound, text)
    case .setArgument:
      let label = name ?? ""
      if let existing = target.args.first(where: { $0.label == label }) {
        guard let argument = existing.offsets.range, within(argument), writtenWithLabel(label, at: argument, bytes)
        else {
          return .failure(UnresolvedFix(reason: "its '\(label)' argument is not written with its label"))
        }
        return replace(argument, "\(label): \(text)")
      }
      guard let list = target.offsets.argumentList, within(list) else {
        return .failure(UnresolvedFix(reason: "the node's call has no argument list to add '\(label):' to"))
      }
      if list.isEmpty { return replace(list, "(\(label): \(text))") }
      let inside = target.args.compactMap(\.offsets.range).filter {
        $0.lowerBound > list.lowerBound && $0.upperBound < list.upperBound
      }
      let arguments = target.args.filter { argument in argument.offsets.range.map { inside.contains($0) } ?? false }
      // Before the action (`role:` comes before `action:` in SwiftUI's initialisers), else last.
      if let action = arguments.first(where: { $0.label == "action" || $0.value.hasPrefix("{") }),
        let before = action.offsets.range
      {
        return replace(before.lowerBound..<before.lowerBound, "\(label): \(text), ")
      }
      if let last = inside.max(by: { $0.upperBound < $1.upperBound }) {
        return replace(last.upperBound..<last.upperBound, ", \(label): \(text)")
      }
      return replace(list.lowerBound + 1..<list.lowerBound + 1, "\(label): \(text)")
    case .replaceModifier:
      guard let modifier = target.modifiers.first(where: { $0.name == name && within($0.offsets.range) }),
        let place = modifier.offsets.range
      else {
        return .failure(UnresolvedFix(reason: "the node has no .\(name ?? "")(…) modifier to replace"))
      }
      return replace(place, text)
    }
  }
}

/// Whether only spaces and tabs precede `offset` on its line.
private func startsLine(_ offset: Int, _ bytes: [UInt8]) -> Bool {
  var index = offset - 1
  while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 { index -= 1 }
  return index < 0 || bytes[index] == 0x0A || bytes[index] == 0x0D
}

/// The offset where the line holding `offset` starts.
private func lineStart(_ offset: Int, _ bytes: [UInt8]) -> Int {
  var start = offset
  while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
  return start
}

/// The spaces and tabs that start the line holding `offset`.
private func leadingWhitespace(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
  var start = offset
  while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
  var end = start
  while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
  return Array(bytes[start..<end])
}

/// The file's line break: `\r\n` when its first line ends so, else `\n`.
private func lineBreak(_ bytes: [UInt8]) -> [UInt8] {
  guard let first = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
  return first > 0 && bytes[first - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
}

/// Whether the argument at `range` is written `label:` (not a trailing closure the reader
/// named after its parameter).
private func writtenWithLabel(_ label: String, at range: Range<Int>, _ bytes: [UInt8]) -> Bool {
  let word = Array(label.utf8)
  guard range.count > word.count, Array(bytes[range.lowerBound..<range.lowerBound + word.count]) == word else {
    return false
  }
  var index = range.lowerBound + word.count
  while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  return index < range.upperBound && bytes[index] == UInt8(ascii: ":")
}
