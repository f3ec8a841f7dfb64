// swift-format-ignore-file
// A Label-based action that erases, with a trailing closure, on a toolbar's content.
import SwiftUI

struct DeviceSettings: View {
    @State private var isErasing = false

    var body: some View {
        Form {
            Text("Storage")
        }
        .toolbar {
            Button("Erase") { isErasing = true }
        }
        .confirmationDialog("Erase all content?", isPresented: $isErasing) {
            Button { // <- dialog.confirmation/destructive-role
                eraseAll()
            } label: {
                Label("Erase All Content", systemImage: "trash")
            }
        }
    }

    func eraseAll() {}
}
