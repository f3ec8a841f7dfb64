// swift-format-ignore-file
// expect: nothing
// A TabView hidden from VoiceOver while a full-screen overlay covers it: its tabs are not
// announced then, and whether they are named is judged where they are not hidden.
import SwiftUI

struct TabsRoot: View {
    @State private var selection = 0
    let overlayShown: Bool

    var body: some View {
        TabView(selection: $selection) {
            Tab(value: 0) {
                Text("Rooms")
            } label: {
                Image(systemName: "bubble.left")
            }
        }
        .accessibilityHidden(overlayShown)
    }
}
