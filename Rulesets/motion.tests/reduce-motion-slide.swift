// swift-format-ignore-file
// A toast that slides in from the top and a panel that moves in from the side, whatever
// Reduce Motion says.
import SwiftUI

struct ToastOverlay: View {
    let message: String?

    var body: some View {
        VStack {
            if let message {
                Text(message) // <- motion/reduce-motion
                    .padding()
                    .transition(.move(edge: .top).combined(with: .opacity))
            }
            Spacer()
        }
        .animation(.spring(), value: message)
    }
}

struct SidePanel: View {
    @Binding var shown: Bool

    var body: some View {
        if shown {
            List { // <- motion/reduce-motion
                Text("Inbox")
            }
            .transition(.slide)
        }
    }
}
