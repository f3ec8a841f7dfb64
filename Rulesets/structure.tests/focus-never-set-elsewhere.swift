// swift-format-ignore-file
// expect: nothing
// The state is handed to another view, set by the view's own function (which the view model
// does not show), or bound from a parent that sets it.
import SwiftUI

struct PinScreen: View {
    @AccessibilityFocusState private var subtitleFocused: Bool
    @AccessibilityFocusState private var keypadFocused: Bool

    var body: some View {
        VStack {
            Text("Wrong PIN").accessibilityFocused($subtitleFocused)
            Keypad(focused: $keypadFocused)
                .accessibilityFocused($keypadFocused)
        }
        .onSubmit { shake() }
    }

    func shake() {
        subtitleFocused = true
    }
}

struct Field: View {
    var focused: AccessibilityFocusState<Bool>.Binding

    var body: some View {
        TextField("Code", text: .constant("")).accessibilityFocused(focused)
    }
}
