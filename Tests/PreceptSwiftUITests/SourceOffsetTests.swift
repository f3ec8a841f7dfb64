import Foundation
import Precept
import Testing

@testable import PreceptSwiftUI

/// The source offsets the reader records for fixes: each covers exactly the text a fix edits.
@Suite struct SourceOffsetTests {
  static let code = """
    Button(role: .cancel) { close() } label: { Image(systemName: "xmark") }
        .font(.system(size: 17))
        .padding()
    Toggle(isOn: $on) { Text("On") }
    Menu { Button("A") {} } label: { Image(systemName: "ellipsis") }
    """

  func text(_ range: Range<Int>?, _ bytes: [UInt8]) -> String? {
    range.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  @Test func nodesArgumentsAndModifiersCoverTheirText() throws {
    let source = SourceFile(name: "F.swift", text: Self.code)
    let nodes = try SwiftUIReader.read(source).nodes
    let bytes = source.bytes
    let button = nodes[0]
    #expect(
      text(button.offsets.range, bytes)
        == "Button(role: .cancel) { close() } label: { Image(systemName: \"xmark\") }\n    .font(.system(size: 17))\n    .padding()"
    )
    #expect(text(button.offsets.argumentList, bytes) == "(role: .cancel)")
    #expect(text(button.args.first { $0.label == "role" }?.offsets.range, bytes) == "role: .cancel")
    #expect(button.modifiers.map { text($0.offsets.range, bytes) } == [".font(.system(size: 17))", ".padding()"])
    // No parentheses: the argument list is the empty place after the name.
    let menu = nodes[2]
    #expect(
      menu.offsets.argumentList.map { $0.isEmpty && text($0.lowerBound..<$0.lowerBound + 2, bytes) == " {" } == true)
  }

  /// A finding names its node by its index in the view model; the document's preorder must
  /// number nodes the same way, through children, slots and modifier closures.
  @Test func preorderNodesNumberNodesAsTheViewModelDoes() throws {
    for name in fixtureNames() {
      let document = try SwiftUIReader.read(try fixtureSource(name))
      let model = ViewModel(document)
      let preorder = document.preorderNodes
      #expect(preorder.count == model.nodeCount, "\(name)")
      for index in 0..<min(preorder.count, model.nodeCount) {
        let reference = model.node(index)
        #expect(
          (preorder[index].type, preorder[index].line, preorder[index].column)
            == (reference.type, reference.line, reference.column), "\(name) node \(index)")
      }
    }
  }
}
