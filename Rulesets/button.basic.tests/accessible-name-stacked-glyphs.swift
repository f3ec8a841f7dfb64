// swift-format-ignore-file
// expect: button.basic/accessible-name
// A badge drawn from two stacked images, and an empty title with a system image, in a #Preview.
import SwiftUI

#Preview {
    VStack {
        Button {
        } label: {
            ZStack(alignment: .topTrailing) {
                Image(systemName: "bell")
                Image(systemName: "circle.fill")
                    .font(.caption2)
            }
        }
        Button("", systemImage: "gear") {}
    }
}
