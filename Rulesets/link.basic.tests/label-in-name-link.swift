import SwiftUI

struct Footer: View {
    let url: URL

    var body: some View {
        VStack {
            Link("Help Center", destination: url)  // <- button.basic/label-in-name
                .accessibilityLabel("Support")
            Link("Privacy Policy", destination: url)
                .accessibilityLabel("Privacy Policy, opens in Safari")
        }
    }
}
