// swift-format-ignore-file
// Destructive commands without the role: a verb, and a trash icon in a Label.
import SwiftUI

struct MessageMenu: View {
    var body: some View {
        Menu {
            Button("Reply") { reply() }
            Button("Delete Message") { delete() } // <- menu.basic/destructive-role
            Button(action: trash) { // <- menu.basic/destructive-role
                Label("Move to Trash", systemImage: "trash")
            }
        } label: {
            Label("Message", systemImage: "envelope")
        }
    }

    func reply() {}
    func delete() {}
    func trash() {}
}
