// swift-format-ignore-file
// expect: nothing
// Variants that say their state (a value, a trait), or that follow something the button does
// not change (it opens a sheet), are not reported.
import SwiftUI

struct Vault: View {
    @State private var pinned = false
    @State private var showsSettings = false
    var isLocked: Bool

    var body: some View {
        HStack {
            Button { pinned.toggle() } label: {
                Image(systemName: "pin").symbolVariant(pinned ? .fill : .none)
            }
            .accessibilityLabel("Pin")
            .accessibilityValue(pinned ? "Pinned" : "Not pinned")
            Button { showsSettings = true } label: {
                Image(systemName: isLocked ? "lock" : "lock.open")
            }
            .accessibilityLabel("Security settings")
            Button { pinned.toggle() } label: {
                Image(systemName: pinned ? "eye.slash" : "eye")
            }
            .accessibilityLabel("Show pinned only")
            .accessibilityAddTraits(pinned ? .isSelected : [])
        }
    }
}

struct Composer: View {
    @State private var isSendingDisabled = true

    var body: some View {
        Button {
            guard !isSendingDisabled else { return }
            send()
        } label: {
            Image(systemName: "paperplane").symbolVariant(isSendingDisabled ? .none : .fill)
        }
        .accessibilityLabel("Send")
    }

    private func send() {}
}
