import Testing

@testable import Precept

/// Patterns RE2 rejects, or that exceed the limits: each gets a message naming the construct
/// and the byte offset where it starts.
@Suite struct RegexErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var pattern: String
    var message: String
    var offset: Int
    var testDescription: String { "/\(pattern)/" }
    init(_ pattern: String, _ message: String, at offset: Int) {
      self.pattern = pattern
      self.message = message
      self.offset = offset
    }
  }

  static let syntaxErrors: [Case] = [
    Case("a**", "invalid nested repetition operator '**'; use a group to repeat a repetition", at: 1),
    Case("a+?*", "invalid nested repetition operator '+?*'; use a group to repeat a repetition", at: 1),
    Case("a*{2}", "invalid nested repetition operator '*{2}'; use a group to repeat a repetition", at: 1),
    Case("a*+", "possessive quantifiers are not supported ('*+')", at: 1),
    Case("a{2}+", "possessive quantifiers are not supported ('{2}+')", at: 1),
    Case("*a", "missing argument to repetition operator '*'", at: 0),
    Case("a|+", "missing argument to repetition operator '+'", at: 2),
    Case("{2}", "missing argument to repetition operator '{2}'", at: 0),
    Case("(*)", "missing argument to repetition operator '*'", at: 1),
    Case("a{1001}", "repetition count too large in '{1001}' (at most 1000)", at: 1),
    Case("a{2,1001}", "repetition count too large in '{2,1001}' (at most 1000)", at: 1),
    Case("a{99999999999999999999}", "repetition count too large in '{99999999999999999999}' (at most 1000)", at: 1),
    Case("a{3,2}", "invalid repetition range '{3,2}': minimum exceeds maximum", at: 1),
    Case("(abc", "missing closing ')'", at: 0),
    Case("a(b(c)", "missing closing ')'", at: 1),
    Case("é(", "missing closing ')'", at: 2),
    Case("abc)", "unmatched ')'", at: 3),
    Case("[abc", "missing closing ']'", at: 0),
    Case("x[]", "missing closing ']'", at: 1),
    Case("[^]", "missing closing ']'", at: 0),
    Case("[[:alpha:]", "missing closing ']'", at: 0),
    Case("x[z-a]", "invalid character class range 'z-a'", at: 2),
    Case(#"[a-\d]"#, #"invalid character class range 'a-\d'"#, at: 1),
    Case("[[:foo:]]", "invalid character class '[:foo:]'", at: 1),
    Case(#"\1"#, #"backreferences are not supported ('\1')"#, at: 0),
    Case(#"(a)\1"#, #"backreferences are not supported ('\1')"#, at: 3),
    Case(#"\9"#, #"backreferences are not supported ('\9')"#, at: 0),
    Case(#"(?P<n>a)\k<n>"#, #"backreferences are not supported ('\k')"#, at: 8),
    Case("(?P<n>a)(?P=n)", "backreference '(?P=' is not supported", at: 8),
    Case("(?=a)", "lookahead '(?=' is not supported", at: 0),
    Case("x(?!a)", "negative lookahead '(?!' is not supported", at: 1),
    Case("(?<=a)b", "lookbehind '(?<=' is not supported", at: 0),
    Case("(?<!a)b", "negative lookbehind '(?<!' is not supported", at: 0),
    Case("(?>a)", "atomic group '(?>' is not supported", at: 0),
    Case("(?#note)", "comment group '(?#' is not supported", at: 0),
    Case("(?R)", "recursion or subroutine call '(?R' is not supported", at: 0),
    Case("(?1)", "recursion or subroutine call '(?1' is not supported", at: 0),
    Case("(?x)a", "invalid or unsupported group syntax '(?x'", at: 0),
    Case("(?i", "missing closing ')'", at: 0),
    Case("(?i-)a", "missing flag after '-' in '(?i-)'", at: 0),
    Case("(?i--s)a", "invalid flags in '(?i--'", at: 0),
    Case("(?P<>a)", "empty group name", at: 0),
    Case("(?<a>x)(?P<a>y)", "duplicate group name 'a'", at: 7),
    Case("(?P<a-b>x)", "invalid character in group name '(?P<a-'", at: 0),
    Case("(?P<abc", "missing '>' after group name", at: 0),
    Case(#"\"#, #"trailing '\' at end of pattern"#, at: 0),
    Case(#"ab\"#, #"trailing '\' at end of pattern"#, at: 2),
    Case(#"\xZ1"#, #"invalid escape sequence '\xZ1'"#, at: 0),
    Case(#"\x4"#, #"invalid escape sequence '\x4'"#, at: 0),
    Case(#"\x{110000}"#, #"escape '\x{110000}' is beyond U+10FFFF"#, at: 0),
    Case(#"\x{12"#, #"invalid escape sequence '\x{12'"#, at: 0),
    Case(#"\x{}"#, #"invalid escape sequence '\x{'"#, at: 0),
    Case(#"\p{Foo}"#, #"unknown Unicode class '\p{Foo}'"#, at: 0),
    Case(#"a\pX"#, #"unknown Unicode class '\pX'"#, at: 1),
    Case(#"\p{L"#, #"missing '}' in Unicode class '\p{L'"#, at: 0),
    Case(#"\p"#, #"missing Unicode class name after '\p'"#, at: 0),
    Case(#"\C"#, #"\C (any byte) is not supported"#, at: 0),
    Case(#"\Z"#, #"invalid escape sequence '\Z'"#, at: 0),
    Case(#"\y"#, #"invalid escape sequence '\y'"#, at: 0),
    Case(#"\cA"#, #"invalid escape sequence '\c'"#, at: 0),
    Case(#"\é"#, #"invalid escape sequence '\é'"#, at: 0),
    Case(#"[\b]"#, #"invalid escape sequence '\b'"#, at: 1),
    Case(#"[\Q]"#, #"invalid escape sequence '\Q'"#, at: 1),
  ]

  @Test(arguments: syntaxErrors)
  func rejects(_ row: Case) {
    do {
      _ = try Regex(row.pattern)
      Issue.record("/\(row.pattern)/ compiled")
    } catch {
      #expect(error.message == row.message)
      #expect(error.offset == row.offset)
    }
  }

  @Test func describesErrorWithOffset() {
    #expect(RegexError("unmatched ')'", at: 3).description == "unmatched ')' (at offset 3)")
  }

  @Test func limitsNesting() throws {
    let limit = RegexLimits.nesting
    _ = try Regex(String(repeating: "(", count: limit) + "a" + String(repeating: ")", count: limit))
    let deep = String(repeating: "(", count: limit + 1) + "a" + String(repeating: ")", count: limit + 1)
    #expect(throws: RegexError("groups nested too deeply (more than 1000 levels)", at: limit)) {
      try Regex(deep)
    }
    let deeper = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
    #expect(throws: RegexError("groups nested too deeply (more than 1000 levels)", at: limit)) {
      try Regex(deeper)
    }
  }

  @Test func limitsPatternLength() throws {
    _ = try Regex("[" + String(repeating: "a", count: RegexLimits.patternBytes - 2) + "]")
    #expect(throws: RegexError("pattern too long (more than 32768 bytes)", at: 32_768)) {
      try Regex(String(repeating: "a", count: RegexLimits.patternBytes + 1))
    }
  }

  @Test(arguments: [
    "(a{1000}){1000}", "((a{100}){100}){100}", "(((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){1000}",
    String(repeating: "a{1000}", count: 11), #"(\pL{1000}|\pN{1000}){1000}"#,
  ])
  func limitsProgramSize(_ pattern: String) {
    #expect(throws: RegexError("pattern too large (compiles to more than 10000 instructions)", at: 0)) {
      try Regex(pattern)
    }
  }

  @Test func limitsClassRanges() throws {
    // Each class is a different set of many ranges, so no two share storage.
    var pattern = ""
    for shift in 0..<150 { pattern += "[\\x{\(String(0x2190 + 2 * shift, radix: 16))}\\p{L}\\p{M}\\p{N}\\p{P}]" }
    do {
      _ = try Regex(pattern)
      Issue.record("compiled")
    } catch {
      #expect(error.message == "pattern too large (more than 100000 class ranges)")
      // The error points at the class that crossed the limit.
      let bytes = Array(pattern.utf8)
      #expect(error.offset > 0 && bytes[error.offset] == UInt8(ascii: "["))
    }
    // A class used again shares its storage and counts once.
    let repeated = try Regex(String(repeating: #"\PL"#, count: 5_000))
    #expect(repeated.program.setBounds.count == 2)
    #expect(repeated.matches(String(repeating: "1", count: 5_000)))
  }

}
