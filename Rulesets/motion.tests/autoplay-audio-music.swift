// swift-format-ignore-file
// Music of a game screen that loops from the moment it appears.
import SwiftUI
import AVFoundation

struct AmbientMusic: View {
    let music: AVAudioPlayer?

    var body: some View {
        Text("Level 1") // <- motion/autoplay-audio
            .task {
                music?.numberOfLoops = -1
                music?.play()
            }
    }
}
