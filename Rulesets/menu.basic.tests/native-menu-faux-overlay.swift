// swift-format-ignore-file
// A faux menu in an overlay, opened by tapping an ellipsis image, built in a view-builder function.
import SwiftUI

struct PhotoCard: View {
    @State private var isMenuOpen: Bool = false

    var body: some View {
        photo
            .overlay(alignment: .topTrailing) {
                menuOverlay()
            }
    }

    private var photo: some View {
        Image("beach")
            .resizable()
            .accessibilityLabel("Beach at sunset")
    }

    @ViewBuilder
    private func menuOverlay() -> some View {
        Image(systemName: "ellipsis.circle")
            .accessibilityLabel("More")
            .onTapGesture { self.isMenuOpen = true }
        if self.isMenuOpen { // <- menu.basic/native-menu
            Button("Save to Photos") { save() }
            Button("Share") { share() }
        }
    }

    func save() {}
    func share() {}
}
