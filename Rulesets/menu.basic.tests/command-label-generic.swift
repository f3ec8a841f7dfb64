// swift-format-ignore-file
// expect: menu.basic/command-label
// Commands whose labels say nothing out of context, including an empty one.
import SwiftUI

struct ReportMenu: View {
    var body: some View {
        Menu("Report") {
            Button("OK") { submit() }
            Button("Click here") { openDetails() }
            Button("") { refresh() }
            Button {
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
