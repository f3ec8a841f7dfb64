// swift-format-ignore-file
// Menus with one command: a divider does not count, and neither does a section header.
import SwiftUI

struct ShareBar: View {
    var body: some View {
        HStack {
            Menu("Share") { // <- menu.basic/min-commands
                Button("Copy Link") { copy() }
                Divider()
            }
            Menu("Export") { // <- menu.basic/min-commands
                Section("Formats") {
                    Button("Export as PDF") { export() }
                }
                Divider()
            }
        }
    }

    func copy() {}
    func export() {}
}
