import Precept

/// The lines of a file that only Xcode's canvas shows: each `#Preview { … }` and each type
/// that conforms to `PreviewProvider`. Preview code is never shipped, so findings and review
/// items there are left out of a lint unless `--include-previews` asks for them.
struct PreviewCode: Sendable {
  /// First and last line of each preview's views, in file order.
  private(set) var regions: [ClosedRange<Int>] = []

  /// Read from the file's own document (not a linked one: a preview is where it is written).
  init(_ document: ViewDocument) {
    for node in document.nodes { find(node) }
  }

  private mutating func find(_ node: ViewNode) {
    if Self.isPreview(node) {
      regions.append(node.line...Self.lastLine(node))
      return
    }
    for child in node.children { find(child) }
    for slot in node.slots { for child in slot.nodes { find(child) } }
  }

  private static func isPreview(_ node: ViewNode) -> Bool {
    if node.type == "#Preview" { return true }
    guard ["struct", "extension", "class", "enum"].contains(node.type) else { return false }
    return node.args.contains { argument in
      argument.label == "inherits"
        && (argument.value == "PreviewProvider" || argument.value == "SwiftUI.PreviewProvider")
    }
  }

  /// The last line a node's views or modifiers start on.
  private static func lastLine(_ node: ViewNode) -> Int {
    var last = node.line
    for modifier in node.modifiers {
      last = max(last, modifier.line)
      for child in modifier.children { last = max(last, lastLine(child)) }
      for slot in modifier.slots { for child in slot.nodes { last = max(last, lastLine(child)) } }
    }
    for child in node.children { last = max(last, lastLine(child)) }
    for slot in node.slots { for child in slot.nodes { last = max(last, lastLine(child)) } }
    return last
  }

  var isEmpty: Bool { regions.isEmpty }

  func contains(line: Int) -> Bool {
    regions.contains { $0.contains(line) }
  }
}
