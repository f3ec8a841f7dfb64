// swift-format-ignore-file
// expect: nothing
// Icon-only buttons that are named: on the button, on the image, by Image(_:label:), and a
// button inside an element that speaks for it.
import SwiftUI

struct PlayerBar: View {
    let isPlaying: Bool

    var body: some View {
        HStack {
            Button { toggle() } label: {
                Image(systemName: isPlaying ? "pause.fill" : "play.fill")
            }
            .accessibilityLabel(isPlaying ? "Pause" : "Play")

            Button(action: skip) {
                Image(systemName: "forward.fill")
                    .accessibilityLabel("Skip Forward")
            }

            Button(action: airplay) {
                Image("airplay-glyph", label: Text("AirPlay"))
            }

            HStack {
                Text("Volume")
                Button(action: mute) { Image(systemName: "speaker.slash") }
            }
            .accessibilityElement(children: .combine)
            .accessibilityLabel("Volume, mute")
        }
    }

    func toggle() {}
    func skip() {}
    func airplay() {}
    func mute() {}
}
