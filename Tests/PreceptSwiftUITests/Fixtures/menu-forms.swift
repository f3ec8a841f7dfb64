// swift-format-ignore-file
import SwiftUI

// Every way of writing a Menu's content and label gives the same node.
struct MenuForms: View {
  @AccessibilityFocusState private var focused: Bool
  @State var sort = Sort.name

  var body: some View {
    VStack(spacing: 12) {
      Menu("Actions") {
        Button("Rename") { rename() }
      }
      Menu(content: {
        Button("Rename") { rename() }
      }, label: {
        Label("More", systemImage: "ellipsis.circle")
      })
      Menu {
        Button("Rename") { rename() }
      } label: {
        Label("More", systemImage: "ellipsis.circle")
      }
      SwiftUI.Menu("Qualified", systemImage: "star") {
        Picker("Sort", selection: $sort) {
          Text("Name").tag(Sort.name)
          Text("Date").tag(Sort.date)
        }
        Section("Danger") {
          Button("Delete", systemImage: "trash", role: .destructive, action: deleteAll)
        }
        Divider()
        Menu("Nested") { Button("Inner") {} }
      } primaryAction: {
        open()
      }
      .menuStyle(.borderlessButton)
      .accessibilityLabel("Options")
    }
  }

  func rename() {}
  func deleteAll() {}
  func open() {}
}
