import Precept
import Testing

@testable import cel_conformance

@Suite struct TextprotoTests {
  private func read(_ text: String) throws(DiagnosticError) -> TextprotoMessage {
    try TextprotoReader.read(SourceFile(name: "t.textproto", text: text))
  }

  /// The first diagnostic's `file:line:column: error: message`, or nil when `text` reads.
  private func failure(_ text: String) -> String? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error.diagnostics.first?.description
    }
  }

  @Test func readsFieldsInEveryForm() throws {
    let message = try read(
      """
      # a comment
      name: "basic"  # trailing comment
      section { name: 'a' }
      section: { name: "b" };
      section < name: "c" >,
      """)
    #expect(message.fields.map(\.name) == ["name", "section", "section", "section"])
    let names = message.fields(named: "section").map { field -> TextprotoValue? in
      guard case .message(let section) = field.value else { return nil }
      return section.fields.first?.value
    }
    #expect(names == [.string(Array("a".utf8)), .string(Array("b".utf8)), .string(Array("c".utf8))])
    #expect(message.fields[0].value == .string(Array("basic".utf8)))
  }

  @Test func expandsListsIntoRepeatedFields() throws {
    let message = try read("values: [1, -2, 3.5] entries [{a: 1}, <a: 2>] empty: []")
    #expect(message.fields(named: "values").map(\.value) == [.number("1"), .number("-2"), .number("3.5")])
    #expect(message.fields(named: "entries").count == 2)
    #expect(message.fields(named: "empty").isEmpty)
  }

  @Test func keepsBracketedTypeNames() throws {
    let message = try read(
      "object_value { [type.googleapis.com/cel.expr.conformance.proto3.TestAllTypes] { single_int64: 1 } }")
    guard case .message(let any) = message.fields[0].value else {
      Issue.record("expected a message")
      return
    }
    #expect(any.fields[0].isBracketed)
    #expect(any.fields[0].name == "type.googleapis.com/cel.expr.conformance.proto3.TestAllTypes")
    #expect(any.fields(named: any.fields[0].name).isEmpty)
  }

  @Test func readsNumbersAndIdentifiers() throws {
    let message = try read(
      "a: 0 b: -9223372036854775808 c: 0x1F d: 017 e: 1e10 f: -2.5E-3 g: .5 h: 1.0f i: inf j: -inf k: nan l: NULL_VALUE m: 1."
    )
    #expect(
      message.fields.map(\.value) == [
        .number("0"), .number("-9223372036854775808"), .number("0x1F"), .number("017"), .number("1e10"),
        .number("-2.5E-3"), .number(".5"), .number("1.0f"), .identifier("inf"), .identifier("-inf"),
        .identifier("nan"), .identifier("NULL_VALUE"), .number("1."),
      ])
  }

  @Test func resolvesStringEscapes() throws {
    let message = try read(
      #"a: "\a\b\f\n\r\t\v\\\'\"\?" b: '\101\0\377' c: "\x41\xff\X4" d: "\u00e9\U0001F600" e: "ÿ" f: "x" 'y' "z""#)
    let values = message.fields.map(\.value)
    #expect(values[0] == .string([7, 8, 12, 10, 13, 9, 11, 92, 39, 34, 63]))
    #expect(values[1] == .string([65, 0, 255]))
    #expect(values[2] == .string([65, 255, 4]))
    #expect(values[3] == .string(Array("é😀".utf8)))
    #expect(values[4] == .string([0xC3, 0xBF]))
    #expect(values[5] == .string(Array("xyz".utf8)))
  }

  @Test func reportsErrorsWithLineAndColumn() {
    #expect(failure("name: \"open\nnext: 1") == "t.textproto:1:7: error: unterminated string")
    #expect(failure("a {\n  b: 1\n") == "t.textproto:3:1: error: unexpected end of input; expected '}'")
    #expect(failure("a: 1\nb 2") == "t.textproto:2:3: error: expected ':' or '{' after field name 'b', found '2'")
    #expect(failure("a: \"\\q\"") == "t.textproto:1:5: error: invalid escape '\\q' in string")
    #expect(failure("a: 09") == "t.textproto:1:5: error: invalid digit in octal number")
    #expect(failure("a: 12abc") == "t.textproto:1:6: error: invalid character in number")
    #expect(failure("a: \"\\400\"") == "t.textproto:1:5: error: octal escape out of range (above \\377)")
    #expect(
      failure("a: \"\\uD800\"")
        == "t.textproto:1:5: error: escape names no Unicode scalar (surrogate or above U+10FFFF)")
    #expect(failure("  }") == "t.textproto:1:3: error: expected a field name, found '}'")
    #expect(failure("a: [1 2]") == "t.textproto:1:7: error: expected ',' or ']' in the list of 'a', found '2'")
    #expect(failure("[type.url { }") == "t.textproto:1:10: error: expected ']' after 'type.url'")
    #expect(failure("a: ") == "t.textproto:1:4: error: unexpected end of input; expected a value")
  }

  @Test func limitsNesting() {
    let deep = String(repeating: "a {", count: 10_000)
    #expect(failure(deep) == "t.textproto:1:303: error: messages nested deeper than 100 levels")
  }
}
