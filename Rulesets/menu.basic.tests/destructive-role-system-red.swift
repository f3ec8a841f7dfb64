// swift-format-ignore-file
// Red written as UIKit's system red, wrapped in a Color or faded: still red text alone. An
// accent colour that only starts with "red" is not red.
import SwiftUI

struct ArchiveMenu: View {
    var body: some View {
        Menu("Archive") {
            Button("Empty Archive") { empty() } // <- menu.basic/destructive-role
                .foregroundStyle(Color(.systemRed))
            Button("Forget Device") { forget() } // <- menu.basic/destructive-role
                .foregroundColor(Color(uiColor: .systemRed).opacity(0.9))
            Button("Clear History") { clear() } // <- menu.basic/destructive-role
                .tint(.red.opacity(0.8))
            Button("Export") { export() }
                .foregroundStyle(.redAccent)
        }
    }

    func empty() {}
    func forget() {}
    func clear() {}
    func export() {}
}
