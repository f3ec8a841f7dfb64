// swift-format-ignore-file
// The older .accessibility(label:) names a control as .accessibilityLabel does; its other
// arguments (a hint, traits) do not, nor hide it.
import SwiftUI

struct Player: View {
    var body: some View {
        HStack {
            Button(action: play) { Image(systemName: "play.fill") }
                .accessibility(label: Text("Play"))
            Button(action: play) { Image(systemName: "forward.fill") } // <- button.basic/accessible-name
                .accessibility(hint: Text("Skips ahead 30 seconds"))
            Button(action: play) { Image(systemName: "backward.fill") }
                .accessibility(hidden: true)
        }
    }

    func play() {}
}
