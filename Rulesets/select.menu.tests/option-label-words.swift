// swift-format-ignore-file
// expect: nothing
// Customizable: options as text, as a Label with an icon, and as an image with a name.
import SwiftUI

struct LayoutSettings: View {
    @State private var layout = 0
    @State private var density = "Compact"

    var body: some View {
        Form {
            Picker("Layout", selection: $layout) {
                Label("List", systemImage: "list.bullet").tag(0)
                Label("Grid", systemImage: "square.grid.2x2").tag(1)
                Image(systemName: "rectangle.grid.1x2")
                    .accessibilityLabel("Cards")
                    .tag(2)
            }
            Picker("Density", selection: $density) {
                Section("Common") {
                    Text("Compact").tag("Compact")
                    Text("Comfortable").tag("Comfortable")
                }
                Image("roomy", label: Text("Roomy")).tag("Roomy")
            }
        }
    }
}
