// swift-format-ignore-file
// A page that slides with an animated offset, in a ButtonStyle's body.
import SwiftUI

struct BouncyStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label // <- motion/animated-movement
            .offset(x: configuration.isPressed ? 40 : 0)
            .animation(.spring(), value: configuration.isPressed)
    }
}
