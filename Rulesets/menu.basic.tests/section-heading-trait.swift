// swift-format-ignore-file
// expect: menu.basic/section-heading
// Headers given the heading trait: on a Section, inside a header closure, and a Text posing as
// a header in the menu's content.
import SwiftUI

struct SortMenu: View {
    var body: some View {
        Menu("Sort") {
            Section("Order") {
                Button("Ascending") {}
                Button("Descending") {}
            }
            .accessibilityAddTraits(.isHeader)
            Section {
                Button("Sort by Name") {}
                Button("Sort by Date") {}
            } header: {
                Text("Field")
                    .accessibilityHeading(.h2)
            }
            Text("More")
                .accessibilityAddTraits([.isHeader])
            Button("Reset Sorting") {}
        }
    }
}
