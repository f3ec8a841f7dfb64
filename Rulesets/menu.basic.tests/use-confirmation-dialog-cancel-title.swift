// swift-format-ignore-file
// A "Cancel" command without the role, in a @ViewBuilder function.
import SwiftUI

struct UploadRow: View {
    var body: some View {
        actions()
    }

    @ViewBuilder
    func actions() -> some View {
        Menu("Stop Upload") { // <- menu.basic/use-confirmation-dialog
            Button("Stop and Discard", role: .destructive) { stop() }
            Button {
            } label: {
                Text("Cancel")
            }
        }
    }

    func stop() {}
}
