// swift-format-ignore-file
// A Menu whose one command is destructive is a confirmation step: the first tap opens it, the
// second deletes. A Button would delete at once. Nothing is reported.
import SwiftUI

struct TabsToolbar: View {
    @Binding var tabs: [String]

    var body: some View {
        Menu {
            Button("Close All Tabs", systemImage: "xmark.square.fill", role: .destructive) {
                tabs.removeAll()
            }
        } label: {
            Label("Tabs", systemImage: "square.stack")
        }
        Menu("Reset") {
            Button(role: .destructive, action: { tabs = [] }) {
                Text("Reset Everything")
            }
        }
    }
}
// expect: nothing
