// swift-format-ignore-file
// A checkmark chosen by an expression, in a Label and in Button(_:systemImage:).
import SwiftUI

struct FilterMenu: View {
    @State private var unreadOnly = false
    @State private var flaggedOnly = false

    var body: some View {
        Menu {
            Button { // <- menu.basic/checkmark-image
                unreadOnly.toggle()
            } label: {
                Label("Unread", systemImage: unreadOnly ? "checkmark" : "")
            }
            Button("Flagged", systemImage: flaggedOnly ? "checkmark" : "flag") { // <- menu.basic/checkmark-image
                flaggedOnly.toggle()
            }
        } label: {
            Label("Filter", systemImage: "line.3.horizontal.decrease.circle")
        }
    }
}
