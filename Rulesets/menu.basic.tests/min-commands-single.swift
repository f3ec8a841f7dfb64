// swift-format-ignore-file
// expect: menu.basic/min-commands
// Menus with one command: a divider does not count, and neither does a section header.
import SwiftUI

struct ShareBar: View {
    var body: some View {
        HStack {
            Menu("Share") {
                Button("Copy Link") { copy() }
                Divider()
            }
            Menu("Export") {
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
