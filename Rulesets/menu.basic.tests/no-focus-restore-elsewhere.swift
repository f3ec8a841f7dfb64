// swift-format-ignore-file
// expect: nothing
// @AccessibilityFocusState used for a sheet's field, which is fine; the menu leaves focus alone.
import SwiftUI

struct ComposeView: View {
    @AccessibilityFocusState private var isBodyFocused: Bool
    @State private var showsSheet = false
    @State private var text = ""

    var body: some View {
        VStack {
            TextEditor(text: $text)
                .accessibilityFocused($isBodyFocused)
            Menu("Insert") {
                Button("Photo") { showsSheet = true }
                Button("Link") { insertLink() }
            }
        }
        .sheet(isPresented: $showsSheet, onDismiss: { isBodyFocused = true }) {
            Text("Photos")
        }
    }

    func insertLink() {}
}
