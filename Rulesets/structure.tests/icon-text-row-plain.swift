// swift-format-ignore-file
// Rows of a symbol and texts, read in several stops.
import SwiftUI

struct StatsRow: View {
    let likes: Int

    var body: some View {
        VStack {
            HStack { // <- structure/icon-text-row
                Image(systemName: "heart.fill")
                Text("\(likes)")
                Text("likes")
            }
            HStack { // <- structure/icon-text-row
                Image(systemName: "clock")
                Text("5 min read")
                Spacer()
            }
        }
    }
}
