import SwiftUI
// expect: nothing

// Named, hidden, decorative, or spoken for by the element around it.
struct Gallery: View {
    let caption: String

    var body: some View {
        VStack {
            Image("chart", label: Text("Sales rose 20 % in May"))
            Image("map").accessibilityLabel(caption)
            Image(decorative: "background-waves")
            Image("divider").accessibilityHidden(true)
            Button { } label: { Image("share-glyph") }
                .accessibilityLabel("Share")
            HStack {
                Image("avatar")
                Text(caption)
            }
            .accessibilityElement(children: .combine)
        }
        .toolbar { Text("Gallery") }
    }
}
