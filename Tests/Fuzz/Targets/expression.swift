// Fuzz target: an expression is compiled (checked, and unchecked when checking rejects it),
// evaluated with the standard limits, and its value printed; a printed value must read back
// as itself.

import Precept

/// The variables every fuzzed expression may use, one of each kind of value.
let bindings: [String: Value] = [
  "x": .int(-7),
  "u": .uint(42),
  "d": .double(2.5),
  "s": .string("Delete «all» items"),
  "b": .bytes([0x00, 0xFF, 0x41]),
  "l": .list([.int(1), .string("two"), .list([.double(3)]), .null]),
  "m": .map([.init(.string("k"), .int(1)), .init(.int(2), .bool(true))]),
  "n": .null,
  "t": .type("int"),
]
let names = bindings.keys.sorted()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: input(data, size), as: UTF8.self)
  let expression: CompiledExpression
  do {
    expression = try CompiledExpression(text, variables: names)
  } catch {
    render(error)
    do {
      expression = try CompiledExpression(text, variables: names, checked: false)
    } catch {
      render(error)
      return 0
    }
  }
  _ = expression.disassembly
  guard case .success(let value) = expression.evaluate(bindings) else { return 0 }
  checkReadsBack(value)
  return 0
}

/// `Printer.literal` promises a literal that evaluates to the same value.
func checkReadsBack(_ value: Value) {
  let literal = Printer.literal(value)
  _ = Printer.display(value)
  let again: Value
  do {
    switch try CompiledExpression(literal, name: "<literal>").evaluate() {
    case .success(let value): again = value
    case .failure(let error): violated("a printed value evaluates", "\(literal)\n\(error)")
    }
  } catch {
    violated("a printed value compiles", "\(literal)\n\(error)")
  }
  if Printer.literal(again) != literal {
    violated("a printed value reads back as itself", "\(literal)\n\(Printer.literal(again))")
  }
}
