// swift-format-ignore-file
// Sentences cut to one line.
import SwiftUI

struct Onboarding: View {
    var body: some View {
        VStack {
            Text("Your messages are end-to-end encrypted") // <- text/truncated-sentence
                .lineLimit(1)
            Text("Done")
                .lineLimit(1)
        }
    }
}
