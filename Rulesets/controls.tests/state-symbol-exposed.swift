// swift-format-ignore-file
// expect: nothing
// The state is exposed: a selected trait chosen by the state, an accessibility value, a title
// that follows the state, or a Toggle.
import SwiftUI

struct Preferences: View {
    @State private var wifi = true
    @State private var liked = false
    @State private var muted = false
    @State private var sync = false

    var body: some View {
        VStack {
            Button { wifi.toggle() } label: {
                Image(systemName: wifi ? "checkmark.circle.fill" : "circle")
                Text("Wi-Fi")
            }
            .accessibilityAddTraits(wifi ? .isSelected : [])
            Button { liked.toggle() } label: {
                Label(liked ? "Unlike" : "Like", systemImage: liked ? "heart.fill" : "heart")
            }
            Image(systemName: muted ? "bell.slash.fill" : "bell.fill")
                .onTapGesture { muted.toggle() }
                .accessibilityLabel("Mute")
                .accessibilityAddTraits(.isButton)
                .accessibilityValue(muted ? "On" : "Off")
            Toggle(isOn: $sync) {
                Label("Sync", systemImage: sync ? "checkmark.circle.fill" : "circle")
            }
        }
    }
}
