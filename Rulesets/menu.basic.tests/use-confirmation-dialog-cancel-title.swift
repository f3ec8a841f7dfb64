// swift-format-ignore-file
// expect: menu.basic/use-confirmation-dialog
// A "Cancel" command without the role, in a @ViewBuilder function.
import SwiftUI

struct UploadRow: View {
    var body: some View {
        actions()
    }

    @ViewBuilder
    func actions() -> some View {
        Menu("Stop Upload") {
            Button("Stop and Discard", role: .destructive) { stop() }
            Button {
            } label: {
                Text("Cancel")
            }
        }
    }

    func stop() {}
}
