// swift-format-ignore-file
// "OK" for a destructive choice, with a separate message, in an extension.
import SwiftUI

struct HistoryView: View {
    @State var isClearing = false
    var body: some View { clearButton }
}

extension HistoryView {
    var clearButton: some View {
        Button("Clear History") { isClearing = true }
            .confirmationDialog("Clear all history?", isPresented: $isClearing, titleVisibility: .visible) {
                Button("OK", role: .destructive) { clear() } // <- dialog.confirmation/action-label
            } message: {
                Text("This cannot be undone.")
            }
    }

    func clear() {}
}
