/// The most a view's tappable area can measure, in points, where frames and paddings with
/// constant sizes decide it: `n.tapWidth` and `n.tapHeight`.
///
/// The size starts from the view's label (the single node of its `label` slot: a Button's,
/// a Menu's) or, without one, is unknown. Modifiers then apply in source order, as SwiftUI
/// lays them out: `.frame(width: 24)` fixes the width at 24, `.frame(maxWidth: 30)` caps it at
/// 30, `.frame(minWidth: 44)` raises a known width to 44; `.padding(4)` adds 8 to both sides'
/// sums, `.padding(.horizontal, 4)` 8 to the width, `.padding(.leading, 4)` 4, and
/// `.padding(EdgeInsets(top:leading:bottom:trailing:))` its constants; `.scaleEffect(2)`
/// scales. A size that depends on anything else — the content, a padding without a length
/// (its default differs by platform), a size computed at run time, `.infinity` — is unknown
/// (nil), so only a size the code fixes is ever reported. Outside a control (a Button's
/// `.padding`, a Menu's `.frame(minHeight:)`) nothing grows the area, since only the label is
/// tapped. Button styles that pad their label are not applied here: whether a style pads is
/// the ruleset's to say.
enum TapArea {
  /// `isControl` is whether `node.type` is one of `controls` (`isControl(_:)`), for a caller
  /// that knows it already.
  static func of(_ node: ViewNode, isControl: Bool? = nil) -> (width: Double?, height: Double?) {
    // Most nodes have neither modifiers nor slots: nothing sizes them.
    if node.modifiers.isEmpty && node.slots.isEmpty { return (nil, nil) }
    var width: Double? = nil
    var height: Double? = nil
    let label = node.slots.first(where: { $0.name == "label" })
    if let label, label.nodes.count == 1 {
      (width, height) = of(label.nodes[0])
    }
    // A control responds to touches on its label only: padding and minimum sizes applied
    // outside it lay it out but do not grow what can be tapped (`Button { … }.padding(20)`
    // is tapped on its label, not on the padding). A fixed or largest size outside it still
    // bounds the label.
    let outside = label != nil || (isControl ?? controls.contains(node.type))
    for modifier in node.modifiers {
      switch modifier.name {
      case "frame" where outside: cap(modifier.args, &width, &height)
      case "frame": frame(modifier.args, &width, &height)
      case "padding" where outside: continue
      case "padding": padding(modifier.args, &width, &height)
      case "scaleEffect": scale(modifier.args, &width, &height)
      default: continue
      }
    }
    return (width, height)
  }

  /// Whether views of type `type` are tapped on their label (`controls`).
  static func isControl(_ type: String) -> Bool { controls.contains(type) }

  /// Views whose tap area is their label's, whether or not the label is written as a slot.
  private static let controls: Set<String> = [
    "Button", "Menu", "Link", "ShareLink", "NavigationLink", "Toggle", "EditButton", "PasteButton",
  ]

  /// A frame outside a control: a fixed or largest constant size bounds the label's; a
  /// minimum size, which only adds space around it, changes nothing.
  private static func cap(_ args: [ViewArgument], _ width: inout Double?, _ height: inout Double?) {
    func apply(_ fixed: String, _ maximum: String, _ size: inout Double?) {
      guard let argument = args.first(where: { $0.label == fixed }) ?? args.first(where: { $0.label == maximum })
      else { return }
      guard let bound = number(argument) else { return }
      size = min(size ?? bound, bound)
    }
    apply("width", "maxWidth", &width)
    apply("height", "maxHeight", &height)
  }

  /// A number literal's value, or nil for anything else.
  static func number(_ argument: ViewArgument) -> Double? {
    guard argument.kind == .number else { return nil }
    let text = String(argument.value.filter { $0 != "_" })
    if let value = Double(text), value.isFinite { return value }
    if text.hasPrefix("0x"), let value = Int64(text.dropFirst(2), radix: 16) { return Double(value) }
    return nil
  }

