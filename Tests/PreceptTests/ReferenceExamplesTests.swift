import Foundation
import Testing

@testable import Precept

/// Checks the examples of the language reference, Grammar/README.md (its last section says
/// how): every ```precept block compiles, every line of a ```cel block parses and checks and,
/// when it ends in `// → VALUE`, evaluates to that value; the list of built-in functions is
/// generated from `Builtin.signature`.
@Suite struct ReferenceExamplesTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Grammar/README.md")

  struct Block: Sendable, CustomTestStringConvertible {
    var language: String
    /// 1-based line of the first line of code.
    var line: Int
    var code: [String]
    var variables: [String]

    var testDescription: String { "\(language) block at README.md:\(line)" }
  }

  static let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""

  /// The fenced blocks of the README, with the variables an HTML comment before each declares.
  static let blocks: [Block] = {
    var blocks: [Block] = []
    var current: Block?
    var previous = ""
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if var block = current {
        if line.hasPrefix("```") {
          blocks.append(block)
          current = nil
        } else {
          block.code.append(line)
          current = block
        }
        continue
      }
      if line.hasPrefix("```") {
        var variables: [String] = []
        if previous.hasPrefix("<!-- variables:"), previous.hasSuffix("-->") {
          variables = previous.dropFirst("<!-- variables:".count).dropLast(3).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
          }
        }
        current = Block(language: String(line.dropFirst(3)), line: index + 2, code: [], variables: variables)
      }
      if !line.trimmingCharacters(in: .whitespaces).isEmpty { previous = line }
    }
    return blocks
  }()

  static let rulesetBlocks = blocks.filter { $0.language == "precept" }
  static let expressionBlocks = blocks.filter { $0.language == "cel" }

  @Test func theReferenceHasExamples() {
    #expect(Self.rulesetBlocks.count >= 10)
    #expect(Self.expressionBlocks.count >= 10)
    #expect(Self.blocks.allSatisfy { ["precept", "cel", ""].contains($0.language) })
  }

  /// Imports of a standard ruleset (`import global ^1.0`) get the one in `Rulesets/`, so an
  /// example that extends one of its rules is checked against it; other names are empty rulesets.
  static let resolver: Ruleset.Resolver = { name, _ in
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Rulesets/\(name).precept")
    guard let data = try? Data(contentsOf: file) else { return try Ruleset(text: "ruleset \(name) 1.0.0") }
    return try Ruleset(source: SourceFile(name: "Rulesets/\(name).precept", bytes: Array(data)), resolver: resolver)
  }

  @Test(arguments: rulesetBlocks)
  func rulesetExampleCompiles(_ block: Block) {
    var text = block.code.joined(separator: "\n")
    if !text.hasPrefix("ruleset ") && !text.hasPrefix("library ") { text = "ruleset example 1.0.0\n" + text }
    do {
      _ = try Ruleset(text: text, name: "README.md:\(block.line)", resolver: Self.resolver)
    } catch {
      Issue.record("\(error.rendered())")
    }
  }

  @Test(arguments: expressionBlocks)
  func expressionExamplesCheckAndEvaluate(_ block: Block) {
    for (offset, line) in block.code.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      let location = "README.md:\(block.line + offset)"
      let parts = line.components(separatedBy: "// → ")
      let expression = parts[0]
      do {
        _ = try CompiledExpression(expression, variables: block.variables, name: location)
      } catch {
        Issue.record("\(error.rendered())")
        continue
      }
      guard parts.count == 2 else { continue }
      #expect(block.variables.isEmpty, "\(location): only examples without variables can show a value")
      let expected = parts[1].trimmingCharacters(in: .whitespaces)
      #expect(evaluated(expression) == expected, "\(location): \(expression)")
    }
  }

  /// The Markdown list of built-in functions, grouped as `Builtin` declares them.
  static var builtinList: String {
    let groups: [(String, ClosedRange<Int32>)] = [
      ("Sizes and strings", Builtin.size.rawValue...Builtin.charAt.rawValue),
      ("Conversions and types", Builtin.toInt.rawValue...Builtin.typeOf.rawValue),
      (
        "Node functions (see [the node model](#the-node-model))",
        Builtin.arg.rawValue...Builtin.descendantsOfType.rawValue
      ),
    ]
    var out = ""
    for (title, range) in groups {
      out += "\n**\(title)**\n\n"
      for builtin in Builtin.allCases where range.contains(builtin.rawValue) {
        let parts = builtin.signature.split(separator: ": ", maxSplits: 1)
        out += "- `\(parts[0])`" + (parts.count == 2 ? " — \(parts[1])" : "") + "\n"
      }
    }
    return out + "\n"
  }

  @Test func builtinListIsGeneratedFromTheSignatures() throws {
    let begin = try #require(Self.text.range(of: "<!-- builtins:begin"))
    let afterBegin = try #require(Self.text.range(of: "-->\n", range: begin.upperBound..<Self.text.endIndex))
    let end = try #require(Self.text.range(of: "<!-- builtins:end -->"))
    let current = String(Self.text[afterBegin.upperBound..<end.lowerBound])
    let generated = Self.builtinList
    if current != generated {
      if Golden.updating {
        var text = Self.text
        text.replaceSubrange(afterBegin.upperBound..<end.lowerBound, with: generated)
        try text.write(to: Self.readme, atomically: true, encoding: .utf8)
      } else {
        Issue.record(
          "the list of built-in functions in Grammar/README.md is out of date; run with PRECEPT_UPDATE_GOLDENS=1")
      }
    }
  }
}
