// swift-format-ignore-file
// An icon-only close button whose glyph is framed at 24 pt: the whole target is 24×24.
import SwiftUI

struct ToastView: View {
    let message: String
    let onClose: () -> Void

    var body: some View {
        HStack {
            Text(message)
            Spacer()
            Button { // <- global/touch-target-size
                onClose()
            } label: {
                Image(systemName: "xmark")
                    .frame(width: 24, height: 24)
            }
            .accessibilityLabel("Close")
        }
        .padding()
    }
}
