// swift-format-ignore-file
// A player layer of the app's own that starts with sound when the view appears.
import SwiftUI
import AVKit

struct IntroVideo: View { // <- motion/autoplay-audio
    @State private var player = AVPlayer(url: Bundle.main.url(forResource: "intro", withExtension: "mp4")!)

    var body: some View {
        PlayerLayerView(player: player)
            .onAppear { player.play() }
    }
}
