// swift-format-ignore-file
// One command inside a Section, in a ToolbarItem.
import SwiftUI

struct DetailView: View {
    var body: some View {
        Text("Detail")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Menu { // <- menu.basic/min-commands
                        Section("Document") {
                            Button("Print") { printDocument() }
                        }
                    } label: {
                        Label("More", systemImage: "ellipsis.circle")
                    }
                }
            }
    }

    func printDocument() {}
}
