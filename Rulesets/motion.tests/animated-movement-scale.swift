// swift-format-ignore-file
// A pressed button that scales, in a ButtonStyle.
import SwiftUI

struct BouncyStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label // <- motion/animated-movement
            .scaleEffect(configuration.isPressed ? 0.9 : 1)
            .animation(.spring(), value: configuration.isPressed)
    }
}
