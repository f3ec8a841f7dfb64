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

  /// A repeated key used to be accepted silently (`precept.json` kept the last `rulesets`);
  /// every JSON document precept reads now reports it at the second occurrence.
  @Test func duplicateKeysAreReportedWithTheirPosition() {
    do {
      _ = try JSON.parse("{\"precept\": 1,\n \"rulesets\": {},\n \"rulesets\": {\"a\": \"^1\"}}", name: "precept.json")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.diagnostics[0].description
          == #"precept.json:3:2: error: duplicate key "rulesets" in object (first at line 2, column 2)"#)
    }
    #expect(throws: DiagnosticError.self) { try JSON.parse(#"[{"a": {"x": 1, "x": 2}}]"#) }
    #expect((try? JSON.parse(#"{"a": {"x": 1}, "b": {"x": 2}}"#)) != nil)
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

  @Test func writesStringsWithExactlyTheEscapesJSONNeeds() throws {
    var out = ""
    JSON.writeString("say \"hi\"\\ \u{1}\u{1F}\u{7F}\u{08}\u{0C}\r\n\t end", to: &out)
    #expect(out == #""say \"hi\"\\ \u0001\u001f"# + "\u{7F}" + #"\b\f\r\n\t end""#)  // DEL needs no escape
    // Runs are copied whole; escapes next to combining marks, CR LF and emoji keep every
    // scalar, and what is written parses back to the same scalars.
    let samples = [
      "", "plain", "\"\u{301}e", "x\r\ny", "\\\u{1F600}\\", "e\u{301}\"", "\u{0}", "é😀\n",
      String(repeating: "\"", count: 3),
    ]
    for sample in samples {
      var written = ""
      JSON.writeString(sample, to: &written)
      let parsed = try JSON.parse(written).stringValue
      #expect(parsed.map { Array($0.unicodeScalars) } == Array(sample.unicodeScalars), "\(written)")
    }
  }

  /// Pretty output keeps a small array or object on one line when it fits in the line width
  /// in characters, not bytes; the escapes and spacing are those of the compact writer.
  @Test func prettyLinesFitByCharacters() throws {
    let wide = String(repeating: "é", count: 50)  // 50 characters, 100 bytes
    let document = JSON.object([
      JSON.Member("short", .array([.string(wide), .integer(1)])),
      JSON.Member("long", .array([.string(wide + wide), .bool(true)])),
      JSON.Member("escaped", .object([JSON.Member("q", .string("a\"b\n"))])),
      JSON.Member("deep", .array([.array([.array([.null])])])),
    ])
    let text = document.serialized(pretty: true, lineWidth: 80)
    #expect(
      text == """
        {
          "short": ["\(wide)", 1],
          "long": [
            "\(wide + wide)",
            true
          ],
          "escaped": {"q": "a\\"b\\n"},
          "deep": [
            [[null]]
          ]
        }
        """)
    #expect(
      document.serialized(pretty: false) == #"{"short":[""# + wide + #"",1],"long":[""# + wide + wide
        + #"",true],"escaped":{"q":"a\"b\n"},"deep":[[[null]]]}"#)
  }
}
