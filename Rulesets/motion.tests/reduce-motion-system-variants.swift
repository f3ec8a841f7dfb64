// swift-format-ignore-file
// SwiftUI's own animations made slower or later (`.easeInOut.delay(0.2)`,
// `Animation.spring().speed(2)`) are still SwiftUI's: they do not follow Reduce Motion either.
import SwiftUI

struct Banner: View {
    @Binding var shown: Bool

    var body: some View {
        VStack {
            if shown {
                Text("Saved") // <- motion/reduce-motion
                    .transition(.move(edge: .bottom))
            }
        }
        .animation(.easeInOut.delay(0.2), value: shown)
    }
}

struct Drawer: View {
    @Binding var open: Bool

    var body: some View {
        VStack {
            if open {
                Text("Menu") // <- motion/reduce-motion
                    .transition(.slide)
            }
        }
        .animation(Animation.spring().speed(2), value: open)
    }
}
