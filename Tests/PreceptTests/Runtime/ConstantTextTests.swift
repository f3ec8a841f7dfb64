import Testing

@testable import Precept

/// A message with nothing interpolated is read without running its function
/// (`VM.constantText`): the text, and what the VM counts, are those of the run it stands for.
@Suite struct ConstantTextTests {
  static let source = """
    ruleset texts 1.0.0
    rule plain {
      severity error
      on Button as b
      require false
      message "Button title is empty"
      fix ".accessibilityLabel(\\"…\\")"
    }
    rule interpolated {
      severity error
      on Button as b
      require false
      message "'{b.text()}' is vague"
    }
    rule braces {
      severity error
      on Button as b
      require false
      message "use {{ and }}: ünïcode"
    }
    """

  static let ruleset = try! Ruleset(text: source)

  static func message(of rule: String) throws -> Int {
    try #require(ruleset.program.compiledRules.first { $0.info.id.hasSuffix("/" + rule) }?.message)
  }

  @Test func aConstantMessageIsWhatItsRunMakesAndIsChargedAlike() throws {
    let button = RunLoopFastPathTests.node("Button")
    for rule in ["plain", "braces"] {
      let function = try Self.message(of: rule)
      let ran = VM(program: Self.ruleset.program, model: MapScreen.model)
      let made = ran.run(function, [button])
      let read = VM(program: Self.ruleset.program, model: MapScreen.model)
      let text = try #require(read.constantText(function), "\(rule)")
      guard case .string(let id) = made else {
        Issue.record("\(rule): the run made \(made)")
        continue
      }
      #expect(ran.heap.string(id) == text)
      #expect((read.spent, read.runs, read.cost) == (ran.spent, ran.runs, ran.cost), "\(rule)")
    }
    #expect(
      Self.ruleset.program.linkage.constantTexts.compactMap { $0 }.sorted() == [
        ".accessibilityLabel(\"…\")", "Button title is empty", "use { and }: ünïcode",
      ])
  }

  @Test func aMessageThatInterpolatesRuns() throws {
    let vm = VM(program: Self.ruleset.program, model: MapScreen.model)
    #expect(vm.constantText(try Self.message(of: "interpolated")) == nil)
    #expect(vm.runs == 0 && vm.spent == 0)
  }

  /// A constant longer than a string may be is made by running, which reports the error.
  @Test func aMessageLongerThanAStringMayBeRuns() throws {
    let vm = VM(program: Self.ruleset.program, model: MapScreen.model, limits: EvaluationLimits(maximumStringLength: 5))
    #expect(vm.constantText(try Self.message(of: "plain")) == nil)
  }

  /// Findings carry the same messages either way.
  @Test func findingsCarryTheConstantMessages() throws {
    let report = Engine(rulesets: [Self.ruleset]).evaluate(MapScreen.model)
    let messages = Set(report.findings.map(\.message))
    #expect(messages.contains("Button title is empty"))
    #expect(messages.contains("use { and }: ünïcode"))
    #expect(messages.contains("'Duplicate' is vague"))
  }
}
