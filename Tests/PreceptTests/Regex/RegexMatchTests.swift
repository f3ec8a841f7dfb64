import Testing

@testable import Precept

/// Syntax and semantics, case by case, as the RE2 syntax reference describes them. Each row
/// is a pattern, a text, and whether RE2's partial match finds the pattern in the text.
@Suite struct RegexMatchTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var pattern: String
    var text: String
    var matches: Bool
    var testDescription: String { "/\(pattern)/ on \(text.debugDescription) → \(matches)" }
    init(_ pattern: String, _ text: String, _ matches: Bool) {
      self.pattern = pattern
      self.text = text
      self.matches = matches
    }
  }

  static let literalsAndEscapes: [Case] = [
    Case("abc", "xxabcxx", true),
    Case("abc", "abx", false),
    Case("", "", true),
    Case("", "anything", true),
    Case("a.c", "a.c", true),
    Case(#"a\.c"#, "abc", false),
    Case(#"a\.c"#, "a.c", true),
    Case(#"\\"#, #"a\b"#, true),
    Case(#"\t\n\r\f\v\a"#, "\t\n\r\u{0C}\u{0B}\u{07}", true),
    Case(#"\x41\x{42}\x{1F600}"#, "AB😀", true),
    Case(#"\x{10FFFF}"#, "\u{10FFFF}", true),
    Case(#"\101\0"#, "A\0", true),
    Case(#"\Qa.b*c\E"#, "a.b*c", true),
    Case(#"\Qa.b*c\E"#, "axbbc", false),
    Case(#"\Qa.b"#, "xa.b", true),
    Case(#"\*\+\?\(\)\[\]\{\}\|\^\$"#, "*+?()[]{}|^$", true),
    Case("é+", "café", true),
    Case("日本", "こんにちは日本語", true),
    Case("a{", "a{", true),
    Case("a{,3}", "a{,3}", true),
    Case("a{1,2", "a{1,2", true),
    Case("x{}", "x{}", true),
  ]

  static let dotsAndClasses: [Case] = [
    Case("a.c", "abc", true),
    Case("a.c", "a\nc", false),
    Case("(?s)a.c", "a\nc", true),
    Case("a.c", "a😀c", true),
    Case("^.$", "é", true),
    Case("^..$", "é", false),
    Case("[abc]", "xxbxx", true),
    Case("[abc]", "xyz", false),
    Case("[^abc]", "abc", false),
    Case("[^abc]", "abcd", true),
    Case("[^a]", "\n", true),
    Case("[a-z]+", "ABC", false),
    Case("^[a-z]+$", "hello", true),
    Case("^[a-z]+$", "hello world", false),
    Case("[]a]", "]", true),
    Case("[^]a]", "]", false),
    Case("[^]a]", "b", true),
    Case("[a-]", "-", true),
    Case("[-a]", "-", true),
    Case("[a-c-e]", "-", true),
    Case("[a-c-e]", "d", false),
    Case(#"[\]]"#, "]", true),
    Case(#"[\d]"#, "5", true),
    Case(#"[^\d]"#, "5", false),
    Case(#"[\D]"#, "x", true),
    Case(#"[\x{3B1}-\x{3C9}]"#, "λ", true),
    Case("[α-ω]", "Λ", false),
    Case("[[:alpha:]]", "Q", true),
    Case("[[:alpha:]]", "1", false),
    Case("[[:^alpha:]]", "1", true),
    Case("[[:digit:][:upper:]]", "x7", true),
    Case("[[:space:]]", "\u{0B}", true),
    Case("[[:punct:]]", "!", true),
    Case("[[:xdigit:]]+$", "beef", true),
    Case("[[:word:]]", "_", true),
    Case("[[:alpha:]]", "é", false),
    Case("[[x]", "[", true),
    Case(#"^\d+$"#, "12345", true),
    Case(#"\d"#, "٣", false),  // \d is ASCII only
    Case(#"\D"#, "٣", true),
    Case(#"\w+"#, "__", true),
    Case(#"\w"#, "é", false),
    Case(#"^\W$"#, "é", true),
    Case(#"\s"#, "a b", true),
    Case(#"\s"#, "a\u{0B}b", false),  // no vertical tab in RE2's \s
    Case(#"\S"#, "   ", false),
    Case(#"[\s\d]"#, "x\t", true),
  ]

  static let unicodeClassCases: [Case] = [
    Case(#"\pL"#, "é", true),
    Case(#"\pL"#, "1", false),
    Case(#"\p{L}"#, "日", true),
    Case(#"^\p{Lu}$"#, "É", true),
    Case(#"^\p{Lu}$"#, "é", false),
    Case(#"^\p{Ll}$"#, "é", true),
    Case(#"^\p{Lt}$"#, "ǅ", true),
    Case(#"^\p{Lm}$"#, "ʰ", true),
    Case(#"^\p{Lo}$"#, "日", true),
    Case(#"^\p{N}+$"#, "12٣Ⅻ", true),
    Case(#"^\p{Nd}+$"#, "12٣", true),
    Case(#"^\p{Nd}$"#, "Ⅻ", false),
    Case(#"^\p{P}$"#, "¿", true),
    Case(#"^\p{S}$"#, "€", true),
    Case(#"^\p{Sc}$"#, "€", true),
    Case(#"^\p{Z}$"#, "\u{00A0}", true),
    Case(#"^\p{Zs}$"#, " ", true),
    Case(#"^\p{M}$"#, "\u{0301}", true),
    Case(#"^\p{C}$"#, "\u{200B}", true),
    Case(#"^\p{Cc}$"#, "\u{07}", true),
    Case(#"^\PL$"#, "1", true),
    Case(#"^\PL$"#, "x", false),
    Case(#"^\P{Lu}$"#, "x", true),
    Case(#"^\p{^Lu}$"#, "x", true),
    Case(#"^\P{^Lu}$"#, "X", true),
    Case(#"^\p{Any}$"#, "\u{10FFFF}", true),
    Case(#"^\p{Greek}+$"#, "αβγΩ", true),
    Case(#"\p{Greek}"#, "abc", false),
    Case(#"^\p{Latin}+$"#, "abcé", true),
    Case(#"^\p{Cyrillic}+$"#, "Привет", true),
    Case(#"^\p{Han}+$"#, "漢字", true),
    Case(#"^\p{Hiragana}$"#, "か", true),
    Case(#"^\p{Katakana}$"#, "カ", true),
    Case(#"^\p{Arabic}$"#, "ب", true),
    Case(#"^\p{Hebrew}$"#, "ש", true),
    Case(#"^\p{Common}$"#, "1", true),
    Case(#"[\p{Greek}\d]+$"#, "α1", true),
    Case(#"[^\pL]"#, "abc", false),
    Case(#"[^\PL]"#, "abc", true),
  ]

  static let anchorCases: [Case] = [
    Case("^abc", "abcd", true),
    Case("^abc", "xabc", false),
    Case("abc$", "xabc", true),
    Case("abc$", "abc\n", false),  // $ is \z outside multi-line mode
    Case("^$", "", true),
    Case("^$", "\n", false),
    Case("(?m)^$", "\n", true),
    Case("(?m)^b", "a\nb", true),
    Case("^b", "a\nb", false),
    Case("(?m)a$", "a\nb", true),
    Case("a$", "a\nb", false),
    Case(#"\Aabc"#, "abc", true),
    Case(#"(?m)\Ab"#, "a\nb", false),
    Case(#"a\z"#, "ba", true),
    Case(#"(?m)a\z"#, "a\nb", false),
    Case(#"\bfoo\b"#, "a foo b", true),
    Case(#"\bfoo\b"#, "afoob", false),
    Case(#"\bfoo"#, "foo", true),
    Case(#"foo\b"#, "foo_", false),
    Case(#"\Bfoo"#, "afoo", true),
    Case(#"\Bfoo"#, "a foo", false),
    Case(#"\b"#, "", false),
    Case(#"\B"#, "", true),
    Case(#"\bé"#, " é", false),  // \b is ASCII-only: neither side is a word character
    Case("x^", "x", false),
    Case("$x", "x", false),
    Case("a|^b", "ab", true),
    Case("(^a|b)c", "xbc", true),
    Case("(^a|b)c", "xac", false),
  ]

  static let groupsAndAlternation: [Case] = [
    Case("cat|dog", "hotdog", true),
    Case("cat|dog", "cow", false),
    Case("^(cat|dog)$", "dog", true),
    Case("^(cat|dog)$", "dogs", false),
    Case("^(?:ab)+$", "ababab", true),
    Case("^(?:ab)+$", "ababa", false),
    Case("^(?P<word>ab)c$", "abc", true),
    Case("^(?<word>ab)c$", "abc", true),
    Case("a|", "xyz", true),
    Case("|", "", true),
    Case("()", "x", true),
    Case("^(a|b|c|)$", "", true),
    Case("^(a|bc|def)+$", "defbca", true),
    Case("^(a|bc|def)+$", "defbcb", false),
    Case("^(((a)))$", "a", true),
  ]

  static let repetition: [Case] = [
    Case("^a*$", "", true),
    Case("^a*$", "aaaa", true),
    Case("^a+$", "", false),
    Case("^a+$", "aaa", true),
    Case("^ab?c$", "ac", true),
    Case("^ab?c$", "abbc", false),
    Case("^a{3}$", "aaa", true),
    Case("^a{3}$", "aa", false),
    Case("^a{3}$", "aaaa", false),
    Case("^a{2,}$", "a", false),
    Case("^a{2,}$", "aaaaaa", true),
    Case("^a{2,4}$", "aaaa", true),
    Case("^a{2,4}$", "aaaaa", false),
    Case("^a{0}$", "", true),
    Case("^a{0}b$", "b", true),
    Case("^a{0,0}b$", "ab", false),
    Case("^(ab){2}$", "abab", true),
    Case("^a*?$", "aaa", true),
    Case("^a+?b$", "aab", true),
    Case("^a??b$", "ab", true),
    Case("^a{2,3}?$", "aaa", true),
    Case("^a{2}?$", "aa", true),
    Case("(?U)^a+$", "aaa", true),
    Case("^(a*)*$", "aaa", true),
    Case("^(a*)+$", "", true),
    Case("^(a?)*b$", "aab", true),
    Case("^(|a)*$", "aa", true),
    Case("^(a|b)*c(a|b)*$", "ababcbaba", true),
    Case(#"^\d{3}-\d{4}$"#, "555-1234", true),
    Case(#"^\d{3}-\d{4}$"#, "555-12345", false),
    Case("^x{1000}$", String(repeating: "x", count: 1000), true),
    Case("^x{1000}$", String(repeating: "x", count: 999), false),
    Case("^x{2,1000}$", String(repeating: "x", count: 1000), true),
    Case("^x{2,1000}$", String(repeating: "x", count: 1001), false),
    Case("^^a", "a", true),
    Case("^*a", "a", true),
  ]

  static let flagsAndFolding: [Case] = [
    Case("(?i)abc", "xABCx", true),
    Case("abc", "ABC", false),
    Case("(?i)ABC", "abc", true),
    Case("(?i:a)b", "Ab", true),
    Case("(?i:a)b", "AB", false),
    Case("a(?i)b", "aB", true),
    Case("a(?i)b", "AB", false),
    Case("(?i)a(?-i)b", "Ab", true),
    Case("(?i)a(?-i)b", "AB", false),
    Case("((?i)a)b", "AB", false),  // a flag set inside a group ends with the group
    Case("(?i)[a-c]+$", "AbC", true),
    Case("(?i)[^a]", "A", false),
    Case("(?i)k", "\u{212A}", true),  // KELVIN SIGN folds to k
    Case("(?i)\u{212A}", "K", true),
    Case("(?i)s", "ſ", true),  // LATIN SMALL LETTER LONG S folds to s
    Case("(?i)σ", "Σ", true),
    Case("(?i)σ", "ς", true),
    Case("(?i)é", "É", true),
    Case("(?i)ǆ", "ǅ", true),
    Case("(?i)ß", "ẞ", true),
    Case("(?i)ß", "ss", false),  // simple folding only
    Case("(?i)i", "ı", false),  // Turkic folding is not simple folding
    Case("(?i)i", "İ", false),
    Case(#"(?i)\w"#, "\u{212A}", true),
    Case(#"(?i)\W"#, "\u{212A}", false),
    Case(#"(?i)\p{Lu}"#, "a", true),
    Case("(?i)Ꭰ", "ꭰ", true),  // Cherokee folds to the uppercase letter
    Case("(?s:.)", "\n", true),
    Case("(?s:a.)b.", "a\nb\n", false),
    Case("(?m:^b)", "a\nb", true),
    Case("(?sm)^a.b$", "x\na\nb\ny", true),
    Case("(?i-s:a.)", "A\n", false),
    Case("(?)a", "a", true),
  ]

  static let utf8Handling: [Case] = [
    Case("a.b", "a\u{1F600}b", true),
    Case(#"^\x{1F600}$"#, "😀", true),
    Case("[😀-😂]", "😁", true),
    Case("^[^a]$", "😀", true),
  ]

  @Test(arguments: literalsAndEscapes + dotsAndClasses)
  func basics(_ row: Case) throws { try check(row) }

  @Test(arguments: unicodeClassCases)
  func unicodeClasses(_ row: Case) throws { try check(row) }

  @Test(arguments: anchorCases)
  func anchorsAndBoundaries(_ row: Case) throws { try check(row) }

  @Test(arguments: groupsAndAlternation + repetition)
  func structure(_ row: Case) throws { try check(row) }

  @Test(arguments: flagsAndFolding + utf8Handling)
  func flagsAndUnicode(_ row: Case) throws { try check(row) }

  private func check(_ row: Case) throws {
    let regex = try Regex(row.pattern)
    #expect(regex.matches(Array(row.text.utf8)) == row.matches)
    #expect(regex.matches(row.text) == row.matches)
  }

  @Test func invalidUTF8MatchesNothingButSplitsNothingElse() throws {
    let bytes: [UInt8] = [0x61, 0xFF, 0x62]  // a, an ill-formed byte, b
    #expect(try Regex("a.b").matches(bytes) == false)
    #expect(try Regex("a[^x]b").matches(bytes) == false)
    #expect(try Regex("(?s)a.b").matches(bytes) == false)
    #expect(try Regex("^a").matches(bytes))
    #expect(try Regex("b$").matches(bytes))
    #expect(try Regex("a").matches(bytes))
    #expect(try Regex("^a.*b$").matches(bytes) == false)
    // A truncated sequence, an overlong encoding, an encoded surrogate and a lone continuation.
    for bad: [UInt8] in [[0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80]] {
      #expect(try Regex("^x.+y$").matches([0x78] + bad + [0x79]) == false)
      #expect(try Regex("y$").matches([0x78] + bad + [0x79]))
    }
    // Well-formed neighbours still decode after an ill-formed byte.
    #expect(try Regex("^.é$").matches([0xFF, 0x78, 0xC3, 0xA9]) == false)
    #expect(try Regex(".é$").matches([0xFF, 0x78, 0xC3, 0xA9]))
  }

  @Test func matchesAnyCollectionOfBytes() throws {
    let regex = try Regex("b+c")
    #expect(regex.matches(ArraySlice<UInt8>(Array("abbc".utf8))[1...]))
    #expect(regex.matches("xbbcx".utf8))
    #expect(regex.matches(Array("abd".utf8)) == false)
  }
}
