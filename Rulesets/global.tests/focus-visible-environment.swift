// swift-format-ignore-file
// expect: nothing
// A view that reads the isFocused environment value and draws its own highlight.
import SwiftUI

struct FocusableRow: View {
    @Environment(\.isFocused) private var isFocused
    let title: String

    var body: some View {
        Text(title)
            .padding(8)
            .background(isFocused ? Color.accentColor.opacity(0.3) : .clear)
            .focusable()
            .focusEffectDisabled()
    }
}
