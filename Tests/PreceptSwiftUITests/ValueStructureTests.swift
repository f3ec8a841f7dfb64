import Precept
import Testing

@testable import PreceptSwiftUI

/// The structure of the value of `Text(…)`'s first argument, or of the first modifier's.
private func value(_ expression: String, modifier: Bool = false) throws -> ViewExpression? {
  let source = modifier ? "Text(\"a\").tint(\(expression))" : "Text(\(expression))"
  let node = try #require(try read(source).first)
  return modifier ? node.modifiers.first?.args.first?.expression : node.args.first?.expression
}

/// The structure of the Button's action closure.
private func action(_ text: String) throws -> ViewExpression? {
  let node = try #require(try read(text).first)
  return node.args.first { $0.label == "action" }?.expression
}

/// Every expression of a tree, in preorder.
private func flattened(_ root: ViewExpression) -> [ViewExpression] {
  var result: [ViewExpression] = []
  var pending = [root]
  while let next = pending.popLast() {
    result.append(next)
    pending += next.subexpressions.reversed()
  }
  return result
}

@Suite struct ValueStructureTests {
  @Test func literalsKeepTheirValues() throws {
    #expect(try value(#""Save""#)?.form == .string)
    #expect(try value(#""Save""#)?.string == "Save")
    #expect(try value("true")?.form == .bool)
    #expect(try value("nil")?.form == .nil)
    #expect(try value("1_000")?.number == 1000)
    #expect(try value("0x10")?.number == 16)
  }

  @Test(arguments: [("44 + 4", 48.0), ("2 * 22", 44.0), ("-4", -4.0), ("(10 + 2) * 2", 24.0), ("1 + 2 * 3", 7.0)])
  func constantArithmeticIsFolded(_ row: (String, Double)) throws {
    let expression = try value(row.0)
    #expect(expression?.form == .number)
    #expect(expression?.number == row.1)
    #expect(expression?.text == row.0)
  }

  @Test func operatorsGroupByPrecedence() throws {
    let expression = try #require(try value("a || b && !c"))
    #expect(expression.form == .binary)
    #expect(expression.operatorName == "||")
    #expect(expression.rhs?.operatorName == "&&")
    #expect(expression.rhs?.rhs?.form == .prefix)
    #expect(expression.rhs?.rhs?.base?.name == "c")
    #expect(try value("width / 0")?.form == .binary)
  }

  @Test func memberChainsAndCalls() throws {
    let expression = try #require(try value("model.user.name.uppercased()"))
    #expect(expression.form == .call)
    #expect(expression.name == "uppercased")
    #expect(expression.base?.name == "name")
    #expect(expression.base?.base?.base?.form == .identifier)
    let implicit = try #require(try value(".destructive"))
    #expect(implicit.form == .member)
    #expect(implicit.base == nil)
    let call = try #require(try value("format(count, style: .short)"))
    #expect(call.args.map(\.label) == [nil, "style"])
    #expect(call.args[1].expression?.name == "short")
  }

  /// One closure in the styles people write it: on one line, over several, with `;`, with a
  /// signature; `self.` assignments; `withAnimation { x.toggle() }`.
  @Test(arguments: [
    "Button(action: { isOn.toggle(); count = 2 }) { Text(\"a\") }",
    "Button(action: {\n  isOn.toggle()\n  count = 2\n}) { Text(\"a\") }",
    "Button(action: { () in\n  self.isOn.toggle()\n  self.count = 2\n}) { Text(\"a\") }",
    "Button(\"a\") {\n  isOn.toggle()\n  count =\n    2\n}",
  ])
  func closuresKeepTheirStatements(_ text: String) throws {
    let closure = try #require(try action(text))
    #expect(closure.form == .closure)
    #expect(closure.statements.map(\.form) == [.call, .assignment])
    #expect(closure.statements[0].name == "toggle")
    #expect(closure.statements[0].base?.name == "isOn")
    #expect(closure.statements[1].operatorName == "=")
    #expect(closure.statements[1].target?.name == "count")
    #expect(closure.statements[1].rhs?.number == 2)
  }

  @Test func selfAssignmentsAndCompoundOperators() throws {
    let closure = try #require(try action("Button(\"a\") { self.count += 1; self.model.sort = .name }"))
    let first = closure.statements[0]
    #expect(first.form == .assignment)
    #expect(first.operatorName == "+=")
    #expect(first.target?.form == .member)
    #expect(first.target?.base?.name == "self")
    #expect(closure.statements[1].target?.text == "self.model.sort")
  }

