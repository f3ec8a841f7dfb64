// swift-format-ignore-file
// expect: nothing
// An animation of the app's own drives the movement; it may follow Reduce Motion.
import SwiftUI

#Preview {
    @Previewable @State var shown = false
    Circle()
        .offset(y: shown ? 0 : 40)
        .animation(.gentle, value: shown)
    Text("Pop")
        .scaleEffect(shown ? 1 : 0.5)
        .animation(nil, value: shown)
}
