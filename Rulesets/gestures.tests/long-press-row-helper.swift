// swift-format-ignore-file
// A row helper whose long press opens a rename field; its neighbour offers the same as an action.
import SwiftUI

extension View {
    func renamable(_ rename: @escaping () -> Void) -> some View {
        self
            .accessibilityAction(named: "Rename", rename)
            .onLongPressGesture(perform: rename)
    }
}

struct FolderRow: View {
    let name: String
    @State private var renaming = false

    var body: some View {
        HStack { // <- gestures/long-press-action
            Image(systemName: "folder")
            Text(name)
        }
        .onLongPressGesture(minimumDuration: 0.3) { renaming = true }
        Text(name)
            .renamable { renaming = true }
            .onLongPressGesture { renaming = true }
            .accessibilityAction(named: "Rename") { renaming = true }
    }
}
