import SwiftUI
// expect: nothing

struct About: View {
    let url: URL
    let moreTitle: String

    var body: some View {
        VStack {
            Link("Privacy Policy", destination: url)
            Link("Read more", destination: url)
                .accessibilityLabel("Read more about pricing")
            Link(moreTitle, destination: url)
            Link("about.more", destination: url)
            Link(destination: url) {
                Label("Open in Safari", systemImage: "safari")
            }
        }
    }
}
