// swift-format-ignore-file
// Music of a game screen that loops from the moment it appears.
import SwiftUI
import AVFoundation

struct AmbientMusic: View { // <- motion/autoplay-audio
    let music: AVAudioPlayer?

    var body: some View {
        Text("Level 1")
            .task {
                music?.numberOfLoops = -1
                music?.play()
            }
    }
}
