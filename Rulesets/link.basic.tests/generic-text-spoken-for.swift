import SwiftUI
// expect: nothing

struct Card: View {
    let url: URL

    var body: some View {
        VStack {
            Text("Release notes for version 2")
            Link("More", destination: url)
        }
        .accessibilityElement(children: .combine)
        .accessibilityLabel("Release notes for version 2")
    }
}
