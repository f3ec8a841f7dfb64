import Testing

@testable import Precept

/// The run loop's fast paths: instructions taken without a dispatch of their own (`local` then
/// `builtinConstant`; `iterInit` then the accumulator's `true`/`false` and `setLocal`; `not`
/// then `or`) and the node queries, sizes, field reads and list membership answered without
/// the general builtin call. None changes the bytecode, so each is checked against the
/// general path: an explain-mode run (which dispatches every instruction on its own) and the
/// general functions must give the same value, error and cost.
@Suite struct RunLoopFastPathTests {
  /// The MapScreen nodes by type, in preorder.
  static func node(_ type: String, _ occurrence: Int = 0) -> Word {
    let model = MapScreen.model
    let found = (0..<model.nodeCount).filter { model.string(model.nodes[$0].type) == type }
    return .node(Int32(found[occurrence]))
  }

  /// Runs `expression` (over the rule binding `n`) on `node` twice, untraced and in explain
  /// mode, and returns both results as text and both costs.
  static func bothWays(_ expression: String, on node: Word, limits: EvaluationLimits = .standard) throws -> (
    plain: String, traced: String, plainCost: Int, tracedCost: Int
  ) {
    let text = """
      ruleset probe 1.0.0
      rule value { severity error on * as n require false message \"\"\"{[\(expression)]}\"\"\" }
      """
    let ruleset = try Ruleset(text: text)
    let function = try #require(ruleset.program.compiledRules[0].message)
    // A VM each: a first run may fill caches (compiled patterns) that change a second's cost.
    let vm = VM(program: ruleset.program, model: MapScreen.model, limits: limits)
    let plain = vm.run(function, [node])
    let observed = VM(program: ruleset.program, model: MapScreen.model, limits: limits)
    let (traced, _) = observed.runTraced(function, [node])
    return ("\(vm.value(of: plain))", "\(observed.value(of: traced))", vm.cost, observed.cost)
  }

  static let expressions: [String] = [
    // `local` then `builtinConstant`: node queries by name, on nodes, modifiers and null.
    #"n.hasModifier("accessibilityLabel")"#, #"n.hasModifier("sheet")"#, #"n.modifier("overlay").line"#,
    #"n.modifiers("overlay").size()"#, #"n.slot("label").size()"#, #"n.slot("header").size()"#,
    #"n.arg("role") == null"#, #"n.arg("systemName").value"#, #"n.modifier("sheet").slot("x").size()"#,
    #"dyn(n.modifier("overlay")).hasModifier("x")"#, #"n.modifier("accessibilityLabel").arg(0).value"#,
    #"n.text().startsWith("Dup")"#, #"n.text().endsWith("ete")"#, #"n.text().contains("up")"#,
    #"n.type.matches("^B")"#, #"n.text().split("l").size()"#,
    // `size()`, `text()` and `lowerAscii()` of one receiver.
    "n.children.size()", "n.text().size()", "n.args.size() >= 1", "n.text().lowerAscii() == 'delete'",
    #"n.modifier("accessibilityLabel").text()"#, #"n.modifier("sheet").text()"#, "n.args.map(a, a.text())",
    "dyn(n.line).size()", "n.args[0].kind.size()",
    // Comprehensions whose accumulator starts as `true` or `false`, over empty and full lists.
    "n.children.all(c, c.type == 'Button')", "n.children.exists(c, c.type == 'Image')",
    "n.args.exists(a, a.kind == 'string')", "n.modifiers.all(m, m.args.size() > 0)",
    "dyn(n.line).all(x, x > 0)", "n.descendants.exists(d, d.hasModifier('accessibilityLabel'))",
    // `not` then `or`.
    "!n.text().startsWith('Delete') || n.arg('role').value == '.destructive'", "!(n.line > 100) || false",
    "!dyn(n.line) || true",
    // Fields read in one call: children, args, parent, owner, an argument's kind.
    "n.parent.type", "n.owner.name", "n.children.map(c, c.type)", "n.args.map(a, a.kind)",
    "n.parent.parent.parent.parent.children", "n.modifiers.map(m, m.children.size())",
    "n.owner.properties.map(p, p.wrapper)", "n.args.map(a, a.parent == n)",
    // Membership of a string the evaluation made, and of interned ones.
    "n.text().lowerAscii() in ['delete', 'open', 'ok']", "n.type.lowerAscii() in ['button', 1, null]",
    "n.text() + 'x' in ['Deletex']", "n.type in ['Button', 'Menu']",
    // A string's case changed, then its membership in a constant list: one step, no string made.
    "n.text().upperAscii() in ['DELETE', 'DUPLICATE', 'X']", "n.text().lowerAscii() in ['duplicate', 'delete', '']",
    "n.type.upperAscii() in ['BUTTON', 'MENU', 'IMAGE']", "n.text().lowerAscii() in ['Delete', 'DELETE', 'dElete']",
    "'ÉCLAIR Ok'.lowerAscii() in ['Éclair ok', 'éclair ok']", "'éclair ok'.upperAscii() in ['ÉCLAIR OK', 'éCLAIR OK']",
    "n.text().lowerAscii() in ['delete', true, 2.5, ['delete'], null]", "dyn(n.line).lowerAscii() in ['x']",
    "n.text().lowerAscii() in []", "n.children.map(c, c.text().lowerAscii() in ['delete', 'duplicate'])",
  ]

