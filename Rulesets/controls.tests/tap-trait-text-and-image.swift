// swift-format-ignore-file
// Texts and images that run an action on tap, announced as plain text or an image.
import SwiftUI

struct ProfileHeader: View {
    let name: String
    @State private var showsProfile = false
    @State private var copied = false

    var body: some View {
        VStack {
            Image("avatar", label: Text("Profile photo")) // <- controls/tap-trait
                .onTapGesture { showsProfile = true }
            Text(name) // <- controls/tap-trait
                .font(.body)
                .onTapGesture {
                    copied = true
                }
            Text("Terms of Service")
                .accessibilityAddTraits(.isLink)
                .onTapGesture { showsProfile = true }
        }
    }
}
