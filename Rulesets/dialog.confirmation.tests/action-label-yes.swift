// swift-format-ignore-file
// expect: dialog.confirmation/action-label
// "Yes" and "No" answer the question instead of naming the action.
import SwiftUI

struct ModeratorRow: View {
    @State private var isConfirming = false

    var body: some View {
        Button("Appoint Moderator") { isConfirming = true }
            .confirmationDialog("Appoint this user as a moderator?", isPresented: $isConfirming) {
                Button("Yes") { appoint() }
                Button("No", role: .cancel) {}
            }
    }

    func appoint() {}
}
