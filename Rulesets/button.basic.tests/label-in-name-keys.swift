// swift-format-ignore-file
// expect: nothing
// Localization keys on both sides cannot be compared from the source, and neither can labels
// computed at run time.
import SwiftUI

struct StatusActions: View {
    let count: Int
    let replyLabel: LocalizedStringKey

    var body: some View {
        HStack {
            Button("status.action.reply") {}
                .accessibilityLabel("accessibility.status.reply")
            Button("Boost") {}
                .accessibilityLabel(replyLabel)
            Button("Favorite") {}
                .accessibilityLabel("Favorite, \(count) so far")
        }
    }
}
