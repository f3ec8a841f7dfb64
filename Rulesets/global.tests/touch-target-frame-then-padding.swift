// swift-format-ignore-file
// Sizes are computed where frames and paddings are constants: a 24 pt frame with 4 pt of
// padding is 32 pt, still too small, on the control or on its label.
import SwiftUI

struct ComposerBar: View {
    var body: some View {
        HStack {
            Button(action: attach) { // <- global/touch-target-size
                Image(systemName: "paperclip")
                    .frame(width: 24, height: 24)
                    .padding(4)
            }
            Button { send() } label: { Image(systemName: "paperplane") } // <- global/touch-target-size
                .frame(width: 30, height: 30)
                .padding(.horizontal, 10)
            Menu { // <- global/touch-target-size
                Button("Photo") {}
                Button("File") {}
            } label: {
                Image(systemName: "plus")
                    .frame(width: 20, height: 20)
                    .padding(EdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12))
            }
            Button("Cancel", action: cancel) // <- global/touch-target-size
                .frame(width: 60)
                .frame(height: 30)
        }
    }

    func attach() {}
    func send() {}
    func cancel() {}
}
