// swift-format-ignore-file
// A written-out Cancel without the role, in a @ViewBuilder function.
import SwiftUI

struct SignOutRow: View {
    @State private var isConfirming = false

    var body: some View {
        content()
    }

    @ViewBuilder
    func content() -> some View {
        Button("Sign Out") { isConfirming = true }
            .confirmationDialog("Sign out of this account?", isPresented: $isConfirming) {
                Button("Sign Out", role: .destructive) { signOut() }
                Button("Cancel") {} // <- dialog.confirmation/cancel-role
            }
    }

    func signOut() {}
}
