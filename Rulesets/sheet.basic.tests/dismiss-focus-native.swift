import SwiftUI
// expect: nothing

// The system restores focus; onDismiss reloads, or focus moves inside the sheet.
struct Inbox: View {
    @AccessibilityFocusState private var errorFocused: Bool
    @State private var composing = false
    @State private var error: String?

    var body: some View {
        Button("Compose") { composing = true }
            .sheet(isPresented: $composing, onDismiss: reload) {
                VStack {
                    if let error {
                        Text(error).accessibilityFocused($errorFocused)
                    }
                    ComposeView()
                }
            }
            .fullScreenCover(isPresented: $composing, onDismiss: { reload() }) {
                Text("Cover")
            }
    }
}
