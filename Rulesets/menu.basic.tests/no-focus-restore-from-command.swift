// swift-format-ignore-file
// A command moves VoiceOver focus through an @AccessibilityFocusState enum, and a label image
// carries .accessibilityFocused.
import SwiftUI

struct ListHeader: View {
    enum Field: Hashable { case title, menu }
    @AccessibilityFocusState var focus: Field?

    var body: some View {
        HStack {
            Text("Groceries")
                .accessibilityFocused($focus, equals: .title)
            Menu { // <- menu.basic/no-focus-restore
                Button("Sort by Name") {
                    sortByName()
                    self.focus = .menu
                }
                Button("Sort by Date") { sortByDate() }
            } label: {
                Label("Sort", systemImage: "arrow.up.arrow.down")
                    .accessibilityFocused($focus, equals: .menu)
            }
        }
    }

    func sortByName() {}
    func sortByDate() {}
}
