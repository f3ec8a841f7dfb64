// swift-format-ignore-file
// expect: nothing
// Customizable: a text trigger, an icon plus text, and an icon-only trigger named with
// .accessibilityLabel all pass.
import SwiftUI

struct TriggerVariants: View {
    var body: some View {
        HStack {
            Menu("Actions") {
                Button("Duplicate") {}
                Button("Rename") {}
            }
            Menu {
                Button("Duplicate") {}
                Button("Rename") {}
            } label: {
                Label("Actions", systemImage: "ellipsis.circle")
            }
            Menu {
                Button("Duplicate") {}
                Button("Rename") {}
            } label: {
                Image(systemName: "ellipsis")
            }
            .accessibilityLabel("Actions")
        }
    }
}
