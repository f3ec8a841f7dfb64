// swift-format-ignore-file
// A whole card hidden in a helper, with a link inside it.
import SwiftUI

extension View {
    func promo() -> some View {
        VStack { // <- structure/hidden-controls
            Text("Try Pro")
            Link("Learn more", destination: URL(string: "https://example.com")!)
        }
        .accessibilityHidden()
    }
}
