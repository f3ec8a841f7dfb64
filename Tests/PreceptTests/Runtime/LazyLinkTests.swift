import Testing

@testable import Precept

/// A VM links a string, bytes or list constant to its model the first time a function that
/// names it, or a function calling one that does, is to run: a file's rules run a few of a
/// program's functions, so most of its constants are never looked up in that file's model.
@Suite struct LazyLinkTests {
  static let source = """
    ruleset lazy 1.0.0
    let labelled(n) = n.hasModifier("accessibilityLabel")
    let named(n) = labelled(n) || n.text() == "Actions"
    rule menu-name {
      severity error
      on Menu as m
      when m.children.size() > 0
      require named(m)
      message "unnamed"
    }
    rule button-title {
      severity warning
      on Button as b
      require b.text() in ["Duplicate", "Delete"] || b.arg("role").value == ".destructive"
      message "untitled"
    }
    """

  static let program = try! Ruleset(text: source).program

  /// The constants to link that `function` and the functions it calls name.
  static func constants(reachedFrom function: Int) -> Set<Int32> {
    let linkage = program.linkage
    var found = Set<Int32>()
    var pending = [function]
    var seen: Set<Int> = [function]
    while let next = pending.popLast() {
      for position in Int(linkage.useStarts[next])..<Int(linkage.useStarts[next + 1]) {
        let use = linkage.uses[position]
        if use >= 0 {
          found.insert(use)
        } else if seen.insert(Int(-1 - use)).inserted {
          pending.append(Int(-1 - use))
        }
      }
    }
    return found
  }

  @Test func theUsesOfAFunctionAreTheConstantsItsCodeNamesAndTheFunctionsItCalls() throws {
    let program = Self.program
    let labelled = try #require(program.functions.firstIndex { $0.name == "labelled" })
    let named = try #require(program.functions.firstIndex { $0.name == "named" })
    func text(_ index: Int32) -> String? {
      if case .string(let text) = program.constants[Int(index)] { return text }
      return nil
    }
    let uses = (Int(program.linkage.useStarts[named])..<Int(program.linkage.useStarts[named + 1])).map {
      program.linkage.uses[$0]
    }
    // `named` names "Actions" and calls `labelled`, which names "accessibilityLabel".
    #expect(uses.contains(Int32(-1 - labelled)))
    #expect(uses.compactMap { $0 >= 0 ? text($0) : nil } == ["Actions"])
    #expect(Self.constants(reachedFrom: named).compactMap(text).sorted() == ["Actions", "accessibilityLabel"])
  }

  @Test func runningOneRuleLinksItsConstantsAndNoOthers() throws {
    let program = Self.program
    let menu = program.compiledRules[0]
    let button = program.compiledRules[1]
    let vm = VM(program: program, model: MapScreen.model)
    #expect(vm.linkedConstantCount == 0)

    // The menu is labelled only through `named` → `labelled`: the string two calls down is
    // linked before the run reads it, or `hasModifier` would be asked about nothing.
    let menuNode = RunLoopFastPathTests.node("Menu")
    #expect(vm.value(of: vm.run(menu.requirements[0].function, [menuNode])) == .bool(true))
    let menuConstants = Self.constants(reachedFrom: menu.requirements[0].function)
    #expect(vm.linkedConstantCount == menuConstants.count)

    let buttonConstants = Self.constants(reachedFrom: button.requirements[0].function)
    #expect(menuConstants.isDisjoint(with: buttonConstants))
    #expect(vm.value(of: vm.run(button.requirements[0].function, [RunLoopFastPathTests.node("Button")])) == .bool(true))
    #expect(vm.linkedConstantCount == menuConstants.count + buttonConstants.count)
  }

  @Test func whatAVMLinkedForEarlierRunsDoesNotChangeALaterOne() throws {
    // Every rule's clauses on every node, last rule first and then again, by one VM that
    // keeps what it linked (the lists it made outlive the runs after them), and each by a new
    // VM that links only what that run needs: the same values.
    let program = Self.program
    let kept = VM(program: program, model: MapScreen.model)
    for rule in program.compiledRules.reversed() + program.compiledRules {
      for function in [rule.when].compactMap({ $0 }) + rule.requirements.map(\.function) {
        for node in 0..<MapScreen.model.nodeCount {
          let argument: [Word] = [.node(Int32(node))]
          let fresh = VM(program: program, model: MapScreen.model)
          let expected = "\(fresh.value(of: fresh.run(function, argument)))"
          #expect("\(kept.value(of: kept.run(function, argument)))" == expected, "\(rule.info.id), node \(node)")
        }
      }
    }
    #expect(kept.linkedConstantCount > 0)
  }
}
