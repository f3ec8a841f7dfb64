// swift-format-ignore-file
// A button wrapper of the app's own: a name given where it is used names the button inside
// it. One use leaves it unnamed, so the wrapper's button is reported once, where it is
// declared, not at each use; a recursive view is linked without looping.
import SwiftUI

struct TrashButton: View {
    let action: () -> Void
    var body: some View {
        Button(action: action) { // <- button.basic/accessible-name
            Image(systemName: "trash")
        }
    }
}

struct IconButton<Label: View>: View {
    let action: () -> Void
    @ViewBuilder let label: () -> Label
    var body: some View {
        Button(action: action) { label() }
    }
}

struct Outline: View {
    let depth: Int
    var body: some View {
        VStack {
            Text("Level \(depth)")
            if depth > 0 { Outline(depth: depth - 1) }
        }
    }
}

struct RecordingRow: View {
    var body: some View {
        HStack {
            TrashButton { delete() }
                .accessibilityLabel("Delete recording")
            TrashButton { delete() }
            TrashButton { delete() }
            IconButton(action: share) { // <- button.basic/accessible-name
                Image(systemName: "square.and.arrow.up")
            }
            IconButton(action: share) {
                Image(systemName: "square.and.arrow.up")
            }
            .accessibilityLabel("Share")
            Outline(depth: 3)
        }
    }

    func delete() {}
    func share() {}
}
