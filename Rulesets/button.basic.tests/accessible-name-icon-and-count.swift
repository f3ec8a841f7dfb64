// swift-format-ignore-file
// An icon and a count: VoiceOver reads the number, or nothing while it is zero.
import SwiftUI

struct RepostButton: View {
    let reposts: [Repost]
    let showsCount: Bool

    var body: some View {
        Button { repost() } label: { // <- button.basic/accessible-name
            HStack {
                Image(systemName: "arrow.2.squarepath")
                if showsCount, reposts.count > 0 {
                    Text(reposts.count.description)
                }
            }
        }
    }
}

struct LikeButton: View {
    let likeCount: Int

    var body: some View {
        Button(action: like) { // <- button.basic/accessible-name
            Label { Text("\(likeCount)") } icon: { Image("heart") }
        }
        Button(action: like) {
            HStack {
                Image("heart")
                Text(String(likeCount))
            }
        }
        .accessibilityLabel("Like")
        .accessibilityValue("\(likeCount)")
        Button(action: like) {
            HStack {
                Image("heart")
                Text("Like")
                Text(likeCount.formatted())
            }
        }
    }
}
