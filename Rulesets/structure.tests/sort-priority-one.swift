// swift-format-ignore-file
// expect: nothing
// One priority that moves a single view first, and stacks without priorities.
import SwiftUI

struct Header: View {
    var body: some View {
        HStack {
            Image(systemName: "person").accessibilityHidden(true)
            Text("Ann")
            Text("Online").accessibilitySortPriority(1)
            Spacer()
        }
        VStack {
            Text("A")
            Text("B")
            Text("C")
        }
    }
}
