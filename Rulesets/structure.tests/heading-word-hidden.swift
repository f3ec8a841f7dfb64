// swift-format-ignore-file
// expect: nothing
// A hidden view is not announced, whatever its label.
import SwiftUI

struct Decoration: View {
    var body: some View {
        Image("flourish")
            .accessibilityLabel("Decorative header")
            .accessibilityHidden(true)
        Text("Chapter 1")
            .accessibilityLabel("Chapter 1, the beginning")
    }
}
