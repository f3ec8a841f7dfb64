// swift-format-ignore-file
// A button wrapper named wherever it is used: its button is not reported, at the declaration
// or at the uses. A use in a preview does not count.
import SwiftUI

struct TrashButton: View {
    let action: () -> Void
    var body: some View {
        Button(action: action) {
            Image(systemName: "trash")
        }
    }
}

struct RecordingRow: View {
    var body: some View {
        HStack {
            TrashButton { delete() }
                .accessibilityLabel("Delete recording")
            TrashButton(action: delete)
                .accessibilityLabel("Delete draft")
        }
    }

    func delete() {}
}

#Preview {
    TrashButton {}
}
// expect: nothing
