import Testing

@testable import Precept

/// The `eval` printing contract: every value prints as a literal of the language that reads
/// back as the same value (nodes aside).
@Suite struct PrinterTests {
  static let cases: [(Value, String)] = [
    (.null, "null"),
    (.bool(true), "true"),
    (.bool(false), "false"),
    (.int(0), "0"),
    (.int(-42), "-42"),
    (.int(.max), "9223372036854775807"),
    (.int(.min), "-9223372036854775808"),
    (.uint(1), "1u"),
    (.uint(.max), "18446744073709551615u"),
    (.double(1), "1.0"),
    (.double(-2), "-2.0"),
    (.double(1.5), "1.5"),
    (.double(0.1), "0.1"),
    (.double(1.0 / 3.0), "0.3333333333333333"),
    (.double(-0.0), "-0.0"),
    (.double(1e300), "1e+300"),
    (.double(1e-7), "1e-07"),
    (.double(1e16), "1e+16"),
    (.double(123456789.0), "123456789.0"),
    (.double(.leastNonzeroMagnitude), "5e-324"),
    (.double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
    (.double(.nan), #"double("NaN")"#),
    (.double(.infinity), #"double("Infinity")"#),
    (.double(-.infinity), #"double("-Infinity")"#),
    (.string(""), #""""#),
    (.string("a"), #""a""#),
    (.string("quote \" backslash \\"), #""quote \" backslash \\""#),
    (.string("\n\r\t"), #""\n\r\t""#),
    (.string("\u{0}\u{7}\u{1B}\u{7F}"), #""\x00\x07\x1b\x7f""#),
    (.string("é😀日本"), #""é😀日本""#),
    (.string("'single'"), #""'single'""#),
    // Invisible and unassigned code points are escaped, so the literal shows them.
    (.string("a\u{200B}b\u{FEFF}"), #""a\u200bb\ufeff""#),
    (.string("\u{FFFE}\u{10FFFF}"), #""\ufffe\U0010ffff""#),
    (.string("\u{85}"), #""\u0085""#),
    (.string("e\u{301}"), "\"e\u{301}\""),
    (.bytes([]), #"b"""#),
    (.bytes(Array("abc".utf8)), #"b"abc""#),
    (.bytes([0, 0x7F, 0x80, 0xFF, 0x22, 0x5C, 0x0A]), #"b"\x00\x7f\x80\xff\"\\\x0a""#),
    (.list([]), "[]"),
    (.list([.int(1), .string("a"), .list([.null])]), #"[1, "a", [null]]"#),
    (.map([]), "{}"),
    (.map([Value.MapEntry(.string("k"), .int(1)), Value.MapEntry(.int(2), .map([]))]), #"{"k": 1, 2: {}}"#),
    (.type("int"), "int"),
    (.type("list"), "list"),
    (.type("null_type"), "null_type"),
    (.type("type"), "type"),
    (.node(NodeReference(type: "Menu", file: "F.swift", line: 12, column: 9, index: 3)), "<Menu F.swift:12:9>"),
  ]

  @Test(arguments: cases)
  func literal(_ row: (Value, String)) {
    #expect(Printer.literal(row.0) == row.1)
  }

  @Test func displayShowsStringsAsTheyAre() {
    #expect(Printer.display(.string("a \"b\"\n")) == "a \"b\"\n")
    #expect(Printer.display(.list([.string("a")])) == #"["a"]"#)
    #expect(Printer.display(.uint(3)) == "3u")
  }

  /// Every literal but a node's reads back as the value it was printed from.
  @Test(arguments: cases.filter { if case .node = $0.0 { false } else { true } })
  func literalsReadBack(_ row: (Value, String)) throws {
    let value = try CompiledExpression(row.1).evaluate().get()
    if case .double(let expected) = row.0, case .double(let actual) = value {
      #expect(expected.bitPattern == actual.bitPattern || (expected.isNaN && actual.isNaN), "\(row.1)")
    } else {
      #expect(value == row.0, "\(row.1)")
    }
  }

  @Test func randomDoublesAndStringsRoundTrip() throws {
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<500 {
      let double = Double(bitPattern: generator.next())
      guard double.isFinite else { continue }
      let printed = Printer.literal(.double(double))
      #expect(try CompiledExpression(printed).evaluate().get() == .double(double), "\(printed)")
    }
    for _ in 0..<300 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int(generator.next() % 12) {
        // Mostly ASCII and controls, sometimes any scalar.
        let raw = generator.next()
        let value = raw % 4 == 0 ? UInt32((raw >> 8) % 0x10FFFF) : UInt32((raw >> 8) % 0x80)
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
      let text = String(scalars)
      let printed = Printer.literal(.string(text))
      let read = try CompiledExpression(printed).evaluate().get()
      #expect(read == .string(text), "\(printed)")
      let bytes = Printer.literal(.bytes(Array(text.utf8)))
      #expect(try CompiledExpression(bytes).evaluate().get() == .bytes(Array(text.utf8)), "\(bytes)")
    }
  }
}
