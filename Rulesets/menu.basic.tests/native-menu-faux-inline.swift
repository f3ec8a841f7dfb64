// swift-format-ignore-file
// A faux menu: a VStack of buttons shown inline when a button toggles a flag.
import SwiftUI

struct DocumentRow: View {
    @State private var showActions = false

    var body: some View {
        VStack(alignment: .leading) {
            Button("Actions") {
                showActions.toggle()
            }
            if showActions { // <- menu.basic/native-menu
                VStack(alignment: .leading) {
                    Button("Duplicate") { duplicate() }
                    Button("Rename") { rename() }
                    Divider()
                    Button("Delete", role: .destructive) { delete() }
                }
            }
        }
    }

    func duplicate() {}
    func rename() {}
    func delete() {}
}
