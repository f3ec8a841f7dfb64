// swift-format-ignore-file
// A Menu used to confirm a destructive action: it offers Cancel.
import SwiftUI

struct DraftToolbar: View {
    var body: some View {
        Menu { // <- menu.basic/use-confirmation-dialog
            Button("Delete Draft", role: .destructive) { deleteDraft() }
            Button("Cancel", role: .cancel) {}
        } label: {
            Text("Delete")
        }
    }

    func deleteDraft() {}
}
