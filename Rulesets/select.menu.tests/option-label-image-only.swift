// swift-format-ignore-file
// expect: select.menu/option-label
// Options drawn as images alone, written directly and in a ForEach.
import SwiftUI

struct MarkerSettings: View {
    @State private var shape = "circle"
    @State private var color = Palette.red

    var body: some View {
        Form {
            Picker("Marker", selection: $shape) {
                Image(systemName: "circle").tag("circle")
                Image(systemName: "square").tag("square")
            }
            Picker("Color", selection: $color) {
                ForEach(Palette.allCases) { color in
                    Image(color.assetName)
                        .tag(color)
                }
            }
            .pickerStyle(.menu)
        }
    }
}
