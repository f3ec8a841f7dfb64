// swift-format-ignore-file
// A verbatim sentence in a footer, cut to one line.
import SwiftUI

struct Footer: View {
    let caption: String

    var body: some View {
        Text(caption).lineLimit(1)
        // v text/truncated-sentence
        Text(verbatim: "Pull down to refresh the timeline")
            .font(.footnote)
            .lineLimit(1)
    }
}
