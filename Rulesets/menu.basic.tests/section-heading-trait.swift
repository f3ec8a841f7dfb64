// swift-format-ignore-file
// Headers given the heading trait: on a Section, inside a header closure, and a Text posing as
// a header in the menu's content.
import SwiftUI

struct SortMenu: View {
    var body: some View {
        Menu("Sort") {
            Section("Order") { // <- menu.basic/section-heading
                Button("Ascending") {}
                Button("Descending") {}
            }
            .accessibilityAddTraits(.isHeader)
            Section { // <- menu.basic/section-heading
                Button("Sort by Name") {}
                Button("Sort by Date") {}
            } header: {
                Text("Field")
                    .accessibilityHeading(.h2)
            }
            Text("More") // <- menu.basic/section-heading
                .accessibilityAddTraits([.isHeader])
            Button("Reset Sorting") {}
        }
    }
}
