/// A value of the Precept language as the host sees it: what `precept eval` prints, what a
/// host function receives and returns, and what a finding's explanation shows.
///
/// Inside the VM values are plain 16-byte words (see `Word`); this boxed form exists only at
/// the boundary, so the hot loop never touches reference counts.
public enum Value: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case string(String)
  case bytes([UInt8])
  case list([Value])
  /// A map's entries in insertion order (keys are unique).
  case map([MapEntry])
  /// A type value, by name: `int`, `list`, `null_type`, `type`, …
  case type(String)
  /// A node of a view model, as a reference the host can print or look up.
  case node(NodeReference)

  /// One key–value pair of a map.
  public struct MapEntry: Sendable, Equatable {
    public var key: Value
    public var value: Value

    public init(_ key: Value, _ value: Value) {
      self.key = key
      self.value = value
    }
  }
}

/// Where a node came from, enough to print it as `<Menu MapScreen.swift:12:9>`.
public struct NodeReference: Sendable, Hashable {
  public var type: String
  public var file: String
  public var line: Int
  public var column: Int
  /// The node's index in its view model's arena.
  public var index: Int

  public init(type: String, file: String, line: Int, column: Int, index: Int) {
    self.type = type
    self.file = file
    self.line = line
    self.column = column
    self.index = index
  }
}

/// Why an evaluation produced no value: CEL's errors as values (division by zero, overflow,
/// no such key, …) and the limits the VM enforces.
public struct EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

extension Value {
  /// A JSON document as a value, as `precept eval --let NAME=@FILE.json` binds it: objects
  /// become maps (keys in document order), arrays lists, integers `int`, other numbers `double`.
  public init(json: JSON) {
    switch json.kind {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .integer(let number): self = .int(number)
    case .double(let number): self = .double(number)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .list(elements.map(Value.init(json:)))
    case .object(let members): self = .map(members.map { Value.MapEntry(.string($0.key), Value(json: $0.value)) })
    }
  }
}
