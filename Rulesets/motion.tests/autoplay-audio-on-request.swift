// swift-format-ignore-file
// expect: nothing
// A Pause button of the view, and a player held by a view model, which the source does not show.
import SwiftUI
import AVFoundation

struct Jukebox: View {
    @State private var song = AVAudioPlayer()

    var body: some View {
        Button("Pause") { song.pause() }
            .onAppear { song.play() }
    }
}

struct FeedVideo: View {
    let model: VideoModel

    var body: some View {
        PlayerLayerView(player: model.player)
            .onAppear { model.player.play() }
    }
}
