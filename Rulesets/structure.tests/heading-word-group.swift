// swift-format-ignore-file
// A combined group named "… heading".
import SwiftUI

#Preview {
    HStack { // <- structure/heading-word
        Image(systemName: "star")
        Text("Favorites")
    }
    .accessibilityElement(children: .ignore)
    .accessibilityLabel("Favorites, heading")
    Text("Recent")
        .accessibilityLabel("Recent items")
}
