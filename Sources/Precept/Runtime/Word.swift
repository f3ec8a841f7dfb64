/// A value inside the VM: a tag and at most 64 bits of plain data. Strings, lists and maps
/// live in the VM's heap and in the view model's arena and are named here by index, so
/// copying a word never touches a reference count.
enum Word: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  /// A string by id in the VM's string space (see `Heap`).
  case string(Int32)
  /// Bytes by id in the same space.
  case bytes(Int32)
  case list(Int32)
  case map(Int32)
  case type(TypeTag)
  /// A node of the view model, by arena index.
  case node(Int32)
  case argument(Int32)
  case modifier(Int32)
  case property(Int32)
  /// An argument value's structure, by index into the model's expressions.
  case expression(Int32)
  /// An evaluation error, by index into the heap's error messages.
  case error(Int32)

  var typeTag: TypeTag {
    switch self {
    case .null: .nullType
    case .bool: .bool
    case .int: .int
    case .uint: .uint
    case .double: .double
    case .string: .string
    case .bytes: .bytes
    case .list: .list
    case .map: .map
    case .type: .type
    case .node: .node
    case .argument: .argument
    case .modifier: .modifier
    case .property: .property
    case .expression: .expression
    case .error: .nullType
    }
  }

  var isError: Bool {
    if case .error = self { return true }
    return false
  }
}
