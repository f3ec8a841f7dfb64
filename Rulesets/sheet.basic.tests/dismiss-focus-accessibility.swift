import SwiftUI

struct Inbox: View {
    @AccessibilityFocusState private var headerFocused: Bool
    @State private var composing = false

    var body: some View {
        VStack {
            Text("Inbox")
                .accessibilityFocused($headerFocused)
            Button("Compose") { composing = true }  // <- sheet.basic/dismiss-focus
                .sheet(isPresented: $composing, onDismiss: { headerFocused = true }) {
                    ComposeView()
                }
        }
    }
}
