// swift-format-ignore-file
// expect: nothing
// A tinted switch and one whose label is built from views: a person checks the track's contrast
// and what VoiceOver reads (review items, once for the view).
import SwiftUI

struct Notifications: View {
    @State private var mentions = true
    @State private var replies = false

    var body: some View {
        Form {
            Toggle("Mentions", isOn: $mentions)
                .tint(.orange)
            Toggle(isOn: $replies) {
                HStack {
                    Image(systemName: "arrowshape.turn.up.left")
                    Text("Replies")
                }
            }
            .toggleStyle(PillToggleStyle())
        }
    }
}
