import SwiftUI
// expect: nothing

// A small view of the app's own, outside any screen: where it is used (often inside a
// Button or a combined row) decides how its image is named.
struct SelectionCircle: View {
    let selected: Bool

    var body: some View {
        ZStack {
            Circle().stroke()
            if selected {
                Image("checkmark-badge")
            }
        }
    }
}
