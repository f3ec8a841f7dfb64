import Precept
import PreceptSwiftUI
import Testing

/// Input that is not Swift gets one error at the right file:line:column.
@Suite struct ErrorTests {
  @Test func invalidUTF8PointsAtTheByte() {
    let bytes = Array("Text(\"ok\")\nText(\"é".utf8) + [0xFF] + Array("\")".utf8)
    #expect(firstError(SourceFile(name: "bad.swift", bytes: bytes)) == "bad.swift:2:8: error: invalid UTF-8")
    // An overlong encoding and a lone continuation byte are invalid too.
    #expect(firstError(SourceFile(name: "a.swift", bytes: [0x61, 0xC0, 0xAF])) == "a.swift:1:2: error: invalid UTF-8")
    #expect(firstError(SourceFile(name: "a.swift", bytes: [0x80])) == "a.swift:1:1: error: invalid UTF-8")
    #expect(firstError(SourceFile(name: "a.swift", bytes: [0xED, 0xA0, 0x80])) == "a.swift:1:1: error: invalid UTF-8")
  }

  @Test func unterminatedStrings() {
    #expect(firstError("let a = 1\nText(\"open\n)") == "test.swift:2:6: error: unterminated string literal")
    #expect(firstError("Text(\"\"\"\n  a\n  \"\"") == "test.swift:1:6: error: unterminated multi-line string literal")
    #expect(firstError("x = #\"raw\"") == "test.swift:1:5: error: unterminated string literal")
    #expect(firstError("Text(\"a \\(b + \"c\")") == "test.swift:1:6: error: unterminated string literal")
  }

  @Test func unterminatedCommentAndRegex() {
    #expect(
      firstError("Text(\"a\")\n  /* outer /* inner */")
        == "test.swift:2:3: error: unterminated comment: '/*' has no matching '*/'")
    #expect(firstError("let r = #/abc\nText(\"a\")") == "test.swift:1:9: error: unterminated regex literal")
  }

  @Test func unbalancedBrackets() {
    #expect(
      firstError("struct A: View {\n  var body: some View {\n    Text(\"a\")\n}")
        == "test.swift:1:16: error: '{' is never closed: the file ends before its '}'")
    #expect(firstError("Text(\"a\"))") == "test.swift:1:10: error: unexpected ')': nothing is open here to close")
    #expect(
      firstError("VStack {\n  Text(\"a\"]\n}")
        == "test.swift:2:11: error: unexpected ']': expected ')' to close the '(' before it")
    #expect(
      firstError("#if DEBUG\nlet a = 1\n")
        == "test.swift:1:1: error: '#if' is never closed: the file ends before its '#endif'")
    #expect(firstError("let a = 1\n#endif") == "test.swift:2:1: error: '#endif' without a '#if' before it")
  }

  @Test func nestingBeyondTheLimit() {
    let limit = SwiftUIReader.maximumNesting
    // At the limit it reads; one more level is an error at the bracket that exceeds it.
    #expect(firstError(String(repeating: "(", count: limit) + String(repeating: ")", count: limit)) == nil)
    #expect(
      firstError(String(repeating: "(", count: 100_000))
        == "test.swift:1:\(limit + 1): error: brackets nest too deeply: more than \(limit) levels")
    #expect(
      firstError("let s = " + String(repeating: "\"\\(", count: 20) + "x" + String(repeating: ")\"", count: 20))
        == "test.swift:1:58: error: string interpolations nest too deeply: more than 16 levels")
    // `else if` chains nest in the view tree without brackets.
    let chain =
      "var body: some View {\n  if a { Text(\"x\") }" + String(repeating: " else if a { Text(\"x\") }", count: 500)
      + "\n}"
    #expect(firstError(chain)?.hasSuffix("error: views nest too deeply: more than \(limit) levels") == true)
  }
}
