import Precept
import Testing

@testable import cel_conformance

@Suite struct ApplicabilityTests {
  private func exclusion(
    _ expression: String, variables: [String] = [], expecting expectation: ExpectedResult = .value(.value(.bool(true))),
    configure: (inout SuiteCase) -> Void = { _ in }
  ) -> Exclusion? {
    var test = SuiteCase(name: "t", expression: expression, line: 1)
    test.declarations = variables.map { Declaration(name: $0, type: .standard("dyn")) }
    test.expectation = expectation
    configure(&test)
    return Applicability.exclusion(for: test)
  }

  private func rule(
    _ expression: String, variables: [String] = [], expecting expectation: ExpectedResult = .value(.value(.bool(true))),
    configure: (inout SuiteCase) -> Void = { _ in }
  ) -> Exclusion.Rule? {
    exclusion(expression, variables: variables, expecting: expectation, configure: configure)?.rule
  }

  @Test func keepsPlainCEL() {
    #expect(rule("1 + 1 == 2") == nil)
    #expect(rule("{'a': 1}.a == 1 && 7 in {}") == nil)
    #expect(rule("'TestAllTypes{}' + \"timestamp(1)\" + r'''google.protobuf.Any'''") == nil)
    #expect(rule("b'\\x00' == bytes('X') // TestAllTypes{} in a comment") == nil)
    #expect(rule("{'John': 1}.John + [1].map(X, X).size()") == nil)
    #expect(rule("{'a': 1}.all(K, V, K == 'a')") == nil)
    #expect(rule("X.Y + x", variables: ["X.Y", "x"]) == nil)
    #expect(rule("{'foo.txt': 32}.`foo.txt` == 32") == nil)
    #expect(rule("type(1) == int && dyn(1u) == 1.0") == nil)
  }

  @Test func excludesTimestampsAndDurations() {
    #expect(exclusion("timestamp('2004-09-16T23:59:59Z')")?.detail == "calls timestamp(…)")
    #expect(rule("dyn(duration('0s')) == null") == .timeValue)
    #expect(rule("x", expecting: .value(.value(.type("google.protobuf.Duration")))) == .timeValue)
    #expect(rule("type(x) == google.protobuf.Timestamp") == .timeValue)
    #expect(rule("x") { $0.declarations = [Declaration(name: "x", type: .list(.timeType("TIMESTAMP")))] } == .timeValue)
  }

  @Test func excludesProtobufMessages() {
    #expect(exclusion("TestAllTypes{single_int64: 1}.single_int64")?.detail == "message literal TestAllTypes{…}")
    #expect(
      exclusion("[ .cel. expr\n.conformance. proto3. TestAllTypes { } ]")?.detail
        == "message literal cel.expr.conformance.proto3.TestAllTypes{…}")
    #expect(exclusion("google.protobuf.Int32Value{value: 1} == 1")?.detail == "names google.protobuf.Int32Value")
    #expect(exclusion("type(x) == TestAllTypes", variables: ["x"])?.detail == "names the type TestAllTypes")
    #expect(rule("GlobalEnum.GAZ == 2") == .protobufMessage)
    #expect(rule("x", expecting: .value(.object("pkg.M"))) == .protobufMessage)
    #expect(rule("x", expecting: .value(.value(.list([.type("pkg.M")])))) == .protobufMessage)
    #expect(
      exclusion("x") { $0.bindings = [Binding(name: "x", value: .value(.object("pkg.M")))] }?.detail
        == "binding 'x' is a pkg.M message")
    #expect(rule("x") { $0.declarations = [Declaration(name: "x", type: .protobuf("pkg.M"))] } == .protobufMessage)
  }

  @Test func excludesEnumsContainersAndWhatTheAPICannotExpress() {
    #expect(rule("x", expecting: .value(.enumValue("pkg.E"))) == .protobufEnum)
    #expect(
      exclusion("1") { $0.container = "cel.expr.conformance.proto3" }?.detail == "container cel.expr.conformance.proto3"
    )
    #expect(rule("1", expecting: .unknown) == .outsideAPI)
    #expect(rule("1", expecting: .deducedTypeOnly) == .outsideAPI)
    #expect(rule("1", expecting: .deducedTypeOnly) { $0.deducedType = .standard("int64") } == nil)
    #expect(rule("1") { $0.disableMacros = true } == .outsideAPI)
    #expect(rule("1") { $0.checkOnly = true } == .outsideAPI)
    #expect(
      rule("1") {
        $0.checkOnly = true; $0.deducedType = .other("abstract_type")
      } == .outsideAPI)
    #expect(exclusion("[optional.of(1)]")?.detail == "uses optional values (optional.of)")
    #expect(rule("1") { $0.locale = "de_DE" } == .outsideAPI)
    #expect(rule("f(1)") { $0.declarations = [Declaration(name: "f", type: nil)] } == .outsideAPI)
    #expect(rule("x") { $0.declarations = [Declaration(name: "x", type: .other("type_param"))] } == .outsideAPI)
    #expect(
      exclusion("x") { $0.bindings = [Binding(name: "x", value: .errorOrUnknown("unknown"))] }?.detail
        == "binds 'x' to an unknown")
  }

  @Test func reportsTheFirstRuleInOrder() {
    // A message literal under a container is reported as a message, not as a container.
    #expect(rule("dyn(TestAllTypes{}) == null") { $0.container = "cel.expr.conformance.proto2" } == .protobufMessage)
    // A timestamp beats a message.
    #expect(rule("TestAllTypes{}.x == timestamp(0)") == .timeValue)
  }

  @Test func tokenizesStringsAndComments() {
    typealias Token = CELTokenizer.Token
    #expect(
      CELTokenizer.tokens(of: "a.b(r'x\\', \"\"\"q\"\"\" ) // c\n1.5e+3u")
        == [
          .identifier("a"), .punctuation("."), .identifier("b"), .punctuation("("), .literal, .punctuation(","),
          .literal, .punctuation(")"), .literal,
        ])
    #expect(CELTokenizer.tokens(of: "'unterminated") == [.literal])
  }
}
