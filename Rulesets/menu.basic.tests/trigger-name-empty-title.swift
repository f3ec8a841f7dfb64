// swift-format-ignore-file
// expect: menu.basic/trigger-name
// An empty title with a system image, and an empty accessibility label, in a #Preview.
import SwiftUI

#Preview {
    VStack {
        Menu("", systemImage: "ellipsis") {
            Button("Copy Link") {}
            Button("Open in Safari") {}
        }
        Menu {
            Button("Pin") {}
            Button("Hide") {}
        } label: {
            Image(systemName: "pin")
        }
        .accessibilityLabel("")
    }
}
