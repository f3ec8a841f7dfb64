import SwiftUI

struct MapScreen: View {
  @AccessibilityFocusState private var focused: Bool
  @State private var isOn = false
  @Binding var selection: Int?
  let items: [Item]

  var body: some View {
    NavigationStack {
      List(selection: $selection) {
        Section("Places") {
          ForEach(items, id: \.self) { item in
            Text("\(item.name) — \(item.count, format: .number)")
          }
          .onDelete(perform: delete)
        }
        Toggle("Wi-Fi", isOn: $isOn)
        Toggle(isOn: $isOn) { Label("Bluetooth", systemImage: "antenna.radiowaves.left.and.right") }
      }
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Menu {
            Button("Rename") { rename() }
            Button("Delete", role: .destructive) { delete() }
            Divider()
            Button(role: .cancel) { } label: { Text("Cancel") }
          } label: {
            Image(systemName: "ellipsis.circle")
          }
          .accessibilityLabel("Map options")
          .accessibilityFocused($focused)
        }
      }
      .overlay(alignment: .bottom) {
        if items.isEmpty {
          ContentUnavailableView("No places", systemImage: "map", description: Text("Add one."))
        } else if items.count > 100 {
          ProgressView(value: 0.5, total: 1.0)
        } else {
          EmptyView()
        }
      }
      .sheet(isPresented: $isOn) { SettingsView() }
      .padding(.horizontal, 12.5)
      .frame(minWidth: 0x10, maxWidth: .infinity)
      .disabled(false)
    }
  }

  func delete() {}
}

#Preview {
  MapScreen(selection: .constant(nil), items: [])
}
