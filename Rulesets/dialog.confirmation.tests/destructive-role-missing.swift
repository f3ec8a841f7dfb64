// swift-format-ignore-file
// The action that deletes is a plain button, in actions: and message: closures.
import SwiftUI

struct DraftRow: View {
    @State private var isConfirming = false

    var body: some View {
        Button("Delete Draft", role: .destructive) { isConfirming = true }
            .confirmationDialog("Delete this draft?", isPresented: $isConfirming, titleVisibility: .visible, actions: {
                Button("Delete Draft") { deleteDraft() } // <- dialog.confirmation/destructive-role
                Button("Cancel", role: .cancel) {}
            }, message: {
                Text("The draft cannot be recovered.")
            })
    }

    func deleteDraft() {}
}
