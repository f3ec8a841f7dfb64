// swift-format-ignore-file
// .accessibilityFocused on the trigger, set again when the menu's command finishes.
import SwiftUI

struct NoteToolbar: View {
    @AccessibilityFocusState private var isTriggerFocused: Bool

    var body: some View {
        Menu("Note") { // <- menu.basic/no-focus-restore
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
