import Precept
import Testing

@testable import cel_conformance

@Suite struct SuiteReaderTests {
  private func file(_ text: String) throws(DiagnosticError) -> SuiteFile {
    try SuiteReader.read(SourceFile(name: "s.textproto", text: text), name: "s")
  }

  /// The case of a file holding only `test { body }`.
  private func test(_ body: String) throws(DiagnosticError) -> SuiteCase {
    try file("section { name: \"sec\" test { name: \"t\" expr: \"1\" \(body) } }").sections[0].cases[0]
  }

  private func value(_ text: String) throws(DiagnosticError) -> SuiteValue {
    guard case .value(let value) = try test("value { \(text) }").expectation else {
      Issue.record("no value")
      return .value(.null)
    }
    return value
  }

  private func failure(_ text: String) -> String? {
    do {
      _ = try file(text)
      return nil
    } catch {
      return error.diagnostics.first?.description
    }
  }

  @Test func readsFilesSectionsAndCases() throws {
    let suite = try file(
      """
      name: "s"
      description: "d"
      section {
        name: "one"
        test { name: "a" expr: "1 + 1" value: { int64_value: 2 } }
        test {
          name: "b"
          expr: "x"
          disable_check: true
          container: "pkg"
          type_env { name: "x" ident { type { primitive: INT64 } } }
          bindings { key: "x" value { value { int64_value: 3 } } }
          eval_error { errors { message: "boom" } }
        }
      }
      section { name: "two" test { name: "c" expr: "true" } }
      """)
    #expect(suite.sections.map(\.name) == ["one", "two"])
    let b = suite.sections[0].cases[1]
    #expect(b.name == "b" && b.expression == "x" && b.line == 6)
    #expect(b.disableCheck && !b.disableMacros && b.container == "pkg")
    #expect(b.declarations == [Declaration(name: "x", type: .standard("int64"))])
    #expect(b.bindings == [Binding(name: "x", value: .value(.value(.int(3))))])
    #expect(b.expectation == .error)
    #expect(b.variableNames == ["x"])
    // A case without a result expects `true`.
    #expect(suite.sections[1].cases[0].expectation == .value(.value(.bool(true))))
  }

  @Test func convertsScalarValues() throws {
    #expect(try value("null_value: NULL_VALUE") == .value(.null))
    #expect(try value("null_value: 0") == .value(.null))
    #expect(try value("bool_value: true") == .value(.bool(true)))
    #expect(try value("int64_value: -9223372036854775808") == .value(.int(.min)))
    #expect(try value("int64_value: 0x7fffffffffffffff") == .value(.int(.max)))
    #expect(try value("uint64_value: 18446744073709551615") == .value(.uint(.max)))
    #expect(try value("double_value: 0") == .value(.double(0)))
    #expect(try value("double_value: -2.5e3") == .value(.double(-2500)))
    #expect(try value("double_value: Infinity") == .value(.double(.infinity)))
    #expect(try value("double_value: -inf") == .value(.double(-.infinity)))
    #expect(try value("string_value: \"\\xe2\\x9c\\x8c\"") == .value(.string("✌")))
    #expect(try value("bytes_value: \"\\000\\377\"") == .value(.bytes([0, 255])))
    #expect(try value("type_value: \"list\"") == .value(.type("list")))
    guard case .value(.double(let nan)) = try value("double_value: nan") else {
      Issue.record("expected a double")
      return
    }
    #expect(nan.isNaN)
    guard case .value(.double(let negativeZero)) = try value("double_value: -0.0") else {
      Issue.record("expected a double")
      return
    }
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
  }