  private static func frame(_ args: [ViewArgument], _ width: inout Double?, _ height: inout Double?) {
    func apply(_ fixed: String, _ minimum: String, _ maximum: String, _ size: inout Double?) {
      if let argument = args.first(where: { $0.label == fixed }) {
        size = number(argument)
        return
      }
      let low = args.first { $0.label == minimum }
      if let high = args.first(where: { $0.label == maximum }) {
        // A flexible frame takes up to its maximum whatever its content.
        size = number(high)
        if let bound = size, let low, let floor = number(low) { size = max(bound, floor) }
        return
      }
      if let low {
        guard let floor = number(low) else {
          size = nil
          return
        }
        size = size.map { max($0, floor) }
      }
    }
    apply("width", "minWidth", "maxWidth", &width)
    apply("height", "minHeight", "maxHeight", &height)
  }

  private static func padding(_ args: [ViewArgument], _ width: inout Double?, _ height: inout Double?) {
    // `.padding()`, `.padding(8)`, `.padding(.horizontal)`, `.padding(.horizontal, 8)`,
    // `.padding([.leading, .top], 8)`, `.padding(EdgeInsets(…))`.
    var edges: (leading: Bool, trailing: Bool, top: Bool, bottom: Bool) = (true, true, true, true)
    var length: ViewArgument? = nil
    for argument in args {
      if argument.kind == .number {
        length = argument
      } else if argument.kind == .member || (argument.kind == .expr && argument.value.hasPrefix("[")) {
        let names = argument.value
        func has(_ name: String) -> Bool { names.utf8Contains("." + name) }
        let all = has("all")
        guard all || ["horizontal", "vertical", "leading", "trailing", "top", "bottom"].contains(where: has) else {
          // A length named by a constant of the app's own (`.padding(.small)`).
          length = argument
          continue
        }
        edges = (
          all || has("horizontal") || has("leading"), all || has("horizontal") || has("trailing"),
          all || has("vertical") || has("top"), all || has("vertical") || has("bottom")
        )
      } else if argument.kind == .expr, argument.value.hasPrefix("EdgeInsets(") || argument.value.hasPrefix(".init(") {
        let insets = edgeInsets(argument.value)
        width = add(width, insets.leading, insets.trailing)
        height = add(height, insets.top, insets.bottom)
        return
      } else {
        // A length computed at run time.
        length = argument
      }
    }
    let amount = length.flatMap(number)
    let known = length != nil && amount != nil
    func grow(_ size: Double?, _ first: Bool, _ second: Bool) -> Double? {
      guard first || second else { return size }
      guard known, let size, let amount else { return nil }
      return size + (first ? amount : 0) + (second ? amount : 0)
    }
    width = grow(width, edges.leading, edges.trailing)
    height = grow(height, edges.top, edges.bottom)
  }

  private static func add(_ size: Double?, _ first: Double?, _ second: Double?) -> Double? {
    guard let size, let first, let second else { return nil }
    return size + first + second
  }

  /// The constant insets of `EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)`; an inset
  /// that is not a number literal is nil, one left out 0.
  private static func edgeInsets(_ text: String) -> (top: Double?, leading: Double?, bottom: Double?, trailing: Double?)
  {
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return (nil, nil, nil, nil) }
    let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
    var values: [String: Double?] = [:]
    for part in inside.split(separator: ",") {
      let pair = part.split(separator: ":", maxSplits: 1)
      guard pair.count == 2 else { return (nil, nil, nil, nil) }
      let key = pair[0].trimmingSpaces
      let value = pair[1].trimmingSpaces.filter { $0 != "_" }
      values[key] = Double(value)
    }
    func inset(_ key: String) -> Double? { values[key] ?? 0 }
    return (inset("top"), inset("leading"), inset("bottom"), inset("trailing"))
  }

  private static func scale(_ args: [ViewArgument], _ width: inout Double?, _ height: inout Double?) {
    if args.count == 1, args[0].label == nil, let factor = number(args[0]) {
      width = width.map { $0 * factor }
      height = height.map { $0 * factor }
      return
    }
    let x = args.first { $0.label == "x" }
    let y = args.first { $0.label == "y" }
    if x != nil || y != nil, args.allSatisfy({ $0.label == "x" || $0.label == "y" || $0.label == "anchor" }) {
      if let x { width = number(x).flatMap { factor in width.map { $0 * factor } } }
      if let y { height = number(y).flatMap { factor in height.map { $0 * factor } } }
      return
    }
    width = nil
    height = nil
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(
      drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).reversed().drop(while: {
        $0 == " " || $0 == "\n" || $0 == "\t"
      }).reversed())
  }
}
