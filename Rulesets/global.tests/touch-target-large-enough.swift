// swift-format-ignore-file
// expect: nothing
// Targets that meet 44×44 pt: a minimum frame, a fixed 44 pt frame, padding around a small
// glyph, and a bordered style that pads the label itself.
import SwiftUI

struct Toolbar: View {
    var body: some View {
        HStack {
            Button(action: share) {
                Image(systemName: "square.and.arrow.up")
                    .frame(minWidth: 44, minHeight: 44)
            }
            .accessibilityLabel("Share")

            Button("Archive") { archive() }
                .frame(width: 88, height: 44)

            Button {
                archive()
            } label: {
                Image("tiny-archive")
                    .frame(width: 20, height: 20)
                    .padding(12)
            }
            .accessibilityLabel("Archive")

            Button("Undo", systemImage: "arrow.uturn.backward") { undo() }
                .labelStyle(.iconOnly)
                .buttonStyle(.bordered)
        }
    }

    func share() {}
    func archive() {}
    func undo() {}
}
