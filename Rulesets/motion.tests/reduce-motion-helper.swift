// swift-format-ignore-file
// A banner pushed in by a helper of an extension.
import SwiftUI

extension View {
    func banner(_ text: String, shown: Bool) -> some View {
        overlay(alignment: .bottom) {
            if shown {
                Text(text) // <- motion/reduce-motion
                    .transition(.push(from: .bottom))
            }
        }
    }
}
