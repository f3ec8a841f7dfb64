// swift-format-ignore-file
// "Not Now" in a label closure backs out but has no role.
import SwiftUI

struct UpdatePrompt: View {
    @State private var isAsking = true

    var body: some View {
        Color.clear
            .confirmationDialog(
                "Install the update now?",
                isPresented: $isAsking,
                titleVisibility: .visible
            ) {
                Button("Install Update") { install() }
                Button(action: {}) { // <- dialog.confirmation/cancel-role
                    Text("Not Now")
                }
            }
    }

    func install() {}
}
