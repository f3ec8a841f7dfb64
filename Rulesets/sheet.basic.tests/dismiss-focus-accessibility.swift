import SwiftUI

struct Inbox: View {  // <- sheet.basic/dismiss-focus
    @AccessibilityFocusState private var headerFocused: Bool
    @State private var composing = false

    var body: some View {
        VStack {
            Text("Inbox")
                .accessibilityFocused($headerFocused)
            Button("Compose") { composing = true }
                .sheet(isPresented: $composing, onDismiss: { headerFocused = true }) {
                    ComposeView()
                }
        }
    }
}
