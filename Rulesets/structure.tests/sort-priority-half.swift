// swift-format-ignore-file
// expect: nothing
// Half of the views with a priority is a reordering of one part, not of the whole stack.
import SwiftUI

#Preview {
    VStack {
        Text("Title").accessibilitySortPriority(2)
        Text("Subtitle").accessibilitySortPriority(1)
        Text("Body")
        Text("Footer")
    }
}
