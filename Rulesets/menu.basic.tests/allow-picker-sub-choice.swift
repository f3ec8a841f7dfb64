// swift-format-ignore-file
// expect: nothing
// Customizable: a Picker for a checked sub-choice next to commands.
import SwiftUI

struct PlaybackMenu: View {
    @State private var speed = 1.0

    var body: some View {
        Menu {
            Button("Restart Episode") { restart() }
            Button("Mark as Played") { markPlayed() }
            Picker("Playback Speed", selection: $speed) {
                Text("1×").tag(1.0)
                Text("1.5×").tag(1.5)
                Text("2×").tag(2.0)
            }
        } label: {
            Label("Playback", systemImage: "play.circle")
        }
    }

    func restart() {}
    func markPlayed() {}
}
