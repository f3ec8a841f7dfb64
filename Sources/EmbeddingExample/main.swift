// How another linter embeds Precept: compile a ruleset at run time, register the host
// functions it declares, build a view model from the linter's own tree, and read the report.
// The test command builds and runs this program (Tests/PreceptToolTests/EmbeddingExampleTests).
import Precept

// 1. A ruleset, as a spec author publishes it. It declares `contrastRatio`, which this host
//    provides below; nothing is recompiled to add or change rules.
let source = """
  ruleset acme.buttons 1.0.0
  host contrastRatio(foreground: string, background: string) -> double

  rule readable-label {
    severity error
    wcag "1.4.3"
    on Button as b
    require contrastRatio(b.modifier("foregroundStyle").text(), "white") >= 4.5
    message "\\"{b.text()}\\" is hard to read: contrast {contrastRatio(b.modifier('foregroundStyle').text(), 'white')}:1"
    fix ".foregroundStyle(.primary)"
  }
  """

// 2. The host function: any Swift code, with the types the ruleset declares. Its arguments
//    and result are `Value`s, checked against those types on every call.
let luminance: [String: Double] = ["gray": 0.22, "black": 0.0, "white": 1.0]
let contrastRatio = HostFunction("contrastRatio", parameters: [.string, .string], result: .double) { arguments in
  guard case .string(let foreground) = arguments[0], case .string(let background) = arguments[1],
    let a = luminance[foreground], let b = luminance[background]
  else { throw EvaluationError("unknown colour") }
  return .double(((max(a, b) + 0.05) / (min(a, b) + 0.05) * 10).rounded() / 10)
}

// 3. The linter's own tree, converted into a view model.
let document = ViewDocument(
  file: "Checkout.swift",
  nodes: [
    ViewNode(
      type: "VStack", line: 3, column: 5,
      children: [
        ViewNode(
          type: "Button", line: 4, column: 7, args: [ViewArgument(label: nil, kind: .string, value: "Pay")],
          modifiers: [
            ViewModifier(
              name: "foregroundStyle", line: 5, column: 10,
              args: [ViewArgument(label: nil, kind: .string, value: "gray")])
          ]),
        ViewNode(
          type: "Button", line: 6, column: 7, args: [ViewArgument(label: nil, kind: .string, value: "Cancel")],
          modifiers: [
            ViewModifier(
              name: "foregroundStyle", line: 7, column: 10,
              args: [ViewArgument(label: nil, kind: .string, value: "black")])
          ]),
      ])
  ])

// 4. Compile, evaluate, report.
do {
  let ruleset = try Ruleset(text: source, name: "acme.buttons.precept")
  let engine = Engine(rulesets: [ruleset], hostFunctions: [contrastRatio])
  try engine.validate()  // a host function missing or registered with other types is an error here
  let report = engine.evaluate(ViewModel(document))
  for finding in report.findings {
    print(
      "\(finding.file):\(finding.line):\(finding.column): \(finding.severity): \(finding.message) [\(finding.rule)]")
    print("  because \(finding.explanation.sentence)")
  }
  print("\(report.summary.errors) error(s), \(report.summary.passed) passed")
} catch {
  print(error.rendered())
}
