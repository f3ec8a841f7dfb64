// swift-format-ignore-file
// Focus moved later, inside a nested closure, through self; reading the focus state or
// mentioning it in a log line does not move it.
import SwiftUI

struct InboxToolbar: View {
    @AccessibilityFocusState private var filterFocused: Bool

    var body: some View {
        HStack {
            Menu("Filter") { // <- menu.basic/no-focus-restore
                Button("Unread") {
                    applyUnread()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        self.filterFocused = true
                    }
                }
                Button("Flagged") { applyFlagged() }
            }
            Menu("Sort") {
                Button("Newest") {
                    if filterFocused == false { log("filterFocused = false") }
                }
                Button("Oldest") { applyOldest() }
            }
            Text("Inbox").accessibilityFocused($filterFocused)
        }
    }

    func applyUnread() {}
    func applyFlagged() {}
    func applyOldest() {}
    func log(_ text: String) {}
}
