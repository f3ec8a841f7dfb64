/// The type checks every reader of a JSON document shares (view models, layer files, registry
/// indexes, lock files), so that the same mistake gets the same message wherever it is made.
///
/// `what` names the value for the message as the reader wants it shown: a description
/// ("a layer file", "the range of 'icons'") or a field name in quotes ("'nodes'").
package protocol JSONChecks {
  /// An error reported at `value`'s position in the document being read.
  func fail(_ message: String, _ value: JSON) -> DiagnosticError
}

extension JSONChecks {
  package func object(_ value: JSON, _ what: String) throws(DiagnosticError) -> [JSON.Member] {
    guard let members = value.objectValue else {
      throw fail("\(what) must be an object, found \(value.kindName)", value)
    }
    return members
  }

  package func array(_ value: JSON, _ what: String) throws(DiagnosticError) -> [JSON] {
    guard let values = value.arrayValue else { throw fail("\(what) must be an array, found \(value.kindName)", value) }
    return values
  }

  package func string(_ value: JSON, _ what: String) throws(DiagnosticError) -> String {
    guard let text = value.stringValue else { throw fail("\(what) must be a string, found \(value.kindName)", value) }
    return text
  }

  package func bool(_ value: JSON, _ what: String) throws(DiagnosticError) -> Bool {
    guard let flag = value.boolValue else {
      throw fail("\(what) must be true or false, found \(value.kindName)", value)
    }
    return flag
  }

  /// An array of strings; a wrong element is reported at the element.
  package func strings(_ value: JSON, _ what: String) throws(DiagnosticError) -> [String] {
    var result: [String] = []
    for element in try array(value, what) { result.append(try string(element, "an element of \(what)")) }
    return result
  }

  /// The value of a required member (the last, if the key repeats); its absence is reported at
  /// the object.
  package func required(_ members: [JSON.Member], _ key: String, in value: JSON, _ what: String)
    throws(DiagnosticError) -> JSON
  {
    guard let member = members.last(where: { $0.key == key }) else {
      throw fail("\(what) is missing the required field '\(key)'", value)
    }
    return member.value
  }
}
