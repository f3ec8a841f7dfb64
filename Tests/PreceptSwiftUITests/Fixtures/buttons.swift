// swift-format-ignore-file
import SwiftUI

struct Buttons: View {
  @Environment(\.dismiss) private var dismiss
  @State private var count = 0

  var body: some View {
    Form {
      Button("Save", action: save)
      Button("Delete", role: .destructive) {
        delete()
      }
      Button(action: { count += 1 }) {
        Text("Add")
      }
      Button(action: save, label: { Image(systemName: "square.and.arrow.down") })
      Button(role: .cancel) {
        dismiss()
      } label: {
        Label("Cancel", systemImage: "xmark")
      }
      Button {
        Task { await refresh() }
      } label: {
        Image(systemName: "arrow.clockwise")
          .accessibilityLabel("Refresh")
      }
      Text("Tap me")
        .onTapGesture(count: 2) { count = 0 }
        .task { await refresh() }
        .onChange(of: count) { oldValue, newValue in
          print(oldValue, newValue)
        }
        .onAppear(perform: save)
        .onLongPressGesture {
          count -= 1
        }
    }
  }

  func save() {}
  func delete() {}
  func refresh() async {}
}
