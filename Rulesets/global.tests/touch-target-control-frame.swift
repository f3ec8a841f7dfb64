// swift-format-ignore-file
// Frames fixed on the controls themselves, written as a computed property and a helper.
import SwiftUI

struct PlayerControls: View {
    @State private var isPlaying = false

    var body: some View {
        HStack(spacing: 4) {
            optionsMenu
            helpLink
        }
    }

    private var optionsMenu: some View {
        Menu(content: { // <- global/touch-target-size
            Button("Speed", action: {})
            Button("Quality", action: {})
        }, label: {
            Label("Options", systemImage: "gearshape")
        })
        .labelStyle(.iconOnly)
        .frame(
            width: 30,
            height: 30
        )
    }

    @ViewBuilder
    func helpLink() -> some View {
        Link("Help", destination: URL(string: "https://example.com/help")!) // <- global/touch-target-size
            .font(.caption)
            .frame(maxHeight: 20)
    }
}
