// swift-format-ignore-file
// Toolbar and navigation-bar items are bar buttons: the bar extends their hit area, whatever
// frame the label asks for. A control inside a stack of the item's own is not a bar button.
import SwiftUI

struct Inbox: View {
    @State private var composing = false

    var body: some View {
        List {}
            .toolbar {
                Button { composing = true } label: {
                    Image(systemName: "square.and.pencil").frame(width: 20, height: 20)
                }
                .accessibilityLabel("Compose")
                ToolbarItem(placement: .topBarLeading) {
                    if composing {
                        Button(action: { composing = false }) {
                            Image(systemName: "xmark").frame(width: 24, height: 24)
                        }
                        .accessibilityLabel("Cancel")
                    }
                }
                ToolbarItemGroup(placement: .bottomBar) {
                    HStack {
                        Button(action: {}) { // <- global/touch-target-size
                            Image(systemName: "star").frame(width: 24, height: 24)
                        }
                        .accessibilityLabel("Favourite")
                    }
                }
            }
    }
}
