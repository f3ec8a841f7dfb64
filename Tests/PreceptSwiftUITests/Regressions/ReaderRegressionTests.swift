import Precept
import Testing

@testable import PreceptSwiftUI

/// What the reader makes can always be written as view-model JSON and read back, and nothing
/// in Swift source nests views deeper than that.
@Suite struct ReaderRegressionTests {
  func read(_ text: String) throws(DiagnosticError) -> ViewDocument {
    try SwiftUIReader.read(SourceFile(name: "F.swift", text: text))
  }

  /// Writes the document as JSON and reads it back.
  func roundTrip(_ document: ViewDocument) throws -> ViewDocument {
    try ViewDocument.read(SourceFile(name: "F.json", text: document.json.serialized()))
  }

  func elseIfChain(_ clauses: Int) -> String {
    "var body: some View {\n" + (0..<clauses).map { "if c\($0) { Text(\"\($0)\") }" }.joined(separator: "\nelse ")
      + "\n}\n"
  }

  /// Found by review: each `else if` nests the rest of the chain one level deeper without a
  /// bracket, so 3,000 clauses overflowed the stack of `precept lint` (flattening the model)
  /// and of `precept dump-model` (writing JSON); 200 made JSON that `precept check` rejects.
  @Test func longElseIfChainsAreAnError() {
    #expect {
      try read(elseIfChain(3000))
    } throws: { error in
      let diagnostic = (error as? DiagnosticError)?.diagnostics.first
      return diagnostic?.message == "views nest too deeply: more than \(SwiftUIReader.maximumNesting) levels"
    }
  }

  /// The rejected tree is torn down too: 50,000 clauses overflowed the stack in the
  /// destructor of the nested nodes.
  @Test func veryLongChainsAreRejectedWithoutBuildingThem() {
    #expect(throws: DiagnosticError.self) { try read(elseIfChain(50_000)) }
    let poundIfs =
      "var body: some View {\n#if c0\nText(\"0\")\n" + (1..<50_000).map { "#elseif c\($0)\nText(\"\($0)\")\n" }.joined()
      + "#else\nEmptyView()\n#endif\n}\n"
    #expect(throws: DiagnosticError.self) { try read(poundIfs) }
  }

  @Test func elseIfChainsWithinTheLimitReadBack() throws {
    let document = try read(elseIfChain(SwiftUIReader.maximumNesting - 10))
    #expect(try roundTrip(document) == document)
  }

  /// Found by review: nested `.overlay { }` closures within the bracket limit must still make
  /// JSON that `precept check` reads back.
  @Test func nestedModifierClosuresAreLimitedToWhatJSONHolds() throws {
    func overlays(_ count: Int) -> String {
      "Text(\"a\")" + String(repeating: ".overlay {\nText(\"b\")", count: count)
        + String(repeating: "\n}", count: count)
    }
    #expect(throws: DiagnosticError.self) { try read(overlays(130)) }
    let document = try read(overlays(SwiftUIReader.maximumNesting - 1))
    #expect(try roundTrip(document) == document)
  }
}
