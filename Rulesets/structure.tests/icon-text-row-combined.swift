// swift-format-ignore-file
// expect: nothing
// Rows that read as one: combined, the icon hidden or decorative, or inside a Button or Label.
import SwiftUI

struct Rows: View {
    var body: some View {
        VStack {
            HStack {
                Image(systemName: "star")
                Text("Favorites")
            }
            .accessibilityElement(children: .combine)
            HStack {
                Image(systemName: "bolt").accessibilityHidden(true)
                Text("Fast charging")
            }
            HStack {
                Image(decorative: "dot")
                Text("Online")
            }
            Button {} label: {
                HStack {
                    Image(systemName: "plus")
                    Text("Add")
                }
            }
        }
    }
}
