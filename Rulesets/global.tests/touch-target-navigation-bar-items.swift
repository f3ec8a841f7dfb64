// swift-format-ignore-file
// What .navigationBarItems(leading:trailing:) places is a bar button, as a toolbar item is,
// whether written in place or drawn by a property or function of the view; a Group or an if
// adds no view of its own. A control inside a stack of the item's own is not a bar button.
import SwiftUI

struct Library: View {
    @State private var searching = false
    @State private var sorting = false

    var body: some View {
        List { Text("Row") }
            .navigationBarItems(
                leading: editButton(),
                trailing: Button(action: { sorting.toggle() }) {
                    Image(systemName: "line.horizontal.3.decrease.circle")
                        .resizable()
                        .frame(width: 25, height: 25)
                }
                .accessibilityLabel("Sort"))
    }

    private func editButton() -> some View {
        Button(action: { searching = true }) {
            Image(systemName: "pencil.circle").resizable().frame(width: 25, height: 25)
        }
        .accessibilityLabel("Edit")
    }
}

struct Shelf: View {
    @State private var searching = false

    var body: some View {
        List { Text("Row") }
            .navigationBarItems(trailing: barButtons)
    }

    private var barButtons: some View {
        Group {
            if searching {
                Button(action: { searching = false }) {
                    Image(systemName: "xmark").frame(width: 20, height: 20)
                }
                .accessibilityLabel("Cancel")
            } else {
                Button("Search") { searching = true }
            }
        }
    }
}

struct Stacked: View {
    var body: some View {
        List { Text("Row") }
            .navigationBarItems(trailing: HStack(spacing: 16) {
                Button(action: {}) { // <- global/touch-target-size
                    Image(systemName: "magnifyingglass").frame(width: 20, height: 20)
                }
                .accessibilityLabel("Search")
            })
    }
}
