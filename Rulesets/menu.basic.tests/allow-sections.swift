// swift-format-ignore-file
// expect: nothing
// Customizable: commands grouped with Section, each label standing on its own.
import SwiftUI

struct EditMenu: View {
    var body: some View {
        Menu("Edit") {
            Section("Clipboard") {
                Button("Copy Text") {}
                Button("Paste Text") {}
            }
            Section {
                Button("Select All Text") {}
                Button("Delete Selection", role: .destructive) {}
            } header: {
                Text("Selection")
            }
        }
    }
}
