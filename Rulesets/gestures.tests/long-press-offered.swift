// swift-format-ignore-file
// expect: nothing
// The long press is also a context menu or an accessibility action, or only tracks the press.
import SwiftUI

#Preview {
    VStack {
        Text("Hello")
            .onLongPressGesture(minimumDuration: 1) {}
            .accessibilityAction(named: "Copy") {}
        Text("World")
            .contextMenu { Button("Copy") {} }
            .onLongPressGesture(perform: { print("copy") })
        Text("Pressed look")
            .onLongPressGesture(minimumDuration: 0.01, perform: {}) { pressing in print(pressing) }
    }
}
