// swift-format-ignore-file
// expect: menu.basic/use-confirmation-dialog
// A Menu used to confirm a destructive action: it offers Cancel.
import SwiftUI

struct DraftToolbar: View {
    var body: some View {
        Menu {
            Button("Delete Draft", role: .destructive) { deleteDraft() }
            Button("Cancel", role: .cancel) {}
        } label: {
            Text("Delete")
        }
    }

    func deleteDraft() {}
}
