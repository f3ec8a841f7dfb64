// swift-format-ignore-file
// Padding and minimum frames applied outside a control lay it out but are not tapped: only the
// label responds to touch, so the small label is what people have to hit.
import SwiftUI

struct Composer: View {
    var body: some View {
        HStack {
            Button { send() } label: { Image(systemName: "paperplane").frame(width: 24, height: 24) } // <- global/touch-target-size
                .padding()
            Button(action: send) { // <- global/touch-target-size
                Text("Add all")
                    .frame(width: 30, height: 30)
            }
            .frame(minWidth: 44, minHeight: 44)
            Button(action: send) { // <- global/touch-target-size
                Image(systemName: "xmark")
                    .frame(width: 20, height: 20)
            }
            .padding(.trailing, 16)
            .padding(.vertical, 12)
        }
    }

    func send() {}
}
