// swift-format-ignore-file
// expect: nothing
// Destructive roles on the actions that destroy; other actions need none.
import SwiftUI

struct CloseDocument: View {
    @State private var isConfirming = false
    let isShared: Bool

    var body: some View {
        Button("Close") { isConfirming = true }
            .confirmationDialog("Save changes before closing?", isPresented: $isConfirming) {
                Button("Save") { save() }
                Button("Discard Changes", role: .destructive) { discard() }
                Button("Delete Copy", role: isShared ? nil : ButtonRole.destructive) { deleteCopy() }
                Button("Cancel", role: .cancel) {}
            }
    }

    func save() {}
    func discard() {}
    func deleteCopy() {}
}
