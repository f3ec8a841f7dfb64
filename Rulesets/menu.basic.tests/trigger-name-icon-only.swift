// swift-format-ignore-file
// expect: menu.basic/trigger-name
// Icon-only triggers without a name: trailing closures, and Menu(content:label:) in a toolbar.
import SwiftUI

struct InboxView: View {
    var body: some View {
        List {
            Text("Inbox")
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Menu(content: {
                    Button("Mark All as Read") { markAllRead() }
                    Button("Select Messages") { select() }
                }, label: {
                    Image("more-dots")
                })
            }
        }
        .safeAreaInset(edge: .bottom) {
            Menu {
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
