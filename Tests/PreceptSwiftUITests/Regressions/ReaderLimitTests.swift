import Precept
import Testing

@testable import PreceptSwiftUI

/// Brackets, string interpolations and `#if` blocks nest at most `SwiftUIReader.maximumNesting`
/// deep, and deeper input is an error naming the limit.
@Suite struct ReaderLimitTests {
  func read(_ text: String) throws(DiagnosticError) -> ViewDocument {
    try SwiftUIReader.read(SourceFile(name: "F.swift", text: text))
  }

  func messages(_ text: String) -> [String] {
    do {
      _ = try read(text)
      return []
    } catch {
      return error.diagnostics.map(\.message)
    }
  }

  @Test func bracketsNestAtMost256Levels() {
    let within = String(repeating: "(", count: 256) + String(repeating: ")", count: 256)
    #expect(messages(within) == [])
    let over = String(repeating: "(", count: 257) + String(repeating: ")", count: 257)
    #expect(messages(over) == ["brackets nest too deeply: more than 256 levels"])
  }

  @Test func interpolationsCountAsNesting() {
    var literal = "1"
    for _ in 0..<300 { literal = "\"\\(\(literal))\"" }
    #expect(messages("let x = \(literal)").first?.hasSuffix("more than 256 levels") == true)
  }

  @Test func poundIfBlocksNestAtMost256Levels() {
    let over = String(repeating: "#if A\n", count: 257) + String(repeating: "#endif\n", count: 257)
    #expect(messages(over) == ["#if blocks nest too deeply: more than 256 levels"])
  }
}
