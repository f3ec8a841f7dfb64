// swift-format-ignore-file
// Containers hidden from assistive technologies that hold buttons, a toggle and a tappable text.
import SwiftUI

struct PlayerOverlay: View {
    @State private var playing = false
    @State private var loop = false

    var body: some View {
        HStack { // <- structure/hidden-controls
            Button("Play") { playing = true }
            Button("Pause") { playing = false }
        }
        .accessibilityHidden(true)
        VStack { // <- structure/hidden-controls
            Toggle("Loop", isOn: $loop)
            Text("Skip intro")
                .onTapGesture { playing = true }
        }
        .accessibilityHidden(true)
    }
}