  @Test func convertsListsAndMaps() throws {
    #expect(try value("list_value {}") == .value(.list([])))
    #expect(
      try value("list_value { values { int64_value: 1 } values: { string_value: 'a' } }")
        == .value(.list([.int(1), .string("a")])))
    #expect(
      try value("map_value { entries { key { string_value: 'k' } value { uint64_value: 2 } } }")
        == .value(.map([Value.MapEntry(.string("k"), .uint(2))])))
  }

  @Test func keepsProtobufValuesAsSuch() throws {
    #expect(
      try value("object_value { [type.googleapis.com/google.protobuf.Int64Value] { value: 1 } }")
        == .object("google.protobuf.Int64Value"))
    #expect(
      try value("list_value { values { int64_value: 1 } values { enum_value { type: 'pkg.Enum' value: 2 } } }")
        == .enumValue("pkg.Enum"))
    #expect(
      try value("map_value { entries { key { int64_value: 1 } value { object_value { type_url: 'x/pkg.M' } } } }")
        == .object("pkg.M"))
  }

  @Test func readsDeclarationsAndUnusualBindings() throws {
    let test = try test(
      """
      type_env { name: "m" ident { type { map_type { key_type { primitive: STRING } value_type { dyn {} } } } } }
      type_env { name: "t" ident { type { well_known: TIMESTAMP } } }
      type_env { name: "w" ident { type { wrapper: INT64 } } }
      type_env { name: "p" ident { type { message_type: "pkg.M" } } }
      type_env { name: "f" function { } }
      type_env { name: "u" }
      bindings { key: "e" value { error { errors { message: "x" } } } }
      unknown { exprs: 1 }
      """)
    #expect(
      test.declarations.map(\.type) == [
        .map(.standard("string"), .standard("dyn")), .timeType("TIMESTAMP"), .protobuf("wrapper INT64"),
        .protobuf("pkg.M"), nil, .standard("unspecified"),
      ])
    #expect(test.bindings == [Binding(name: "e", value: .errorOrUnknown("error"))])
    #expect(test.expectation == .unknown)
    #expect(test.variableNames == ["m", "t", "w", "p", "u", "e"])
  }

  @Test func readsTypedResults() throws {
    #expect(
      try test("typed_result { result { int64_value: 1 } deduced_type { primitive: INT64 } }").expectation
        == .value(.value(.int(1))))
    #expect(try test("typed_result { deduced_type { primitive: INT64 } }").expectation == .deducedTypeOnly)
    #expect(try test("any_eval_errors { errors { errors { message: 'x' } } }").expectation == .error)
  }

  @Test func reportsSchemaErrorsWithLocations() {
    #expect(failure("section { nme: \"x\" }") == "s.textproto:1:11: error: unknown field 'nme' in SimpleTestSection")
    #expect(failure("section { test { name: \"t\" } }") == "s.textproto:1:16: error: a test needs an 'expr'")
    #expect(
      failure("section {\n test { expr: 'x' value { int64_value: 1 }\n eval_error {} } }")
        == "s.textproto:3:2: error: a test has one result, but 'eval_error' follows 'value' (line 2)")
    #expect(
      failure("section { test { expr: 'x'\n expr: 'y' } }")
        == "s.textproto:2:2: error: 'expr' is not repeated but appears again (first at line 1)")
    #expect(
      failure("section { test { expr: 'x' value { int64_value: 9223372036854775808 } } }")
        == "s.textproto:1:36: error: integer above the int64 range")
    #expect(
      failure("section { test { expr: 'x' value { uint64_value: -1 } } }")
        == "s.textproto:1:36: error: negative value for a uint64")
    #expect(
      failure("section { test { expr: 'x' value { string_value: '\\xff' } } }")
        == "s.textproto:1:36: error: 'string_value' is a string but holds invalid UTF-8")
    #expect(
      failure("section { test { expr: 'x' value { int64_value: 1 bool_value: true } } }")
        == "s.textproto:1:51: error: a value has only one kind, but 'bool_value' follows")
    #expect(failure("section { test { expr: 'x' value { } } }") == "s.textproto:1:34: error: a value needs one kind")
    #expect(
      failure("section { test { expr: 'x' value { bool_value: 2 } } }")
        == "s.textproto:1:36: error: 'bool_value' expects true or false")
    #expect(failure("section { test { expr: 1 } }") == "s.textproto:1:18: error: 'expr' expects a string")
    #expect(failure("section: 1") == "s.textproto:1:1: error: 'section' is a message; expected '{'")
  }

  @Test func readsIntegersInEveryBase() {
    #expect(SuiteReader.integer("0x1f")! == (false, 31))
    #expect(SuiteReader.integer("-017")! == (true, 15))
    #expect(SuiteReader.integer("0")! == (false, 0))
    #expect(SuiteReader.integer("18446744073709551616") == nil)
    #expect(SuiteReader.integer("1.5") == nil)
  }
}
