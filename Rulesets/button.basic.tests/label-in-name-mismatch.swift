// swift-format-ignore-file
// expect: button.basic/label-in-name
// The accessibility label leaves out the visible words.
import SwiftUI

struct MessageComposer: View {
    var body: some View {
        HStack {
            Button("Send") { send() }
                .accessibilityLabel("Submit message")
            Button {
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
