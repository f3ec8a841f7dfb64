// swift-format-ignore-file
// expect: menu.basic/checkmark-image
// A checkmark chosen by an expression, in a Label and in Button(_:systemImage:).
import SwiftUI

struct FilterMenu: View {
    @State private var unreadOnly = false
    @State private var flaggedOnly = false

    var body: some View {
        Menu {
            Button {
                unreadOnly.toggle()
            } label: {
                Label("Unread", systemImage: unreadOnly ? "checkmark" : "")
            }
            Button("Flagged", systemImage: flaggedOnly ? "checkmark" : "flag") {
                flaggedOnly.toggle()
            }
        } label: {
            Label("Filter", systemImage: "line.3.horizontal.decrease.circle")
        }
    }
}