  @Test(arguments: expressions)
  func fastAndGeneralPathsAgree(_ expression: String) throws {
    for type in ["Menu", "Button", "Image", "Text", "struct", "if"] {
      for occurrence in 0..<(type == "Button" || type == "Text" ? 2 : 1) {
        let node = Self.node(type, occurrence)
        let run = try Self.bothWays(expression, on: node)
        #expect(run.plain == run.traced, "\(expression) on \(type) \(occurrence)")
        #expect(run.plainCost == run.tracedCost, "\(expression) on \(type) \(occurrence): cost")
      }
    }
  }

  /// A budget that runs out inside a fused pair stops both runs alike.
  @Test func theBudgetStopsAFusedPairAsItStopsTheTwoInstructions() throws {
    let expression = "n.descendants.exists(d, d.hasModifier('sheet')) || n.descendants.all(d, d.slot('x').size() == 0)"
    for budget in 1...40 {
      let limits = EvaluationLimits(costBudget: budget)
      let run = try Self.bothWays(expression, on: Self.node("struct"), limits: limits)
      #expect(run.plain == run.traced, "budget \(budget)")
      #expect(run.plainCost == run.tracedCost, "budget \(budget): cost")
    }
  }

  /// A budget that runs out at a string's case change, or just after it, stops the fused
  /// change and membership where it stops the two instructions.
  @Test func theBudgetStopsACaseChangedMembershipAsItStopsTheTwoInstructions() throws {
    let expression =
      "n.children.exists(c, c.text().lowerAscii() in ['open', 'duplicate', 'a much longer title than any of them'])"
    for budget in 1...40 {
      let limits = EvaluationLimits(costBudget: budget)
      let run = try Self.bothWays(expression, on: Self.node("Menu"), limits: limits)
      #expect(run.plain == run.traced, "budget \(budget)")
      #expect(run.plainCost == run.tracedCost, "budget \(budget): cost")
    }
  }

