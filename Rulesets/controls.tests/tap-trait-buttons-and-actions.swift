// swift-format-ignore-file
// expect: nothing
// A Button, a view with an accessibility action, a double tap, a background that dismisses the
// keyboard and a stack that holds controls are not custom buttons.
import SwiftUI

struct Composer: View {
    @State private var text = ""
    @State private var liked = false
    @FocusState private var focused: Bool

    var body: some View {
        ZStack {
            Color.black.opacity(0.3)
                .onTapGesture { focused = false }
            VStack {
                TextField("Message", text: $text)
                    .focused($focused)
                Button("Send") { send() }
            }
            .onTapGesture { focused = false }
            Image("photo", label: Text("Sunset at the beach"))
                .onTapGesture(count: 2) { liked.toggle() }
            Text("Like")
                .onTapGesture { liked.toggle() }
                .accessibilityAction { liked.toggle() }
            Image(systemName: "star")
                .accessibilityHidden(true)
                .onTapGesture { liked.toggle() }
        }
    }

    func send() {}
}
