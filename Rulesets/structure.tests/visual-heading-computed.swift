// swift-format-ignore-file
// A title computed at run time over a panel: title styles are titles whatever their words.
import SwiftUI

struct VideoInfoPanel: View {
    let title: String
    let channel: String

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(title) // <- structure/visual-heading
                .font(.title3)
                .fontWeight(.semibold)
            Text(channel)
            Text("1.2M views")
        }
        VStack {
            Text(channel)
                .font(.title2)
                .accessibilityAddTraits(.isHeader)
            Text("Videos")
            Text("Playlists")
        }
    }
}
