import SwiftUI

struct Gallery: View {
    var body: some View {
        VStack {
            Image(decorative: "flourish")
            Image(uiImage: photo)  // <- names/image-role-word
                .resizable()
                .accessibilityLabel("Profile picture")
        }
    }
}
