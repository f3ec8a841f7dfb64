// swift-format-ignore-file
// expect: nothing
// Movement that follows Reduce Motion, fades, a small animated scale (a pressed look), and
// effects without an animation.
import SwiftUI

struct Carousel: View {
    @Environment(\.accessibilityReduceMotion) var reduceMotion
    @State private var page = 0

    var body: some View {
        Rectangle()
            .offset(x: CGFloat(page) * -300)
            .animation(reduceMotion ? nil : .spring(), value: page)
        Text("Page \(page)")
            .scaleEffect(page == 0 ? 1.2 : 1)
            .animation(.default, value: page)
    }
}

struct StaticTilt: View {
    let angle: Double

    var body: some View {
        Image(systemName: "arrow.up")
            .rotationEffect(.degrees(angle))
        Text("Pressed")
            .scaleEffect(angle > 0 ? 0.95 : 1)
            .animation(.easeIn, value: angle)
        Text("Fading")
            .opacity(angle > 0 ? 1 : 0)
            .animation(.easeIn, value: angle)
    }
}
