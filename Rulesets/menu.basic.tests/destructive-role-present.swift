// swift-format-ignore-file
// expect: nothing
// The destructive role written three ways: a member, the full type name, and chosen at run
// time; a command whose title ends in an ellipsis asks for confirmation first.
import SwiftUI

struct ItemMenu: View {
    let canDelete: Bool
    let isShared: Bool

    var body: some View {
        Menu("Item") {
            Button("Duplicate") {}
            Button("Delete", role: .destructive) { delete() }
            Button(role: ButtonRole.destructive) {
                erase()
            } label: {
                Label("Erase All Content", systemImage: "trash")
            }
            Button(isShared ? "Leave" : "Discard", role: isShared ? nil : .destructive) { leave() }
            Button("Delete All Items…") { confirmDeleteAll() }
        }
    }

    func delete() {}
    func erase() {}
    func leave() {}
    func confirmDeleteAll() {}
}