  @Test(arguments: [
    "Button(\"a\") { withAnimation { isOn.toggle() } }",
    "Button(\"a\") { withAnimation(.spring()) { self.isOn.toggle() } }",
    "Button(\"a\") {\n  withAnimation(.easeInOut(duration: 0.2)) {\n    isOn.toggle()\n  }\n}",
  ])
  func closuresPassedOnKeepTheirStatements(_ text: String) throws {
    let closure = try #require(try action(text))
    let call = try #require(closure.statements.first)
    #expect(call.form == .call)
    #expect(call.name == "withAnimation")
    let inner = try #require(call.args.last?.expression)
    #expect(inner.form == .closure)
    #expect(inner.statements.first?.name == "toggle")
  }

  @Test func ifStatementsInClosures() throws {
    let closure = try #require(
      try action("Button(\"a\") { if isOn { stop() } else if ready { start() } else { wait() } }"))
    let statement = try #require(closure.statements.first)
    #expect(statement.form == .if)
    #expect(statement.condition?.name == "isOn")
    #expect(statement.then?.statements.first?.name == "stop")
    #expect(statement.otherwise?.form == .if)
    #expect(statement.otherwise?.otherwise?.statements.first?.name == "wait")
  }

  @Test(arguments: [
    "isOn ? .green : .red", "(isOn) ? .green : .red", "(a && (b || c(d))) ? .green : .red",
    "item.status?.isUp == true ? .green : .red",
  ])
  func ternariesKeepConditionAndBranches(_ text: String) throws {
    let expression = try #require(try value(text, modifier: true))
    #expect(expression.form == .ternary)
    #expect(expression.then?.name == "green")
    #expect(expression.otherwise?.name == "red")
    #expect(expression.condition?.text.contains("?") == false || text.hasPrefix("item"))
  }

  @Test func nestedTernariesAreRightAssociative() throws {
    let expression = try #require(try value("a ? .red : b ? .orange : .green", modifier: true))
    #expect(expression.otherwise?.form == .ternary)
    #expect(expression.otherwise?.then?.name == "orange")
  }

  @Test(arguments: [
    (".red", "red"), ("Color.red", "red"), ("Color(.systemRed)", "red"), ("Color(uiColor: .systemRed)", "red"),
    ("UIColor.systemRed", "red"), (".red.opacity(0.5)", "red"), ("Color.blue.gradient", "blue"),
    (".primary", "primary"),
    ("Color.accentColor", "accentColor"), ("Color(.label)", "label"),
  ])
  func coloursByName(_ row: (String, String)) throws {
    let expression = try #require(try value(row.0, modifier: true))
    #expect(expression.form == .color, "\(row.0)")
    #expect(expression.name == row.1, "\(row.0)")
    #expect(expression.text == row.0)
  }

  @Test func coloursByComponentsAndAsset() throws {
    let components = try #require(try value("Color(red: 1, green: 0.5, blue: 0)", modifier: true))
    #expect(components.form == .color)
    #expect(components.components == [1, 0.5, 0])
    let asset = try #require(try value(#"Color("Brand")"#, modifier: true))
    #expect(asset.asset == "Brand")
    #expect(asset.name == nil)
    #expect(try value(".redAccent", modifier: true)?.form == .member)
  }

  @Test func fonts() throws {
    let style = try #require(try value(".headline.bold()", modifier: true))
    #expect(style.form == .font)
    #expect(style.textStyle == "headline")
    #expect(style.scales == true)
    let fixed = try #require(try value(".system(size: 12, weight: .bold)", modifier: true))
    #expect(fixed.pointSize == 12)
    #expect(fixed.scales == false)
    #expect(try value("Font.system(.title, design: .rounded)", modifier: true)?.textStyle == "title")
    let custom = try #require(try value(#".custom("Inter", size: 14)"#, modifier: true))
    #expect(custom.name == "Inter")
    #expect(custom.relativeTo == "body")
    #expect(custom.scales == true)
    #expect(
      try value(#"Font.custom("Inter", size: 14, relativeTo: .caption)"#, modifier: true)?.relativeTo == "caption")
    let fixedCustom = try #require(try value(#".custom("Inter", fixedSize: 20)"#, modifier: true))
    #expect(fixedCustom.scales == false)
    #expect(fixedCustom.pointSize == 20)
  }

  @Test func bindings() throws {
    let simple = try #require(try value("$isOn"))
    #expect(simple.form == .binding)
    #expect(simple.target?.name == "isOn")
    let path = try #require(try value("$model.settings.isOn"))
    #expect(path.form == .binding)
    #expect(path.target?.text == "model.settings.isOn")
    #expect(path.target?.base?.name == "settings")
    let constant = try #require(try value(".constant(true)"))
    #expect(constant.form == .binding)
    #expect(constant.name == "constant")
    #expect(constant.args.first?.expression?.form == .bool)
    let custom = try #require(try value("Binding(get: { value }, set: { value = $0 })"))
    #expect(custom.form == .binding)
    #expect(custom.args.map(\.label) == ["get", "set"])
    #expect(custom.args[1].expression?.statements.first?.form == .assignment)
    #expect(try value("$0")?.form == .identifier)
  }

  @Test func localizedStrings() throws {
    let localized = try #require(try value(#"String(localized: "Delete")"#))
    #expect(localized.form == .localized)
    #expect(localized.string == "Delete")
    #expect(try value(#"LocalizedStringKey("menu.title")"#)?.string == "menu.title")
    #expect(try value(#"NSLocalizedString("Done", comment: "")"#)?.form == .localized)
    #expect(try value(#"String(localized: key)"#)?.string == "")
    // A key given to Text is a string literal.
    #expect(try value(#""Delete""#)?.form == .string)
  }

  @Test func interpolationsKeepPartsAndHoles() throws {
    let expression = try #require(try value(#""\(count) items in \(folder.name)""#))
    #expect(expression.form == .interpolation)
    #expect(expression.parts.map(\.form) == [.identifier, .string, .member])
    #expect(expression.parts[1].string == " items in ")
    #expect(expression.parts[2].base?.name == "folder")
    let raw = try #require(try value(##"#"Hi \#(name)!"#"##))
    #expect(raw.parts.map(\.form) == [.string, .identifier, .string])
    #expect(raw.parts[2].string == "!")
  }

  @Test func arraysAndWhatIsLeftAsText() throws {
    let array = try #require(try value("[.isHeader, .isButton]", modifier: true))
    #expect(array.form == .array)
    #expect(array.elements.map(\.name) == ["isHeader", "isButton"])
    #expect(try value(#"["a": 1]"#)?.form == .other)
    #expect(try value(#"\.name"#)?.form == .other)
    #expect(try value("items[0]")?.form == .other)
  }

  @Test func ifConditionsKeepTheirStructure() throws {
    let node = try #require(try read("if self.showMenu && !isLocked { Text(\"a\") }").first)
    let condition = try #require(node.args.first?.expression)
    #expect(condition.form == .binary)
    #expect(condition.base?.text == "self.showMenu")
    let ternary = try #require(try read("isOn ? Text(\"a\") : Text(\"b\")").first)
    #expect(ternary.args.first?.expression?.form == .identifier)
  }

  /// Nested arguments keep the positions of their source.
  @Test func nestedArgumentsHavePositions() throws {
    let node = try #require(try read("Text(\"a\")\n  .font(.custom(\"Inter\", size: 12))").first)
    let inner = try #require(node.modifiers.first?.args.first?.expression?.args.last)
    #expect(inner.label == "size")
    #expect(inner.line == 2)
    #expect(inner.column == 26)
  }
}

