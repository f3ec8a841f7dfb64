/// Prints values as literals of the language (what `precept eval` shows) and in display form
/// (what a message template inserts: strings without quotes).
package enum Printer {
  /// The value as a literal that reads back as the same value: `1`, `1u`, `1.0`, `"a\n"`,
  /// `b"\x00"`, `[1, 2]`, `{"k": 1}`, `null`, `int`. Doubles always carry a `.` or an exponent
  /// and enough digits to round-trip; non-finite ones print as `double("NaN")` and so on.
  package static func literal(_ value: Value) -> String {
    var out = ""
    write(value, to: &out)
    return out
  }

  /// The value as a template hole shows it: strings as they are, everything else as a literal.
  package static func display(_ value: Value) -> String {
    if case .string(let text) = value { return text }
    return literal(value)
  }

  private static func write(_ value: Value, to out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .int(let number): out += String(number)
    case .uint(let number): out += String(number) + "u"
    case .double(let number): out += double(number)
    case .string(let text): string(text, to: &out)
    case .bytes(let bytes): self.bytes(bytes, to: &out)
    case .list(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", " }
        write(element, to: &out)
      }
      out += "]"
    case .map(let entries):
      out += "{"
      for (index, entry) in entries.enumerated() {
        if index > 0 { out += ", " }
        write(entry.key, to: &out)
        out += ": "
        write(entry.value, to: &out)
      }
      out += "}"
    case .type(let name): out += name
    case .node(let node): out += "<\(node.type) \(node.file):\(node.line):\(node.column)>"
    }
  }

  static func double(_ number: Double) -> String {
    if number.isNaN { return "double(\"NaN\")" }
    if number.isInfinite { return number < 0 ? "double(\"-Infinity\")" : "double(\"Infinity\")" }
    // Swift prints the shortest digits that round-trip; it omits ".0" only with an exponent.
    let text = String(number)
    if text.contains(".") || text.contains("e") { return text }
    return text + ".0"
  }

  static func string(_ text: String, to out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\x" + hex(UInt8(scalar.value))
        } else if !scalar.properties.isNoncharacterCodePoint, scalar.properties.generalCategory != .format,
          scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .unassigned
        {
          out.unicodeScalars.append(scalar)
        } else {
          let digits = String(scalar.value, radix: 16, uppercase: false)
          out +=
            scalar.value <= 0xFFFF
            ? "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            : "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
        }
      }
    }
    out += "\""
  }

  static func bytes(_ bytes: [UInt8], to out: inout String) {
    out += "b\""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\\"): out += "\\\\"
      case UInt8(ascii: "\""): out += "\\\""
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
      default: out += "\\x" + hex(byte)
      }
    }
    out += "\""
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
