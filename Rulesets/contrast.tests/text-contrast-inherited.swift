// swift-format-ignore-file
// Colours set on a stack reach the texts inside it; large text needs 3:1.
import SwiftUI

#Preview {
    VStack {
        Text("Installed") // <- contrast/text-contrast
        Text("Update available").font(.title2)
        Label("Synced", systemImage: "checkmark") // <- contrast/text-contrast
    }
    .foregroundStyle(.white)
    .background(Color.gray)
    Text("Saved") // <- contrast/text-contrast
        .font(.headline)
        .foregroundStyle(.yellow)
        .background(.white)
}
