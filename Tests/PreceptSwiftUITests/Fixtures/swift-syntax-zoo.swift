// swift-format-ignore-file
#if canImport(SwiftUI)
import SwiftUI
import Observation
#endif
@_exported import Foundation
import struct Foundation.URL

/* A block comment /* with a nested one */ still inside the outer comment */

precedencegroup PipePrecedence { associativity: left }
infix operator |> : PipePrecedence
prefix operator √
func |> <A, B>(value: A, transform: (A) -> B) -> B { transform(value) }
prefix func √ (value: Double) -> Double { value.squareRoot() }

@Observable
final class ViewModel {
  var items: [Item] = []
  var ratio = √16.0 |> { $0 / 2 }
  let pattern = /(\w+)@(\w+)\.com/
  let extended = #/
    (?<user> \w+ ) @ (?<host> \w+ )   # comment inside an extended regex
  /#
  let half = 10 / 2 / 1
  let raw = ##"a "#quoted"# string"##
  let multi = """
    Line with \(1 + 2) and "quotes"
    """
  let `default` = "backticks"
  let π = 3.14159, 名前 = "unicode", emoji👍 = true
  var handler: (@MainActor @Sendable (Int) async throws -> Void)?
  var anyValue: any Hashable & Sendable = 1

  func load() async throws(LoadError) -> [Item] {
    let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com")!)
    let value = if data.isEmpty { 0 } else { 1 }
    let name = switch value { case 0: "zero" default: "other" }
    _ = (name, items.map(\.id).filter { $0 > 0 }.sorted(by: >))
    guard let first = items.first?.children?[0] else { throw LoadError.empty }
    _ = first
    return items.compactMap { $0 }
  }

  func pack<each T>(_ values: repeat each T) -> (repeat each T) { (repeat each values) }

  subscript<Key: Hashable>(key key: Key) -> Int { 0 }
}

struct Item: Identifiable, ~Copyable {
  let id: Int
  var children: [Item]?
}

enum LoadError: Error { case empty }

@resultBuilder
enum StringBuilder {
  static func buildBlock(_ parts: String...) -> String { parts.joined() }
}

#warning("keep this file parseable")

struct Zoo: View {
  @State private var model = ViewModel()
  @Namespace private var namespace

  var body: some View {
    let total = model.items.count
    ScrollView {
      LazyVStack(alignment: .leading, spacing: 8) {
        ForEach(Array(model.items.enumerated()), id: \.offset) { index, item in
          Text("\(index): \(item.id)")
            .matchedGeometryEffect(id: item.id, in: namespace)
        }
        Text(model.pattern.description.isEmpty ? "none" : "some \(total)")
        Text(verbatim: model.raw)
      }
    }
    .task { @MainActor in
      do { model.items = try await model.load() } catch { print(error) }
    }
    .animation(.spring(response: 0.3, dampingFraction: 0.8), value: total)
  }
}

#sourceLocation(file: "Generated.swift", line: 1)
let generated = 1
#sourceLocation()
