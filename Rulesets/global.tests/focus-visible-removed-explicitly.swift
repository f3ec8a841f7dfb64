// swift-format-ignore-file
// `.focusEffectDisabled(true)` in a view builder of an extension, at the top level of a file.
import SwiftUI

extension View {
    @ViewBuilder
    func cardStyle() -> some View {
        self
            .padding()
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
    }
}

#Preview {
    Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!) // <- global/focus-visible
        .cardStyle()
        .focusEffectDisabled(true)
}
