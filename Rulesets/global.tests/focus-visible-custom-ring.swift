// swift-format-ignore-file
// expect: nothing
// The system effect is replaced by a ring drawn from @FocusState; `false` keeps the effect.
import SwiftUI

struct ColorSwatch: View {
    let color: Color
    @FocusState private var isFocused: Bool

    var body: some View {
        Button { select() } label: {
            Circle().fill(color).frame(width: 44, height: 44)
        }
        .accessibilityLabel("Swatch")
        .focused($isFocused)
        .focusEffectDisabled()
        .overlay {
            Circle()
                .stroke(isFocused ? Color.accentColor : .clear, lineWidth: 3)
        }
        Toggle("Sync", isOn: .constant(true))
            .focusEffectDisabled(false)
    }

    func select() {}
}
