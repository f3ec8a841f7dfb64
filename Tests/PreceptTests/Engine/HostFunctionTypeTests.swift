import Foundation
import Testing

@testable import Precept

private let typedRuleset = """
  ruleset demo.hosts 1.0.0
  host contrastRatio(string, string) -> double

  rule contrast {
    severity error
    on Menu as m
    require contrastRatio(m.type, "white") >= 4.5
  }
  """

private func makeEngine(_ hosts: [HostFunction], ruleset: String = typedRuleset) throws -> Engine {
  Engine(rulesets: [try Ruleset(text: ruleset, name: "demo.hosts.precept")], hostFunctions: hosts)
}

/// The messages `Engine.validate()` throws, each with its position.
private func validationErrors(_ engine: Engine) -> [String] {
  do {
    try engine.validate()
    return []
  } catch {
    return error.diagnostics.map { "\($0.file):\($0.location.line):\($0.location.column): \($0.message)" }
  }
}

/// What `validate()` throws, rendered with source excerpts.
private func renderedValidation(_ engine: Engine) -> String {
  let result = Result { () throws(DiagnosticError) in try engine.validate() }
  guard case .failure(let error) = result else { return "" }
  return error.rendered()
}

private let ratio = HostFunction("contrastRatio", parameters: [.string, .string], result: .double) { _ in
  .double(3.0)
}

/// Host functions have types: the ruleset declares them, the host registers them, and the
/// engine, the checker and the VM hold both to them.
@Suite struct HostFunctionTypeTests {
  @Test func typedDeclarationsParseAndKeepTheirTypes() throws {
    let ruleset = try Ruleset(
      text: """
        ruleset demo.hosts 1.0.0
        host a(string, int) -> double
        host b(n: node, scale: double) -> list
        host c(foreground, background)
        """, name: "t.precept")
    let hosts = ruleset.program.hosts
    #expect(hosts.map(\.declaration) == ["a(string, int) -> double", "b(node, double) -> list", "c(dyn, dyn) -> dyn"])
    #expect(hosts.map(\.position) == ["t.precept:2:6", "t.precept:3:6", "t.precept:4:6"])
  }

