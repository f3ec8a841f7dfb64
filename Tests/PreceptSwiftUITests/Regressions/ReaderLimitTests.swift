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

  let limit = SwiftUIReader.maximumNesting

  @Test func bracketsNestAtMostTheLimit() {
    let within = String(repeating: "(", count: limit) + String(repeating: ")", count: limit)
    #expect(messages(within) == [])
    let over = String(repeating: "(", count: limit + 1) + String(repeating: ")", count: limit + 1)
    #expect(messages(over) == ["brackets nest too deeply: more than \(limit) levels"])
  }

  @Test func interpolationsCountAsNesting() {
    var literal = "1"
    for _ in 0..<300 { literal = "\"\\(\(literal))\"" }
    #expect(messages("let x = \(literal)").first?.contains("too deeply") == true)
  }

  @Test func poundIfBlocksNestAtMostTheLimit() {
    let over = String(repeating: "#if A\n", count: limit + 1) + String(repeating: "#endif\n", count: limit + 1)
    #expect(messages(over) == ["#if blocks nest too deeply: more than \(limit) levels"])
  }
}
