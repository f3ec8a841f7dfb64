// Fuzz target: ruleset source is lexed, parsed, checked and compiled (imports resolve to a
// fixed library ruleset), disassembled, then run on a small fixed view model and the report
// rendered in every format.

import Precept

/// The only ruleset a fuzzed `import` finds: `import lib ^1.0`.
let library: Ruleset = {
  let source = """
    ruleset lib 1.2.0
    let iconOnly(m) = m.slot("label").size() > 0 && m.slot("label").all(n, n.type == "Image")
    let hasLabel(n) = n.hasModifier("accessibilityLabel")
    rule labelled {
      severity error
      on Menu as m
      when iconOnly(m)
      require hasLabel(m)
      message "Icon-only {m.type} needs a label"
    }
    """
  do {
    return try Ruleset(text: source, name: "lib.precept")
  } catch {
    fatalError("the library ruleset does not compile:\n\(error)")
  }
}()

/// A screen with a menu, buttons, an image label, a toggle in a list and a property.
let fixedModel = ViewModel(
  ViewDocument(
    file: "Screen.swift",
    nodes: [
      ViewNode(
        type: "struct", name: "MapScreen", line: 1, column: 1,
        children: [
          ViewNode(
            type: "Menu", line: 3, column: 5,
            modifiers: [
              ViewModifier(
                name: "accessibilityLabel", line: 9, column: 6,
                args: [ViewArgument(label: nil, kind: .string, value: "Map options")])
            ],
            children: [
              ViewNode(
                type: "Button", line: 4, column: 7, args: [ViewArgument(label: nil, kind: .string, value: "Rename")]),
              ViewNode(
                type: "Button", line: 5, column: 7,
                args: [
                  ViewArgument(label: nil, kind: .string, value: "Delete"),
                  ViewArgument(label: "role", kind: .member, value: ".destructive"),
                ]),
            ],
            slots: [
              ViewSlot(
                name: "label",
                nodes: [
                  ViewNode(
                    type: "Image", line: 7, column: 7,
                    args: [ViewArgument(label: "systemName", kind: .string, value: "ellipsis")])
                ])
            ]),
          ViewNode(
            type: "List", line: 11, column: 5,
            modifiers: [
              ViewModifier(
                name: "overlay", line: 14, column: 6, children: [ViewNode(type: "ProgressView", line: 14, column: 16)])
            ],
            children: [
              ViewNode(
                type: "Toggle", line: 12, column: 7,
                args: [
                  ViewArgument(label: nil, kind: .string, value: "Wi-Fi"),
                  ViewArgument(label: "isOn", kind: .expr, value: "$isOn"),
                  ViewArgument(label: "size", kind: .number, value: "44"),
                  ViewArgument(label: "enabled", kind: .bool, value: "true"),
                ])
            ]),
        ],
        properties: [
          ViewProperty(name: "focused", wrapper: "AccessibilityFocusState", type: "Bool", line: 2, column: 3),
          ViewProperty(name: "isOn", wrapper: "State", value: "false", line: 2, column: 40),
        ])
    ]))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleset(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let source = SourceFile(name: "fuzz.precept", bytes: input(data, size))
  let ruleset: Ruleset
  do {
    ruleset = try Ruleset(source: source) { name, _ in name == library.name ? library : nil }
  } catch {
    render(error)
    return 0
  }
  _ = ruleset.disassembly
  evaluate([ruleset], on: fixedModel)
  return 0
}