  @Test func engineWithoutADeclaredHostFunctionFailsValidation() throws {
    let engine = try makeEngine([])
    #expect(
      validationErrors(engine) == [
        "demo.hosts.precept:2:6: host function 'contrastRatio' is declared, but the host did not register it"
      ])
    let rendered = renderedValidation(engine)
    #expect(rendered.contains("host contrastRatio(string, string) -> double"), "quotes the declaration's line")
    #expect(rendered.contains(#"HostFunction("contrastRatio", parameters: [.string, .string], result: .double)"#))
  }

  @Test func engineWithAHostFunctionOfTheWrongArityFailsValidation() throws {
    let three = HostFunction("contrastRatio", parameters: [.string, .string, .string], result: .double) { _ in .null }
    #expect(
      validationErrors(try makeEngine([three])) == [
        "demo.hosts.precept:2:6: host function 'contrastRatio' is declared with 2 parameters, but the host "
          + "registered contrastRatio(string, string, string) -> double, with 3"
      ])
    // An untyped registration of the wrong arity is caught the same way.
    let untyped = HostFunction("contrastRatio", parameterCount: 1) { _ in .null }
    #expect(validationErrors(try makeEngine([untyped])).first?.contains("with 1") == true)
  }

  @Test func engineWithAMismatchedParameterOrResultTypeFailsValidation() throws {
    let intParameter = HostFunction("contrastRatio", parameters: [.string, .int], result: .double) { _ in .null }
    #expect(
      validationErrors(try makeEngine([intParameter])) == [
        "demo.hosts.precept:2:6: host function 'contrastRatio' is declared to take a string as parameter 2, but "
          + "the host registered contrastRatio(string, int) -> double, which takes an int"
      ])
    let stringResult = HostFunction("contrastRatio", parameters: [.string, .string], result: .string) { _ in .null }
    #expect(
      validationErrors(try makeEngine([stringResult])) == [
        "demo.hosts.precept:2:6: host function 'contrastRatio' is declared to return a double, but the host "
          + "registered contrastRatio(string, string) -> string, which returns a string"
      ])
  }

  @Test func matchingAndDynSignaturesValidate() throws {
    try makeEngine([ratio]).validate()
    // An untyped (old) declaration accepts a typed host, and a typed declaration an untyped host.
    let legacy = "ruleset demo.hosts 1.0.0\nhost contrastRatio(fg, bg)\n"
    try makeEngine([ratio], ruleset: legacy).validate()
    try makeEngine([HostFunction("contrastRatio", parameterCount: 2) { _ in .double(5) }]).validate()
  }

  @Test func hostFunctionsOfImportsAreValidatedAtTheirDeclaration() throws {
    let base = try Ruleset(
      text: "ruleset shared.base 1.0.0\nhost measure(node) -> double\nlet wide(n) = measure(n) > 44.0\n",
      name: "shared.base.precept")
    let user = try Ruleset(
      text:
        "ruleset demo.user 1.0.0\nimport shared.base ^1.0\nrule wide { severity error on Menu as m require shared.base.wide(m) }\n",
      name: "demo.user.precept", resolver: { name, _ in name == "shared.base" ? base : nil })
    let engine = Engine(rulesets: [user])
    #expect(
      validationErrors(engine) == [
        "shared.base.precept:2:6: host function 'measure' is declared, but the host did not register it"
      ])
  }

  @Test func aMismatchedHostThatWasNotValidatedMakesItsRulesNotRun() throws {
    let intParameter = HostFunction("contrastRatio", parameters: [.int, .int], result: .double) { _ in .double(9) }
    let report = try makeEngine([intParameter]).evaluate(try model(menuNodes))
    #expect(report.findings.isEmpty)
    #expect(Set(report.notRun.map(\.reason)) == [.hostFunctionMissing])
    #expect(
      report.notRun.first?.message
        == "host function 'contrastRatio' is declared to take a string as parameter 1, but the host registered "
        + "contrastRatio(int, int) -> double, which takes an int")
  }

  @Test func hostResultOfTheWrongTypeIsAnEvaluationError() throws {
    let wrong = HostFunction("contrastRatio", parameters: [.string, .string], result: .double) { _ in .string("7") }
    let engine = try makeEngine([wrong])
    try engine.validate()
    let report = engine.evaluate(try model(menuNodes))
    #expect(report.findings.isEmpty)
    #expect(Set(report.notRun.map(\.reason)) == [.evaluationError])
    #expect(
      Set(report.notRun.map(\.message)) == [
        "host function 'contrastRatio' returned a string, but it is declared to return a double"
      ])
    // An untyped declaration holds the host to the host's own declared result type.
    let legacy =
      "ruleset demo.hosts 1.0.0\nhost contrastRatio(fg, bg)\nrule r { severity error on Menu as m require contrastRatio(m.type, 'w') > 1.0 }\n"
    let untypedReport = try makeEngine([wrong], ruleset: legacy).evaluate(try model(menuNodes))
    #expect(untypedReport.notRun.first?.message.contains("declared to return a double") == true)
  }

  @Test func hostArgumentOfTheWrongTypeIsAnEvaluationError() throws {
    let ruleset = """
      ruleset demo.hosts 1.0.0
      host contrastRatio(string, string) -> double
      rule contrast {
        severity error
        on Menu as m
        require contrastRatio(dyn(m.line), "white") >= 4.5
      }
      """
    // The body is never reached: the argument is refused first.
    let refusing = HostFunction("contrastRatio", parameters: [.string, .string], result: .double) { _ in
      throw EvaluationError("called")
    }
    let report = try makeEngine([refusing], ruleset: ruleset).evaluate(try model(menuNodes))
    #expect(
      Set(report.notRun.map(\.message)) == ["host function 'contrastRatio' takes a string as argument 1, not an int"])
  }

  @Test func standaloneExpressionCallsTypedHostFunctions() throws {
    let expression = try CompiledExpression(#"contrastRatio("gray", "white") * 2.0"#, hostFunctions: [ratio])
    #expect(try expression.evaluate().get() == .double(6.0))
    // Its types check the calls when compiling ...
    #expect(throws: DiagnosticError.self) { try CompiledExpression(#"contrastRatio(1, "a")"#, hostFunctions: [ratio]) }
    do {
      _ = try CompiledExpression(#"contrastRatio(1, "a")"#, hostFunctions: [ratio])
    } catch {
      #expect(
        error.diagnostics.map { "\($0.location.column): \($0.message) | \($0.notes)" } == [
          "15: argument 1 of 'contrastRatio' is an int, but the host function takes a string | "
            + #"["registered by the host as contrastRatio(string, string) -> double"]"#
        ])
    }
    // ... and the values when evaluating.
    let bound = try CompiledExpression("contrastRatio(x, 'a')", variables: ["x"], hostFunctions: [ratio])
    #expect(
      bound.evaluate(["x": .int(1)])
        == .failure(EvaluationError("host function 'contrastRatio' takes a string as argument 1, not an int")))
    // Without the host function the name is unknown.
    #expect(throws: DiagnosticError.self) { try CompiledExpression(#"contrastRatio("a", "b")"#) }
  }

  @Test func expressionInARulesetScopeCallsItsDeclaredHostFunctions() throws {
    let ruleset = try Ruleset(text: typedRuleset, name: "demo.hosts.precept")
    let expression = try CompiledExpression(#"contrastRatio("a", "b")"#, in: ruleset, hostFunctions: [ratio])
    #expect(try expression.evaluate().get() == .double(3.0))
    let unregistered = try CompiledExpression(#"contrastRatio("a", "b")"#, in: ruleset)
    #expect(
      unregistered.evaluate()
        == .failure(EvaluationError("host function 'contrastRatio' is not registered by the host")))
  }

  @Test func expressionHostFunctionCannotShadowABuiltin() throws {
    let size = HostFunction("size", parameters: [.dyn], result: .int) { _ in .int(0) }
    #expect(throws: DiagnosticError.self) { try CompiledExpression("size([1])", hostFunctions: [size]) }
  }

  @Test func packsKeepHostFunctionTypes() throws {
    let ruleset = try Ruleset(text: typedRuleset, name: "demo.hosts.precept")
    let pack = Pack(ruleset)
    #expect(
      pack.manifest.hostFunctions == [
        PackManifest.HostFunction(name: "contrastRatio", parameterTypes: [.string, .string], resultType: .double)
      ])
    let loaded = try Pack(bytes: pack.bytes, name: pack.fileName).ruleset(resolver: nil)
    #expect(loaded.program.hosts == ruleset.program.hosts)
    #expect(validationErrors(Engine(rulesets: [loaded])).first?.hasPrefix("demo.hosts.precept:2:6: ") == true)
    let reread = try Pack(bytes: pack.bytes, name: pack.fileName)
    #expect(reread.manifest == pack.manifest)
  }

  @Test func packWrittenBeforeHostFunctionsHadTypesStillLoads() throws {
    // Written by the precept of the previous commit, from a ruleset with an untyped `host`.
    let bytes = Golden.bytes("packs", "legacy.hosts-1.0.0.preceptpack")
    let pack = try Pack(bytes: bytes, name: "legacy.hosts-1.0.0.preceptpack")
    #expect(pack.manifest.hostFunctions == [PackManifest.HostFunction(name: "contrastRatio", parameterCount: 2)])
    #expect(pack.manifest.hostFunctions.first?.parameterTypes == [.dyn, .dyn])
    let ruleset = try pack.ruleset(resolver: nil)
    #expect(ruleset.program.hosts.map(\.declaration) == ["contrastRatio(dyn, dyn) -> dyn"])
    #expect(ruleset.program.hosts.map(\.position) == ["legacy.hosts-1.0.0.preceptpack:3:6"])
    // A typed host function suits its untyped declaration, and its rules run.
    let engine = Engine(rulesets: [ruleset], hostFunctions: [ratio])
    try engine.validate()
    let report = engine.evaluate(
      try model(#"[{"type": "Text", "args": [{"label": null, "kind": "string", "value": "Hi"}]}]"#))
    #expect(report.findings.map(\.message) == ["low contrast: 3.0"])
    #expect(validationErrors(Engine(rulesets: [ruleset])).count == 1)
  }

  @Test func malformedHostTypesInAPackAreRefused() throws {
    let pack = Pack(try Ruleset(text: typedRuleset, name: "demo.hosts.precept"))
    let text = String(decoding: pack.bytes, as: UTF8.self)
    #expect(text.contains(#""parameterTypes": ["string", "string"]"#))
    // The manifest's types are checked when the pack is read (a corrupted type name is refused).
    let corrupt = Array(text.replacingOccurrences(of: #""result": "double""#, with: #""result": "doubly""#).utf8)
    #expect(throws: DiagnosticError.self) { try Pack(bytes: corrupt, name: "x.preceptpack") }
  }
}
