import SwiftUI

struct Literals: View {
  let pattern = /(?<word>[a-z]+)\s+\d{2,}/
  let raw = #"a "quoted" \(not) interpolation \#(1 + 2)"#
  let multi = """
    Line one \(value)
      "two" \
    three
    """
  let rawMulti = ##"""
    #"""# inside \##(value)
    """##
  let numbers = [0b1010, 0o17, 0xFF, 1_000_000, 1.5e-3, 0x1p-2, -42]
  var value: Int { 1 }

  var body: some View {
    Text("Hello, \(multi.count > 1 ? "many \("nested \(value)")" : "one")!")
      .font(.system(size: 17, weight: .bold))
      .foregroundStyle(value > 0 ? .red : .blue)
      .accessibilityLabel(Text("Greeting"))
      .accessibilityValue("\(value) items")
      .onTapGesture(count: 2) { _ = pattern }
    Button { } label: { Image("custom").resizable() }
      .buttonStyle(.borderless)
      .contextMenu { Button("Copy") {}; Button("Share") {} }
    Text(verbatim: "a < b && c > d")
    `Text`("backticks")
  }
}

/* block /* nested */ comment */
// line comment with "quotes" and { braces
