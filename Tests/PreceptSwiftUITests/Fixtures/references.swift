// swift-format-ignore-file
import SwiftUI

struct Card<Content: View>: View {
  let content: Content
  let items: [String]

  var body: some View {
    VStack {
      header
      self.row("first")
      row("second")
      content
      content.padding()
      self.padding()
      Self.footer
      ForEach(items, id: \.self, content: row)
      ForEach(items.indices, id: \.self) { row(items[$0]) }
    }
  }

  var header: some View { Text("Header") }
  func row(_ text: String) -> some View { Text(text) }
  static var footer: some View { Text("Footer") }
}

extension View {
  func card() -> some View {
    self
      .padding()
      .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 8))
  }
}

struct Bordered: ViewModifier {
  func body(content: Content) -> some View {
    content.border(Color.gray)
  }
}

// A local variable holding a SwiftUI view reads as that view where it is used; other locals
// stay references.
struct Locals: View {
  let count: Int

  var body: some View {
    let menu = Menu("Sort") {
      Button("Name") {}
      Button("Date") {}
    }
    let title = "Items"
    return VStack {
      let icon = Image(systemName: "gear")
      Menu {
        Button("Settings") {}
        Button("Help") {}
      } label: {
        icon
      }
      menu.padding()
      Text(title)
    }
  }
}
