// swift-format-ignore-file
// expect: menu.basic/no-focus-restore
// .accessibilityFocused on the trigger, set again when the menu's command finishes.
import SwiftUI

struct NoteToolbar: View {
    @AccessibilityFocusState private var isTriggerFocused: Bool

    var body: some View {
        Menu("Note") {
            Button("Duplicate") {
                duplicate()
                isTriggerFocused = true
            }
            Button("Rename") { rename() }
        }
        .accessibilityFocused($isTriggerFocused)
    }

    func duplicate() {}
    func rename() {}
}
