// swift-format-ignore-file
// Fixed black or white text in List and Form rows, whose background follows the appearance.
import SwiftUI

struct AccountSettings: View {
    var body: some View {
        List {
            Text("Signed in as Robin").foregroundColor(.black) // <- contrast/fixed-black-white
            Section("Sync") {
                Label("Last synced today", systemImage: "arrow.clockwise") // <- contrast/fixed-black-white
                    .foregroundStyle(Color.white)
            }
        }
    }
}

struct Privacy: View {
    var body: some View {
        Form {
            VStack(alignment: .leading) {
                Text("Share analytics") // <- contrast/fixed-black-white
                Text("Helps us fix crashes") // <- contrast/fixed-black-white
            }
            .foregroundStyle(.black.opacity(0.8))
        }
    }
}
