// swift-format-ignore-file
// expect: nothing
// Icon-only triggers that name themselves: on the Menu, on the image, with Image(_:label:),
// or with a label held in a variable.
import SwiftUI

struct MapToolbar: View {
    let optionsTitle: LocalizedStringKey = "Map options"

    var body: some View {
        HStack {
            Menu {
                Button("Show Traffic") {}
                Button("Show Transit") {}
            } label: {
                Image(systemName: "map")
            }
            .accessibilityLabel(optionsTitle)

            Menu {
                Button("Zoom In") {}
                Button("Zoom Out") {}
            } label: {
                Image(systemName: "plus.magnifyingglass")
                    .accessibilityLabel("Zoom")
            }

            Menu("", systemImage: "square.3.layers.3d") {
                Button("Standard") {}
                Button("Satellite") {}
            }
            .accessibilityLabel(Text("Map style"))

            Menu {
                Button("Drop Pin") {}
                Button("Measure") {}
            } label: {
                Image("pin-tool", label: Text("Tools"))
            }
        }
    }
}
