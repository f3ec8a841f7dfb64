// swift-format-ignore-file
// A badge drawn from two stacked images, and an empty title with a system image, in a #Preview.
import SwiftUI

#Preview {
    VStack {
        Button { // <- button.basic/accessible-name
        } label: {
            ZStack(alignment: .topTrailing) {
                Image(systemName: "bell")
                Image(systemName: "circle.fill")
                    .font(.caption2)
            }
        }
        Button("", systemImage: "gear") {} // <- button.basic/accessible-name
    }
}
