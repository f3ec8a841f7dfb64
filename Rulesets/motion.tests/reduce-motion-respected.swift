// swift-format-ignore-file
// expect: nothing
// The view reads Reduce Motion and cross-fades instead, or only fades.
import SwiftUI

struct Snackbar: View {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    let shown: Bool

    var body: some View {
        if shown {
            Text("Saved")
                .transition(reduceMotion ? .opacity : .move(edge: .bottom))
            Text("Undo")
                .transition(.move(edge: .bottom))
        }
    }
}

struct Hint: View {
    let shown: Bool

    var body: some View {
        if shown {
            Text("Swipe to see more").transition(.opacity)
        }
    }
}
