// swift-format-ignore-file
// expect: nothing
// SwiftUI's VideoPlayer draws a pause control; a player started muted.
import SwiftUI
import AVKit

struct Trailer: View {
    @State private var player = AVPlayer(url: URL(string: "https://example.com/trailer.m3u8")!)

    var body: some View {
        VideoPlayer(player: player)
            .onAppear { player.play() }
    }
}

struct MutedLoop: View {
    let player: AVQueuePlayer

    var body: some View {
        PlayerLayerView(player: player)
            .onAppear {
                player.isMuted = true
                player.play()
            }
    }
}
