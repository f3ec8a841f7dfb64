// swift-format-ignore-file
// expect: nothing
// The same shapes with words: a text in one branch, an overlay badge, a label on the image,
// and a view of the app's own, whose words are computed in its code. None is icon-only.
import SwiftUI

struct NamedComposerBar: View {
    @State private var isSending = false
    let unread = 3

    var body: some View {
        HStack {
            Button { send() } label: {
                if isSending {
                    Text("Sending…")
                } else {
                    Image(systemName: "paperplane")
                        .accessibilityLabel("Send")
                }
            }
            Button { open() } label: {
                Image(systemName: "tray")
                    .overlay { Text("Inbox") }
            }
            Button { help() } label: {
                ZStack {
                    Circle()
                    Image("help-glyph", label: Text("Help"))
                }
            }
            Button { attach() } label: {
                AttachmentLabel()
            }
        }
    }

    func send() {}
    func open() {}
    func help() {}
    func attach() {}
}

struct AttachmentLabel: View {
    var body: some View { Label("Attach", systemImage: "paperclip") }
}
