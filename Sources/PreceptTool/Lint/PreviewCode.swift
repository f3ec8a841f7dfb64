import Precept

/// The lines of a file that only Xcode's canvas shows: each `#Preview { … }` and each type
/// that conforms to `PreviewProvider`. Preview code is never shipped, so findings and review
/// items there are left out of a lint unless `--include-previews` asks for them.
struct PreviewCode {
  /// First and last line of each preview's nodes, in file order.
  private(set) var regions: [ClosedRange<Int>] = []

  init(_ model: ViewModel) {
    let nodes = model.nodes
    guard !nodes.isEmpty else { return }
    let previewMacro = model.stringID("#Preview")
    let declarations = ["struct", "extension", "class", "enum"].compactMap { model.stringID($0) }
    let provider = Array("PreviewProvider".utf8)
    var index = 0
    while index < nodes.count {
      let node = nodes[index]
      let isPreview =
        node.type == previewMacro
        || (declarations.contains(node.type) && Self.inherits(provider, node, model))
      guard isPreview else {
        index += 1
        continue
      }
      var last = Int(node.line)
      let end = Int(node.subtreeEnd)
      for inner in index..<max(end, index + 1) {
        last = max(last, Int(nodes[inner].line))
        let record = nodes[inner]
        for modifier in Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount) {
          last = max(last, Int(model.modifiers[modifier].line))
        }
      }
      regions.append(Int(node.line)...last)
      index = max(end, index + 1)
    }
  }

  /// Whether a declaration lists `PreviewProvider` (or `SwiftUI.PreviewProvider`) among the
  /// types it inherits from.
  private static func inherits(_ provider: [UInt8], _ node: NodeRecord, _ model: ViewModel) -> Bool {
    guard let inherits = model.stringID("inherits") else { return false }
    for argument in model.arguments[Int(node.argumentStart)..<Int(node.argumentStart + node.argumentCount)]
    where argument.label == inherits {
      let text = model.stringBytes(argument.value)
      if text.elementsEqual(provider) || text.elementsEqual(Array("SwiftUI.".utf8) + provider) { return true }
    }
    return false
  }

  var isEmpty: Bool { regions.isEmpty }

  func contains(line: Int) -> Bool {
    regions.contains { $0.contains(line) }
  }
}
