// swift-format-ignore-file
// Commands whose labels say nothing out of context, including an empty one.
import SwiftUI

struct ReportMenu: View {
    var body: some View {
        Menu("Report") {
            Button("OK") { submit() } // <- menu.basic/command-label
            Button("Click here") { openDetails() } // <- menu.basic/command-label
            Button("") { refresh() } // <- menu.basic/command-label
            Button { // <- menu.basic/command-label
                export()
            } label: {
                Text(verbatim: "More…")
            }
        }
    }

    func submit() {}
    func openDetails() {}
    func refresh() {}
    func export() {}
}
