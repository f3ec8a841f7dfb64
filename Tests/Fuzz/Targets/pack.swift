// Fuzz target: a pack's bytes are loaded — signature, manifest, size and digest, bytecode
// decoding and verification — and whatever loads is disassembled and evaluated on a small model.
//
// A mutated pack almost never keeps its SHA-256 right, which would stop every input at the
// digest check; so each input is also tried with its manifest's size and digest recomputed,
// which sends hand-crafted bytecode on to the decoder and the verifier.

import Foundation
import Precept

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPack(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = input(data, size)
  load(bytes)
  if let repaired = withMatchingDigest(bytes) { load(repaired) }
  return 0
}

/// A small model with the nodes the standard rulesets and the seed packs look at.
let packModel: ViewModel = {
  let json = #"""
    {"viewmodel": 1, "file": "Fuzz.swift", "nodes": [
      {"type": "struct", "name": "S", "line": 1, "column": 1,
       "properties": [{"name": "focus", "wrapper": "AccessibilityFocusState", "type": "Bool"}],
       "children": [
        {"type": "Menu", "line": 3, "column": 5, "args": [{"label": null, "kind": "string", "value": "Actions"}],
         "modifiers": [{"name": "focusEffectDisabled", "line": 6, "column": 8}],
         "slots": {"label": [{"type": "Image", "args": [{"label": "systemName", "kind": "string", "value": "ellipsis"}]}]},
         "children": [
           {"type": "Button", "line": 4, "column": 7, "args": [{"label": null, "kind": "string", "value": "Delete"}]},
           {"type": "Button", "line": 5, "column": 7, "args": [{"label": null, "kind": "string", "value": "OK"},
                                                               {"label": "role", "kind": "member", "value": ".cancel"}]}]}]}]}
    """#
  do {
    return try ViewModel(json: SourceFile(name: "fuzz-model.json", text: json))
  } catch {
    fatalError("the pack target's model does not read:\n\(error)")
  }
}()

private func load(_ bytes: [UInt8]) {
  do {
    let pack = try Pack(bytes: bytes, name: "fuzz.preceptpack")
    let ruleset = try pack.ruleset { name, _ in standardRulesets.first { $0.name == name } }
    _ = ruleset.disassembly
    evaluate([ruleset], on: packModel)
  } catch {
    render(error)
  }
}

/// The input with the manifest's payload size and SHA-256 made to match its payload, or nil
/// when the container cannot be split (no signature, a length past the end, a manifest that
/// is not a JSON object).
private func withMatchingDigest(_ bytes: [UInt8]) -> [UInt8]? {
  let magic = Array("PRECEPTPACK\n".utf8)
  guard bytes.count >= magic.count + 4, bytes.starts(with: magic) else { return nil }
  let length = bytes[12..<16].reversed().reduce(0) { $0 << 8 | Int($1) }
  guard length <= bytes.count - 16 else { return nil }
  let manifestBytes = Array(bytes[16..<16 + length])
  let payload = Array(bytes[(16 + length)...])
  guard let manifest = try? JSON.parse(SourceFile(name: "manifest", bytes: manifestBytes)),
    var members = manifest.objectValue
  else { return nil }
  members.removeAll { $0.key == "payload" }
  members.append(
    JSON.Member(
      "payload",
      .object(["size": .integer(payload.count), "sha256": .string(SHA256.hex(SHA256.hash(payload)))])))
  let rewritten = Array(JSON.object(members).serialized(pretty: false).utf8)
  var count = UInt32(rewritten.count).littleEndian
  let countBytes = withUnsafeBytes(of: &count) { Array($0) }
  return magic + countBytes + rewritten + payload
}