/// However deep or large a value is, its structure stays within the bounds, and reading it
/// never fails or recurses without limit.
@Suite struct ValueBoundsTests {
  private static func check(_ expression: ViewExpression?) {
    guard let expression else { return }
    // The reader measures a tree's depth only when the expressions it took could nest too
    // deep, and the document's JSON depth only where this bound could overflow it.
    #expect(expression.depth <= ViewExpression.maximumDepth)
    #expect(expression.jsonDepth <= ViewExpression.maximumJSONDepth)
    #expect(expression.size <= ViewExpression.maximumSize + ViewExpression.maximumDepth)
  }

  /// Eight small bindings and `if`s (each two levels for one expression taken): the smallest
  /// trees whose depth the reader still measures.
  @Test func smallTreesThatNestTwoLevelsPerExpressionStayWithinBounds() throws {
    let ifs = String(repeating: "if a { ", count: 9) + "x = 1" + String(repeating: " }", count: 9)
    Self.check(try action("Button(\"a\") { \(ifs) }"))
    Self.check(try value("f(g(h($a.b.c)))"))
  }

  /// An expression is a value: changing a copy leaves the original (and what shares its
  /// storage) as it was.
  @Test func copiesOfAnExpressionAreIndependent() throws {
    let original = try #require(try value("isOn ? .green : .red"))
    var copy = original
    copy.name = "changed"
    copy.then?.name = "blue"
    copy[.condition] = nil
    #expect(original.name == nil)
    #expect(original.then?.name == "green")
    #expect(original.condition?.name == "isOn")
    #expect(copy.then?.name == "blue")
    #expect(copy.condition == nil)
    #expect(copy != original)
    #expect(try value("isOn ? .green : .red") == original)
  }

