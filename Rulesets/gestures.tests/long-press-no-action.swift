// swift-format-ignore-file
// A long press that copies, and a LongPressGesture in .gesture, that nothing else offers.
import SwiftUI

struct MessageBubble: View {
    let text: String
    @State private var copied = false

    var body: some View {
        VStack {
            Text(text) // <- gestures/long-press-action
                .onLongPressGesture { copied = true }
            Image(systemName: "mic") // <- gestures/long-press-action
                .accessibilityLabel("Record")
                .gesture(LongPressGesture(minimumDuration: 0.5).onEnded { _ in record() })
        }
    }

    func record() {}
}
