import SwiftUI
// expect: nothing

struct Badge: View {
    var body: some View {
        HStack {
            Image(systemName: "star").accessibilityHidden(true).help("Favorite")
            Label("Favorites", systemImage: "star")
                .help("Shows your favorites")
        }
    }
}
