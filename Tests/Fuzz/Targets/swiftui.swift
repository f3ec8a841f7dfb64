// Fuzz target: Swift source is read into a view model, flattened, and the probe and standard
// rulesets run on it; the document must survive a JSON round trip.

import Precept
import PreceptSwiftUI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftUI(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let source = SourceFile(name: "Fuzz.swift", bytes: input(data, size))
  let document: ViewDocument
  do {
    document = try SwiftUIReader.read(source)
  } catch {
    render(error)
    return 0
  }
  checkRoundTrip(document)
  evaluate([probe] + standardRulesets, on: ViewModel(document))
  return 0
}
