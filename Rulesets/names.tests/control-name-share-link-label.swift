// swift-format-ignore-file
// A ShareLink says "Share" only with its default label: a label of its own replaces it, so an
// icon alone leaves it unnamed.
import SwiftUI

struct Article: View {
    let url: URL

    var body: some View {
        HStack {
            ShareLink(item: url)
            ShareLink(item: url) { // <- names/control-name
                Image(systemName: "square.and.arrow.up")
            }
            ShareLink(item: url) { Label("Share article", systemImage: "square.and.arrow.up") }
            ShareLink("Send", item: url)
        }
    }
}
