// Shared by every fuzz target (each target is this file plus its own, built by Tests/Fuzz/run).
// A target fails by crashing: a trap, an ASan report, or `violated` for a broken invariant.

import Foundation
import Precept

/// The fuzzer's input as bytes.
func input(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
  Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run with a message libFuzzer shows above the crash report.
func violated(_ invariant: String, _ details: @autoclosure () -> String) -> Never {
  fatalError("fuzz invariant violated: \(invariant)\n\(details())")
}

/// Renders diagnostics as the tool would, so the code that quotes source lines and points at
/// columns runs on every rejected input too.
func render(_ error: DiagnosticError) {
  for diagnostic in error.diagnostics {
    _ = diagnostic.description
  }
}

/// The repository root, found from this file's path at build time (Tests/Fuzz/Targets/…).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// A ruleset that touches every node function and field, so fuzzed view models reach all of
/// the VM's model accessors.
let probeSource = #"""
  ruleset probe 1.0.0
  summary "Reads every part of every node."

  let label(n) = n.modifier("accessibilityLabel").text()
  let named(n) = n.name != null && n.name.size() > 0

  rule structure {
    severity warning
    on *
    require node.children.all(c, c.parent.type == node.type)
    require node.descendants.size() >= node.children.size()
    require node.ancestors.all(a, a.descendants.size() > 0)
    require node.parent == null || node.parent.descendants.exists(c, c == node)
    require node.owner == null || node.owner.type in ["struct", "class", "enum", "actor", "extension", "protocol"]
    message "{node.type} {node.name} at {node.line}:{node.column} in {node.file}"
  }

  rule arguments {
    severity info
    on *
    require node.args.all(a, a.kind in ["string", "member", "number", "bool", "expr"])
    require node.args.all(a, a.label == null || a.label.size() >= 0)
    require node.args.all(a, string(a.value).size() >= 0 && a.line >= 0 && a.column >= 0 && a.parent == node)
    require node.arg(0) == null || node.arg(0).kind != ""
    require node.arg("role") == null || node.arg("role").value != "x"
    require node.text().size() >= 0
    message "{node.type}: {node.text()} {node.args.map(a, a.value)}"
  }

  rule modifiers {
    severity error
    on *
    require node.modifiers.all(m, m.name.size() > 0 && m.args.size() >= 0 && m.text().size() >= 0)
    require node.modifiers.all(m, m.children.all(c, c.type.size() >= 0) && m.slots.size() >= 0)
    require !node.hasModifier("accessibilityHidden") || label(node) != ""
    require node.modifiers("padding").size() <= node.modifiers.size()
    fix ".accessibilityLabel(\"{label(node)}\")"
  }

  rule slots-and-properties {
    severity warning
    on *
    require node.slots.all(s, node.slot(s).all(n, n.parent == node))
    require node.slot("label").size() >= 0
    require node.properties.all(p, p.name.size() > 0 && (p.wrapper == null || p.wrapper != "") && p.type != "x")
    require node.properties.all(p, p.value == null || p.value.size() >= 0)
    require node.property("focused") == null || named(node)
    require node.descendants("Button").all(b, b.type == "Button")
  }

  rule ancestry {
    severity info
    on Button | Toggle | Link inside Menu | List as menu inside struct as screen
    when named(screen)
    require menu.descendants.exists(d, d == node)
    forbid node.text().matches("^(?i)delete") && node.arg("role") == null
    message "{node.text()} in {screen.name}"
  }

  review announcements {
    on Menu | Button
    check "VoiceOver reads {node.text()} for {node.type}"
  }
  """#

/// The probe ruleset, compiled once.
let probe: Ruleset = {
  do {
    return try Ruleset(text: probeSource, name: "probe.precept")
  } catch {
    fatalError("the probe ruleset does not compile:\n\(error)")
  }
}()

/// The standard rulesets (Rulesets/*.precept), compiled once; the fuzz targets that read view
/// models evaluate them with the probe.
let standardRulesets: [Ruleset] = {
  let folder = repositoryRoot.appendingPathComponent("Rulesets")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  let library = RulesetLibrary()
  for name in names.sorted() where name.hasSuffix(".precept") {
    do {
      try library.add(path: folder.appendingPathComponent(name).path)
    } catch {
      fatalError("cannot load \(name):\n\(error)")
    }
  }
  let (rulesets, diagnostics) = library.compileAll()
  if !diagnostics.isEmpty { fatalError("the standard rulesets do not compile:\n\(diagnostics)") }
  return rulesets
}()

/// Host functions a fuzzed ruleset may declare: one that answers, one that throws.
let hostFunctions = [
  HostFunction("contrastRatio", parameterCount: 2) { arguments in
    .double(Double(arguments.count) + 1.5)
  },
  HostFunction("fails", parameterCount: 1) { _ in
    throw EvaluationError("the host refused")
  },
]

/// Evaluates `rulesets` on `model` and renders the report in every format, as `precept lint`
/// and `precept check` would.
func evaluate(_ rulesets: [Ruleset], on model: ViewModel, limits: EvaluationLimits = .standard) {
  let engine = Engine(rulesets: rulesets, hostFunctions: hostFunctions, limits: limits)
  let report = engine.evaluate(model, options: EvaluationOptions(recordOutcomes: true))
  let renderer = ReportRenderer(rules: engine.rules, showReviews: true) { _, line in "line \(line)" }
  for format in ReportFormat.allCases {
    _ = renderer.render(report, as: format)
  }
}

/// Writes a document as JSON and reads it back. Writing may normalise (number spellings), so
/// the invariant is that a second round trip changes nothing and the reader accepts what the
/// writer writes.
func checkRoundTrip(_ document: ViewDocument) {
  func roundTrip(_ document: ViewDocument) -> ViewDocument {
    let text = document.json.serialized(pretty: true)
    do {
      return try ViewDocument.read(SourceFile(name: "roundtrip.json", text: text))
    } catch {
      violated("the reader accepts what the writer writes", "\(error)\n\(text)")
    }
  }
  let once = roundTrip(document)
  let twice = roundTrip(once)
  if once != twice {
    violated(
      "a second JSON round trip changes nothing",
      "\(once.json.serialized(pretty: true))\n---\n\(twice.json.serialized(pretty: true))")
  }
}
