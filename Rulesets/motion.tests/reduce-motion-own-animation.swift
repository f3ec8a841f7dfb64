// swift-format-ignore-file
// expect: nothing
// An animation of the app's own (which may turn itself off for Reduce Motion), or a check of
// UIAccessibility.isReduceMotionEnabled where the view animates.
import SwiftUI

struct Banner: View {
    @State private var shown = false

    var body: some View {
        VStack {
            if shown {
                Text("Connected")
                    .transition(.move(edge: .top))
            }
        }
        .animation(.appDefault, value: shown)
    }
}

struct Comments: View {
    @State private var expanded = false

    var body: some View {
        VStack {
            if expanded {
                Text("Reply")
                    .transition(.move(edge: .top).combined(with: .opacity))
            }
            Button("Expand") {
                withAnimation(UIAccessibility.isReduceMotionEnabled ? nil : .default) { expanded.toggle() }
            }
        }
    }
}
