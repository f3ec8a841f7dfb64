import Foundation
import Testing

@testable import Precept

/// The checker's golden tests: each `Golden/checker/*.precept` is compiled with `Ruleset`
/// (imports come from `Golden/checker/lib/NAME.precept`, or are an empty ruleset of that name)
/// and each `*.cel` with `CompiledExpression`; the rendered diagnostics must equal the `.diagnostics`
/// file beside it.
@Suite struct CheckerGoldenTests {
  static let inputs = Golden.inputs("checker", ["cel", "precept"])

  @Test func goldenFolderIsNotEmpty() {
    #expect(Self.inputs.count >= 8)
  }

  @Test(arguments: inputs)
  func golden(_ name: String) {
    let source = SourceFile(name: name, bytes: Golden.bytes("checker", name))
    Golden.verify(
      Self.diagnostics(source, isRuleset: name.hasSuffix(".precept")), "checker", Golden.sibling(name, "diagnostics"))
  }

  static let resolver: Ruleset.Resolver = { name, _ in
    let library = Golden.url("checker/lib", name + ".precept")
    if let data = try? Data(contentsOf: library) {
      return try Ruleset(source: SourceFile(name: "lib/\(name).precept", bytes: Array(data)))
    }
    return try Ruleset(text: "ruleset \(name) 1.0.0", name: "lib/\(name).precept")
  }

  static func diagnostics(_ source: SourceFile, isRuleset: Bool) -> String {
    do {
      if isRuleset {
        _ = try Ruleset(source: source, resolver: resolver)
      } else {
        _ = try CompiledExpression(String(decoding: source.bytes, as: UTF8.self), name: source.name)
      }
      return "no diagnostics\n"
    } catch {
      return error.rendered() + "\n"
    }
  }
}

@Suite struct CheckerTests {
  func messages(_ text: String) -> [String] {
    do {
      _ = try Ruleset(text: text, name: "r.precept")
      return []
    } catch {
      return error.diagnostics.map(\.message)
    }
  }

  @Test func aCleanRulesetHasNoDiagnostics() {
    let text = """
      ruleset ok 1.0.0
      let named(n) = n.text() != null
      rule r { severity error wcag "4.1.2" on Button as b inside Menu as m when named(b) require m.type == "Menu" }
      review v { on Menu check "listen to {node.type}" }
      """
    #expect(messages(text) == [])
  }

  @Test func didYouMeanIsStableAcrossEqualCandidates() {
    // 'ab' and 'ba' are both one edit from 'aa'; the first in sorted order wins every run.
    let text = "ruleset r 1.0.0\nlet ba = 1\nlet ab = 2\nlet x = aa"
    for _ in 0..<5 {
      #expect(throws: DiagnosticError.self) { try Ruleset(text: text) }
      do {
        _ = try Ruleset(text: text)
      } catch {
        #expect(error.diagnostics.map(\.help) == ["did you mean 'ab'?"])
      }
    }
  }

  @Test func localsShadowLetsAndQualifiedNames() throws {
    let text = """
      ruleset r 1.0.0
      let x = 1
      rule a { severity info on T require [2].all(x, x == 2) }
      """
    #expect(messages(text) == [])
  }

  @Test func bindingsDefaultToNode() {
    #expect(messages("ruleset r 1.0.0\nrule a { severity info on T require node.type == 'T' }") == [])
    #expect(
      messages("ruleset r 1.0.0\nrule a { severity info on T as t require node.type == 'T' }") == [
        "unknown name 'node'"
      ])
  }

  @Test func uncheckedExpressionsDeferUnknownNamesToEvaluation() throws {
    let expression = try CompiledExpression("true || nope(1) || missing", checked: false)
    #expect(expression.evaluate() == .success(.bool(true)))
    let failing = try CompiledExpression("missing + 1", checked: false)
    #expect(failing.evaluate() == .failure(EvaluationError("unknown name 'missing'")))
    #expect(throws: DiagnosticError.self) { try CompiledExpression("missing + 1") }
  }
}

@Suite struct CheckerLimitTests {
  /// Recursion detection walks the graph of lets; a long chain must not exhaust the stack.
  @Test func longChainsOfLets() throws {
    let count = 50_000
    var text = "ruleset chain 1.0.0\n"
    for index in 0..<count { text += "let l\(index) = l\(index + 1) + 1\n" }
    text += "host h(x)\nlet l\(count) = h(0)\n"
    text += "rule r { severity info on T require l0 == \(count) }\n"
    // The rule needs the host function the end of the chain calls.
    #expect(try Ruleset(text: text).program.rules.first?.hostFunctions == ["h"])
    text += "let l\(count + 1) = l0\nlet x = l\(count + 1)\n"
    text = text.replacingOccurrences(of: "let l\(count) = h(0)", with: "let l\(count) = l\(count + 1)")
    #expect(throws: DiagnosticError.self) { try Ruleset(text: text) }
  }
}

/// Imports resolved by a `RulesetLibrary`, as the command line resolves them: each
/// `Golden/library/*.precept` is compiled against a library holding `Golden/library/lib/`, and its
/// diagnostics are compared with `NAME.diagnostics`. A misspelt import is suggested a ruleset
/// the library holds.
@Suite struct LibraryImportGoldenTests {
  static let inputs = Golden.inputs("library", ["precept"])

  @Test func goldenFolderIsNotEmpty() {
    #expect(!Self.inputs.isEmpty)
  }

  @Test(arguments: inputs)
  func golden(_ name: String) throws {
    let library = RulesetLibrary()
    try library.add(path: Golden.url("library", "lib").path)
    let source = SourceFile(name: name, bytes: Golden.bytes("library", name))
    try library.add(source)
    let entry = try #require(library.entries.first { $0.source.name == name })
    var output = "no diagnostics\n"
    do {
      _ = try library.ruleset(entry)
    } catch {
      output = error.rendered() + "\n"
    }
    // The library's paths are absolute: keep the golden file independent of the checkout.
    Golden.verify(
      output.replacingOccurrences(of: Golden.directory.path + "/", with: ""), "library",
      Golden.sibling(name, "diagnostics"))
  }
}