  /// Every builtin of a receiver and a string, on every kind of receiver: the direct answers of
  /// `callBuiltin(_:_:constant:)` and `callUnaryBuiltin` are those of the general call.
  @Test func directBuiltinsAnswerAsTheGeneralCall() throws {
    let ruleset = try Ruleset(text: "ruleset probe 1.0.0\nrule r { severity error on * as n require true }")
    let vm = VM(program: ruleset.program, model: MapScreen.model)
    let strings = ["accessibilityLabel", "overlay", "label", "role", "systemName", "Delete", "e", ""].map {
      Word.string(vm.heap.intern(Array($0.utf8)))
    }
    let scratch = Word.string(vm.heap.makeString(Array("Delete all".utf8)))
    let error = vm.heap.makeError("boom")
    let receivers: [Word] =
      [
        Self.node("Menu"), Self.node("Button", 1), Self.node("Image"), .modifier(0), .modifier(1), .argument(0),
        .property(0), .null, .int(3), .bool(true), scratch, error,
        .list(vm.heap.makeList(.members, start: 0, count: 2)),
      ] + strings
    func general(_ raw: Int32, _ words: [Word]) -> String {
      "\(vm.value(of: words.withUnsafeBufferPointer { vm.callBuiltin(raw, $0) }))"
    }
    for builtin in Builtin.allCases {
      let counts = builtin.globalArities + builtin.methodArities.map { $0 + 1 }
      for receiver in receivers {
        if counts.contains(2) {
          for argument in strings {
            _ = general(builtin.rawValue, [receiver, argument])  // a pattern is compiled (and charged) once
            vm.cost = 0
            let direct = "\(vm.value(of: vm.callBuiltin(builtin.rawValue, receiver, constant: argument)))"
            let directCost = vm.cost
            vm.cost = 0
            #expect(
              direct == general(builtin.rawValue, [receiver, argument]), "\(builtin) of \(receiver), \(argument)")
            #expect(directCost == vm.cost, "\(builtin) of \(receiver): cost")
          }
        }
        if counts.contains(1) {
          vm.cost = 0
          let direct = "\(vm.value(of: vm.callUnaryBuiltin(builtin.rawValue, receiver)))"
          let directCost = vm.cost
          vm.cost = 0
          #expect(direct == general(builtin.rawValue, [receiver]), "\(builtin) of \(receiver)")
          #expect(directCost == vm.cost, "\(builtin) of \(receiver): cost")
        }
      }
    }
  }

  /// Every field on every kind of value: `selectField` answers as `select`.
  @Test func fieldsReadInOneCallAnswerAsSelect() throws {
    let ruleset = try Ruleset(text: "ruleset probe 1.0.0\nrule r { severity error on * as n require n.type == 'x' }")
    let vm = VM(program: ruleset.program, model: MapScreen.model)
    // The name only appears in error messages: the rule's one constant.
    let name = Int32(0)
    var operands: [Word] = (0..<Int32(MapScreen.model.nodeCount)).map { .node($0) }
    operands += (0..<Int32(MapScreen.model.arguments.count)).map { .argument($0) }
    operands += [.modifier(0), .modifier(2), .property(1), .null, .int(1), vm.heap.makeError("boom")]
    for field in NodeField.allCases.map(\.rawValue) + [-1] {
      for operand in operands {
        let fast = "\(vm.value(of: vm.selectField(operand, name: name, field: field)))"
        let general = "\(vm.value(of: vm.select(operand, name: name, field: field)))"
        #expect(fast == general, "field \(field) of \(operand)")
      }
    }
  }

  /// An argument's number read from its bytes is the number `Int64(_:)` reads, and anything it
  /// does not read is left to `Int64(_:)` and `Double(_:)`.
  @Test func plainIntegersAreReadAsInt64ReadsThem() {
    let texts = [
      "0", "44", "1_000", "-5", "-_5", "007", "-0", "999999999999999999", "9999999999999999999", "+5", "1e3", "2.5",
      "-", "_", "", "--5", "4-4", "0x10", " 4", "44 ",
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      let fast = bytes.withUnsafeBufferPointer { VM.plainInteger($0) }
      let general = Int64(String(text.filter { $0 != "_" }))
      if let fast {
        #expect(fast == general, "\(text)")
      } else {
        // Only what has no digits, or more than 18, or anything but digits, `-` and `_`.
        let digits = text.filter(\.isNumber).count
        let plain =
          text.allSatisfy { $0.isNumber || $0 == "_" || $0 == "-" } && text.filter { $0 == "-" }.count <= 1
          && (text.first == "-" || !text.contains("-"))
        #expect(digits == 0 || digits > 18 || !plain, "\(text) is left to Int64")
      }
    }
    #expect(MapScreen.values(#"n.args.map(a, a.value)"#, on: "Text as n").first == #"[1000, 2.5, true, "x + 1"]"#)
  }
}
