// swift-format-ignore-file
// expect: nothing
// Customizable: text, icon with text (Button(_:systemImage:) and a Label) name themselves; an
// icon-only button names itself with .accessibilityLabel.
import SwiftUI

struct ComposeBar: View {
    var body: some View {
        HStack {
            Button("Send") { send() }
                .buttonStyle(.borderedProminent)
                .disabled(true)
            Button("Attach", systemImage: "paperclip") { attach() }
                .buttonStyle(.bordered)
            Button {
                schedule()
            } label: {
                Label("Schedule", systemImage: "clock")
            }
            .buttonStyle(.plain)
            Button(action: record) {
                Image(systemName: "mic")
                    .frame(width: 44, height: 44)
            }
            .accessibilityLabel("Record")
        }
    }

    func send() {}
    func attach() {}
    func schedule() {}
    func record() {}
}
