// swift-format-ignore-file
// Icon-only triggers without a name: trailing closures, and Menu(content:label:) in a toolbar.
import SwiftUI

struct InboxView: View {
    var body: some View {
        List {
            Text("Inbox")
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Menu(content: { // <- menu.basic/trigger-name
                    Button("Mark All as Read") { markAllRead() }
                    Button("Select Messages") { select() }
                }, label: {
                    Image("more-dots")
                })
            }
        }
        .safeAreaInset(edge: .bottom) {
            Menu { // <- menu.basic/trigger-name
                Button("New Message") { compose() }
                Button("New Folder") { newFolder() }
            } label: {
                Image(systemName: "ellipsis.circle")
                    .imageScale(.large)
            }
        }
    }

    func markAllRead() {}
    func select() {}
    func compose() {}
    func newFolder() {}
}
