import Foundation
import Precept

/// `precept-bench expr EXPR [--let NAME=@FILE.json | --let NAME=EXPR]… [--iterations N]`:
/// compiles EXPR once, evaluates it N times in each of three runs, and prints the runs and
/// their median as `ns/eval: X` on the last line.
struct ExprCommand {
  var expression: String
  /// Bindings in the order given; a later one may use the earlier ones.
  var bindings: [(name: String, value: String)] = []
  var iterations: Int?

  struct UsageError: Error {
    var message: String
  }

  static let usage = """
    usage: precept-bench                      the budgets' figures, measured side by side
           precept-bench expr EXPR [--let NAME=@FILE.json | --let NAME=EXPR]… [--iterations N]
                                              time one expression: three runs of N evaluations
                                              (default: about 0.5 s a run), then `ns/eval: MEDIAN`
    """

  init(arguments: [String]) throws(UsageError) {
    var expression: String?
    var index = 0
    func value(of option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--let":
        let binding = try value(of: argument)
        guard let equals = binding.firstIndex(of: "="), equals != binding.startIndex else {
          throw UsageError(message: "--let expects NAME=@FILE.json or NAME=EXPR, got '\(binding)'")
        }
        bindings.append((String(binding[..<equals]), String(binding[binding.index(after: equals)...])))
      case "--iterations":
        let text = try value(of: argument)
        guard let count = Int(text), count > 0 else {
          throw UsageError(message: "--iterations expects a positive number, got '\(text)'")
        }
        iterations = count
      default:
        if argument.hasPrefix("--") { throw UsageError(message: "unknown option '\(argument)'") }
        guard expression == nil else { throw UsageError(message: "expected one expression; quote it") }
        expression = argument
      }
      index += 1
    }
    guard let expression else { throw UsageError(message: "missing expression") }
    self.expression = expression
  }

  /// Runs the measurement; the exit status (1 when a binding or the expression fails).
  func run(print: (String) -> Void, fail: (String) -> Void) throws -> Int32 {
    var names: [String] = []
    var values: [String: Value] = [:]
    for (name, text) in bindings {
      let value: Value
      if text.hasPrefix("@") {
        let path = String(text.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else {
          fail("cannot read \(path)")
          return 2
        }
        value = Value(json: try JSON.parse(SourceFile(name: path, bytes: Array(data))))
      } else {
        switch try CompiledExpression(text, variables: names, name: "--let \(name)").evaluate(values) {
        case .success(let result): value = result
        case .failure(let error):
          fail("--let \(name): \(error.message)")
          return 1
        }
      }
      if !names.contains(name) { names.append(name) }
      values[name] = value
    }
    let compiled = try CompiledExpression(expression, variables: names)
    switch compiled.evaluate(values) {
    case .success(let value): print("value: \(Printer.literal(value))")
    case .failure(let error):
      fail(error.message)
      return 1
    }
    // Compile once, bind once, evaluate N times.
    let evaluator = compiled.evaluator(values)
    let count = iterations ?? Timing.iterations(toFill: 0.5) { _ = evaluator.evaluate() }
    var perEvaluation: [Double] = []
    for run in 1...3 {
      let seconds = Timing.seconds {
        for _ in 0..<count { _ = opaque(evaluator.evaluate()) }
      }
      perEvaluation.append(seconds / Double(count) * 1e9)
      print(
        "run \(run): \(Format.grouped(count)) evaluations in \(Format.fixed(seconds, 3)) CPU s = \(Format.fixed(perEvaluation.last!, 1)) ns/eval"
      )
    }
    print("ns/eval: \(Format.fixed(Timing.median(perEvaluation), 1))")
    return 0
  }
}
