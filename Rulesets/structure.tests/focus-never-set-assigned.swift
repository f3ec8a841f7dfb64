// swift-format-ignore-file
// expect: nothing
// The state is set when the view appears, by an action, or when a step changes.
import SwiftUI

struct Onboarding: View {
    enum Focus { case title, subtitle }
    @AccessibilityFocusState private var focus: Focus?
    @AccessibilityFocusState private var hintFocused: Bool
    @State private var step = 0

    var body: some View {
        VStack {
            Text("Welcome").accessibilityFocused($focus, equals: .title)
            Text("Step \(step)").accessibilityFocused($focus, equals: .subtitle)
            Text("Swipe to continue").accessibilityFocused($hintFocused)
            Button("Next") {
                step += 1
                self.focus = .subtitle
            }
        }
        .onAppear { focus = .title }
        .task { hintFocused.toggle() }
    }
}
