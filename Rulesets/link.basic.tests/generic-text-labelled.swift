import SwiftUI

struct Terms: View {
    var body: some View {
        HStack {
            Text("See the terms")
            // v link.basic/generic-text
            Link("here", destination: URL(string: "https://example.com/terms")!)
                .font(.footnote)
            Link("Privacy", destination: URL(string: "https://example.com/privacy")!)  // <- link.basic/generic-text, button.basic/label-in-name
                .accessibilityLabel("More")
        }
    }
}
