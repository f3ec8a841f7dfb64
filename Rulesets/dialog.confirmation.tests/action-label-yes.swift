// swift-format-ignore-file
// "Yes" and "No" answer the question instead of naming the action.
import SwiftUI

struct ModeratorRow: View {
    @State private var isConfirming = false

    var body: some View {
        Button("Appoint Moderator") { isConfirming = true }
            .confirmationDialog("Appoint this user as a moderator?", isPresented: $isConfirming) {
                Button("Yes") { appoint() } // <- dialog.confirmation/action-label
                Button("No", role: .cancel) {} // <- dialog.confirmation/action-label
            }
    }

    func appoint() {}
}
