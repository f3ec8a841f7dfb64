import SwiftUI

struct ShareRow: View {
    var body: some View {
        List {
            HStack {
                // v image.basic/decorative-duplicate
                Image("twitter")
                    .resizable()
                    .frame(width: 20, height: 20)
                Text("Twitter")
            }
            HStack {
                Image(systemName: "bell.badge")  // <- image.basic/decorative-duplicate
                    .accessibilityLabel("Notifications")
                Text("Notifications")
            }
        }
    }
}
