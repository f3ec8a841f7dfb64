import Precept

/// The suite's notion of "the result equals the expected value" (`simple.proto`: exact value
/// equality, except that maps are unordered and any NaN matches any NaN).
enum Matching {
  /// Whether `actual` is exactly `expected`:
  /// - kinds must agree: `1`, `1u` and `1.0` are three different results;
  /// - doubles compare by bits, so `-0.0` does not match `0.0` (the suite expects `-(0.0)` to
  ///   be `-0.0`), except that every NaN matches every NaN;
  /// - strings compare by Unicode scalars (not by Swift's canonical equivalence);
  /// - lists compare element by element, maps as sets of entries, types by name.
  static func matches(_ expected: Value, _ actual: Value) -> Bool {
    switch (expected, actual) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.uint(let a), .uint(let b)): return a == b
    case (.double(let a), .double(let b)): return a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.bytes(let a), .bytes(let b)): return a == b
    case (.type(let a), .type(let b)): return a == b
    case (.list(let a), .list(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
    case (.map(let a), .map(let b)):
      // Keys are unique in both maps, so equal sizes and every expected entry found suffice.
      return a.count == b.count
        && a.allSatisfy { entry in
          b.contains { matches(entry.key, $0.key) && matches(entry.value, $0.value) }
        }
    case (.node(let a), .node(let b)): return a == b
    default: return false
    }
  }
}

/// Values printed as CEL literals, so a failure reads like the expression that would produce
/// the value: `1`, `1u`, `1.0`, `-0.0`, `double("NaN")`, `"a\n"`, `b"\xff"`, `[1, 2]`,
/// `{"k": 1}`, `null`, `int`.
enum LiteralFormat {
  static func format(_ value: Value) -> String {
    switch value {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .uint(let value): return "\(value)u"
    case .double(let value): return format(value)
    case .string(let value): return quote(value.unicodeScalars.map { ($0.value, $0) })
    case .bytes(let value): return "b" + quote(value.map { (UInt32($0), $0 < 0x80 ? Unicode.Scalar($0) : nil) })
    case .list(let elements): return "[" + elements.map(format).joined(separator: ", ") + "]"
    case .map(let entries):
      return "{" + entries.map { format($0.key) + ": " + format($0.value) }.joined(separator: ", ") + "}"
    case .type(let name): return name
    case .node(let node): return "<\(node.type) \(node.file):\(node.line):\(node.column)>"
    }
  }

  private static func format(_ value: Double) -> String {
    if value.isNaN { return #"double("NaN")"# }
    if value.isInfinite { return value < 0 ? #"double("-Infinity")"# : #"double("Infinity")"# }
    let text = "\(value)"
    // Keep a double recognisable as one: `1.0`, not `1`.
    return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
  }

  /// A double-quoted literal. Each element is a code (a scalar, or a byte of a bytes literal)
  /// and the scalar to print as is, when the code stands for one; bytes above 0x7F have none.
  private static func quote(_ codes: [(UInt32, Unicode.Scalar?)]) -> String {
    var out = "\""
    for (code, scalar) in codes {
      switch scalar {
      case "\""?: out += "\\\""
      case "\\"?: out += "\\\\"
      case "\n"?: out += "\\n"
      case "\r"?: out += "\\r"
      case "\t"?: out += "\\t"
      case let scalar? where code >= 0x20 && code != 0x7F:
        out.unicodeScalars.append(scalar)
      default:
        // Only control characters and non-ASCII bytes get here, so two hex digits suffice.
        out += (code < 0x10 ? "\\x0" : "\\x") + String(code, radix: 16)
      }
    }
    return out + "\""
  }
}
