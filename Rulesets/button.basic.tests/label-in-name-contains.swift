// swift-format-ignore-file
// expect: nothing
// Customizable: the accessible name extends the visible words ("Send message" for "Send"),
// in any letter case.
import SwiftUI

struct ReplyBar: View {
    let recipients: [String]

    var body: some View {
        HStack {
            Button("Send") { send() }
                .accessibilityLabel("Send message")
            Button("Reply All") { replyAll() }
                .accessibilityLabel("reply all to 3 people")
                .disabled(recipients.isEmpty)
        }
    }

    func send() {}
    func replyAll() {}
}
