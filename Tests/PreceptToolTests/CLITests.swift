import Foundation
import Synchronization
import Testing

@testable import PreceptTool

/// Runs `precept ARGUMENTS…` through the tool's entry point; returns the status, standard
/// output and standard error.
private func precept(_ arguments: String..., input: String = "") -> (status: Int32, out: String, error: String) {
  let out = Mutex(""), error = Mutex("")
  let console = Console(
    out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } },
    readInput: { Array(input.utf8) })
  let status = PreceptTool.main(arguments: arguments, console: console)
  return (status, out.withLock { $0 }, error.withLock { $0 })
}

@Suite struct DisasmCommandTests {
  @Test func disassemblesAnExpressionWithItsVariables() {
    let run = precept("disasm", "--expr", "items.size() >= 2", "--var", "items")
    #expect(run.status == 0, "\(run.error)")
    #expect(run.out.hasPrefix("; bindings: 0=items\n"))
    #expect(run.out.contains("global         0     ; items"))
    #expect(run.out.contains("builtin        0     1     ; size"))
  }

  @Test func anUndeclaredVariableIsACheckError() {
    let run = precept("disasm", "--expr", "items.size()")
    #expect(run.status == 2)
    #expect(run.error.contains("error: unknown name 'items'"))
  }

  @Test func aRulesetsImportsResolveAgainstTheStandardRulesets() {
    let source = """
      ruleset demo.imports 1.0.0
      import global ^1.0

      rule named {
        severity error
        on Button as b
        require b.arg(0) != null
        message "a button needs a title"
      }
      """
    let run = precept("disasm", "-", input: source)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.out.contains("function 0 named.require#1 (params: 1, locals: 1)"))
  }

  @Test func usageErrors() {
    #expect(precept("disasm").status == 2)
    #expect(precept("disasm", "a.precept", "--expr", "1").status == 2)
    let stray = precept("disasm", "a.precept", "--var", "x")
    #expect(stray.status == 2)
    #expect(stray.error.contains("--var is for --expr"))
  }
}
