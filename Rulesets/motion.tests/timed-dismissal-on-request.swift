// swift-format-ignore-file
// expect: nothing
// Timers people start themselves (a button that closes after its animation), a "Copied" flag
// that shows nothing of its own, and state that presents nothing.
import SwiftUI

struct ShareRow: View {
    @Environment(\.dismiss) private var dismiss
    @State private var copied = false
    @State private var pulsing = false

    var body: some View {
        HStack {
            Button(copied ? "Copied" : "Copy Link") {
                copied = true
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { copied = false }
            }
            Button("Close") {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { dismiss() }
            }
        }
        .scaleEffect(pulsing ? 1.1 : 1)
        .onAppear {
            pulsing = true
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { pulsing = false }
        }
    }
}
