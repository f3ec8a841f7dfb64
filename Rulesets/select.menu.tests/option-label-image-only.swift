// swift-format-ignore-file
// Options drawn as images alone, written directly and in a ForEach.
import SwiftUI

struct MarkerSettings: View {
    @State private var shape = "circle"
    @State private var color = Palette.red

    var body: some View {
        Form {
            Picker("Marker", selection: $shape) {
                Image(systemName: "circle").tag("circle") // <- select.menu/option-label
                Image(systemName: "square").tag("square") // <- select.menu/option-label
            }
            Picker("Color", selection: $color) {
                ForEach(Palette.allCases) { color in
                    Image(color.assetName) // <- select.menu/option-label
                        .tag(color)
                }
            }
            .pickerStyle(.menu)
        }
    }
}
