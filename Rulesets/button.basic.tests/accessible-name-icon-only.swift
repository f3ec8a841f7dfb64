// swift-format-ignore-file
// Icon-only buttons with no name: a system image in a trailing label closure, and an asset
// image with Button(action:label:) in a toolbar.
import SwiftUI

struct EditorToolbar: View {
    var body: some View {
        HStack {
            Button { // <- button.basic/accessible-name
                undo()
            } label: {
                Image(systemName: "arrow.uturn.backward")
                    .frame(minWidth: 44, minHeight: 44)
            }
        }
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button(action: publish, label: { // <- button.basic/accessible-name
                    Image("publish-glyph")
                })
            }
        }
    }

    func undo() {}
    func publish() {}
}
