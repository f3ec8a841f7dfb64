// swift-format-ignore-file
// A symbol's slashed, opened or filled variant, chosen by a name or by .symbolVariant, shows a
// state when the control's own action flips it: the state must be said too.
import SwiftUI

struct HistoryRow: View {
    @State private var locked = false
    @State private var muted = false
    @State private var pinned = false

    var body: some View {
        HStack {
            Button { locked.toggle() } label: { // <- controls/state-symbol
                Image(systemName: locked ? "lock.fill" : "lock.open.fill")
            }
            .accessibilityLabel("Lock history")
            Button(action: { muted = !muted }) { // <- controls/state-symbol
                Image(systemName: muted ? "bell.slash" : "bell")
            }
            .accessibilityLabel("Notifications")
            Button { self.pinned.toggle() } label: { // <- controls/state-symbol
                Image(systemName: "pin").symbolVariant(pinned ? .fill : .none)
            }
            .accessibilityLabel("Pin")
        }
    }
}
