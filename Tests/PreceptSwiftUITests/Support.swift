import Foundation
import Precept

@testable import PreceptSwiftUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory of the fixture Swift files and their expected view models.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The names of the fixture files (`menu-forms.swift`), sorted.
func fixtureNames() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
  return names.filter { $0.hasSuffix(".swift") }.sorted()
}

func fixtureSource(_ name: String) throws -> SourceFile {
  let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent(name))
  return SourceFile(name: name, bytes: [UInt8](data))
}

/// Reads Swift text named `test.swift`.
func read(_ text: String) throws(DiagnosticError) -> [ViewNode] {
  try SwiftUIReader.read(SourceFile(name: "test.swift", text: text)).nodes
}

/// The first error's `file:line:column: error: message`, or nil when the text reads.
func firstError(_ text: String, name: String = "test.swift") -> String? {
  firstError(SourceFile(name: name, text: text))
}

func firstError(_ source: SourceFile) -> String? {
  do {
    _ = try SwiftUIReader.read(source)
    return nil
  } catch {
    return error.diagnostics.first?.description
  }
}

extension ViewNode {
  /// The node with every position cleared, to compare structure written in different layouts.
  var withoutPositions: ViewNode {
    var node = self
    node.line = 0
    node.column = 0
    node.args = args.map { $0.withoutPosition }
    node.children = children.map(\.withoutPositions)
    node.slots = slots.map { ViewSlot(name: $0.name, nodes: $0.nodes.map(\.withoutPositions)) }
    node.modifiers = modifiers.map { modifier in
      var copy = modifier
      copy.line = 0
      copy.column = 0
      copy.args = modifier.args.map { $0.withoutPosition }
      copy.children = modifier.children.map(\.withoutPositions)
      copy.slots = modifier.slots.map { ViewSlot(name: $0.name, nodes: $0.nodes.map(\.withoutPositions)) }
      return copy
    }
    node.properties = properties.map { property in
      var copy = property
      copy.line = 0
      copy.column = 0
      return copy
    }
    return node
  }
}

extension ViewArgument {
  var withoutPosition: ViewArgument {
    ViewArgument(label: label, kind: kind, value: value)
  }

  /// The argument as a producer without value structure writes it.
  var withoutExpression: ViewArgument {
    var argument = self
    argument.expression = nil
    return argument
  }
}

extension ViewNode {
  /// The node with its own arguments' structure left out, to compare kinds and values only.
  var withoutExpressions: ViewNode {
    var node = self
    node.args = args.map(\.withoutExpression)
    return node
  }
}

/// Every node in the trees, children, slots and modifier closures included (without recursion).
func allNodes(_ roots: [ViewNode]) -> [ViewNode] {
  var result: [ViewNode] = []
  var pending = roots
  while let node = pending.popLast() {
    result.append(node)
    pending.append(contentsOf: node.children)
    for slot in node.slots { pending.append(contentsOf: slot.nodes) }
    for modifier in node.modifiers {
      pending.append(contentsOf: modifier.children)
      for slot in modifier.slots { pending.append(contentsOf: slot.nodes) }
    }
  }
  return result
}

/// Runs `work` on a new thread with a stack of `stackSize` bytes and waits for it to end: the
/// conditions a linter's worker thread gives the reader.
func onThread(stackSize: Int, _ work: @escaping @Sendable () -> Void) {
  final class Job: @unchecked Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
  }
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  pthread_attr_setstacksize(&attributes, stackSize)
  #if canImport(Darwin)
    var thread: pthread_t? = nil
  #else
    var thread = pthread_t()
  #endif
  let context = Unmanaged.passRetained(Job(work)).toOpaque()
  let status = pthread_create(
    &thread, &attributes,
    { context in
      Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().work()
      return nil
    }, context)
  precondition(status == 0, "cannot create a thread")
  #if canImport(Darwin)
    pthread_join(thread!, nil)
  #else
    pthread_join(thread, nil)
  #endif
  pthread_attr_destroy(&attributes)
}

/// A thread-safe box for results produced on another thread.
final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
