// swift-format-ignore-file
// The accessibility label leaves out the visible words.
import SwiftUI

struct MessageComposer: View {
    var body: some View {
        HStack {
            Button("Send") { send() } // <- button.basic/label-in-name
                .accessibilityLabel("Submit message")
            Button { // <- button.basic/label-in-name
                archive()
            } label: {
                Label("Archive", systemImage: "archivebox")
            }
            .accessibilityLabel("Put away")
        }
    }

    func send() {}
    func archive() {}
}
