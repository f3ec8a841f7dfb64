// swift-format-ignore-file
// White text on the system orange, green and red: below 4.5:1 in both appearances.
import SwiftUI

struct Badges: View {
    var body: some View {
        HStack {
            Text("DEV") // <- contrast/text-contrast
                .font(.caption2.bold())
                .foregroundStyle(.white)
                .padding(.horizontal, 6)
                .background(.orange, in: Capsule())
            Text("LIVE") // <- contrast/text-contrast
                .font(.caption)
                .foregroundColor(Color.white)
                .background(Color.red)
            Text("Ready")
                .foregroundStyle(.black)
                .background(.yellow)
        }
    }
}
