// swift-format-ignore-file
import SwiftUI

struct Modifiers: View {
  @State private var showSheet = false
  @State private var showAlert = false
  @State private var query = ""
  @State private var selection: Item?
  @State private var count = 0
  @State private var volume = 0.5

  var body: some View {
    List {
      Text("Row")
        .font(.headline)
        .padding(.horizontal, 8)
        .foregroundStyle(Color.red.opacity(0.5))
        .overlay(alignment: .topTrailing) {
          Circle().frame(width: 8, height: 8)
        }
        .background(Color.blue)
        .contextMenu {
          Button("Copy") { copy() }
        } preview: {
          Text("Preview")
        }
        .swipeActions(edge: .trailing) {
          Button("Delete", role: .destructive) { delete() }
        }
        #if os(iOS)
          .listRowSeparator(.hidden)
        #else
          .frame(minWidth: 200)
        #endif
        .accessibilityLabel("A row")
    }
    .sheet(isPresented: $showSheet, onDismiss: reset) {
      DetailView()
    }
    .sheet(item: $selection, content: ItemView.init)
    // An unlabelled trailing closure skips `onDismiss:` (it has a default) for `content:`.
    .fullScreenCover(isPresented: $showSheet) {
      Stepper(value: $count, in: 0...10) {
        Text("Count")
      }
      // A closure that builds a view is the label; one that takes a value is the action.
      Slider(value: $volume, in: 0...1) { Text("Volume") }
      Slider(value: $volume) { editing in log(editing) }
    }
    .alert("Delete?", isPresented: $showAlert) {
      Button("Delete", role: .destructive) { delete() }
      Button("Cancel", role: .cancel) {}
    } message: {
      Text("This cannot be undone.")
    }
    .toolbar {
      ToolbarItem(placement: .primaryAction) {
        Menu {
          Button("New") { create() }
        } label: {
          Image(systemName: "plus")
        }
      }
      ToolbarItemGroup(placement: .bottomBar) {
        Spacer()
        EditButton()
      }
    }
    .searchable(text: $query) {
      Text("Suggestion").searchCompletion("suggestion")
    }
    .safeAreaInset(edge: .bottom) {
      Text("Footer")
    }
    .navigationDestination(for: Item.self) { item in
      ItemView(item: item)
    }
    .confirmationDialog("Options", isPresented: $showAlert, titleVisibility: .visible) {
      Button("One") {}
    }
  }

  func copy() {}
  func delete() {}
  func create() {}
  func reset() {}
}
