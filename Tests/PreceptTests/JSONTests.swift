import Testing

@testable import Precept

@Suite struct JSONTests {
  @Test func roundTripsMembersInOrder() throws {
    let json = try JSON.parse(#"{"b": 1, "a": [true, null, 2.5, "x\n\u00e9"]}"#)
    #expect(json.serialized(pretty: false) == #"{"b":1,"a":[true,null,2.5,"x\né"]}"#)
  }

  @Test func decodesEscapesInOrder() throws {
    let json = try JSON.parse(#"["a\"b\"c", "\"", "x\u00e9y\n", "\ud83d\ude00!"]"#)
    #expect(json.arrayValue?.compactMap(\.stringValue) == ["a\"b\"c", "\"", "xéy\n", "😀!"])
  }

  @Test func reportsLineAndColumn() {
    do {
      _ = try JSON.parse("{\n  \"a\": tru\n}", name: "x.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics[0].description == "x.json:2:8: error: invalid literal; expected 'true'")
    }
  }

  @Test func limitsNesting() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: DiagnosticError.self) { try JSON.parse(deep) }
  }

  @Test func rejectsInvalidUTF8() {
    let source = SourceFile(name: "bad.json", bytes: [0x22, 0x61, 0xFF, 0x22])
    do {
      _ = try JSON.parse(source)
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics[0].description == "bad.json:1:3: error: invalid UTF-8 in string")
    }
  }
}
