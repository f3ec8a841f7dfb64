// swift-format-ignore-file
// Labels that say "heading" or "header" instead of carrying the trait.
import SwiftUI

struct SettingsHeader: View {
    var body: some View {
        VStack {
            Text("General") // <- structure/heading-word
                .accessibilityLabel("General heading")
            Image("banner") // <- structure/heading-word
                .accessibilityLabel("Section header: Downloads")
                .accessibilityAddTraits(.isHeader)
        }
    }
}
