// Fuzz target: view-model JSON is read and flattened, the probe and standard rulesets run on
// it, and the document must survive a JSON round trip.

import Precept

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let source = SourceFile(name: "fuzz.json", bytes: input(data, size))
  let document: ViewDocument
  do {
    document = try ViewDocument.read(source)
  } catch {
    render(error)
    return 0
  }
  checkRoundTrip(document)
  evaluate([probe] + standardRulesets, on: ViewModel(document))
  return 0
}
