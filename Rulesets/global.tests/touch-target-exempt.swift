// swift-format-ignore-file
// expect: nothing
// Controls the baseline does not apply to: sized by the system inside a Menu or a context
// menu, built only for macOS, or invisible carriers of a keyboard shortcut.
import SwiftUI

struct Exemptions: View {
    var body: some View {
        List {
            Text("Row")
                .contextMenu {
                    Button { copy() } label: {
                        Label("Copy", systemImage: "doc.on.doc")
                            .frame(width: 20, height: 20)
                    }
                }
        }
        .toolbar {
            ToolbarItem {
                Menu("Sort") {
                    Button("Name") {}
                        .frame(height: 24)
                    Button("Date") {}
                }
            }
        }
        #if os(macOS)
        Button("Refresh") { refresh() }
            .frame(width: 28, height: 22)
        #endif
        Button("") { refresh() }
            .keyboardShortcut("r")
            .frame(width: 0, height: 0)
            .hidden()
    }

    func copy() {}
    func refresh() {}
}
