// swift-format-ignore-file
import SwiftUI

struct MenuBasicDemo: View {
    var body: some View {
        HStack {
            // Text trigger: the "Actions" label is the accessible name.
            Menu("Actions") {
                Button("Duplicate") { print("Duplicate") }
                Button("Rename") { print("Rename") }
                // Destructive role, not red text alone.
                Button("Delete", role: .destructive) { print("Delete") }
            }

            // Icon-only trigger needs an explicit accessible name.
            Menu {
                Button("Show Map") { print("Show Map") }
                Button("Share") { print("Share") }
            } label: {
                Image(systemName: "ellipsis")
            }
            .accessibilityLabel("Map options")
        }
        // A native Menu takes VoiceOver focus when opened. On close it does NOT
        // return focus to the trigger, and @AccessibilityFocusState cannot restore
        // it, an Apple platform defect, unlike .sheet() or .popover().
    }
}
