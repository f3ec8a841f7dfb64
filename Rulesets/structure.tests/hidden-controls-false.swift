// swift-format-ignore-file
// expect: nothing
// `.accessibilityHidden(false)` hides nothing, and a Text hidden on its own holds no controls.
import SwiftUI

#Preview {
    VStack {
        Button("Visible") {}
    }
    .accessibilityHidden(false)
    Text("Decorative caption")
        .accessibilityHidden(true)
}