  @Test func deepTernaryChainsAreCapped() throws {
    let chain = (0..<400).map { "c\($0) ? .red : " }.joined() + ".green"
    let expression = try value(chain, modifier: true)
    Self.check(expression)
    #expect(expression?.form == .ternary)
    #expect(flattened(expression!).contains { $0.form == .other })
  }

  @Test func longChainsAndOperatorSequencesAreCapped() throws {
    Self.check(try value((0..<500).map { "m\($0)" }.joined(separator: ".")))
    Self.check(try value((0..<500).map { "x\($0)" }.joined(separator: " + ")))
    Self.check(try value((0..<500).map { _ in "1" }.joined(separator: " + ")))
    Self.check(try value(String(repeating: "!", count: 300) + "x"))
    Self.check(try value("f" + String(repeating: "()", count: 400)))
  }

  @Test func hugeClosuresAndCallsAreCapped() throws {
    let statements = (0..<5000).map { "value\($0) = \($0)" }.joined(separator: "\n")
    let closure = try #require(try action("Button(\"a\") {\n\(statements)\n}"))
    Self.check(closure)
    #expect(closure.statements.last?.form == .other)
    let call = try value("f(" + (0..<3000).map { "a\($0): \($0)" }.joined(separator: ", ") + ")")
    Self.check(call)
    #expect(call?.form == .other)
    let array = try value("[" + (0..<3000).map { "\($0)" }.joined(separator: ", ") + "]")
    Self.check(array)
  }

  @Test func nestedClosuresAndInterpolationsAreCapped() throws {
    let nested = String(repeating: "run { ", count: 60) + "x = 1" + String(repeating: " }", count: 60)
    Self.check(try action("Button(\"a\") { \(nested) }"))
    var literal = "x"
    for _ in 0..<12 { literal = #""a \("# + literal + #") b""# }
    Self.check(try value(literal))
  }

  /// Random expressions from a small grammar: reading never fails and stays within bounds.
  @Test func randomExpressionsStayWithinBounds() throws {
    var generator = SeededGenerator(seed: 14)
    let atoms = ["x", "self.y", "1", "2.5", "\"s\"", ".red", "Color.blue", "$b", "nil", "true", "\"\\(x)\""]
    func expression(_ depth: Int) -> String {
      if depth > 30 { return atoms[Int(generator.next() % UInt64(atoms.count))] }
      switch generator.next() % 11 {
      case 0: return expression(depth + 1) + " ? " + expression(depth + 1) + " : " + expression(depth + 1)
      case 1: return expression(depth + 1) + " + " + expression(depth + 1)
      case 2: return "!" + expression(depth + 1)
      case 3: return "(" + expression(depth + 1) + ")"
      case 4: return "f(" + expression(depth + 1) + ", k: " + expression(depth + 1) + ")"
      case 5: return "{ v = " + expression(depth + 1) + "; w.toggle() }"
      case 6: return "[" + expression(depth + 1) + ", " + expression(depth + 1) + "]"
      case 7: return expression(depth + 1) + ".m"
      case 8: return "withAnimation { if " + expression(depth + 1) + " { z = 1 } }"
      default: return atoms[Int(generator.next() % UInt64(atoms.count))]
      }
    }
    for _ in 0..<150 {
      let text = expression(0)
      let node = try #require(try read("Text(\"a\").tint(\(text))").first)
      Self.check(node.modifiers.first?.args.first?.expression)
    }
  }
}

/// SplitMix64, so the random test reads the same expressions on every run.
private struct SeededGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
