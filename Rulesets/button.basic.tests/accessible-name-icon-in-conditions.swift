// swift-format-ignore-file
// Icon-only labels the accessibility layer sees through: a glyph chosen by `if #available`, a
// loading `if`, a `switch`, and a glyph drawn over a shape. Nothing in them says a word.
import SwiftUI

struct ComposerBar: View {
    @State private var isSending = false
    @State private var state = SaveState.idle

    var body: some View {
        HStack {
            Button { attach() } label: { // <- button.basic/accessible-name
                if #available(iOS 26.0, *) {
                    Image(systemName: "plus")
                        .padding(6)
                } else {
                    Image(systemName: "plus")
                }
            }
            Button { send() } label: { // <- button.basic/accessible-name
                if isSending {
                    ProgressView()
                } else {
                    Image(systemName: "paperplane")
                }
            }
            Button { save() } label: { // <- button.basic/accessible-name
                switch state {
                case .idle: Image(systemName: "arrow.down.circle")
                case .saving: ProgressView()
                case .saved: Image(systemName: "checkmark.circle.fill")
                }
            }
            Button(action: help) { // <- button.basic/accessible-name
                ZStack {
                    Circle()
                        .frame(width: 20, height: 20)
                    Image(systemName: "questionmark")
                }
            }
            .buttonStyle(.plain)
        }
    }

    enum SaveState { case idle, saving, saved }
    func attach() {}
    func send() {}
    func save() {}
    func help() {}
}
