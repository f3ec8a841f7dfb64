// swift-format-ignore-file
// expect: nothing
// Menu commands are menu.basic's (checkmark-image), a custom ToggleStyle draws the Toggle's own
// state, and a combined row that says its state in words.
import SwiftUI

struct CheckboxStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button { configuration.isOn.toggle() } label: {
            Image(systemName: configuration.isOn ? "checkmark.square" : "square")
        }
    }
}

struct SortMenu: View {
    @State private var byDate = true
    @State private var selected = false

    var body: some View {
        Menu("Sort") {
            Button { byDate = true } label: {
                Label("Date", systemImage: byDate ? "checkmark" : "")
            }
        }
        Button { selected.toggle() } label: {
            HStack {
                Image(systemName: selected ? "largecircle.fill.circle" : "circle")
                Text(selected ? "Selected" : "Not selected")
            }
        }
    }
}
