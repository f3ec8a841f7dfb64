// swift-format-ignore-file
// expect: nothing
// Specific labels: plain titles, a Label with a system image, a multi-line string literal, a
// title computed at run time, and a named image-only command.
import SwiftUI

struct FileMenu: View {
    let recent: [Document]

    var body: some View {
        Menu("File") {
            Button("New Document") {}
            Button {
                open()
            } label: {
                Label("Open…", systemImage: "folder")
            }
            Button("""
                Export as PDF
                """) { export() }
            ForEach(recent) { document in
                Button(document.title) { open(document) }
            }
            Button(action: print) {
                Image(systemName: "printer")
            }
            .accessibilityLabel("Print")
        }
    }

    func open() {}
    func open(_ document: Document) {}
    func export() {}
    func print() {}
}
