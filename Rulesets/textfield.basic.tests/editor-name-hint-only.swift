import SwiftUI

struct Composer: View {
    @State private var draft = ""

    var body: some View {
        ZStack(alignment: .topLeading) {
            // v textfield.basic/editor-name
            TextEditor(text: $draft)
                .accessibilityHint("Write your post")
            if draft.isEmpty {
                Text("What's on your mind?").foregroundStyle(.secondary)
            }
        }
    }
}
