import Testing

@testable import Precept

/// Table-driven tests of the expression language's semantics: each row is an expression and
/// what it evaluates to, as `precept eval` prints it (`error: …` for an evaluation error).
@Suite struct EvaluationTests {
  static let arithmeticCases: [(String, String)] = [
    ("1 + 2 * 3 - 4", "3"),
    ("7 / 2", "3"),
    ("-7 / 2", "-3"),
    ("-7 % 2", "-1"),
    ("7 % -2", "1"),
    ("7.0 / 2.0", "3.5"),
    ("0.1 + 0.2", "0.30000000000000004"),
    ("2u * 3u - 1u", "5u"),
    ("9223372036854775807 + 1", "error: integer overflow in addition"),
    ("-9223372036854775808 - 1", "error: integer overflow in '-'"),
    ("-(-9223372036854775808)", "error: integer overflow in negation"),
    ("9223372036854775807 * 2", "error: integer overflow in '*'"),
    ("-9223372036854775808 / -1", "error: integer overflow in '/'"),
    ("-9223372036854775808 % -1", "error: integer overflow in '%'"),
    ("0u - 1u", "error: unsigned integer overflow in '-'"),
    ("18446744073709551615u + 1u", "error: unsigned integer overflow in addition"),
    ("5 / 0", "error: division by zero"),
    ("5 % 0", "error: modulus by zero"),
    ("5u / 0u", "error: division by zero"),
    ("5u % 0u", "error: modulus by zero"),
    ("1.0 / 0.0", #"double("Infinity")"#),
    ("-1.0 / 0.0", #"double("-Infinity")"#),
    ("0.0 / 0.0", #"double("NaN")"#),
    ("dyn(5.5) % dyn(2.0)", "error: no matching overload for '_%_' applied to (double, double)"),
    ("dyn(1) + 1u", "error: no matching overload for '_+_' applied to (int, uint)"),
    ("dyn(1) + 1.0", "error: no matching overload for '_+_' applied to (int, double)"),
    ("-dyn(1u)", "error: no matching overload for '-_' applied to (uint)"),
    (#"-dyn("a")"#, "error: no matching overload for '-_' applied to (string)"),
    ("[1, 2] + [3]", "[1, 2, 3]"),
    (#""a" + "b""#, #""ab""#),
    (#"b"a" + b"b""#, #"b"ab""#),
    (#"dyn(1) + "a""#, "error: no matching overload for '_+_' applied to (int, string)"),
  ]

  static let equalityAndOrderingCases: [(String, String)] = [
    ("dyn(1) == 1.0", "true"),
    ("dyn(1) == 1u", "true"),
    ("dyn(1u) == 1.0", "true"),
    ("-1 < dyn(1u)", "true"),
    ("18446744073709551615u > dyn(9223372036854775807)", "true"),
    // An int meets a double as a double, so 2^63 - 1 equals 2^63.
    ("dyn(9223372036854775807) == 9223372036854775808.0", "true"),
    (#"dyn(1) == "1""#, "false"),
    ("null == null", "true"),
    ("null == 0", "false"),
    ("[1, 2] == [1, 2.0]", "true"),
    ("[1] == [dyn(1u)]", "true"),
    (#"{"a": 1} == {"a": dyn(1.0)}"#, "true"),
    (#"{1: "a"} == {dyn(1u): "a"}"#, "true"),
    (#"{"a": 1, "b": 2} == {"b": 2, "a": 1}"#, "true"),
    ("[1, 2] == [2, 1]", "false"),
    ("0.0 / 0.0 == 0.0 / 0.0", "false"),
    ("0.0 / 0.0 != 0.0 / 0.0", "true"),
    ("0.0 / 0.0 < 1.0", "false"),
    ("dyn(1) < 0.0 / 0.0", "false"),
    ("-0.0 == 0.0", "true"),
    // Strings and bytes order by code point (UTF-8 byte order), not by locale.
    (#""a" < "b""#, "true"),
    (#""a" < "B""#, "false"),
    (#""é" > "z""#, "true"),
    (#""\U0001F600" > "\uFFFF""#, "true"),
    (#""e\u0301" == "\u00e9""#, "false"),
    (#"b"a" < b"b""#, "true"),
    ("true > false", "true"),
    ("dyn([1]) < dyn([2])", "error: no matching overload for '_<_' applied to (list, list)"),
    (#"dyn(1) < "a""#, "error: no matching overload for '_<_' applied to (int, string)"),
    ("1 == 1 == true", "true"),
    ("int == type(2)", "true"),
    ("type(1u) == uint", "true"),
  ]

  static let stringsCases: [(String, String)] = [
    (#"size("héllo")"#, "5"),
    (#"size(b"h\xc3\xa9")"#, "3"),
    (#""abc".size()"#, "3"),
    (#""héllo".size()"#, "5"),
    (#"("a" + "é").size()"#, "2"),
    (#"("ab" + "cd").size()"#, "4"),
    (#"["日本", "ok", ""].map(t, t.size())"#, "[2, 2, 0]"),
    (#""hello".contains("ell")"#, "true"),
    (#""hello".startsWith("he")"#, "true"),
    (#""hello".endsWith("lo")"#, "true"),
    (#""hello".endsWith("hello!")"#, "false"),
    (#""".startsWith("")"#, "true"),
    (#""".endsWith("")"#, "true"),
    (#""abc".startsWith("")"#, "true"),
    (#""abc".endsWith("")"#, "true"),
    (#""".startsWith("a")"#, "false"),
    (#""".endsWith("a")"#, "false"),
    (#""héllo".endsWith("llo")"#, "true"),
    (#""héllo".startsWith("hé")"#, "true"),
    (#"dyn(["x", ""]).map(t, t.startsWith(t + ""))"#, "[true, true]"),
    (#""HeLLo ÉÀ".lowerAscii()"#, #""hello ÉÀ""#),
    (#""HeLLo ÉÀ".upperAscii()"#, #""HELLO ÉÀ""#),
    (#""  a b \n".trim()"#, #""a b""#),
    (#""abc".trim()"#, #""abc""#),
    (#"" \t\r\n\v\f ".trim()"#, #""""#),
    (#""".trim()"#, #""""#),
    (#""\u00a0 é x\u3000".trim()"#, #""é x""#),
    (#"" x\u2003".trim()"#, #""x""#),
    (#""\u2003x ".trim()"#, #""x""#),
    (#""\u001fx".trim()"#, #""\x1fx""#),
    (#""a,b,,c".split(",")"#, #"["a", "b", "", "c"]"#),
    (#""a,b,c".split(",", 2)"#, #"["a", "b,c"]"#),
    (#""a,b,c".split(",", 0)"#, "[]"),
    (#""héllo".split("")"#, #"["h", "é", "l", "l", "o"]"#),
    (#"["a", "b"].join("-")"#, #""a-b""#),
    (#"["a", "b"].join()"#, #""ab""#),
    (#"["a", 1].join()"#, "error: join: list element 1 is not a string"),
    (#""aaa".replace("a", "b", 2)"#, #""bba""#),
    (#""abc".replace("", "-")"#, #""-a-b-c-""#),
    (#""hello".indexOf("l")"#, "2"),
    (#""hello".indexOf("l", 3)"#, "3"),
    (#""hello".indexOf("z")"#, "-1"),
    (#""hello".lastIndexOf("l")"#, "3"),
    (#""héllo".indexOf("l")"#, "2"),
    (#""hello".indexOf("l", 9)"#, "error: indexOf: index 9 out of range (string length 5)"),
    (#""hello".substring(1, 3)"#, #""el""#),
    (#""héllo".substring(1)"#, #""éllo""#),
    (#""abc".substring(2, 1)"#, "error: substring: start 2 is after end 1"),
    (#""abc".substring(0, 4)"#, "error: substring: index out of range [0, 4) of a string of length 3"),
    (#""héllo".charAt(1)"#, #""é""#),
    (#""abc".charAt(3)"#, #""""#),
    (#""abc".charAt(4)"#, "error: charAt: index 4 out of range (string length 3)"),
    (#""a".matches("a")"#, "true"),
  ]

  static let conversionsCases: [(String, String)] = [
    (#"int("42")"#, "42"),
    (#"int("-9223372036854775808")"#, "-9223372036854775808"),
    (#"int(" 42")"#, #"error: int() cannot convert " 42""#),
    ("int(4.9)", "4"),
    ("int(-4.9)", "-4"),
    ("int(1e19)", "error: int() range error: 1e+19 does not fit in int"),
    ("int(18446744073709551615u)", "error: int() range error: 18446744073709551615u does not fit in int"),
    ("int(0.0 / 0.0)", #"error: int() range error: double("NaN") does not fit in int"#),
    ("uint(-1)", "error: uint() range error: -1 is negative"),
    ("uint(42)", "42u"),
    (#"uint("42")"#, "42u"),
    ("uint(1.5)", "1u"),
    (#"double("1.5")"#, "1.5"),
    (#"double("-1e3")"#, "-1000.0"),
    (#"double("NaN")"#, #"double("NaN")"#),
    (#"double("-Infinity")"#, #"double("-Infinity")"#),
    (#"double("1e")"#, #"error: double() cannot convert "1e""#),
    ("double(1)", "1.0"),
    ("double(18446744073709551615u)", "1.8446744073709552e+19"),
    ("string(1.0)", #""1""#),
    ("string(1.5)", #""1.5""#),
    ("string(-0.0)", #""-0""#),
    ("string(1e20)", #""1e+20""#),
    ("string(0.0 / 0.0)", #""NaN""#),
    ("string(true)", #""true""#),
    ("string(-5)", #""-5""#),
    ("string(5u)", #""5""#),
    (#"string(b"abc")"#, #""abc""#),
    (#"string(b"\xff")"#, "error: string() cannot convert bytes that are not valid UTF-8"),
    (#"bytes("é")"#, #"b"\xc3\xa9""#),
    (#"bool("true")"#, "true"),
    (#"bool("F")"#, "false"),
    (#"bool("yes")"#, #"error: bool() cannot convert "yes""#),
    ("dyn(1)", "1"),
    ("type(1)", "int"),
    (#"type("a")"#, "string"),
    ("type(null)", "null_type"),
    ("type(type(1))", "type"),
    ("type([1])", "list"),
    ("type({})", "map"),
    (#"type(b"")"#, "bytes"),
    ("type(1.5)", "double"),
    ("type(true)", "bool"),
    ("int(dyn(true))", "error: no matching overload for 'int' applied to (bool)"),
  ]

  static let containersCases: [(String, String)] = [
    ("1 in [1, 2]", "true"),
    ("3 in [1, 2]", "false"),
    ("dyn(1.0) in [1]", "true"),
    (#""a" in {"a": 1}"#, "true"),
    (#"dyn(1) in {"a": 1}"#, "false"),
    ("1 in dyn(1)", "error: no matching overload for '@in' applied to (int, int)"),
    ("[1, 2][1]", "2"),
    ("[1, 2][1u]", "2"),
    ("[1, 2][1.0]", "2"),
    ("[1, 2][2]", "error: index out of range: 2 (list size 2)"),
    ("[1, 2][-1]", "error: index out of range: -1 (list size 2)"),
    ("[1, 2][1.5]", "error: no matching overload for '_[_]' applied to (list, double)"),
    (#"{"a": 1}["a"]"#, "1"),
    (#"{"a": 1}["b"]"#, #"error: no such key: "b""#),
    (#"{1: "a"}[dyn(1.0)]"#, #""a""#),
    (#"{1: "a"}[dyn(1u)]"#, #""a""#),
    (#"{"a": 1}.a"#, "1"),
    (#"{"a": 1}.b"#, #"error: no such key: "b""#),
    (#"{"content-type": 1}.`content-type`"#, "1"),
    (#"has({"a": 1}.a)"#, "true"),
    (#"has({"a": 1}.b)"#, "false"),
    ("has({}.a.b)", #"error: no such key: "a""#),
    ("{1: 1, 1u: 2}", "error: repeated key in map literal: 1u"),
    ("{1.5: 1}", "error: unsupported map key type: double"),
    ("{[1]: 1}", "error: unsupported map key type: list"),
    ("{true: 1, 2: 2}", "{true: 1, 2: 2}"),
    ("[1, 1 / 0][0]", "error: division by zero"),
    ("[1 / 0, 2 % 0]", "error: division by zero"),
    ("{1: 1 / 0}", "error: division by zero"),
    ("size({})", "0"),
    ("[[1], [2, 3]][1].size()", "2"),
  ]

  /// Selecting a field of `null` gives `null` (an extension to CEL), so absent parts of a node
  /// read as absent instead of failing.
  static let nullSafetyCases: [(String, String)] = [
    ("null.a", "null"),
    ("null.a.b", "null"),
    (#"{"a": null}.a.b"#, "null"),
    ("has(null.a)", "false"),
    ("null.a == null", "true"),
    ("dyn(1).a", "error: no such field 'a' on a value of type int"),
    ("dyn(null)[0]", "error: no matching overload for '_[_]' applied to (null_type, int)"),
    ("dyn(null).size()", "error: no matching overload for 'size' applied to (null_type)"),
  ]

  /// `&&`, `||` and `=>` are commutative over errors: a deciding value wins whichever side it
  /// is on; otherwise the first error is the result.
  static let logicCases: [(String, String)] = [
    ("true || 1 / 0 > 0", "true"),
    ("1 / 0 > 0 || true", "true"),
    ("false && 1 / 0 > 0", "false"),
    ("1 / 0 > 0 && false", "false"),
    ("1 / 0 > 0 || false", "error: division by zero"),
    ("false || 1 / 0 > 0", "error: division by zero"),
    ("true && 1 / 0 > 0", "error: division by zero"),
    ("1 / 0 > 0 && 2 % 0 > 0", "error: division by zero"),
    ("false => 1 / 0 > 0", "true"),
    ("1 / 0 > 0 => true", "true"),
    ("true => 1 / 0 > 0", "error: division by zero"),
    ("1 / 0 > 0 => false", "error: division by zero"),
    ("true => false", "false"),
    ("false => false", "true"),
    ("true => true => false", "false"),
    ("dyn(1) || true", "true"),
    ("dyn(1) || false", "error: no matching overload for '_||_' applied to (int, bool)"),
    ("dyn(1) && true", "error: no matching overload for '_&&_' applied to (int, bool)"),
    ("!true", "false"),
    ("!dyn(1)", "error: no matching overload for '!_' applied to (int)"),
    ("true ? 1 : 2", "1"),
    ("false ? 1 : 2", "2"),
    ("true ? 1 : 1 / 0", "1"),
    ("dyn(1) ? 1 : 2", "error: no matching overload for '_?_:_' applied to (int)"),
    ("1 / 0 > 0 ? 1 : 2", "error: division by zero"),
  ]

  static let macrosCases: [(String, String)] = [
    ("[1, 2, 3].all(x, x > 0)", "true"),
    ("[1, 2, 3].all(x, x > 1)", "false"),
    ("[].all(x, false)", "true"),
    ("[0, 1].all(x, 1 / x > 0)", "error: division by zero"),
    ("[1, 0].all(x, 1 / x > 2)", "false"),
    ("[0, 1].exists(x, 1 / x > 0)", "true"),
    ("[0, 1].exists(x, 1 / x > 5)", "error: division by zero"),
    ("[].exists(x, true)", "false"),
    ("[1, 2, 3].exists_one(x, x > 2)", "true"),
    ("[1, 2, 3].existsOne(x, x > 1)", "false"),
    ("[0, 1].exists_one(x, 1 / x > 0)", "error: division by zero"),
    ("[1, 2, 3].map(x, x * 2)", "[2, 4, 6]"),
    ("[1, 2, 3].map(x, x > 1, x * 10)", "[20, 30]"),
    ("[1, 0].map(x, 1 / x)", "error: division by zero"),
    ("[1, 0].map(x, 1 / x > 0, x)", "error: division by zero"),
    ("[1, 2, 3].filter(x, x != 2)", "[1, 3]"),
    ("[1, 0].filter(x, 1 / x > 0)", "error: division by zero"),
    (#"{"a": 1, "b": 2}.all(k, k != "c")"#, "true"),
    (#"{"a": 1, "b": 2}.map(k, k)"#, #"["a", "b"]"#),
    (#"{"a": 1, "b": 2}.all(k, v, v > 0)"#, "true"),
    ("[10, 20].all(i, v, v == (i + 1) * 10)", "true"),
    ("[10, 20].exists(i, v, i == 1 && v == 20)", "true"),
    ("[10, 20].existsOne(i, v, v > 5)", "false"),
    ("[10, 20].exists_one(i, v, v > 15)", "true"),
    ("[10, 20].transformList(i, v, i + v)", "[10, 21]"),
    ("[10, 20].transformList(i, v, i > 0, v)", "[20]"),
    (#"{"a": 1, "b": 2}.transformMap(k, v, v * 10)"#, #"{"a": 10, "b": 20}"#),
    (#"{"a": 1, "b": 2}.transformMap(k, v, k == "a", v)"#, #"{"a": 1}"#),
    ("[1, 2].transformMap(i, v, v)", "{0: 1, 1: 2}"),
    ("[1, 0].transformMap(i, v, 1 / v)", "error: division by zero"),
    ("dyn(1).all(x, true)", "error: no matching overload: macros range over a list or map, not int"),
    ("dyn(null).exists(x, true)", "error: no matching overload: macros range over a list or map, not null_type"),
    ("[1, 2].all(x, dyn(x))", "error: no matching overload for 'all' applied to (int)"),
    ("[1, 2].exists(x, dyn(1))", "error: no matching overload for 'exists' applied to (int)"),
    ("[1, 2].filter(x, dyn(x))", "error: no matching overload for 'filter' applied to (int)"),
    // A variable shadows an outer one of the same name, in nested macros too.
    ("[1, 2].all(x, [3, 4].all(x, x > 2))", "true"),
    ("[[1], [2, 3]].map(l, l.size())", "[1, 2]"),
    // A macro variable's fields and string tests have fast paths; they must agree with the
    // general ones on every kind of operand.
    (#"[{"ti" + "tle": 3}, {"title": 4}].map(m, m.title)"#, "[3, 4]"),
    (#"[{"a": 1}].map(m, m.title)"#, #"error: no such key: "title""#),
    (#"[{"k": 1 / 0}].map(m, m.k)"#, "error: division by zero"),
    (#"[{"k": 1}, null].map(m, m.k)"#, "[1, null]"),  // selection on null is null
    (#"["Delete x", "Open", ""].map(t, t.startsWith("Delete"))"#, "[true, false, false]"),
    (#"["x"].map(t, t.startsWith(dyn(1)))"#, "error: no matching overload for 'startsWith' applied to (string, int)"),
    (#"[b"x"].map(t, t.size())"#, "[1]"),
    (#"["héllo", ""].map(t, t.size())"#, "[5, 0]"),
    ("[1, 2].map(x, [x, x])", "[[1, 1], [2, 2]]"),
    ("[[1, 2], [3]].all(row, row.exists(x, x == row.size()))", "false"),
    ("[[1, 2], [1]].all(row, row.exists(x, x == row.size()))", "true"),
  ]

  static let literalsCases: [(String, String)] = [
    ("int", "int"),
    ("list", "list"),
    ("null_type", "null_type"),
    ("type", "type"),
    (#"b"\x00\xff\"\\""#, #"b"\x00\xff\"\\""#),
    (#""\x00\t\n\r\"\\\u00e9\u200b\U0001F600\x7f""#, #""\x00\t\n\r\"\\é\u200b😀\x7f""#),
    (
      "[1, [2, {\"k\": null}], b\"\", 1.5e300, 1e-7, 100.0, 1e21]",
      "[1, [2, {\"k\": null}], b\"\", 1.5e+300, 1e-07, 100.0, 1e+21]"
    ),
    ("123456789012345678.0", "1.2345678901234568e+17"),
    ("-0.0", "-0.0"),
    ("0x7fffffffffffffff", "9223372036854775807"),
    ("0xFFFFFFFFFFFFFFFFu", "18446744073709551615u"),
    ("'''a\"b'''", #""a\"b""#),
    (#"r'\d'"#, #""\\d""#),
  ]

  @Test(arguments: arithmeticCases) func arithmetic(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }
  @Test(arguments: equalityAndOrderingCases) func equalityAndOrdering(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }
  @Test(arguments: stringsCases) func strings(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }
  @Test(arguments: conversionsCases) func conversions(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }
  @Test(arguments: containersCases) func containers(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }
  @Test(arguments: nullSafetyCases) func nullSafety(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }
  @Test(arguments: logicCases) func logic(_ row: (String, String)) { #expect(evaluated(row.0) == row.1, "\(row.0)") }
  @Test(arguments: macrosCases) func macros(_ row: (String, String)) { #expect(evaluated(row.0) == row.1, "\(row.0)") }
  @Test(arguments: literalsCases) func literals(_ row: (String, String)) {
    #expect(evaluated(row.0) == row.1, "\(row.0)")
  }

  @Test func bindingsAreVariables() {
    let bindings: [String: Value] = [
      "n": .int(3), "s": .string("héllo"), "l": .list([.int(1), .int(2)]),
      "m": .map([Value.MapEntry(.string("k"), .list([.bool(true)]))]), "nothing": .null,
    ]
    #expect(evaluated("n * 2 + l.size() + s.size()", bindings) == "13")
    #expect(evaluated("m.k[0] && m['k'].size() == 1", bindings) == "true")
    #expect(evaluated("nothing.field", bindings) == "null")
    #expect(evaluated("other", bindings) == "diagnostic: unknown name 'other'")
  }

  @Test func dottedVariableNamesResolveLongestFirst() {
    let bindings: [String: Value] = ["a.b": .int(1), "a": .map([Value.MapEntry(.string("b"), .int(2))])]
    #expect(evaluated("a.b", bindings) == "1")
    #expect(evaluated("a['b']", bindings) == "2")
  }

  @Test func missingBindingsAreNull() throws {
    let expression = try CompiledExpression("x == null", variables: ["x"])
    #expect(expression.evaluate() == .success(.bool(true)))
  }

  @Test func oneExpressionEvaluatesConcurrently() async throws {
    let expression = try CompiledExpression("l.map(x, x * k).filter(y, y % 3 == 0).size()", variables: ["l", "k"])
    let results = await withTaskGroup(of: Value?.self) { group in
      for k in 1...16 {
        group.addTask {
          try? expression.evaluate(["l": .list((1...30).map { .int($0) }), "k": .int(Int64(k))]).get()
        }
      }
      var all: [Value?] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 16)
    #expect(results.allSatisfy { $0 != nil })
  }
}

/// `size()` of a string counts code points from its UTF-8 bytes; it must agree with Swift's
/// count of Unicode scalars for every length and every mix of 1- to 4-byte code points.
@Test func stringSizeCountsCodePoints() {
  let pieces = ["a", "é", "€", "😀", " ", "Ω", "z"]
  var generator = SystemRandomNumberGenerator()
  for length in 0..<40 {
    for _ in 0..<8 {
      let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let bytes = Array(text.utf8)
      let count = bytes.withUnsafeBufferPointer { codePointCount($0) }
      #expect(count == text.unicodeScalars.count, "\(text)")
    }
  }
  #expect(evaluated(#""Größe 😀 €".size()"#) == "9")
  #expect(evaluated(#""0123456789abcdéf".size()"#) == "16")
}
