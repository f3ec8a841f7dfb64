// swift-format-ignore-file
// A card that slides with .offset, a spinner turned by an animation, and a zooming transition.
import SwiftUI

struct Drawer: View {
    @State private var open = false
    @State private var spinning = false

    var body: some View {
        VStack {
            Rectangle() // <- motion/animated-movement
                .offset(y: open ? 0 : 300)
                .animation(.easeInOut, value: open)
            Image(systemName: "arrow.triangle.2.circlepath") // <- motion/animated-movement
                .rotationEffect(.degrees(spinning ? 360 : 0))
                .animation(.linear(duration: 1).repeatForever(autoreverses: false), value: spinning)
            if open {
                Text("Done") // <- motion/animated-movement
                    .transition(.scale)
            }
        }
    }
}
