// swift-format-ignore-file
// expect: nothing
// Names without the word, and words that only contain it ("Headings and fonts").
import SwiftUI

struct Typography: View {
    let title: String

    var body: some View {
        VStack {
            Text("General")
                .accessibilityLabel("General")
                .accessibilityAddTraits(.isHeader)
            Text("Fonts")
                .accessibilityLabel("Headings and fonts")
            Text(title)
                .accessibilityLabel(title)
        }
    }
}
