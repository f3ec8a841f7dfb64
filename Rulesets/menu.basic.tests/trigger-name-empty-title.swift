// swift-format-ignore-file
// An empty title with a system image, and an empty accessibility label, in a #Preview.
import SwiftUI

#Preview {
    VStack {
        Menu("", systemImage: "ellipsis") { // <- menu.basic/trigger-name
            Button("Copy Link") {}
            Button("Open in Safari") {}
        }
        Menu { // <- menu.basic/trigger-name
            Button("Pin") {}
            Button("Hide") {}
        } label: {
            Image(systemName: "pin")
        }
        .accessibilityLabel("")
    }
}
