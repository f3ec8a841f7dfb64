import Precept
import Testing

@testable import PreceptSwiftUI

/// Where tokens end: the decisions that could turn valid Swift into an error.
@Suite struct LexerTests {
  func kinds(_ text: String) throws -> [TokenKind] {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(ReadFailure) in
      var lexer = Lexer(buffer, limit: SwiftUIReader.maximumNesting)
      try lexer.run()
      return lexer.tokens.map(\.kind)
    }
  }

  func regexCount(_ text: String) throws -> Int { try kinds(text).filter { $0 == .regex }.count }

  @Test func regexLiteralsAndDivisions() throws {
    #expect(try regexCount(#"let re = /[a-z]+\/(\d)/"#) == 1)
    #expect(try regexCount(#"if let m = try /(\w+)/.firstMatch(in: s) {}"#) == 1)
    #expect(try regexCount("let e = #/\n  a+ # comment\n/#") == 1)
    #expect(try regexCount("let half = width/2 + height/2") == 0)
    #expect(try regexCount("let x = a / b / c") == 0)
    #expect(try regexCount("let r = numbers.reduce(1, /)") == 0)
    #expect(try regexCount("let ops = [(+), (-), (*), (/)]; let x = y/2") == 0)
    #expect(try regexCount("x.map(/).filter { $0/2 }") == 0)
    #expect(try regexCount("let y = x! /2") == 0)
  }

  @Test func stringForms() throws {
    #expect(try kinds(##"#"""#"##) == [.string, .end])  // one-line raw string holding a quote
    #expect(try kinds("\"\"\"\n  a \\\"\"\" b\n  \"\"\"") == [.string, .end])  // an escaped `\"""` inside
    #expect(try kinds("\"\\(\"\\(1)\")\" + \"\\(x.map { \"\\($0))\" })\"") == [.string, .op, .string, .end])
    #expect(try kinds(###"##"a "# b"##"###) == [.string, .end])
    #expect(try kinds("\"a\\\"b\" x") == [.string, .identifier, .end])
  }

  @Test func commentsOperatorsAndIdentifiers() throws {
    #expect(try kinds("/* a /* b */ c */ x") == [.identifier, .end])
    #expect(try kinds("a+/*c*/b") == [.identifier, .op, .identifier, .end])
    #expect(
      try kinds("a?.b!.c ?? d") == [
        .identifier, .op, .period, .identifier, .op, .period, .identifier, .op, .identifier, .end,
      ])
    #expect(
      try kinds("`default` π 名前 emoji👍 $0 √x a…b") == [
        .identifier, .identifier, .identifier, .identifier, .identifier, .op, .identifier, .identifier, .op,
        .identifier,
        .end,
      ])
    #expect(
      try kinds("0x1.8p3 1_000 1e-5 t.0.1 1...2") == [
        .number, .number, .number, .identifier, .period, .number, .period, .number, .number, .op, .number, .end,
      ])
    #expect(try kinds("#!/usr/bin/env swift\nx") == [.identifier, .end])
  }
}
