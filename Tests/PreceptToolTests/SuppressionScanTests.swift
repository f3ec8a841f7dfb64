import Precept
import Testing

@testable import PreceptTool

/// The byte scan that finds the lines mentioning `precept:` before any is read as a directive.
@Suite struct SuppressionScanTests {
  private func lines(_ text: String) -> Set<Int> {
    Suppressions.linesMentioningMarker(SourceFile(name: "a.swift", text: text))
  }

  @Test func findsTheMarkerAtEitherEndAndNowhereElse() {
    #expect(lines("").isEmpty)
    #expect(lines("precept").isEmpty)
    #expect(lines("precept:") == [1])
    #expect(lines("// precept:disable x\nlet a = 1\n// precept:enable") == [1, 3])
    #expect(lines("let p = 1\nlet q = \"pp\"\n// precep\n").isEmpty)
    #expect(lines("let a = 1 // ends with precept:") == [1])
    #expect(lines("pprecept:\nprecept;\nprecept :\n") == [1])
    // Two on a line, back to back, and a marker straight after a partial one.
    #expect(lines("precept:precept:\nprecepprecept:\n") == [1, 2])
    // Non-ASCII text before it, and CRLF line ends.
    #expect(lines("let é = \"Löschen\" // precept:disable-line\r\nx\r\n// precept:") == [1, 3])
  }
}
